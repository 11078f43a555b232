import { Box, Button, Select, Text } from '@mantine/core';
import { SearchBox } from '../../components/search-box';
import { CATALOGUE_SORT_LABELS, CATALOGUE_SORTS } from '@tonieshelf/shared/constants';
import type { CatalogueSort } from '@tonieshelf/shared/constants';
import type { CategoryCounts } from '@tonieshelf/shared/schemas/tonie';
import classes from './catalogue.module.css';
import { DEFAULT_SORT, isCatalogueSort } from './catalogue-params';
import { CATALOGUE_TEXTS } from './catalogue-texts';

const SORT_OPTIONS = CATALOGUE_SORTS.map((value) => ({ value, label: CATALOGUE_SORT_LABELS[value] }));

/** The catalogue's search box. */
export function CatalogueSearchBox({ value, onSearch }: { value: string; onSearch: (value: string) => void }) {
  return (
    <SearchBox
      value={value}
      onSearch={onSearch}
      placeholder={CATALOGUE_TEXTS.searchPlaceholder}
      label={CATALOGUE_TEXTS.searchLabel}
      clearLabel="Clear the catalogue search"
      width={260}
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

