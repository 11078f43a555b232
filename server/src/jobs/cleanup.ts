// Periodic cleanups: expired sessions and second-step challenges; pending uploads never attached
// to a record within a day (rows and stored files) and temp files of interrupted uploads.
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../deps';
import { deleteExpiredChallenges } from '../repositories/factors';
import { deleteExpiredSessions } from '../repositories/sessions';
import { deleteStalePendingUploads } from '../repositories/uploads';

/** Pending uploads not attached to a record within this time are removed. */
export const PENDING_UPLOAD_TTL_MS = 24 * 3600 * 1000;
/** An upload in progress writes its temp file continuously; one untouched this long was abandoned. */
const ABANDONED_TEMP_FILE_MS = 3600 * 1000;

/** Removes expired sessions and challenges. */
export async function cleanExpiredSessions(deps: Pick<AppDeps, 'db'>): Promise<void> {
  await deleteExpiredSessions(deps.db);
  await deleteExpiredChallenges(deps.db);
}

/**
 * Removes pending uploads older than a day (rows and stored files) and temp files left by an
 * interrupted process. Returns how many pending uploads were removed.
 */
export async function cleanStaleUploads(deps: Pick<AppDeps, 'db' | 'storage' | 'config'>, now = Date.now()): Promise<number> {
  const paths = await deleteStalePendingUploads(deps.db, new Date(now - PENDING_UPLOAD_TTL_MS));
  for (const key of paths) await deps.storage.delete(key);
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
