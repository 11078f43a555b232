import { useEffect, useRef } from 'react';
import { Accordion, Badge, Button, Checkbox, CloseButton, Group, Loader, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { TagGroupKind } from '@tonieshelf/shared/values/tag';
import { useFormat } from '../../i18n/use-format';
import { useCatalogueTexts } from './catalogue-texts';
import type { visibleTagGroups } from './tonie-format';
import { tagLabel } from './tonie-format';

/** The dropdown's scrolling height: the groups need more room than SPEC's flat 250px list. */
const TAG_GROUPS_HEIGHT = 340;

interface TagFilterPanelProps {
  isLoading: boolean;
  /** Every tag's name (none: 'no tags available'). */
  allNames: string[];
  /** The groups and tags that match the search. */
  visible: ReturnType<typeof visibleTagGroups>;
  selected: string[];
  onChange: (tags: string[]) => void;
  search: string;
  onSearchChange: (search: string) => void;
  /** The open groups (while searching, every group with a match). */
  expanded: string[];
  onExpandedChange: (groups: string[]) => void;
}

/**
 * The inside of 'Filter by Tags' (tag-filter.tsx): the tag search, the tags in groups with their
 * counts and 'Clear All Filters (n)'. Its code (Accordion, Checkbox, ScrollArea) loads when the
 * dropdown first opens, or before, a moment after the catalogue has shown.
 */
export function TagFilterPanel({ isLoading, allNames, visible, selected, onChange, search, onSearchChange, expanded, onExpandedChange }: TagFilterPanelProps) {
  const texts = useCatalogueTexts();
  const format = useFormat();
  const searching = search.trim() !== '';
  const selectedKeys = new Set(selected.map((t) => t.toLowerCase()));
  // The dropdown focuses its search as it opens (data-autofocus); the panel does so too, for
  // when it arrives after the dropdown opened (its code was still loading).
  const searchRef = useRef<HTMLInputElement>(null);
  useEffect(() => searchRef.current?.focus(), []);

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
        <Accordion multiple value={expanded} onChange={(value) => !searching && onExpandedChange(value)} variant="default" chevronPosition="right">
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
    <Stack gap="sm">
      <TextInput
        ref={searchRef}
        value={search}
        onChange={(event) => onSearchChange(event.currentTarget.value)}
        placeholder={texts.searchTags}
        aria-label={texts.searchTags}
        leftSection={<IconSearch size={14} aria-hidden />}
        rightSection={search ? <CloseButton size="sm" aria-label={texts.clearTagSearch} onClick={() => onSearchChange('')} /> : null}
        size="sm"
        data-autofocus
      />
      {list}
      <Button variant="subtle" size="xs" color="gray" disabled={selected.length === 0} onClick={() => onChange([])}>
        {texts.clearAllFiltersCount(selected.length)}
      </Button>
    </Stack>
  );
}
