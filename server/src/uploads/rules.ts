// What each upload accepts (SPEC §5, §9): the size limit, the types judged by the file's bytes
// (detected extension -> stored MIME type) and the refusal texts; and the name a file is kept under.
import { COVER_MAX_BYTES, MB, QUICK_UPLOAD_MAX_BYTES, UPLOAD_AUDIO_MAX_BYTES } from '@tonieshelf/shared/constants';
import { sanitizeFileName } from '../storage/keys';

export type AudioVariant = 'upload' | 'quick';

/** What an upload accepts: detected extension -> stored MIME type (and the extensions that name it). */
export interface UploadRule {
  maxBytes: number;
  types: Readonly<Record<string, { mime: string; aliases: readonly string[] }>>;
  tooLarge: string;
  wrongType: string;
}

const MP3 = { mime: 'audio/mpeg', aliases: ['mp3'] };
const WAV = { mime: 'audio/wav', aliases: ['wav', 'wave'] };
const M4A = { mime: 'audio/mp4', aliases: ['m4a', 'mp4', 'aac'] };

export const UPLOAD_MESSAGES = {
  notSignedIn: 'Please log in to upload files.',
  notMultipart: 'Send the file as multipart/form-data.',
  noFile: 'Please select a file to upload.',
  oneFile: 'Send one file per upload.',
  tooManyFields: 'Too many form fields: send the file on its own.',
  emptyFile: 'The file is empty.',
  incomplete: 'The upload was interrupted before the whole file arrived. Please try again.',
  unreadableAudio: 'The audio file could not be read. It may be damaged or incomplete.',
  badVariant: 'variant must be upload or quick',
  stalled: (seconds: number) => `The upload stalled: nothing arrived for ${seconds} seconds. Please try again.`,
  audioTooLarge: (mb: number) => `The audio file is larger than ${mb} MB.`,
  coverTooLarge: (mb: number) => `The cover image is larger than ${mb} MB.`,
  mp3OrWav: 'Please upload MP3 or WAV audio files only',
  mp3WavOrM4a: 'Please upload MP3, WAV or M4A audio files only',
  jpgOrPng: 'Please upload JPG or PNG images only',
} as const;

export const UPLOAD_RULES = {
  upload: {
    maxBytes: UPLOAD_AUDIO_MAX_BYTES,
    types: { mp3: MP3, wav: WAV },
    tooLarge: UPLOAD_MESSAGES.audioTooLarge(UPLOAD_AUDIO_MAX_BYTES / MB),
    wrongType: UPLOAD_MESSAGES.mp3OrWav,
  },
  quick: {
    maxBytes: QUICK_UPLOAD_MAX_BYTES,
    types: { mp3: MP3, wav: WAV, m4a: M4A },
    tooLarge: UPLOAD_MESSAGES.audioTooLarge(QUICK_UPLOAD_MAX_BYTES / MB),
    wrongType: UPLOAD_MESSAGES.mp3WavOrM4a,
  },
  cover: {
    maxBytes: COVER_MAX_BYTES,
    types: { jpg: { mime: 'image/jpeg', aliases: ['jpg', 'jpeg'] }, png: { mime: 'image/png', aliases: ['png'] } },
    tooLarge: UPLOAD_MESSAGES.coverTooLarge(COVER_MAX_BYTES / MB),
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
