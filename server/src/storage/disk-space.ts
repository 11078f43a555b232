// Free space on DATA_DIR's disk, and the reserve kept there. A full disk wedges the embedded
// database for good (PGlite spins when a write fails with ENOSPC), and an upload that fills the
// disk takes everything else down with it. So below DISK_RESERVE_MB of free space new uploads
// and writes are refused with 507 before they start, reads go on, and the refusals stop by
// themselves once space is back. Free space comes from fs.statfs (Node >= 18.15), asked at most
// once per REFRESH_MS (a statfs costs a few microseconds, but thousands of requests a second
// need not each ask).
import fsp from 'node:fs/promises';

/** How long a measured free space is believed. */
const REFRESH_MS = 1000;

/** A write refused (or failed) because the disk is (nearly) full: answered 507. */
export class InsufficientStorageError extends Error {
  constructor(message = 'The server is out of storage space.', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'InsufficientStorageError';
  }
}

/** True for an error of a write that found the disk full (ENOSPC, or a quota of the disk: EDQUOT). */
export function isOutOfSpace(err: unknown): boolean {
  if (err instanceof InsufficientStorageError) return true;
  const code = (err as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export class DiskSpace {
  #checkedAt = -Infinity;
  #free: number | null = null;
  #pending: Promise<number | null> | null = null;

  constructor(
    /** A directory on the disk to watch (DATA_DIR). */
    readonly dir: string,
    /** Bytes to keep free; 0 turns the checks off. */
    readonly reserveBytes: number,
    readonly refreshMs = REFRESH_MS,
  ) {}

  /** Free bytes for this process (statfs bavail), or null when the disk cannot be asked. */
  async free(): Promise<number | null> {
    if (performance.now() - this.#checkedAt < this.refreshMs) return this.#free;
    this.#pending ??= fsp
      .statfs(this.dir)
      .then(
        (s) => s.bavail * s.bsize,
        () => null,
      )
      .then((free) => {
        this.#free = free;
        this.#checkedAt = performance.now();
        this.#pending = null;
        return free;
      });
    return this.#pending;
  }

  /**
   * Throws InsufficientStorageError when writing `bytes` more would leave less than the reserve.
   * A disk that cannot be asked is not refused (the write itself will tell).
   */
  async assertRoom(bytes = 0): Promise<void> {
    if (this.reserveBytes <= 0) return;
    const free = await this.free();
    if (free !== null && free - bytes < this.reserveBytes) throw new InsufficientStorageError();
  }

  /** A write just failed for lack of space: the next check asks the disk again. */
  forget(): void {
    this.#checkedAt = -Infinity;
  }
}
