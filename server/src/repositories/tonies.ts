// Catalogue reads: the filtered, sorted, paged list; one Tonie; quick search; categories.
// Every list shape is served by an index (see migrations/0001_init.sql); unfiltered and
// category-only totals come from tonie_category_counts instead of counting rows.
import { sql, type Kysely, type SelectQueryBuilder, type Transaction } from 'kysely';
import type { TonieListQuery } from '@tonieshelf/shared/schemas/tonie';
import type { DB, Tonie } from '../db/types';

type Db = Kysely<DB> | Transaction<DB>;

export interface CategoryCount {
  category: string;
  count: number;
}

/** Every category with how many Tonies it holds, largest first. */
export async function listCategories(db: Db): Promise<CategoryCount[]> {
  const rows = await db
    .selectFrom('tonie_category_counts')
    .select(['category', 'tonie_count as count'])
    .where('tonie_count', '>', 0)
    .orderBy('tonie_count', 'desc')
    .orderBy('category')
    .execute();
  return rows;
}

export async function countTonies(db: Db, category?: string): Promise<number> {
  let q = db.selectFrom('tonie_category_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tonie_count'), sql<number>`0`).as('n'));
  if (category !== undefined) q = q.where('category', '=', category);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
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

/** Ids of the tags with these names (case-insensitive); null when any name is unknown. */
export async function findTagIds(db: Db, names: readonly string[]): Promise<number[] | null> {
  if (names.length === 0) return [];
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where(sql<string>`lower(name)`, 'in', lower)
    .execute();
  return rows.length === lower.length ? rows.map((r) => r.id) : null;
}

export type TonieWithTags = Tonie & { tag_names: string[] };

export interface TonieListResult {
  rows: TonieWithTags[];
  total: number;
}

type OrderTarget = SelectQueryBuilder<DB, any, any>;

/** The sort of SPEC §2 (each matches an index); `t` is the table or subquery alias. */
function applySort<Q extends OrderTarget>(q: Q, sort: TonieListQuery['sort'], t: 'tonies' | 'p'): Q {
  const col = (c: string) => sql.ref(`${t}.${c}`);
  switch (sort) {
    case 'highest':
      return q
        .orderBy(col('rating_avg'), (ob) => ob.desc().nullsLast())
        .orderBy(col('rating_count'), 'desc')
        .orderBy(col('name'))
        .orderBy(col('id')) as Q;
    case 'lowest':
      return q
        .orderBy(col('rating_avg'), (ob) => ob.asc().nullsLast())
        .orderBy(col('rating_count'), 'desc')
        .orderBy(col('name'))
        .orderBy(col('id')) as Q;
    case 'az':
      return q.orderBy(col('name')).orderBy(col('id')) as Q;
    default:
      return q.orderBy(col('id'), 'desc') as Q;
  }
}

/** A Tonie's tag names, A to Z, as a correlated subquery on `ref` (the Tonie id). */
function tagNamesOf(ref: 'p.id' | 'tonies.id') {
  return sql<string[]>`coalesce((
    select array_agg(tags.name order by tags.name)
      from tonie_tags join tags on tags.id = tonie_tags.tag_id
     where tonie_tags.tonie_id = ${sql.ref(ref)}), '{}'::text[])`;
}

/**
 * One page of the catalogue: text search over name, series and description (every word must
 * match), tag filter (Tonies having ALL tags), category, and a sort over the whole filtered set.
 * The page (with each Tonie's tags) and the total are two statements run side by side.
 */
export async function listTonies(db: Db, query: TonieListQuery): Promise<TonieListResult> {
  const terms = searchTerms(query.search);
  const tagIds = await findTagIds(db, query.tags ?? []);
  if (tagIds === null) return { rows: [], total: 0 };

  let base = db.selectFrom('tonies') as SelectQueryBuilder<DB, 'tonies', object>;
  if (query.category) base = base.where('tonies.category', '=', query.category);
  for (const term of terms) base = base.where('tonies.search_text', 'like', `%${escapeLike(term)}%`);
  if (tagIds.length > 0) {
    base = base.where('tonies.id', 'in', (eb) =>
      eb
        .selectFrom('tonie_tags')
        .select('tonie_tags.tonie_id')
        .where('tonie_tags.tag_id', 'in', tagIds)
        .groupBy('tonie_tags.tonie_id')
        .having((h) => h.fn.countAll(), '=', tagIds.length),
    );
  }

  // The page is chosen first; tags are looked up for its rows only (not for skipped ones).
  const pageIds = applySort(base.selectAll('tonies'), query.sort, 'tonies')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const rowsPromise = applySort(
    db.selectFrom(pageIds.as('p')).selectAll('p').select(tagNamesOf('p.id').as('tag_names')),
    query.sort,
    'p',
  ).execute() as Promise<TonieWithTags[]>;
  const filtered = terms.length > 0 || tagIds.length > 0;
  const totalPromise = filtered
    ? base
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n))
    : countTonies(db, query.category);
  const [rows, total] = await Promise.all([rowsPromise, totalPromise]);
  return { rows, total };
}

/** A Tonie with its tag names. */
export function findTonieWithTags(db: Db, id: number): Promise<TonieWithTags | undefined> {
  return db
    .selectFrom('tonies')
    .selectAll('tonies')
    .select(tagNamesOf('tonies.id').as('tag_names'))
    .where('tonies.id', '=', id)
    .executeTakeFirst() as Promise<TonieWithTags | undefined>;
}

export function findTonieById(db: Db, id: number): Promise<Tonie | undefined> {
  return db.selectFrom('tonies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Tonies whose name contains the text; names starting with it first. */
export function quickSearch(db: Db, q: string, limit: number) {
  const lower = q.toLowerCase();
  const escaped = escapeLike(lower);
  return db
    .selectFrom('tonies')
    .select(['id', 'name', 'image', 'category'])
    .where(sql<string>`lower(name)`, 'like', `%${escaped}%`)
    .orderBy(sql`lower(name) like ${`${escaped}%`}`, 'desc')
    .orderBy('name')
    .orderBy('id')
    .limit(limit)
    .execute();
}
