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

export interface TonieListResult {
  rows: Tonie[];
  total: number;
}

/**
 * One page of the catalogue: text search over name, series and description (every word must
 * match), tag filter (Tonies having ALL tags), category, and a sort over the whole filtered set.
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

  let page = base.selectAll('tonies');
  switch (query.sort) {
    case 'highest':
      page = page
        .orderBy('tonies.rating_avg', (ob) => ob.desc().nullsLast())
        .orderBy('tonies.rating_count', 'desc')
        .orderBy('tonies.name')
        .orderBy('tonies.id');
      break;
    case 'lowest':
      page = page
        .orderBy('tonies.rating_avg', (ob) => ob.asc().nullsLast())
        .orderBy('tonies.rating_count', 'desc')
        .orderBy('tonies.name')
        .orderBy('tonies.id');
      break;
    case 'az':
      page = page.orderBy('tonies.name').orderBy('tonies.id');
      break;
    default:
      page = page.orderBy('tonies.id', 'desc');
  }
  const rowsPromise = page
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
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

export function findTonieById(db: Db, id: number): Promise<Tonie | undefined> {
  return db.selectFrom('tonies').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Tag names per Tonie, A to Z. */
export async function tagsForTonies(db: Db, tonieIds: readonly number[]): Promise<Map<number, string[]>> {
  const result = new Map<number, string[]>(tonieIds.map((id) => [id, []]));
  if (tonieIds.length === 0) return result;
  const rows = await db
    .selectFrom('tonie_tags')
    .innerJoin('tags', 'tags.id', 'tonie_tags.tag_id')
    .select(['tonie_tags.tonie_id', 'tags.name'])
    .where('tonie_tags.tonie_id', 'in', [...tonieIds])
    .orderBy('tags.name')
    .execute();
  for (const row of rows) result.get(row.tonie_id)?.push(row.name);
  return result;
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
