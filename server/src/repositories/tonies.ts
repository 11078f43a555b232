// Catalogue reads: the filtered, sorted, paged list; one Tonie; quick search; categories.
// Every list shape is served by an index (see migrations/0001_init.sql); unfiltered and
// category-only totals come from tonie_category_counts instead of counting rows.
import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { CatalogueSort, ShelfFilter } from '@tonieshelf/shared/constants';
import type { TonieListQuery } from '@tonieshelf/shared/schemas/tonie';
import type { Db, DB, Tonie } from '../db/types';
import { findTagIds, hasAllTags, orderByKeys, tagNamesOf, type SortKey } from './query-helpers';
import { shelfColumns } from './shelves';
import { matchesTonieSearch, tonieRelevance, tonieSearchWords } from './tonie-search';

interface CategoryCount {
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

async function countTonies(db: Db, category?: string): Promise<number> {
  let q = db.selectFrom('tonie_category_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tonie_count'), sql<number>`0`).as('n'));
  if (category !== undefined) q = q.where('category', '=', category);
  const row = await q.executeTakeFirstOrThrow();
  return Number(row.n);
}

type TonieWithTags = Tonie & { tag_names: string[] };

interface TonieListResult {
  rows: TonieWithTags[];
  total: number;
}

/**
 * The sorts of SPEC §2 (and ours); 'relevance' adds its rank first.
 * - newest: release date, newest first (PRODUCT.md), Tonies without one last; ties newest added.
 * - az: the name's sort key (accents folded, numbers in numeric order) byte by byte.
 * - episode (a series' page): the real catalogue numbers episodes in the name only sometimes
 *   ('Folge 12', 'Teil 2') and releases whole batches on one day, so episodes come in release
 *   order, a day's batch by the numeric-aware name key ('Folge 9' before 'Folge 10'); unknown
 *   release dates last.
 */
const TONIE_SORT_KEYS: Record<CatalogueSort, SortKey[]> = {
  newest: [{ column: 'release_date', desc: true, nullsLast: true }, { column: 'id', desc: true }],
  relevance: [{ column: 'release_date', desc: true, nullsLast: true }, { column: 'id', desc: true }],
  episode: [{ column: 'release_date', nullsLast: true }, { column: 'name_sort', bytes: true }, { column: 'id' }],
  highest: [{ column: 'rating_avg', desc: true, nullsLast: true }, { column: 'rating_count', desc: true }, { column: 'name_sort', bytes: true }, { column: 'id' }],
  lowest: [{ column: 'rating_avg', nullsLast: true }, { column: 'rating_count', desc: true }, { column: 'name_sort', bytes: true }, { column: 'id' }],
  az: [{ column: 'name_sort', bytes: true }, { column: 'id' }],
};

/** A viewer's shelf filter: Tonies on one of their shelves, or on none of them. */
interface ViewerShelf {
  userId: string;
  shelf: ShelfFilter;
}

/** Date added, newest first: only within a shelf (the page query joins the viewer's shelf rows as `si`). */
const ADDED_SORT: SortKey[] = [{ column: 'added_at', desc: true }, { column: 'id', desc: true }];

/**
 * One page of the catalogue: text search over name, series and description (every word must
 * match), tag filter (Tonies having ALL tags), category, and a sort over the whole filtered set.
 * The page (with each Tonie's tags) and the total are two statements run side by side.
 * With `viewer`, only Tonies on that viewer's shelf (joined on the shelf's rows, which also give
 * 'added', the date the Tonie went on the shelf), or, for 'none', Tonies on none of their shelves;
 * the total is then a count of the filtered rows.
 */
export async function listTonies(db: Db, query: TonieListQuery, viewer?: ViewerShelf): Promise<TonieListResult> {
  const terms = tonieSearchWords(query.search);
  const tagIds = await findTagIds(db, 'tonies', query.tags ?? []);
  if (tagIds === null) return { rows: [], total: 0 };
  const onShelf = viewer && viewer.shelf !== 'none' ? viewer.shelf : null;
  const defaultSort = onShelf ? 'added' : terms.length > 0 ? 'relevance' : query.series ? 'episode' : 'newest';
  const requested = query.sort ?? defaultSort;
  // 'added' needs a shelf (the input schema refuses it without one); without, the catalogue's default.
  const sortName = requested === 'added' && !onShelf ? 'newest' : requested;
  const sort = sortName === 'added' ? ADDED_SORT : TONIE_SORT_KEYS[sortName];

  // Within a shelf: the viewer's rows of that shelf joined as `si` (one per Tonie: the primary key).
  // The builder's type stays the catalogue's; the join's columns are read through raw references.
  const shelfCols = shelfColumns(onShelf ?? 'own');
  const from: SelectQueryBuilder<DB, 'tonies', object> = onShelf
    ? (db
        .selectFrom('tonies')
        .innerJoin('shelf_items as si', (join) => join.onRef('si.tonie_id', '=', 'tonies.id').on('si.user_id', '=', viewer!.userId).on(shelfCols.on)) as unknown as SelectQueryBuilder<
        DB,
        'tonies',
        object
      >)
    : db.selectFrom('tonies');

  const base = from.where((eb) => {
    const filters: Expression<SqlBool>[] = [];
    if (viewer?.shelf === 'none') {
      filters.push(
        eb.not(
          eb.exists(
            eb
              .selectFrom('shelf_items as none_si')
              .select(sql`1`.as('one'))
              .where('none_si.user_id', '=', viewer.userId)
              .whereRef('none_si.tonie_id', '=', 'tonies.id')
              .where((e) => e.or([e('none_si.status', 'is not', null), e('none_si.favourite', '=', true)])),
          ),
        ),
      );
    }
    if (query.category) filters.push(eb('tonies.category', '=', query.category));
    if (terms.length > 0) filters.push(matchesTonieSearch(eb, terms));
    if (query.languages?.length) {
      // A tag with its region ('de-DE') matches itself; a bare language ('de') every region of it.
      const exact = query.languages.filter((tag) => tag.includes('-'));
      const bare = query.languages.filter((tag) => !tag.includes('-'));
      filters.push(
        eb.or([
          ...(exact.length ? [eb('tonies.language', 'in', exact)] : []),
          ...bare.flatMap((tag) => [eb('tonies.language', '=', tag), eb('tonies.language', 'like', `${tag}-%`)]),
        ]),
      );
    }
    if (query.age !== undefined) filters.push(eb('tonies.age_min', '<=', query.age));
    if (query.series) filters.push(eb('tonies.series', '=', query.series));
    if (tagIds.length > 0) filters.push(hasAllTags(eb, 'tonies', tagIds));
    return eb.and(filters);
  });

  // The page is chosen first; tags are looked up for its rows only (not for skipped ones).
  // By relevance, the rank comes first (computed in the page query, ordered by again outside).
  const rank = sortName === 'relevance' && terms.length > 0 ? tonieRelevance('tonies', terms) : null;
  const selected = base
    .selectAll('tonies')
    .select((rank ?? sql<number>`0::int`).as('search_rank'))
    .$if(onShelf !== null, (q) => q.select(shelfCols.addedAt.as('added_at')));
  const ordered =
    sortName === 'added'
      ? selected.orderBy(shelfCols.addedAt, 'desc').orderBy('tonies.id', 'desc')
      : orderByKeys(rank ? selected.orderBy(rank) : selected, 'tonies', sort);
  const pageRows = ordered.limit(query.pageSize).offset((query.page - 1) * query.pageSize);
  const rowsPromise = orderByKeys(
    db.selectFrom(pageRows.as('p')).selectAll('p').select(tagNamesOf('tonies', 'p.id').as('tag_names')).orderBy('p.search_rank'),
    'p',
    sort,
  ).execute();
  const filtered =
    viewer !== undefined || terms.length > 0 || tagIds.length > 0 || Boolean(query.languages?.length) || query.age !== undefined || Boolean(query.series);
  const totalPromise = filtered
    ? base
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
        .then((r) => Number(r.n))
    : countTonies(db, query.category);
  const [rows, total] = await Promise.all([rowsPromise, totalPromise]);
  return { rows: rows as TonieWithTags[], total };
}

/** Every catalogue language with how many Tonies it has, most first (Tonies without one left out). */
export async function listLanguages(db: Db): Promise<{ language: string; count: number }[]> {
  const rows = await db
    .selectFrom('tonies')
    .select(['language', (eb) => eb.fn.countAll<number>().as('count')])
    .where('language', 'is not', null)
    .groupBy('language')
    .orderBy('count', 'desc')
    .orderBy('language')
    .execute();
  return rows.map((r) => ({ language: r.language!, count: Number(r.count) }));
}

interface SeriesRow {
  episodes: number;
  rating_sum: number;
  rating_count: number;
  languages: string[];
}

/** A series' episode count, summed ratings and languages; null when no Tonie has that series. */
export async function findSeries(db: Db, series: string): Promise<SeriesRow | null> {
  const row = await db
    .selectFrom('tonies')
    .select((eb) => [
      eb.fn.countAll<number>().as('episodes'),
      eb.fn.coalesce(eb.fn.sum<number>('rating_sum'), sql<number>`0`).as('rating_sum'),
      eb.fn.coalesce(eb.fn.sum<number>('rating_count'), sql<number>`0`).as('rating_count'),
      sql<string[]>`coalesce(array_agg(distinct language) filter (where language is not null), '{}')`.as('languages'),
    ])
    .where('series', '=', series)
    .executeTakeFirstOrThrow();
  const episodes = Number(row.episodes);
  if (episodes === 0) return null;
  return { episodes, rating_sum: Number(row.rating_sum), rating_count: Number(row.rating_count), languages: row.languages };
}

/** The distinct series and languages of the catalogue (to tell series and language tags apart). */
export async function distinctSeriesAndLanguages(db: Db): Promise<{ series: string[]; languages: string[] }> {
  const [series, languages] = await Promise.all([
    db.selectFrom('tonies').select('series').distinct().where('series', 'is not', null).execute(),
    db.selectFrom('tonies').select('language').distinct().where('language', 'is not', null).execute(),
  ]);
  return { series: series.map((r) => r.series!), languages: languages.map((r) => r.language!) };
}

/** A Tonie with its tag names. */
export function findTonieWithTags(db: Db, id: number): Promise<TonieWithTags | undefined> {
  return db
    .selectFrom('tonies')
    .selectAll('tonies')
    .select(tagNamesOf('tonies', 'tonies.id').as('tag_names'))
    .where('tonies.id', '=', id)
    .executeTakeFirst();
}

export function findTonieById(db: Db, id: number): Promise<Tonie | undefined> {
  return db.selectFrom('tonies').selectAll().where('id', '=', id).executeTakeFirst();
}
