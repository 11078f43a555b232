// What the site holds about one account for "Download my data" (with the ratings and audio
// repositories' own queries), and the stored files that go when the account is deleted.
import { SHELVES, type ShelfName } from '@tonieshelf/shared/values/shelf';
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

/**
 * The Tonies on the user's shelves, one row per shelf a Tonie is on (own or wishlist, and
 * favourites), with the Tonie's name and article and when it went onto that shelf; by shelf
 * (SHELVES order), newest added first.
 */
export async function shelvesOfUser(db: Db, userId: string) {
  const rows = await db
    .selectFrom('shelf_items')
    .innerJoin('tonies', 'tonies.id', 'shelf_items.tonie_id')
    .select(['shelf_items.tonie_id', 'tonies.name', 'tonies.article', 'shelf_items.status', 'shelf_items.status_at', 'shelf_items.favourite_at'])
    .where('shelf_items.user_id', '=', userId)
    .execute();
  const entries = rows.flatMap((r) => [
    ...(r.status && r.status_at ? [{ shelf: r.status, tonieId: r.tonie_id, tonieName: r.name, article: r.article, addedAt: r.status_at }] : []),
    ...(r.favourite_at ? [{ shelf: 'favourites' as ShelfName, tonieId: r.tonie_id, tonieName: r.name, article: r.article, addedAt: r.favourite_at }] : []),
  ]);
  return entries.sort((a, b) => SHELVES.indexOf(a.shelf) - SHELVES.indexOf(b.shelf) || b.addedAt.getTime() - a.addedAt.getTime() || a.tonieId - b.tonieId);
}

/** The user's shelves shared by link (shelf, token, since), SHELVES order. */
export async function sharesOfUser(db: Db, userId: string) {
  const rows = await db.selectFrom('shelf_shares').select(['shelf', 'token', 'created_at']).where('user_id', '=', userId).execute();
  return rows.sort((a, b) => SHELVES.indexOf(a.shelf) - SHELVES.indexOf(b.shelf));
}

/** The reviews the user marked helpful, with the Tonie, oldest mark first. */
export function helpfulVotesOfUser(db: Db, userId: string) {
  return db
    .selectFrom('review_votes')
    .innerJoin('ratings', 'ratings.id', 'review_votes.rating_id')
    .innerJoin('tonies', 'tonies.id', 'ratings.tonie_id')
    .select(['review_votes.rating_id', 'ratings.tonie_id', 'tonies.name as tonie_name', 'review_votes.created_at'])
    .where('review_votes.user_id', '=', userId)
    .orderBy('review_votes.created_at')
    .orderBy('review_votes.rating_id')
    .execute();
}
