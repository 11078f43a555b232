// Uploaded files waiting to be attached to an audio file record.
import type { Db, NewPendingUpload } from '../db/types';

export function insertPendingUpload(db: Db, row: NewPendingUpload) {
  return db.insertInto('pending_uploads').values(row).returningAll().executeTakeFirstOrThrow();
}

/** Takes the user's pending upload of that kind at that path (once): the row is deleted and returned. */
export function claimPendingUpload(db: Db, userId: string, kind: 'audio' | 'cover', filePath: string) {
  return db
    .deleteFrom('pending_uploads')
    .where('user_id', '=', userId)
    .where('kind', '=', kind)
    .where('file_path', '=', filePath)
    .returningAll()
    .executeTakeFirst();
}

/** Removes pending uploads older than `before`, returning their storage paths to delete. */
export async function deleteStalePendingUploads(db: Db, before: Date): Promise<string[]> {
  const rows = await db.deleteFrom('pending_uploads').where('created_at', '<', before).returning('file_path').execute();
  return rows.map((r) => r.file_path);
}
