import { useEffect, useMemo, useState } from 'react';
import { Badge, Button, Checkbox, CloseButton, Group, Loader, Popover, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconSearch, IconTags } from '@tabler/icons-react';
import { CATALOGUE_SEARCH_DEBOUNCE_MS, CATALOGUE_TAG_LIST_HEIGHT, TAG_ANALYTICS_MIN_LENGTH } from '@tonieshelf/shared/constants';
import { trackEvent } from '../../lib/analytics';
import { CATALOGUE_TEXTS } from './catalogue-texts';
import { matchTags, visibleTagOptions } from './tonie-format';

interface TagFilterProps {
  /** Every tag of the catalogue. */
  tags: string[];
  isLoading: boolean;
  selected: string[];
  onChange: (tags: string[]) => void;
}

/**
 * 'Filter by Tags' (SPEC §2): a dropdown with a tag search, a 250px scrolling checkbox list and
 * 'Clear All Filters (n)'; the button shows how many tags are selected. A Tonie must carry ALL
 * selected tags to be listed (the server filters).
 */
export function TagFilter({ tags, isLoading, selected, onChange }: TagFilterProps) {
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, CATALOGUE_SEARCH_DEBOUNCE_MS);
  const { options, hidden } = useMemo(() => visibleTagOptions(tags, selected, search), [tags, selected, search]);
  const selectedKeys = useMemo(() => new Set(selected.map((t) => t.toLowerCase())), [selected]);

  // Tag analytics only for searches of more than 2 characters (SPEC §5), once typing pauses.
  useEffect(() => {
    const query = debouncedSearch.trim();
    if (query.length >= TAG_ANALYTICS_MIN_LENGTH) {
      trackEvent('tag_search', { query, matches: matchTags(tags, query).length });
    }
  }, [debouncedSearch, tags]);

  const toggle = (tag: string, checked: boolean) => {
    const next = checked ? [...selected, tag] : selected.filter((t) => t.toLowerCase() !== tag.toLowerCase());
    onChange(next);
  };

  let list;
  if (isLoading) {
    list = <Loader size="sm" mx="auto" my="md" aria-label="Loading tags" />;
  } else if (tags.length === 0) {
    list = (
      <Text fz="sm" c="dimmed" ta="center" py="md">
        {CATALOGUE_TEXTS.noTagsAvailable}
      </Text>
    );
  } else if (options.length === 0) {
    list = (
      <Text fz="sm" c="dimmed" ta="center" py="md">
        {CATALOGUE_TEXTS.noMatchingTags}
      </Text>
    );
  } else {
    list = (
      <ScrollArea.Autosize mah={CATALOGUE_TAG_LIST_HEIGHT} type="auto" offsetScrollbars data-testid="tag-list">
        <Stack gap={10} py={4} pr={4}>
          {options.map((tag) => (
            <Checkbox
              key={tag}
              label={tag}
              checked={selectedKeys.has(tag.toLowerCase())}
              onChange={(event) => toggle(tag, event.currentTarget.checked)}
            />
          ))}
          {hidden > 0 ? (
            <Text fz="xs" c="dimmed">
              {`${hidden.toLocaleString('en-US')} more tags: type to narrow the list`}
            </Text>
          ) : null}
        </Stack>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={300}
      position="bottom-start"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Popover.Target>
        <Button
          variant={selected.length > 0 ? 'light' : 'default'}
          leftSection={<IconTags size={16} aria-hidden />}
          rightSection={
            <Group gap={6} wrap="nowrap">
              {selected.length > 0 ? (
                <Badge size="sm" circle variant="filled" aria-label={`${selected.length} selected`} data-testid="tag-count">
                  {selected.length}
                </Badge>
              ) : null}
              <IconChevronDown size={14} aria-hidden />
            </Group>
          }
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
        >
          {CATALOGUE_TEXTS.filterByTags}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Stack gap="sm">
          <TextInput
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder={CATALOGUE_TEXTS.searchTags}
            aria-label={CATALOGUE_TEXTS.searchTags}
            leftSection={<IconSearch size={14} aria-hidden />}
            rightSection={search ? <CloseButton size="sm" aria-label="Clear tag search" onClick={() => setSearch('')} /> : null}
            size="sm"
            data-autofocus
          />
          {list}
          <Button variant="subtle" size="xs" color="gray" disabled={selected.length === 0} onClick={() => onChange([])}>
            {CATALOGUE_TEXTS.clearAllFiltersCount(selected.length)}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
