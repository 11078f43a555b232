// What the site holds about one account for "Download my data" (with the ratings and audio
// repositories' own queries), and the stored files that go when the account is deleted.
import type { Db } from '../db/types';

export function likesOfUser(db: Db, userId: string) {
  return db
    .selectFrom('audio_likes')
    .innerJoin('audio_files', 'audio_files.id', 'audio_likes.audio_file_id')
    .select(['audio_files.id', 'audio_files.title', 'audio_likes.created_at'])
    .where('audio_likes.user_id', '=', userId)
    .orderBy('audio_likes.created_at')
    .execute();
}

/** Every stored object of the user: their files' audio and covers, their sets' covers, and uploads not yet attached. */
export async function storedKeysOfUser(db: Db, userId: string): Promise<string[]> {
  const files = await db.selectFrom('audio_files').select(['file_path', 'cover_path']).where('user_id', '=', userId).execute();
  const sets = await db.selectFrom('sets').select('cover_path').where('user_id', '=', userId).where('cover_path', 'is not', null).execute();
  const pending = await db.selectFrom('pending_uploads').select('file_path').where('user_id', '=', userId).execute();
  return [...files.flatMap((f) => [f.file_path, f.cover_path]), ...sets.map((s) => s.cover_path), ...pending.map((p) => p.file_path)].filter((k): k is string => Boolean(k));
}

/** The user's reviews stay, without an author ('Anonymous'). */
export async function anonymiseRatings(db: Db, userId: string): Promise<number> {
  const result = await db.updateTable('ratings').set({ user_id: null }).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
