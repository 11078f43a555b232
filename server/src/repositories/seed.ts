// SQL of the demo seed: the emptiness check under a lock, demo users, ratings and rating tags.
import { sql, type Transaction } from 'kysely';
import type { Db, DB, NewUser } from '../db/types';

/** Serialises seeders (two app instances starting at once) until the transaction ends. */
export async function lockSeed(trx: Transaction<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('tonieshelf:seed-demo'))`.execute(trx);
}

export async function hasAnyTonie(db: Db): Promise<boolean> {
  const row = await db.selectFrom('tonies').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

type SeedUser = Pick<NewUser, 'email' | 'username' | 'first_name' | 'last_name' | 'password_hash'>;

/**
 * Inserts the users that do not exist yet (a clash on email or username leaves the existing
 * account alone) and returns lower(email) -> id for every given email that now exists.
 */
export async function insertSeedUsers(db: Db, users: readonly SeedUser[]): Promise<Map<string, string>> {
  if (users.length === 0) return new Map();
  await db
    .insertInto('users')
    .values(users.map((u) => ({ ...u })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const rows = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where(
      sql<string>`lower(email)`,
      'in',
      users.map((u) => u.email.toLowerCase()),
    )
    .execute();
  return new Map(rows.map((r) => [r.email.toLowerCase(), r.id]));
}

export interface SeedRating {
  tonie_id: number;
  user_id: string;
  rating: number;
  review: string | null;
  created_at: Date;
  tagIds: number[];
}

/** Inserts ratings (the trigger keeps tonies' aggregates) and their tags; returns how many. */
export async function insertSeedRatings(db: Db, ratings: readonly SeedRating[]): Promise<number> {
  if (ratings.length === 0) return 0;
  const inserted = await db
    .insertInto('ratings')
    .values(
      ratings.map((r) => ({
        tonie_id: r.tonie_id,
        user_id: r.user_id,
        rating: r.rating,
        review: r.review,
        created_at: r.created_at,
        updated_at: r.created_at,
      })),
    )
    .onConflict((oc) => oc.constraint('ratings_one_per_user').doNothing())
    .returning(['id', 'tonie_id', 'user_id'])
    .execute();
  const key = (tonieId: number, userId: string | null) => `${tonieId}:${userId}`;
  const idOf = new Map(inserted.map((r) => [key(r.tonie_id, r.user_id), r.id]));
  const links: { rating_id: number; tag_id: number }[] = [];
  for (const r of ratings) {
    const ratingId = idOf.get(key(r.tonie_id, r.user_id));
    if (ratingId === undefined) continue;
    for (const tagId of new Set(r.tagIds)) links.push({ rating_id: ratingId, tag_id: tagId });
  }
  if (links.length > 0) await db.insertInto('rating_tags').values(links).execute();
  return inserted.length;
}
