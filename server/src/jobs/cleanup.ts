// Periodic cleanups of uploads: pending uploads never attached to a record within an hour (rows
// and stored files), temp files of interrupted uploads, notes of finished writes, and the record
// of uploads past the per-hour window; at start, what uploads of a process that died left behind.
// (Expired sign-in records: accounts/cleanup.ts.)
import fsp from 'node:fs/promises';
import path from 'node:path';
import { removeStaleUploads } from '../audio/service';
import type { AppDeps } from '../deps';
import { leftByGoneProcess } from '../instances/identity';
import { LocalStorage } from '../storage/local';
import { removeUnreferencedObjects } from '../storage/orphans';
import { settleWrites } from '../storage/writes';

/** Pending uploads not attached to a record within this time are removed (checked every few minutes). */
const PENDING_UPLOAD_TTL_MS = 3600 * 1000;
/** An upload in progress writes its temp file continuously; one untouched this long was abandoned. */
const ABANDONED_TEMP_FILE_MS = 3600 * 1000;

type Deps = Pick<AppDeps, 'db' | 'storage' | 'config' | 'log'>;

/**
 * Removes pending uploads older than an hour (rows and stored files), temp files left by an
 * interrupted process, stored files of writes abandoned an hour ago (storage/writes.ts), and the
 * record of uploads older than the per-hour window. Returns how many pending uploads were removed.
 */
export async function cleanStaleUploads(deps: Deps, now = Date.now()): Promise<number> {
  const removed = await removeStaleUploads(deps, new Date(now - PENDING_UPLOAD_TTL_MS), now);
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  const entries = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  for (const name of entries) {
    if (!name.endsWith('.upload')) continue;
    const file = path.join(tmpDir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > ABANDONED_TEMP_FILE_MS) await fsp.rm(file, { force: true });
  }
  await settleWrites(deps, PENDING_UPLOAD_TTL_MS, now);
  return removed;
}

/**
 * At start: removes what uploads of a process that is gone left behind (a crash, SIGKILL, a
 * forced stop): temp files under DATA_DIR/tmp and partial `.part` files in local storage, except
 * those of another process still running; and every stored object older than a pending upload
 * may be that no record refers to (local disk or S3). Returns how many files and objects were removed.
 */
export async function removeUploadLeftovers(deps: Deps, now = Date.now()): Promise<number> {
  let removed = 0;
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  for (const name of await fsp.readdir(tmpDir).catch(() => [] as string[])) {
    if (!name.endsWith('.upload') || leftByGoneProcess(name) === false) continue;
    await fsp.rm(path.join(tmpDir, name), { force: true });
    removed++;
  }
  if (deps.storage instanceof LocalStorage) removed += await deps.storage.removeLeftovers(ABANDONED_TEMP_FILE_MS, now);
  // (The writes of gone processes are settled by cleanStaleUploads, which also runs at start.)
  removed += await removeUnreferencedObjects(deps, new Date(now - PENDING_UPLOAD_TTL_MS));
  return removed;
}
