// A set's title, description and tags, bound to a Mantine form (the new-set form and the editor's
// details), with the shared set schema's rules in the interface language (loaded after the form:
// lib/lazy-rules.ts).
import type { Ref } from 'react';
import { Stack, TextInput, Textarea } from '@mantine/core';
import type { FormErrors, UseFormReturnType } from '@mantine/form';
import { AUDIO_MAX_TAGS, AUDIO_DESCRIPTION_MAX, AUDIO_TITLE_MAX } from '@tonieshelf/shared/values/audio';
import { TagsField } from '../../../components/tags-field';
import { lazyRules } from '../../../lib/lazy-rules';
import { useAudioTags } from '../../../lib/audio-tags';
import { usePublishableTexts } from '../../../components/publishable/publishable-texts';
import { useSetEditorTexts } from './set-editor-texts';

interface SetFieldValues {
  title: string;
  description: string;
  tags: string[];
}

/** The shared rules of a set's fields, loaded after the forms (send with submitWithRules). */
export const setRules = lazyRules(() => import('./set-rules'));

/** The rules of title, description and tags (messages in the interface language). */
export function validateSetFields(values: SetFieldValues): FormErrors {
  return setRules.current()?.validateSetFields(values) ?? {};
}

export function SetFields<V extends SetFieldValues>({ form, disabled, titleRef }: { form: UseFormReturnType<V>; disabled?: boolean; titleRef?: Ref<HTMLInputElement> }) {
  const texts = useSetEditorTexts();
  const audioTexts = usePublishableTexts();
  const knownTags = useAudioTags();
  const f = form as unknown as UseFormReturnType<SetFieldValues>;
  return (
    <Stack gap="md">
      <TextInput ref={titleRef} label={texts.title} required maxLength={AUDIO_TITLE_MAX} {...f.getInputProps('title')} disabled={disabled} data-testid="set-title" />
      <Textarea label={texts.description} maxLength={AUDIO_DESCRIPTION_MAX} autosize minRows={2} maxRows={6} {...f.getInputProps('description')} disabled={disabled} />
      <TagsField
        label={texts.tags}
        value={f.values.tags}
        onChange={(tags) => f.setFieldValue('tags', tags)}
        error={f.errors.tags}
        maxTags={AUDIO_MAX_TAGS}
        suggestions={knownTags.data?.tags ?? []}
        placeholder={audioTexts.tagPlaceholder}
        fullPlaceholder={audioTexts.maxTagsReached}
        addLabel={audioTexts.addTag}
        limitText={audioTexts.maxTagsAllowed}
        disabled={disabled}
      />
    </Stack>
  );
}
