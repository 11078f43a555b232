import { sql, type Kysely, type Transaction } from 'kysely';
import type { DB } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;

/** Names of the catalogue tags that at least one Tonie carries, A to Z. */
export async function listTonieTagNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('tags')
    .select('tags.name')
    .where(({ exists, selectFrom }) =>
      exists(selectFrom('tonie_tags').select('tonie_tags.tag_id').whereRef('tonie_tags.tag_id', '=', 'tags.id')),
    )
    .orderBy('tags.name')
    .execute();
  return rows.map((r) => r.name);
}

/**
 * Ids of these tag names in a tag table (catalogue `tags` or `audio_tags`, which have the same
 * shape), creating the missing ones; names are compared case-insensitively, so an existing
 * spelling wins.
 */
export async function ensureTagIds(db: Db, names: readonly string[], table: 'tags' | 'audio_tags' = 'tags'): Promise<number[]> {
  if (names.length === 0) return [];
  const t = table as 'tags';
  await db
    .insertInto(t)
    .values(names.map((name) => ({ name })))
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  const rows = await db
    .selectFrom(t)
    .select('id')
    .where(
      sql<string>`lower(name)`,
      'in',
      names.map((n) => n.toLowerCase()),
    )
    .execute();
  return rows.map((r) => r.id);
}
