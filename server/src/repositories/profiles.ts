// Public profiles: the user behind /u/{username} (by lower(username), users_username_lower_key),
// the counts of their shelves, and their profile settings (which shelves the profile shows,
// whether it lists their reviews). Reviews, audio and sets come from their own repositories.
import type { ShelfName } from '@tonieshelf/shared/values/shelf';
import { sql } from 'kysely';
import type { Db } from '../db/types';

/** The user with this username (any case), with what a profile shows and whether they are suspended; undefined when none. */
export function findProfileUser(db: Db, username: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name', 'last_name', 'created_at', 'suspended_until', 'profile_shelves', 'profile_reviews_hidden'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** How many Tonies each of the user's shelves holds (one query over the user's rows). */
export async function shelfCounts(db: Db, userId: string): Promise<Record<ShelfName, number>> {
  const row = await db
    .selectFrom('shelf_items')
    .select([
      sql<number>`count(*) filter (where status = 'own')`.as('own'),
      sql<number>`count(*) filter (where status = 'wishlist')`.as('wishlist'),
      sql<number>`count(*) filter (where favourite)`.as('favourites'),
    ])
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return { own: Number(row.own), wishlist: Number(row.wishlist), favourites: Number(row.favourites) };
}

/** The user's profile settings as stored. */
export function findProfileSettings(db: Db, userId: string) {
  return db.selectFrom('users').select(['profile_shelves', 'profile_reviews_hidden']).where('id', '=', userId).executeTakeFirst();
}

/** Changes the given settings (a field left out stays); the settings as they are now, undefined when the user is gone. */
export function updateProfileSettings(db: Db, userId: string, changes: { profile_shelves?: ShelfName[]; profile_reviews_hidden?: boolean }) {
  return db
    .updateTable('users')
    .set({ ...changes, updated_at: sql<Date>`now()` })
    .where('id', '=', userId)
    .returning(['profile_shelves', 'profile_reviews_hidden'])
    .executeTakeFirst();
}
