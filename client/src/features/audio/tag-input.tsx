import { useState } from 'react';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { AUDIO_MAX_TAGS } from '@tonieshelf/shared/constants';
import { TAG_NAME_MAX } from '@tonieshelf/shared/constants';
import { RemovableTag } from '../../components/removable-tags';
import { addTag, tagSuggestions } from './audio-format';
import { AUDIO_TEXTS } from './audio-texts';

interface TagInputProps {
  value: string[];
  onChange: (tags: string[]) => void;
  /** Known tags to suggest (the audio tag list). */
  suggestions: string[];
  disabled?: boolean;
}

/**
 * Tags typed one at a time (Enter or 'Add Tag'), with up to 5 suggestions of known tags; new tags
 * can be created by typing. At 8 tags the input and 'Add Tag' are disabled and the limit is said.
 */
export function TagInput({ value, onChange, suggestions, disabled = false }: TagInputProps) {
  const [text, setText] = useState('');
  const atLimit = value.length >= AUDIO_MAX_TAGS;
  const matches = atLimit ? [] : tagSuggestions(suggestions, value, text);

  const add = (raw: string) => {
    const next = addTag(value, raw);
    if (next !== value) onChange(next);
    setText('');
  };

  return (
    <Stack gap={6}>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <TextInput
          label={AUDIO_TEXTS.tags}
          placeholder={atLimit ? AUDIO_TEXTS.maxTagsReached : AUDIO_TEXTS.tagPlaceholder}
          value={text}
          maxLength={TAG_NAME_MAX}
          disabled={disabled || atLimit}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' || event.key === ',') {
              event.preventDefault();
              add(text);
            }
          }}
          style={{ flex: 1 }}
          autoComplete="off"
        />
        <Button variant="light" leftSection={<IconPlus size={16} aria-hidden />} disabled={disabled || atLimit || !text.trim()} onClick={() => add(text)}>
          {AUDIO_TEXTS.addTag}
        </Button>
      </Group>
      {matches.length > 0 ? (
        <Group gap={6} aria-label="Tag suggestions" data-testid="tag-suggestions">
          {matches.map((tag) => (
            <Button key={tag} size="compact-xs" variant="default" radius="xl" onClick={() => add(tag)}>
              {tag}
            </Button>
          ))}
        </Group>
      ) : null}
      {value.length > 0 ? (
        <Group gap={6} data-testid="selected-tags">
          {value.map((tag) => (
            <RemovableTag key={tag} tag={tag} disabled={disabled} onRemove={() => onChange(value.filter((t) => t !== tag))} />
          ))}
        </Group>
      ) : null}
      {atLimit ? (
        <Text fz="xs" c="orange.7" data-testid="tag-limit">
          {AUDIO_TEXTS.maxTagsAllowed}
        </Text>
      ) : (
        <Text fz="xs" c="dimmed">
          {value.length} / {AUDIO_MAX_TAGS}
        </Text>
      )}
    </Stack>
  );
}
