// What the site holds about one account, for "Download my data", and the stored files that go
// when the account is deleted.
import { sql } from 'kysely';
import type { Db } from '../db/types';

export function ratingsOfUser(db: Db, userId: string) {
  return db
    .selectFrom('ratings')
    .innerJoin('tonies', 'tonies.id', 'ratings.tonie_id')
    .select(['ratings.tonie_id', 'tonies.name as tonie_name', 'ratings.rating', 'ratings.review', 'ratings.created_at', 'ratings.edited_at'])
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('rating_tags')
            .innerJoin('tags', 'tags.id', 'rating_tags.tag_id')
            .select(sql<string[]>`array_agg(tags.name order by tags.name)`.as('names'))
            .whereRef('rating_tags.rating_id', '=', 'ratings.id'),
          sql<string[]>`'{}'::text[]`,
        )
        .as('tags'),
    )
    .where('ratings.user_id', '=', userId)
    .orderBy('ratings.created_at')
    .orderBy('ratings.id')
    .execute();
}

export function audioOfUser(db: Db, userId: string) {
  return db
    .selectFrom('audio_files')
    .select([
      'id',
      'title',
      'description',
      'script_text',
      'status',
      'file_path',
      'file_name',
      'file_size',
      'mime_type',
      'duration',
      'cover_path',
      'like_count',
      'download_count',
      'created_at',
      'published_at',
    ])
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('audio_file_tags')
            .innerJoin('audio_tags', 'audio_tags.id', 'audio_file_tags.tag_id')
            .select(sql<string[]>`array_agg(audio_tags.name order by audio_tags.name)`.as('names'))
            .whereRef('audio_file_tags.audio_file_id', '=', 'audio_files.id'),
          sql<string[]>`'{}'::text[]`,
        )
        .as('tags'),
    )
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export function likesOfUser(db: Db, userId: string) {
  return db
    .selectFrom('audio_likes')
    .innerJoin('audio_files', 'audio_files.id', 'audio_likes.audio_file_id')
    .select(['audio_files.id', 'audio_files.title', 'audio_likes.created_at'])
    .where('audio_likes.user_id', '=', userId)
    .orderBy('audio_likes.created_at')
    .execute();
}

/** Every stored object of the user: their files' audio and covers, and uploads not yet attached. */
export async function storedKeysOfUser(db: Db, userId: string): Promise<string[]> {
  const files = await db.selectFrom('audio_files').select(['file_path', 'cover_path']).where('user_id', '=', userId).execute();
  const pending = await db.selectFrom('pending_uploads').select('file_path').where('user_id', '=', userId).execute();
  return [...files.flatMap((f) => [f.file_path, f.cover_path]), ...pending.map((p) => p.file_path)].filter((k): k is string => Boolean(k));
}

/** The user's reviews stay, without an author ('Anonymous'). */
export async function anonymiseRatings(db: Db, userId: string): Promise<number> {
  const result = await db.updateTable('ratings').set({ user_id: null }).where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
