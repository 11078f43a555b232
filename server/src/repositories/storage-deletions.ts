// Stored objects whose records are gone, waiting to be removed from storage (retried until the
// storage answers). Queued in the transaction that deletes the records, so none is forgotten.
import type { Db } from '../db/types';

export async function queueDeletions(db: Db, keys: readonly string[]): Promise<void> {
  if (!keys.length) return;
  await db
    .insertInto('storage_deletions')
    .values(keys.map((key) => ({ key })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** Keys due for another try, oldest first. */
export async function dueDeletions(db: Db, limit: number, now = new Date()): Promise<{ key: string; attempts: number }[]> {
  return db.selectFrom('storage_deletions').select(['key', 'attempts']).where('next_attempt_at', '<=', now).orderBy('next_attempt_at').limit(limit).execute();
}

export async function deletionDone(db: Db, key: string): Promise<void> {
  await db.deleteFrom('storage_deletions').where('key', '=', key).execute();
}

export async function deletionFailed(db: Db, key: string, error: string, nextAttemptAt: Date): Promise<void> {
  await db
    .updateTable('storage_deletions')
    .set((eb) => ({ attempts: eb('attempts', '+', 1), last_error: error.slice(0, 500), next_attempt_at: nextAttemptAt }))
    .where('key', '=', key)
    .execute();
}
