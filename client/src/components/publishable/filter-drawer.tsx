import { useEffect, useState } from 'react';
import { Button, Center, Checkbox, Divider, Drawer, Group, Loader, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { AUDIO_SORTS, DISCOVER_TAG_LIST_HEIGHT, type AudioSort } from '@tonieshelf/shared/values/audio';
import classes from './publishable.module.css';
import { useFormat } from '../../i18n/use-format';
import { usePublishableTexts } from './publishable-texts';
import { isOneOf } from '../../lib/one-of';

interface FilterDrawerProps {
  opened: boolean;
  onClose: () => void;
  sortBy: AudioSort;
  tags: string[];
  availableTags: string[];
  tagsLoading: boolean;
  onApply: (next: { sortBy: AudioSort; tags: string[] }) => void;
  /** The sorts offered (default: all of Discover's); /sets offers 'recent' and 'popular'. The first is the default. */
  sorts?: readonly AudioSort[];
  /** The line under the title (default: 'Narrow down audio files by selecting tags'). */
  description?: string;
}

/**
 * The Filter side panel (SPEC §2): 'Filters', 'Narrow down audio files by selecting tags', a sort
 * radio group, a 300px scrolling tag checkbox list, 'Clear (n)', 'Reset All' and 'Apply Filters'.
 * Choices are drafts until applied.
 */
export function FilterDrawer({ opened, onClose, sortBy, tags, availableTags, tagsLoading, onApply, sorts = AUDIO_SORTS, description }: FilterDrawerProps) {
  const texts = usePublishableTexts();
  const format = useFormat();
  const [draftSort, setDraftSort] = useState<AudioSort>(sortBy);
  const [draftTags, setDraftTags] = useState<string[]>(tags);

  // Each opening starts from what is applied.
  useEffect(() => {
    if (!opened) return;
    setDraftSort(sortBy);
    setDraftTags(tags);
  }, [opened, sortBy, tags]);

  // Selected tags that the list no longer has still show, so they can be unticked.
  // In the interface language's order (numbers in numeric order).
  const listed = format.sortBy([...availableTags, ...draftTags.filter((t) => !availableTags.includes(t))], (t) => t);

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="sm"
      // Focus goes back to the button that opened the panel when it closes.
      title={texts.filtersTitle}
      closeButtonProps={{ 'aria-label': texts.closeFilters }}
    >
      <Stack gap="lg">
        <Text fz="sm" c="dimmed" mt={-8}>
          {description ?? texts.filtersDescription}
        </Text>
        <Radio.Group
          label={texts.sortLabel}
          value={draftSort}
          onChange={(value) => {
            if (isOneOf(sorts, value)) setDraftSort(value);
          }}
        >
          <Stack gap="xs" mt="xs">
            {sorts.map((sort) => (
              // The applied sort takes the first focus (not the close button): the panel starts at its first choice.
              <Radio key={sort} value={sort} label={texts.sortLabels[sort]} data-autofocus={sort === sortBy ? true : undefined} />
            ))}
          </Stack>
        </Radio.Group>

        <Divider />

        <Stack gap="xs">
          <Group justify="space-between">
            <Text fz="sm" fw={500}>
              {texts.tagsLabel}
            </Text>
            <Button variant="subtle" size="compact-sm" color="gray" disabled={draftTags.length === 0} onClick={() => setDraftTags([])}>
              {texts.clearTags(draftTags.length)}
            </Button>
          </Group>
          <ScrollArea.Autosize mah={DISCOVER_TAG_LIST_HEIGHT} type="auto" className={classes.tagList} data-testid="discover-tag-list">
            {tagsLoading ? (
              <Center py="lg">
                <Loader size="sm" role="status" aria-label={texts.loadingTags} />
              </Center>
            ) : listed.length === 0 ? (
              <Text fz="sm" c="dimmed" ta="center" py="lg">
                {texts.noTagsAvailable}
              </Text>
            ) : (
              <Checkbox.Group value={draftTags} onChange={setDraftTags} aria-label={texts.tagsLabel}>
                <Stack gap={10} p="sm">
                  {listed.map((tag) => (
                    <Checkbox key={tag} value={tag} label={tag} />
                  ))}
                </Stack>
              </Checkbox.Group>
            )}
          </ScrollArea.Autosize>
        </Stack>

        <Group justify="space-between" mt="sm">
          <Button
            variant="default"
            onClick={() => {
              setDraftSort(sorts[0] ?? 'recent');
              setDraftTags([]);
            }}
          >
            {texts.resetAll}
          </Button>
          <Button
            onClick={() => {
              onApply({ sortBy: draftSort, tags: draftTags });
              onClose();
            }}
          >
            {texts.applyFilters}
          </Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
