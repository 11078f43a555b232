// Removing stored files after their records are gone. The keys are queued in the transaction
// that deletes the records; then each is removed at once, and a key the storage refuses stays
// queued and is tried again by the clean-up job, with a growing pause (1 minute doubling up to 6
// hours), so a storage outage never leaves files behind for good.
import type { Db } from '../db/types';
import type { Log } from '../log';
import * as deletions from '../repositories/storage-deletions';
import type { Storage } from './storage';

/** What removing needs: the database, the storage and the log (a Pick of AppDeps). */
type DeletionDeps = { db: Db; storage: Storage; log: Log };

const MINUTE = 60 * 1000;
const MAX_PAUSE = 6 * 60 * MINUTE;

export { queueDeletions } from '../repositories/storage-deletions';

/** The pause before try number `attempts + 1`. */
function retryPause(attempts: number): number {
  return Math.min(MAX_PAUSE, MINUTE * 2 ** Math.min(attempts, 20));
}

/** Removes `keys` (already queued) from storage now; a failure stays queued for the job. How many were removed. */
async function removeQueued(deps: DeletionDeps, keys: readonly { key: string; attempts: number }[]): Promise<number> {
  let removed = 0;
  for (const { key, attempts } of keys) {
    try {
      await deps.storage.delete(key);
      await deletions.deletionDone(deps.db, key);
      removed++;
    } catch (err) {
      deps.log.warn({ err, key, attempts: attempts + 1 }, 'removing a stored file failed; it will be tried again');
      const message = err instanceof Error ? err.message : String(err);
      await deletions.deletionFailed(deps.db, key, message, new Date(Date.now() + retryPause(attempts))).catch(() => undefined);
    }
  }
  return removed;
}

/** Removes the just-queued `keys` now (their records are committed as gone). */
export function removeNow(deps: DeletionDeps, keys: readonly (string | null | undefined)[]): Promise<number> {
  return removeQueued(
    deps,
    keys.filter((k): k is string => Boolean(k)).map((key) => ({ key, attempts: 0 })),
  );
}

/** The job: every queued key whose time has come; how many were removed. */
export async function removeDueDeletions(deps: DeletionDeps, batch = 200): Promise<number> {
  return removeQueued(deps, await deletions.dueDeletions(deps.db, batch));
}
