// What audio files and sets share as publishable items, written once for both: the stamps of a
// change (updated_at; published_at the first time an item is published), their audio tags
// (a link table per kind), and likes (one row per item and user; the count is kept by trigger).
// Each kind's link tables name the item by the same column (audio_file_id, set_id).
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/types';
import { ensureTagIds } from './query-helpers';

const PUBLISHABLE = {
  audio_files: { tagLinks: 'audio_file_tags', likes: 'audio_likes', key: 'audio_file_id' },
  sets: { tagLinks: 'set_tags', likes: 'set_likes', key: 'set_id' },
} as const;

/** The tables of publishable items. */
export type Publishable = keyof typeof PUBLISHABLE;

/** published_at of an item being published: the first time's, kept when it is published again. */
export function firstPublishedAt(): RawBuilder<Date> {
  return sql<Date>`coalesce(published_at, now())`;
}

/** A change's columns with its stamps: updated_at now; with `publish`, published_at the first time. */
export function withStamps<C extends { publish?: boolean }>(changes: C) {
  const { publish, ...columns } = changes;
  return { ...columns, updated_at: sql<Date>`now()`, ...(publish ? { published_at: firstPublishedAt() } : {}) };
}

/** Makes the item's tags exactly these names (audio tags, created when new). */
export async function replaceTags(db: Db, kind: Publishable, id: number, names: readonly string[]): Promise<void> {
  const { tagLinks, key } = PUBLISHABLE[kind];
  const tagIds = sql.val([...(await ensureTagIds(db, kind, names))]);
  await sql`delete from ${sql.table(tagLinks)} where ${sql.ref(key)} = ${id} and tag_id <> all(${tagIds}::int[])`.execute(db);
  await sql`insert into ${sql.table(tagLinks)} (${sql.ref(key)}, tag_id) select ${id}, unnest(${tagIds}::int[]) on conflict do nothing`.execute(db);
}

/** SQL: whether `viewerId` liked the item `<alias>.id` (false for anonymous viewers). */
export function likedBy(kind: Publishable, alias: string, viewerId: string | null): RawBuilder<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  const { likes, key } = PUBLISHABLE[kind];
  return sql<boolean>`exists (select 1 from ${sql.table(likes)} l where ${sql.ref(`l.${key}`)} = ${sql.ref(`${alias}.id`)} and l.user_id = ${viewerId})`;
}

/** Adds the user's like unless it exists; true when added. */
export async function addLike(db: Db, kind: Publishable, id: number, userId: string): Promise<boolean> {
  const { likes, key } = PUBLISHABLE[kind];
  const { rows } = await sql`insert into ${sql.table(likes)} (${sql.ref(key)}, user_id) values (${id}, ${userId}) on conflict do nothing returning 1`.execute(db);
  return rows.length > 0;
}

/** Removes the user's like; true when there was one. */
export async function removeLike(db: Db, kind: Publishable, id: number, userId: string): Promise<boolean> {
  const { likes, key } = PUBLISHABLE[kind];
  const { rows } = await sql`delete from ${sql.table(likes)} where ${sql.ref(key)} = ${id} and user_id = ${userId} returning 1`.execute(db);
  return rows.length > 0;
}
