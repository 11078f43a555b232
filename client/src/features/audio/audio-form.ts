// The rules of the audio forms (the upload page and the quick dialog): the shared create schema's
// fields (title at least 3 characters, tags at most 8, a licence, the rights ticked, ...) plus the
// audio file a new upload needs.
import type { AudioFields } from './api/use-upload-audio';
import { lazyRules } from '../../lib/lazy-rules';
import { useAudioTexts } from './audio-texts';

export interface AudioFormValues extends AudioFields {
  /** The chosen audio file; required for a new upload. */
  audio: File | null;
  cover: File | null;
}

/** The shared rules of the audio forms, loaded after them (send with submitWithRules). */
export const audioRules = lazyRules(() => import('./audio-rules'));

/** useForm's validate for an audio form: the field rules, and the file when `fileRequired` (messages in the interface language). */
export function audioFormValidator(fileRequired: boolean) {
  return (values: AudioFormValues) => ({
    ...audioRules.current()?.validateAudioFields(values),
    ...(fileRequired && !values.audio ? { audio: useAudioTexts.get().validation.fileRequired } : {}),
  });
}
