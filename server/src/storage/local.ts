// Local-disk storage under a root directory (DATA_DIR/uploads by default), outside the web root.
// Writes go to a temporary file that is linked into place only when complete, so a failed or
// truncated upload never leaves a partial object, and an existing key is never overwritten.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { leftByGoneProcess, writerTag } from '../instances/identity';
import { StorageConflictError, StorageNotFoundError, type ByteRange, type ListedObject, type Storage, type StoredObject } from './storage';

/** Objects per page of list(). */
const LIST_PAGE = 500;

export class LocalStorage implements Storage {
  constructor(readonly root: string) {}

  #path(key: string): string {
    const full = path.resolve(this.root, key);
    if (!full.startsWith(path.resolve(this.root) + path.sep)) throw new Error(`Invalid storage key: ${key}`);
    return full;
  }

  async put(key: string, body: Readable, _opts: { contentType: string }): Promise<StoredObject> {
    const target = this.#path(key);
    await fsp.mkdir(path.dirname(target), { recursive: true });
    // The writer in the name tells a leftover of a process that is gone (removeLeftovers).
    const temp = `${target}.${writerTag()}-${randomBytes(6).toString('hex')}.part`;
    // The file is opened before anything is written, so the cleanup below always finds it: a stream
    // that opened it lazily could create it after a failing body had already been cleaned up.
    const file = await fsp.open(temp, 'wx');
    try {
      await pipeline(body, file.createWriteStream());
      // link() fails when the target exists: an object is never overwritten.
      await fsp.link(temp, target).catch((err: NodeJS.ErrnoException) => {
        throw err.code === 'EEXIST' ? new StorageConflictError(key) : err;
      });
      const { size } = await fsp.stat(target);
      return { key, size };
    } finally {
      await file.close().catch(() => undefined);
      await fsp.rm(temp, { force: true });
    }
  }

  async get(key: string, range?: ByteRange): Promise<Readable> {
    const file = this.#path(key);
    try {
      await fsp.access(file);
    } catch {
      throw new StorageNotFoundError(key);
    }
    return fs.createReadStream(file, range ? { start: range.start, end: range.end } : {});
  }

  async stat(key: string): Promise<{ size: number; contentType: string | null } | null> {
    try {
      const s = await fsp.stat(this.#path(key));
      return s.isFile() ? { size: s.size, contentType: null } : null;
    } catch {
      return null;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.#path(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ListedObject[]> {
    const dir = this.#path(prefix.replace(/\/+$/, ''));
    const entries = await fsp.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
    let page: ListedObject[] = [];
    for (const e of entries) {
      if (!e.isFile() || e.name.endsWith('.part')) continue;
      const full = path.join(e.parentPath, e.name);
      const stat = await fsp.stat(full).catch(() => null);
      if (!stat) continue;
      page.push({ key: path.relative(this.root, full).split(path.sep).join('/'), modified: stat.mtime });
      if (page.length >= LIST_PAGE) {
        yield page;
        page = [];
      }
    }
    if (page.length) yield page;
  }

  /**
   * Removes the partial files (`.part`) of writes that never finished because their process
   * died (a crash, SIGKILL): those of a process of this machine that is gone, or of this PID's
   * earlier life (run at start, before this process writes anything), and those of other
   * machines (a shared directory) untouched for `abandonedMs`. Returns how many were removed.
   */
  async removeLeftovers(abandonedMs: number, now = Date.now()): Promise<number> {
    const entries = await fsp.readdir(this.root, { recursive: true, withFileTypes: true }).catch(() => []);
    let removed = 0;
    for (const e of entries) {
      if (!e.isFile() || !e.name.endsWith('.part')) continue;
      const file = path.join(e.parentPath, e.name);
      const gone = leftByGoneProcess(e.name);
      if (gone === false) {
        const stat = await fsp.stat(file).catch(() => null);
        if (!stat || now - stat.mtimeMs <= abandonedMs) continue;
      }
      await fsp.rm(file, { force: true });
      removed++;
    }
    return removed;
  }
}
