import { useEffect, useRef, useState } from 'react';
import { Badge, Box, Button, CloseButton, Group, Select, Text, TextInput } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch, IconX } from '@tabler/icons-react';
import { CATALOGUE_SEARCH_DEBOUNCE_MS, CATALOGUE_SORT_LABELS, CATALOGUE_SORTS } from '@tonieshelf/shared/constants';
import type { CatalogueSort } from '@tonieshelf/shared/constants';
import { SEARCH_MAX_LENGTH } from '@tonieshelf/shared/schemas/tonie';
import type { CategoryCounts } from '@tonieshelf/shared/schemas/tonie';
import classes from './catalogue.module.css';
import { DEFAULT_SORT, isCatalogueSort } from './catalogue-params';
import { CATALOGUE_TEXTS } from './catalogue-texts';

const SORT_OPTIONS = CATALOGUE_SORTS.map((value) => ({ value, label: CATALOGUE_SORT_LABELS[value] }));

interface SearchBoxProps {
  /** The search in the address. */
  value: string;
  /** Called 300 ms after typing stops, or at once on Enter and clear. */
  onSearch: (value: string) => void;
}

/**
 * The catalogue's search box. It keeps what is typed and hands it on once typing pauses for
 * 300 ms (SPEC §2); when the address changes by other means (the header search, Back), the box
 * follows it.
 */
export function SearchBox({ value, onSearch }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const inputRef = useRef<HTMLInputElement>(null);
  // The last search this box handed on: its echo from the address must not overwrite what was
  // typed since (a letter typed while the new address is being applied would be lost).
  const sent = useRef(value.trim());
  const send = (next: string) => {
    sent.current = next.trim();
    onSearch(next);
  };
  const debounced = useDebouncedCallback(send, CATALOGUE_SEARCH_DEBOUNCE_MS);

  useEffect(() => {
    if (value.trim() === sent.current) return;
    // A search from elsewhere (the header, Back, Clear All Filters) replaces the box's text.
    sent.current = value.trim();
    debounced.cancel();
    setText(value);
  }, [value, debounced]);

  const submitNow = (next: string) => {
    debounced.cancel();
    send(next);
  };

  return (
    <TextInput
      ref={inputRef}
      type="search"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        setText(next);
        debounced(next);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') submitNow(text);
      }}
      placeholder={CATALOGUE_TEXTS.searchPlaceholder}
      aria-label={CATALOGUE_TEXTS.searchLabel}
      maxLength={SEARCH_MAX_LENGTH}
      autoComplete="off"
      enterKeyHint="search"
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        text ? (
          <CloseButton
            size="sm"
            aria-label="Clear the catalogue search"
            onClick={() => {
              setText('');
              submitNow('');
              inputRef.current?.focus();
            }}
          />
        ) : null
      }
      style={{ flex: '1000 1 260px', minWidth: 0 }}
    />
  );
}

interface SortSelectProps {
  value: CatalogueSort | null;
  onChange: (sort: CatalogueSort) => void;
}

/** 'Sort By': Newest First, Highest Rated, Lowest Rated, A to Z (sorted by the server). */
export function SortSelect({ value, onChange }: SortSelectProps) {
  return (
    <Select
      label={CATALOGUE_TEXTS.sortBy}
      data={SORT_OPTIONS}
      value={value ?? DEFAULT_SORT}
      onChange={(next) => {
        if (isCatalogueSort(next)) onChange(next);
      }}
      allowDeselect={false}
      withCheckIcon
      checkIconPosition="right"
      style={{ flex: '1 1 0', minWidth: 130 }}
      maw={220}
      styles={{ label: { fontSize: 'var(--mantine-font-size-xs)', fontWeight: 600, color: 'var(--mantine-color-dimmed)' } }}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}

interface CategoryButtonsProps {
  categories: CategoryCounts;
  selected: string | null;
  onChange: (category: string | null) => void;
}

/** 'All Tonies' and one button per category, with its number of Tonies shown quietly. */
export function CategoryButtons({ categories, selected, onChange }: CategoryButtonsProps) {
  const total = categories.reduce((sum, c) => sum + c.count, 0);
  const known = selected === null || categories.some((c) => c.category === selected);
  const items = [
    { value: null, label: CATALOGUE_TEXTS.allTonies, count: total as number | null },
    ...categories.map((c) => ({ value: c.category as string | null, label: c.category, count: c.count as number | null })),
    // A category from a link that has no Tonies (any more) still shows as chosen.
    ...(known ? [] : [{ value: selected, label: selected ?? '', count: 0 }]),
  ];

  return (
    <Box role="group" aria-label={CATALOGUE_TEXTS.categoriesLabel} className={classes.categoryScroller}>
      {items.map((item) => {
        const active = item.value === selected;
        return (
          <Button
            key={item.value ?? '__all'}
            size="compact-sm"
            h={32}
            px="md"
            variant={active ? 'filled' : 'default'}
            aria-pressed={active}
            onClick={() => onChange(item.value)}
            rightSection={
              item.count !== null && categories.length > 0 ? (
                <Text span fz="xs" fw={500} opacity={active ? 0.85 : 0.6} aria-label={`${item.count} Tonies`}>
                  {item.count.toLocaleString('en-US')}
                </Text>
              ) : null
            }
          >
            {item.label}
          </Button>
        );
      })}
    </Box>
  );
}

interface ActiveFiltersProps {
  tags: string[];
  onRemove: (tag: string) => void;
  onClear: () => void;
}

/** 'Active filters:' with a removable chip per selected tag and 'Clear all'. */
export function ActiveFilters({ tags, onRemove, onClear }: ActiveFiltersProps) {
  if (tags.length === 0) return null;
  return (
    <Group gap="xs" data-testid="active-filters">
      <Text fz="sm" fw={600}>
        {CATALOGUE_TEXTS.activeFilters}
      </Text>
      {tags.map((tag) => (
        <Badge
          key={tag}
          variant="light"
          size="lg"
          tt="none"
          fw={500}
          pr={3}
          rightSection={
            <CloseButton
              size="xs"
              radius="xl"
              variant="transparent"
              c="inherit"
              aria-label={`Remove tag ${tag}`}
              onClick={() => onRemove(tag)}
              icon={<IconX size={12} aria-hidden />}
            />
          }
        >
          {tag}
        </Badge>
      ))}
      <Button variant="subtle" size="compact-sm" color="gray" onClick={onClear}>
        {CATALOGUE_TEXTS.clearAll}
      </Button>
    </Group>
  );
}
