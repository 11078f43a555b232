// One storage interface for uploaded files, with a local-disk driver (DATA_DIR/uploads, outside
// the web root) and an S3 driver. Keys are made by the server (see keys.ts), never by clients.
import type { Readable } from 'node:stream';

export interface StoredObject {
  key: string;
  size: number;
}

/** A stored object as a listing shows it. */
export interface ListedObject {
  key: string;
  /** When it was written. */
  modified: Date;
}

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

export interface Storage {
  /** Streams `body` to `key` without holding it in memory. Fails if the key exists: never overwrites. */
  put(key: string, body: Readable, opts: { contentType: string }): Promise<StoredObject>;
  /** The object, or a byte range of it, as a stream. Throws StorageNotFoundError when missing. */
  get(key: string, range?: ByteRange): Promise<Readable>;
  /** Size and type, or null when the key does not exist. */
  stat(key: string): Promise<{ size: number; contentType: string | null } | null>;
  /** Removes the object; a missing key is not an error. */
  delete(key: string): Promise<void>;
  /**
   * Every whole object whose key starts with `prefix` (objects being written are not), a page at
   * a time. Both drivers list; a storage that cannot is left out of the sweep of storage/orphans.ts.
   */
  list?(prefix: string): AsyncIterable<ListedObject[]>;
}

export class StorageNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object at ${key}`);
    this.name = 'StorageNotFoundError';
  }
}

export class StorageConflictError extends Error {
  constructor(key: string) {
    super(`A stored object already exists at ${key}`);
    this.name = 'StorageConflictError';
  }
}
