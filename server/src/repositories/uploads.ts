// Uploaded files waiting to be attached to an audio file record.
import type { Kysely, Transaction } from 'kysely';
import type { DB } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;

export interface NewPendingUpload {
  userId: string;
  kind: 'audio' | 'cover';
  filePath: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  duration: number | null;
}

export function insertPendingUpload(db: Db, u: NewPendingUpload) {
  return db
    .insertInto('pending_uploads')
    .values({
      user_id: u.userId,
      kind: u.kind,
      file_path: u.filePath,
      file_name: u.fileName,
      file_size: u.fileSize,
      mime_type: u.mimeType,
      duration: u.duration,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
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
