// Names of what leaves the server as files: a chapter's extension (from its stored name, else its
// type) and a title made into a file name that every desktop system accepts (safeTitle, and
// fileBaseName without Windows' reserved device names). Used by the file route, the set ZIP and
// the feeds.

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

/**
 * A title made safe as a file name on Windows, macOS and Linux and inside a quoted header value:
 * ASCII letters, digits, spaces and . , _ - ( ) & + ! only (accents dropped: é -> e); with
 * `unicode`, letters and digits of any script are kept too (for ZIP entries, which carry UTF-8
 * names). Never starts with a dot or hyphen, never ends with a dot or space; at most 100
 * characters; may be empty.
 */
export function safeTitle(title: string, { unicode = false }: { unicode?: boolean } = {}): string {
  const folded = unicode
    ? title.normalize('NFC').replace(/[^\p{L}\p{M}\p{N} .,_()&+!'-]+/gu, ' ')
    : title
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .replace(/[^A-Za-z0-9 .,_()&+!-]+/g, ' ');
  const clean = folded
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s-]+/, '')
    .replace(/[.\s]+$/, '');
  return Array.from(clean)
    .slice(0, 100)
    .join('')
    .trim()
    .replace(/[.\s]+$/, '');
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
