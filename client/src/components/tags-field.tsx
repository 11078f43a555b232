import { useState } from 'react';
import type { ReactNode } from 'react';
import { Box, Button, Group, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { AUDIO_TAG_SUGGESTIONS } from '@tonieshelf/shared/values/audio';
import { TAG_NAME_MAX, uniqueTagNames } from '@tonieshelf/shared/values/common';
import { LazyTagsInput } from './lazy-tags-input';
import { RemovableTag } from './removable-tags';

/**
 * Tags as typed: a comma splits one entry into several, spaces are trimmed and collapsed, blanks,
 * names over TAG_NAME_MAX and repeats differing only in case are dropped, at most `max` are kept.
 */
export function normaliseTags(tags: readonly string[], max: number): string[] {
  const names = tags
    .flatMap((tag) => tag.split(','))
    .map((tag) => tag.trim().replace(/\s+/g, ' '))
    .filter((tag) => tag.length <= TAG_NAME_MAX);
  return uniqueTagNames(names).slice(0, max);
}

interface TagsFieldProps {
  label: string;
  value: string[];
  onChange: (tags: string[]) => void;
  maxTags: number;
  /** Known tags to suggest (up to 5 unselected matches). */
  suggestions?: string[];
  description?: ReactNode;
  placeholder?: string;
  /** The placeholder once `maxTags` tags are chosen. */
  fullPlaceholder?: string;
  /** A button beside the field that adds what is typed, e.g. 'Add Tag'; disabled at the limit. */
  addLabel?: string;
  /** Said under the field at the limit, e.g. 'Maximum 8 tags allowed' (else 'n / max'). */
  limitText?: string;
  error?: ReactNode;
  disabled?: boolean;
  clearable?: boolean;
  /** data-testid of the field holding the chosen tags. */
  pillsTestId?: string;
}

/**
 * Every tag entry of the app (review tags, the upload form, the quick dialog): Mantine's
 * TagsInput (loaded after the first render: LazyTagsInput) with the known tags as suggestions; Enter or a comma adds a tag, leaving the field
 * adds what is typed; chosen tags are removable chips.
 */
export function TagsField({
  label,
  value,
  onChange,
  maxTags,
  suggestions = [],
  description,
  placeholder,
  fullPlaceholder,
  addLabel,
  limitText,
  error,
  disabled = false,
  clearable = false,
  pillsTestId,
}: TagsFieldProps) {
  const [search, setSearch] = useState('');
  const atLimit = value.length >= maxTags;
  const set = (tags: string[]) => onChange(normaliseTags(tags, maxTags));
  const add = () => {
    set([...value, search]);
    setSearch('');
  };

  const field = (
    <Box
      style={addLabel ? { flex: 1, minWidth: 0 } : undefined}
      data-testid={pillsTestId}
      // Enter adds a tag and never submits the surrounding form: TagsInput lets Enter through
      // when the text is blank, and a form would then be sent unasked (an upload started while
      // its dropzone then ignored the next file). Runs after TagsInput has handled the key.
      onKeyDown={(event) => {
        if (event.key === 'Enter' && event.target instanceof HTMLInputElement && !event.nativeEvent.isComposing) event.preventDefault();
      }}
    >
      <LazyTagsInput
        label={label}
        description={description}
        placeholder={atLimit ? fullPlaceholder : placeholder}
        data={suggestions}
        limit={AUDIO_TAG_SUGGESTIONS}
        value={value}
        onChange={set}
        searchValue={search}
        onSearchChange={setSearch}
        maxTags={maxTags}
        splitChars={[',']}
        maxLength={TAG_NAME_MAX}
        clearable={clearable}
        disabled={disabled}
        error={error}
        autoComplete="off"
        renderPill={({ option, onRemove }) => <RemovableTag tag={option.label} onRemove={() => onRemove?.()} disabled={disabled} size="md" />}
      />
    </Box>
  );

  if (!addLabel && !limitText) return field;
  return (
    <Stack gap={6}>
      {addLabel ? (
        <Group gap="xs" align="flex-end" wrap="nowrap">
          {field}
          <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={disabled || atLimit || !search.trim()} onClick={add}>
            {addLabel}
          </Button>
        </Group>
      ) : (
        field
      )}
      {limitText ? (
        atLimit ? (
          <Text fz="xs" c="orange.7" data-testid="tag-limit">
            {limitText}
          </Text>
        ) : (
          <Text fz="xs" c="dimmed">
            {value.length} / {maxTags}
          </Text>
        )
      ) : null}
    </Stack>
  );
}
