// Periodic cleanups: expired sessions and second-step challenges; pending uploads never attached
// to a record within an hour (rows and stored files), temp files of interrupted uploads, and the
// record of uploads past the per-hour window; at start, files left by uploads of a process that died.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../deps';
import { deleteOldLinks } from '../repositories/email-links';
import { queueDeletions, removeNow } from '../storage/deletions';
import { deleteExpiredChallenges } from '../repositories/factors';
import { deleteExpiredSessions } from '../repositories/sessions';
import { deleteOldRateEvents, deleteStaleThrottles } from '../repositories/throttle';
import { isRunning } from '../db/data-dir-lock';
import { deleteOldUploadEvents, deleteStalePendingUploads } from '../repositories/uploads';
import { LocalStorage } from '../storage/local';
import { UPLOAD_RATE_WINDOW_MS } from '../uploads/quota';

/** Pending uploads not attached to a record within this time are removed (checked every few minutes). */
const PENDING_UPLOAD_TTL_MS = 3600 * 1000;
/** An upload in progress writes its temp file continuously; one untouched this long was abandoned. */
const ABANDONED_TEMP_FILE_MS = 3600 * 1000;

/** Throttle records untouched this long are forgotten (the longest wait is 5 minutes). */
const THROTTLE_MEMORY_MS = 24 * 3600 * 1000;

/** Removes expired sessions and challenges, and throttle and rate-limit records of a day ago. */
export async function cleanExpiredAuthRecords(deps: Pick<AppDeps, 'db'>, now = Date.now()): Promise<void> {
  await deleteExpiredSessions(deps.db);
  await deleteExpiredChallenges(deps.db);
  await deleteStaleThrottles(deps.db, new Date(now - THROTTLE_MEMORY_MS));
  await deleteOldRateEvents(deps.db, new Date(now - THROTTLE_MEMORY_MS));
  await deleteOldLinks(deps.db, new Date(now));
}

/**
 * Removes pending uploads older than an hour (rows and stored files), temp files left by an
 * interrupted process, and the record of uploads older than the per-hour window. Returns how
 * many pending uploads were removed.
 */
export async function cleanStaleUploads(deps: Pick<AppDeps, 'db' | 'storage' | 'config' | 'log'>, now = Date.now()): Promise<number> {
  const paths = await deps.db.transaction().execute(async (trx) => {
    const stale = await deleteStalePendingUploads(trx, new Date(now - PENDING_UPLOAD_TTL_MS));
    await queueDeletions(trx, stale);
    return stale;
  });
  await removeNow(deps, paths);
  await deleteOldUploadEvents(deps.db, new Date(now - UPLOAD_RATE_WINDOW_MS));
  const tmpDir = path.join(deps.config.dataDir, 'tmp');
  const entries = await fsp.readdir(tmpDir).catch(() => [] as string[]);
  for (const name of entries) {
    if (!name.endsWith('.upload')) continue;
    const file = path.join(tmpDir, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat && now - stat.mtimeMs > ABANDONED_TEMP_FILE_MS) await fsp.rm(file, { force: true });
  }
  return paths.length;
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
