// Uploaded files waiting to be attached to an audio file record.
import type { Db, NewPendingUpload } from '../db/types';

export function insertPendingUpload(db: Db, row: NewPendingUpload) {
  return db.insertInto('pending_uploads').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Takes the user's pending upload of that kind at that path (once): the row is deleted and returned. */
export function claimPendingUpload(db: Db, userId: string, kind: 'audio' | 'cover', filePath: string) {
  return db.deleteFrom('pending_uploads').where('user_id', '=', userId).where('kind', '=', kind).where('file_path', '=', filePath).returningAll().executeTakeFirst();
}

/** Removes pending uploads older than `before`, returning their storage paths to delete. */
export async function deleteStalePendingUploads(db: Db, before: Date): Promise<string[]> {
  const rows = await db.deleteFrom('pending_uploads').where('created_at', '<', before).returning('file_path').execute();
  return rows.map((r) => r.file_path);
}

/** What a user keeps and has uploaded lately, for the upload quotas (one round trip). */
export async function uploadUsage(db: Db, userId: string, since: Date) {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .selectFrom('audio_files')
        .where('user_id', '=', userId)
        .select((s) => s.fn.coalesce(s.fn.sum<number>('file_size'), s.lit(0)).as('n'))
        .as('stored_bytes'),
      eb
        .selectFrom('pending_uploads')
        .where('user_id', '=', userId)
        .select((s) => s.fn.coalesce(s.fn.sum<number>('file_size'), s.lit(0)).as('n'))
        .as('pending_bytes'),
      eb
        .selectFrom('upload_events')
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .select((s) => s.fn.countAll<number>().as('n'))
        .as('recent_uploads'),
      eb
        .selectFrom('upload_events')
        .where('user_id', '=', userId)
        .where('created_at', '>', since)
        .select((s) => s.fn.min('created_at').as('t'))
        .as('oldest_recent'),
    ])
    .executeTakeFirstOrThrow();
  return {
    storedBytes: Number(row.stored_bytes ?? 0),
    pendingBytes: Number(row.pending_bytes ?? 0),
    recentUploads: Number(row.recent_uploads ?? 0),
    oldestRecent: row.oldest_recent ? new Date(row.oldest_recent) : null,
  };
}

/**
 * Takes the user's row lock: one upload of a user is checked against the quotas and recorded at
 * a time. A statement of its own: on PostgreSQL a statement sees what was committed when it
 * started, so the usage must be read by a statement after the lock was granted.
 */
export async function lockUploader(db: Db, userId: string): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** Records a stored upload: its pending row and, in the same statement, its upload record (per-hour limit). */
export async function insertPendingUploadAndEvent(db: Db, row: NewPendingUpload): Promise<void> {
  await db
    .with('pending', (w) => w.insertInto('pending_uploads').values(row).returning(['user_id', 'file_size']))
    .insertInto('upload_events')
    .columns(['user_id', 'bytes'])
    .expression((eb) => eb.selectFrom('pending').select(['pending.user_id', 'pending.file_size']))
    .execute();
}

/** Forgets accepted uploads older than `before` (the per-hour limit looks back one hour). */
export async function deleteOldUploadEvents(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('upload_events').where('created_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
