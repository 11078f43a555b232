// Storage keys made by the server (SPEC §7): audio-files/{userId}/{timestamp}_{name},
// cover-images/{timestamp}_cover_{name}. Names keep letters, digits, dot and hyphen only.

/** A file name reduced to letters, digits, dot and hyphen (never empty, never a dot-name). */
export function sanitizeFileName(name: string): string {
  // NFKD splits accented letters into letter + mark; the marks are dropped (é -> e).
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFKD').replace(/\p{M}+/gu, '');
  const clean = base
    .replace(/[^A-Za-z0-9.-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[.-]+/, '')
    .replace(/-+(\.[A-Za-z0-9]+)$/, '$1')
    .slice(-100);
  return clean && clean !== '.' ? clean : 'file';
}

let lastKeyTime = 0;

/**
 * The time for a new key: the clock in milliseconds, but never the same value twice in this
 * process. Uploads of one name by one user that arrive together (clients retrying the moment a
 * restarted server listens) would otherwise all get the same key and fail as conflicts.
 */
export function keyTime(now = Date.now()): number {
  lastKeyTime = Math.max(now, lastKeyTime + 1);
  return lastKeyTime;
}

export function audioKey(userId: string, fileName: string, now = Date.now()): string {
  return `audio-files/${userId}/${now}_${sanitizeFileName(fileName)}`;
}

export function coverKey(fileName: string, now = Date.now()): string {
  return `cover-images/${now}_cover_${sanitizeFileName(fileName)}`;
}
