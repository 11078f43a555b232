// Names of what leaves the server as files: a chapter's extension (from its stored name, else its
// type) and a title made into a file name that every desktop system accepts (safeTitle of
// http/files.ts, plus Windows' reserved device names). Used by the set ZIP and the feeds.
import { safeTitle } from '../http/files';

const EXTENSION_OF_TYPE: Record<string, string> = {
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mp4': 'm4a',
  'audio/x-m4a': 'm4a',
  'audio/aac': 'aac',
  'audio/ogg': 'ogg',
  'audio/flac': 'flac',
};

/** The audio file's extension without the dot, lower-case: from its stored name, else its type ('bin' when neither says). */
export function audioExtension(fileName: string | null, mimeType: string | null): string {
  const fromName = /\.([A-Za-z0-9]{1,8})$/.exec(fileName ?? '')?.[1];
  if (fromName) return fromName.toLowerCase();
  return (mimeType && EXTENSION_OF_TYPE[mimeType.toLowerCase()]) || 'bin';
}

/** CON, PRN, AUX, NUL, COM1-9, LPT1-9: Windows refuses them as a file's base name, whatever the extension. */
const WINDOWS_RESERVED = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\..*)?$/i;

/** A title as a file's base name (no extension), `fallback` when nothing usable is left. */
export function fileBaseName(title: string, fallback: string, { unicode = true }: { unicode?: boolean } = {}): string {
  const safe = safeTitle(title, { unicode });
  return !safe || WINDOWS_RESERVED.test(safe) ? fallback : safe;
}

/** `Content-Disposition: attachment` with an ASCII file name and the UTF-8 one (RFC 6266 / 8187). */
export function attachmentDisposition(base: string, ext: string, fallback: string): string {
  const ascii = fileBaseName(base, fallback, { unicode: false });
  const utf8 = fileBaseName(base, fallback, { unicode: true });
  const encoded = encodeURIComponent(`${utf8}.${ext}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}.${ext}"; filename*=UTF-8''${encoded}`;
}
