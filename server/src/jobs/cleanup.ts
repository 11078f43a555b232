// Periodic cleanups of uploads: pending uploads never attached to a record within an hour (rows
// and stored files), temp files of interrupted uploads, and the record of uploads past the
// per-hour window; at start, files left by uploads of a process that died. (Expired sign-in
// records: accounts/cleanup.ts.)
import fsp from 'node:fs/promises';
import path from 'node:path';
import { removeStaleUploads } from '../audio/service';
import { isRunning } from '../db/data-dir-lock';
import type { AppDeps } from '../deps';
import { LocalStorage } from '../storage/local';

/** Pending uploads not attached to a record within this time are removed (checked every few minutes). */
const PENDING_UPLOAD_TTL_MS = 3600 * 1000;
/** An upload in progress writes its temp file continuously; one untouched this long was abandoned. */
const ABANDONED_TEMP_FILE_MS = 3600 * 1000;

/**
 * Removes pending uploads older than an hour (rows and stored files), temp files left by an
 * interrupted process, and the record of uploads older than the per-hour window. Returns how
 * many pending uploads were removed.
 */
export async function cleanStaleUploads(deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'log'>, now = Date.now()): Promise<number> {
  const removed = await removeStaleUploads(deps, new Date(now - PENDING_UPLOAD_TTL_MS), now);
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  const entries = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  for (const name of entries) {
    if (!name.endsWith('.upload')) continue;
    const file = path.join(tmpDir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > ABANDONED_TEMP_FILE_MS) await fsp.rm(file, { force: true });
  }
  return removed;
}

/**
 * At start: removes what uploads of a process that is gone left behind (a crash, SIGKILL, a
 * forced stop): temp files under DATA_DIR/tmp and partial `.part` files in local storage, except
 * those of another process still running. Returns how many files were removed.
 */
export async function removeUploadLeftovers(deps: Pick<AppDeps, 'storage' | 'config'>): Promise<number> {
  let removed = 0;
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  for (const name of await fsp.readdir(tmpDir).catch(() => [] as string[])) {
    if (!name.endsWith('.upload')) continue;
    const pid = Number(/^(\d+)-/.exec(name)?.[1] ?? 0);
    if (pid && pid !== process.pid && isRunning(pid)) continue;
    await fsp.rm(path.join(tmpDir, name), { force: true });
    removed++;
  }
  if (deps.storage instanceof LocalStorage) removed += await deps.storage.removeLeftovers(isRunning);
  return removed;
}
