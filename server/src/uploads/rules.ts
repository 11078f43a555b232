// What each upload accepts (SPEC §5, §9): the size limit, the types judged by the file's bytes
// (detected extension -> stored MIME type) and the refusal texts; and the name a file is kept under.
import { COVER_MAX_BYTES, QUICK_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_MAX_BYTES } from '@tonieshelf/shared/values/audio';
import { MB } from '@tonieshelf/shared/values/common';
import { message, type Message } from '@tonieshelf/shared/i18n/message-key';
import type { MessageCode } from '@tonieshelf/shared/i18n/messages';
import { sanitizeFileName } from '../storage/keys';

export type AudioVariant = 'upload' | 'quick';

/** What an upload accepts: detected extension -> stored MIME type (and the extensions that name it). */
export interface UploadRule {
  maxBytes: number;
  types: Readonly<Record<string, { mime: string; aliases: readonly string[] }>>;
  tooLarge: Message;
  wrongType: Message;
}

const MP3 = { mime: 'audio/mpeg', aliases: ['mp3'] };
const WAV = { mime: 'audio/wav', aliases: ['wav', 'wave'] };
const M4A = { mime: 'audio/mp4', aliases: ['m4a', 'mp4', 'aac'] };

/** The uploads' refusals (texts: shared/src/i18n/texts/server.ts). */
export const UPLOAD_MESSAGES = {
  notSignedIn: 'upload.notSignedIn',
  notMultipart: 'upload.notMultipart',
  noFile: 'upload.noFile',
  oneFile: 'upload.oneFile',
  tooManyFields: 'upload.tooManyFields',
  emptyFile: 'upload.emptyFile',
  incomplete: 'upload.incomplete',
  unreadableAudio: 'upload.unreadableAudio',
  badVariant: 'upload.badVariant',
  notStored: 'upload.notStored',
  stalled: 'upload.stalled',
  audioTooLarge: 'upload.audioTooLarge',
  coverTooLarge: 'upload.coverTooLarge',
  mp3OrWav: 'upload.mp3OrWav',
  mp3WavOrM4a: 'upload.mp3WavOrM4a',
  jpgOrPng: 'upload.jpgOrPng',
} as const satisfies Record<string, MessageCode>;

export const UPLOAD_RULES = {
  upload: {
    maxBytes: UPLOAD_AUDIO_MAX_BYTES,
    types: { mp3: MP3, wav: WAV },
    tooLarge: message(UPLOAD_MESSAGES.audioTooLarge, { mb: UPLOAD_AUDIO_MAX_BYTES / MB }),
    wrongType: UPLOAD_MESSAGES.mp3OrWav,
  },
  quick: {
    maxBytes: QUICK_UPLOAD_MAX_BYTES,
    types: { mp3: MP3, wav: WAV, m4a: M4A },
    tooLarge: message(UPLOAD_MESSAGES.audioTooLarge, { mb: QUICK_UPLOAD_MAX_BYTES / MB }),
    wrongType: UPLOAD_MESSAGES.mp3WavOrM4a,
  },
  cover: {
    maxBytes: COVER_MAX_BYTES,
    types: { jpg: { mime: 'image/jpeg', aliases: ['jpg', 'jpeg'] }, png: { mime: 'image/png', aliases: ['png'] } },
    tooLarge: message(UPLOAD_MESSAGES.coverTooLarge, { mb: COVER_MAX_BYTES / MB }),
    wrongType: UPLOAD_MESSAGES.jpgOrPng,
  },
} satisfies Record<AudioVariant | 'cover', UploadRule>;

/** The file name to keep: the client's name made safe, with the extension of the detected type. */
export function storedFileName(originalName: string, ext: string, aliases: readonly string[]): string {
  const safe = sanitizeFileName(originalName);
  const current = /\.([A-Za-z0-9]+)$/.exec(safe)?.[1]?.toLowerCase();
  if (current && aliases.includes(current)) return safe;
  // Append rather than replace: "notes.txt" that is really MP3 becomes "notes.txt.mp3".
  return sanitizeFileName(`${safe}.${ext}`);
}
