// Query pieces shared by the catalogue and the audio repositories: search words, the "has ALL
// these tags" filter (by name, in the statement itself), a row's tag names, tag-id lookup and
// creation, sorts as data, and the moderators' decision that hides a row. Both tagged domains have the same shape (a tag table
// and a link table), named once in TAGGING.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { Db, DB } from '../db/types';

/** The tagged tables: Tonies and reviews carry catalogue tags, audio files and sets carry audio tags. */
const TAGGING = {
  tonies: { tags: 'tags', links: 'tonie_tags', owner: 'tonie_id' },
  audio_files: { tags: 'audio_tags', links: 'audio_file_tags', owner: 'audio_file_id' },
  // A review's tags are catalogue tags.
  ratings: { tags: 'tags', links: 'rating_tags', owner: 'rating_id' },
  // A set's tags are audio tags.
  sets: { tags: 'audio_tags', links: 'set_tags', owner: 'set_id' },
} as const;
type Tagged = keyof typeof TAGGING;

/** `column = anyOf(ids)`: one of these integer ids, sent as one array parameter (not a list of placeholders). */
export function anyOf(ids: readonly number[]): RawBuilder<number> {
  return sql<number>`any(${sql.val([...ids])}::int[])`;
}

/** Escapes LIKE's wildcards so user text matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Search words: lower-cased, at most 8, each matched as a substring (all must match). */
export function searchTerms(search: string | undefined): string[] {
  if (!search) return [];
  return [...new Set(search.toLowerCase().split(/\s+/).filter(Boolean))].slice(0, 8);
}

/** Every word appears in the table's lower-cased search_text (a trigram index serves it). */
export function matchesAllTerms<TB extends Tagged>(eb: ExpressionBuilder<DB, TB>, table: TB, terms: readonly string[]): Expression<SqlBool> {
  const column = sql.ref(`${table}.search_text`);
  return eb.and(terms.map((term) => eb(column, 'like', `%${escapeLike(term)}%`)));
}

/** Tag names as the tag filters compare them: lower-cased, each once. */
export function lowerTagNames(names: readonly string[] | undefined): string[] {
  return [...new Set((names ?? []).map((n) => n.toLowerCase()))];
}

/**
 * The row (`table`.id) carries ALL the tags of these lower-cased, distinct names (compared
 * case-insensitively); a name no tag has matches nothing, so then no row does. The names are
 * looked up in the same statement (no round trip of their own).
 */
export function hasAllTagNames<TB extends Tagged>(eb: ExpressionBuilder<DB, TB>, table: TB, lowerNames: readonly string[]): Expression<SqlBool> {
  const { tags, links, owner } = TAGGING[table];
  const owners = sql`(select ${sql.ref(owner)} from ${sql.table(links)}
    where tag_id in (select id from ${sql.table(tags)} where lower(name) in (${sql.join(lowerNames)}))
    group by ${sql.ref(owner)} having count(*) = ${lowerNames.length})`;
  return eb(sql.ref(`${table}.id`), 'in', owners);
}

/**
 * Tag names of the row whose id is `id` (a column reference such as 'p.id'), A to Z, each tag
 * read by its primary key. (`offset 0` keeps the lookup a subquery: as a join, the planner may
 * hash the whole tag table for every row, 0.05 ms a row with 500 tags: more than half of a
 * Discover page's time.)
 */
export function tagNamesOf(table: Tagged, id: string): RawBuilder<string[]> {
  const { tags, links, owner } = TAGGING[table];
  // Aliases no caller's `id` reference uses, so it always names the outer row.
  return sql<string[]>`coalesce((
    select array_agg(tag_row.name order by tag_row.name)
      from ${sql.table(links)} tag_link
     cross join lateral (select ${sql.ref(`${tags}.name`)} from ${sql.table(tags)} where ${sql.ref(`${tags}.id`)} = tag_link.tag_id offset 0) tag_row
     where ${sql.ref(`tag_link.${owner}`)} = ${sql.ref(id)}), '{}'::text[])`;
}

/** Ids of the tags with these names (case-insensitive); null when any name is unknown. */
export async function findTagIds(db: Db, table: Tagged, names: readonly string[]): Promise<number[] | null> {
  if (names.length === 0) return [];
  const lower = lowerTagNames(names);
  const rows = await db.selectFrom(TAGGING[table].tags).select('id').where(sql<string>`lower(name)`, 'in', lower).execute();
  return rows.length === lower.length ? rows.map((r) => r.id) : null;
}

/**
 * Ids of these tag names, creating the missing ones; names are compared case-insensitively, so
 * an existing spelling wins.
 */
export async function ensureTagIds(db: Db, table: Tagged, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  const tags = TAGGING[table].tags;
  await db
    .insertInto(tags)
    .values(names.map((name) => ({ name })))
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  const found = await findTagIds(db, table, names);
  return found ?? [];
}

/** One key of a sort: a column of the sorted rows, optionally lower-cased, with its direction. */
export interface SortKey {
  column: string;
  desc?: boolean;
  nullsLast?: boolean;
  lower?: boolean;
  /** Byte order (COLLATE "C"), for sort-key columns whose index is built that way. */
  bytes?: boolean;
}

/** What a sort key orders by: its column of `alias`, lower-cased or in byte order if it says so. */
function sortKeyExpression(alias: string, key: SortKey): RawBuilder<unknown> {
  const ref = sql.ref(`${alias}.${key.column}`);
  return key.lower ? sql`lower(${ref})` : key.bytes ? sql`${ref} collate "C"` : sql`${ref}`;
}

/** Orders `q` by `keys`, the columns taken from `alias` (the table or a page subquery). */
export function orderByKeys<D, TB extends keyof D, O>(q: SelectQueryBuilder<D, TB, O>, alias: string, keys: readonly SortKey[]): SelectQueryBuilder<D, TB, O> {
  return keys.reduce(
    (acc, key) =>
      acc.orderBy(sortKeyExpression(alias, key), (ob) => {
        const ordered = key.desc ? ob.desc() : ob.asc();
        return key.nullsLast ? ordered.nullsLast() : ordered;
      }),
    q,
  );
}

/**
 * The decision that hid the audio file, review or set `<alias>` (its newest 'hide'), else, while its
 * owner is suspended, the owner's newest suspension; null when it is not hidden.
 */
export function hidingDecisionOf(targetType: 'audio' | 'review' | 'set', alias: string): RawBuilder<number | null> {
  const ref = (c: string) => sql.ref(`${alias}.${c}`);
  return sql<number | null>`case
    when ${ref('hidden_at')} is not null then (
      select ma.id from moderation_actions ma
       where ma.target_type = ${sql.lit(targetType)} and ma.action = 'hide' and ma.target_id = cast(${ref('id')} as text)
       order by ma.created_at desc, ma.id desc limit 1)
    when ${ref('owner_suspended')} then (
      select ma.id from moderation_actions ma
       where ma.target_type = 'user' and ma.action = 'suspend' and ma.target_id = cast(${ref('user_id')} as text)
       order by ma.created_at desc, ma.id desc limit 1)
    else null end`;
}
