import { COVER_MAX_BYTES, QUICK_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_MAX_BYTES } from '@tonieshelf/shared/values/audio';
import type { AudioUploadVariant } from '../../lib/upload-file';
import { usePublishableTexts } from './publishable-texts';

const MAX_BYTES = { upload: UPLOAD_AUDIO_MAX_BYTES, quick: QUICK_UPLOAD_MAX_BYTES, cover: COVER_MAX_BYTES } as const;
const TOO_LARGE = { upload: 'audioTooLarge', quick: 'quickTooLarge', cover: 'coverTooLarge' } as const;

/** The text refusing a chosen file over its limit before anything is sent, or null when it fits. */
export function fileTooLarge(kind: AudioUploadVariant | 'cover', file: File): string | null {
  return file.size > MAX_BYTES[kind] ? usePublishableTexts.get().validation[TOO_LARGE[kind]] : null;
}
