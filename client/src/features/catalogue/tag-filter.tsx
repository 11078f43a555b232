import { useEffect, useMemo, useState } from 'react';
import { Accordion, Badge, Button, Checkbox, CloseButton, Group, Loader, Popover, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconChevronDown, IconSearch, IconTags } from '@tabler/icons-react';
import { CATALOGUE_SEARCH_DEBOUNCE_MS, TAG_ANALYTICS_MIN_LENGTH } from '@tonieshelf/shared/constants';
import type { TagGroupKind, TagGroups } from '@tonieshelf/shared/schemas/tag';
import { useFormat } from '../../i18n/use-format';
import { trackEvent } from '../../lib/analytics';
import { useCatalogueTexts } from './catalogue-texts';
import { tagLabel, visibleTagGroups } from './tonie-format';

/** The dropdown's scrolling height: the groups need more room than SPEC's flat 250px list. */
const TAG_GROUPS_HEIGHT = 340;
/** Up to this many tags in all, every group starts open; a longer list starts folded. */
const OPEN_ALL_UP_TO = 30;

interface TagFilterProps {
  /** The catalogue's tags in groups, with counts. */
  groups: TagGroups['groups'];
  isLoading: boolean;
  selected: string[];
  onChange: (tags: string[]) => void;
}

/**
 * 'Filter by Tags' (SPEC §2): a dropdown with a tag search, the tags in groups (series, age,
 * language, topics from reviews, other; each with its Tonie count) and 'Clear All Filters (n)';
 * the button shows how many tags are selected. A Tonie must carry ALL selected tags to be listed
 * (the server filters). While searching, every group with a match is open.
 */
export function TagFilter({ groups, isLoading, selected, onChange }: TagFilterProps) {
  const texts = useCatalogueTexts();
  const format = useFormat();
  const [opened, setOpened] = useState(false);
  const [search, setSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(search, CATALOGUE_SEARCH_DEBOUNCE_MS);
  const allNames = useMemo(() => groups.flatMap((g) => g.tags.map((t) => t.name)), [groups]);
  const visible = useMemo(() => visibleTagGroups(groups, search, format.compare), [groups, search, format.compare]);
  const selectedKeys = useMemo(() => new Set(selected.map((t) => t.toLowerCase())), [selected]);
  const [openGroups, setOpenGroups] = useState<string[] | null>(null);
  const searching = search.trim() !== '';
  const defaultOpen = allNames.length <= OPEN_ALL_UP_TO ? groups.map((g) => g.kind) : [];
  const expanded = searching ? visible.groups.map((g) => g.kind) : (openGroups ?? defaultOpen);

  // Tag analytics only for searches of more than 2 characters (SPEC §5), once typing pauses.
  useEffect(() => {
    const query = debouncedSearch.trim().toLowerCase();
    if (query.length >= TAG_ANALYTICS_MIN_LENGTH) {
      trackEvent('tag_search', { query, matches: allNames.filter((n) => n.toLowerCase().includes(query)).length });
    }
  }, [debouncedSearch, allNames]);

  const toggle = (tag: string, checked: boolean) => {
    const next = checked ? [...selected, tag] : selected.filter((t) => t.toLowerCase() !== tag.toLowerCase());
    onChange(next);
  };

  const checkbox = (name: string, count?: number) => (
    <Group key={name} gap="xs" wrap="nowrap" justify="space-between">
      <Checkbox label={tagLabel(name, texts, format.locale)} checked={selectedKeys.has(name.toLowerCase())} onChange={(event) => toggle(name, event.currentTarget.checked)} />
      {count !== undefined ? (
        <Text span fz="xs" c="dimmed" aria-hidden>
          {format.count(count)}
        </Text>
      ) : null}
    </Group>
  );

  let list;
  if (isLoading) {
    list = <Loader size="sm" mx="auto" my="md" aria-label={texts.loadingTags} />;
  } else if (allNames.length === 0) {
    list = (
      <Text fz="sm" c="dimmed" ta="center" py="md">
        {texts.noTagsAvailable}
      </Text>
    );
  } else if (visible.groups.length === 0) {
    list = (
      <Text fz="sm" c="dimmed" ta="center" py="md">
        {texts.noMatchingTags}
      </Text>
    );
  } else {
    list = (
      <ScrollArea.Autosize mah={TAG_GROUPS_HEIGHT} type="auto" offsetScrollbars data-testid="tag-list">
        {!searching && selected.length > 0 ? (
          <Stack gap={8} py={4} pr={4} mb="xs" data-testid="selected-tags">
            {selected.map((name) => checkbox(name))}
          </Stack>
        ) : null}
        <Accordion multiple value={expanded} onChange={(value) => !searching && setOpenGroups(value)} variant="default" chevronPosition="right">
          {visible.groups.map((group) => (
            <Accordion.Item key={group.kind} value={group.kind} data-testid={`tag-group-${group.kind}`}>
              <Accordion.Control px={4} py={2}>
                <Group gap="xs" wrap="nowrap">
                  <Text fz="sm" fw={600}>
                    {texts.tagGroups[group.kind as TagGroupKind]}
                  </Text>
                  <Badge size="xs" variant="light" color="gray">
                    {format.count(group.total)}
                  </Badge>
                </Group>
              </Accordion.Control>
              <Accordion.Panel>
                <Stack gap={8} pr={4}>
                  {group.tags.map((tag) => checkbox(tag.name, tag.count))}
                  {group.hidden > 0 ? (
                    <Text fz="xs" c="dimmed">
                      {texts.moreTagsHint(format.count(group.hidden))}
                    </Text>
                  ) : null}
                </Stack>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </ScrollArea.Autosize>
    );
  }

  return (
    <Popover opened={opened} onChange={setOpened} width={320} position="bottom-start" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button
          variant={selected.length > 0 ? 'light' : 'default'}
          leftSection={<IconTags size={16} aria-hidden />}
          rightSection={
            <Group gap={6} wrap="nowrap">
              {selected.length > 0 ? (
                <Badge size="sm" circle variant="filled" aria-label={texts.selectedCount(selected.length)} data-testid="tag-count">
                  {selected.length}
                </Badge>
              ) : null}
              <IconChevronDown size={14} aria-hidden />
            </Group>
          }
          onClick={() => setOpened((o) => !o)}
          aria-expanded={opened}
        >
          {texts.filterByTags}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm">
        <Stack gap="sm">
          <TextInput
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            placeholder={texts.searchTags}
            aria-label={texts.searchTags}
            leftSection={<IconSearch size={14} aria-hidden />}
            rightSection={search ? <CloseButton size="sm" aria-label={texts.clearTagSearch} onClick={() => setSearch('')} /> : null}
            size="sm"
            data-autofocus
          />
          {list}
          <Button variant="subtle" size="xs" color="gray" disabled={selected.length === 0} onClick={() => onChange([])}>
            {texts.clearAllFiltersCount(selected.length)}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
