// Catalogue reads: the filtered, sorted, paged list; one Tonie; quick search; categories.
// Every list shape is served by an index (see migrations/0001_init.sql); unfiltered and
// category-only totals come from tonie_category_counts, language and age totals from
// tonie_facet_counts, instead of counting rows.
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import type { CatalogueSort } from '@tonieshelf/shared/values/tonie';
import type { ShelfFilter } from '@tonieshelf/shared/values/shelf';
import type { TonieListQuery } from '@tonieshelf/shared/schemas/tonie';
import type { Db, DB, Tonie } from '../db/types';
import { anyOf, escapeLike, hasAllTagNames, lowerTagNames, orderByKeys, tagNamesOf, type SortKey } from './query-helpers';
import { shelfColumns } from './shelves';
import { FUZZY_MIN_LENGTH, matchesTonieSearch, quickSearch as rankedQuickSearch, tonieRelevance, tonieSearchWords } from './tonie-search';

interface CategoryCount {
  category: string;
  count: number;
}

/**
 * Every category with how many Tonies it holds, largest first. With language or age filters, the
 * same categories in the same order (the buttons do not move) with how many Tonies of each match
 * them, zero included: sums of tonie_facet_counts, a small table, so nothing is counted row by row.
 */
export async function listCategories(db: Db, filters: Pick<TonieListQuery, 'languages' | 'age'> = {}): Promise<CategoryCount[]> {
  const facets = facetValuesOf({ languages: filters.languages, age: filters.age });
  if (facets.exact.length + facets.bare.length === 0 && facets.age === undefined) {
    return db
      .selectFrom('tonie_category_counts')
      .select(['category', 'tonie_count as count'])
      .where('tonie_count', '>', 0)
      .orderBy('tonie_count', 'desc')
      .orderBy('category')
      .execute();
  }
  const matching = db
    .selectFrom('tonie_facet_counts')
    .select((eb) => ['category', eb.fn.sum<number>('tonie_count').as('n')])
    .where((eb) => eb.and(facetFilters(eb, 'tonie_facet_counts', facets)))
    .groupBy('category')
    .as('f');
  const rows = await db
    .selectFrom('tonie_category_counts as c')
    .leftJoin(matching, 'f.category', 'c.category')
    .select((eb) => ['c.category', eb.fn.coalesce('f.n', sql<number>`0`).as('count')])
    .where('c.tonie_count', '>', 0)
    .orderBy('c.tonie_count', 'desc')
    .orderBy('c.category')
    .execute();
  return rows.map((r) => ({ category: r.category, count: Number(r.count) }));
}

/** How many Tonies the catalogue (or one category) holds, from the trigger-kept counts. */
function categoryCount(db: Db, category?: string) {
  const q = db.selectFrom('tonie_category_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tonie_count'), sql<number>`0`).as('n'));
  return category === undefined ? q : q.where('category', '=', category);
}

/** Tables with a Tonie's category, language and minimum age: tonies, and its counts per facet (migration 0017). */
type FacetTable = 'tonies' | 'tonie_facet_counts';

/**
 * The category, language and age filters of a list query: a language tag with its region
 * ('de-DE') matches itself (`exact`); a bare language ('de') every region of it (`bare`).
 */
interface FacetValues {
  category?: string | undefined;
  exact: string[];
  bare: string[];
  age?: number | undefined;
}

function facetValuesOf(query: Pick<TonieListQuery, 'category' | 'languages' | 'age'>): FacetValues {
  const languages = query.languages ?? [];
  return {
    category: query.category || undefined,
    exact: languages.filter((tag) => tag.includes('-')),
    bare: languages.filter((tag) => !tag.includes('-')),
    age: query.age,
  };
}

/** The category, language and age filters of a list query, on `table`'s columns. */
function facetFilters<TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, table: FacetTable, facets: FacetValues): Expression<SqlBool>[] {
  const column = (name: 'category' | 'language' | 'age_min') => sql.ref(`${table}.${name}`);
  const filters: Expression<SqlBool>[] = [];
  if (facets.category !== undefined) filters.push(eb(column('category'), '=', facets.category));
  if (facets.exact.length + facets.bare.length > 0) {
    filters.push(
      eb.or([
        ...(facets.exact.length ? [eb(column('language'), 'in', facets.exact)] : []),
        ...facets.bare.flatMap((tag) => [eb(column('language'), '=', tag), eb(column('language'), 'like', `${tag}-%`)]),
      ]),
    );
  }
  if (facets.age !== undefined) filters.push(eb(column('age_min'), '<=', facets.age));
  return filters;
}

/** What a list query may hold for tonie_facet_counts to give its total: anything else narrows it further. */
const FACET_ONLY_KEYS: ReadonlySet<string> = new Set(['page', 'pageSize', 'sort', 'category', 'languages', 'age'] satisfies (keyof TonieListQuery)[]);

/** The total of a list narrowed by category, language and age only: a sum of the trigger-kept counts per facet. */
function facetCount(db: Db, facets: FacetValues) {
  return db
    .selectFrom('tonie_facet_counts')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tonie_count'), sql<number>`0`).as('n'))
    .where((eb) => eb.and(facetFilters(eb, 'tonie_facet_counts', facets)));
}

/** The columns a list's card shows (no search, sort-key or bookkeeping columns: less to send and parse). */
const SUMMARY_COLUMNS = [
  'id',
  'article',
  'name',
  'series',
  'episode',
  'age_min',
  'image',
  'category',
  'description',
  'url',
  'runtime',
  'language',
  'song_count',
  'release_date',
  'age_range',
  'rating_avg',
  'rating_count',
] as const satisfies readonly (keyof Tonie)[];
/** ... and what a Tonie's own page adds. */
const DETAIL_COLUMNS = [...SUMMARY_COLUMNS, 'html_description', 'html_tracklist'] as const satisfies readonly (keyof Tonie)[];

export type TonieSummaryRow = Pick<Tonie, (typeof SUMMARY_COLUMNS)[number]>;
export type TonieDetailRow = Pick<Tonie, (typeof DETAIL_COLUMNS)[number]>;
type WithTags<T> = T & { tag_names: string[] };
/** A row of a catalogue page: the Tonie, its tags, and the list's total beside it. */
type PageRow = WithTags<TonieSummaryRow> & { total_count: number | string };

interface TonieListResult {
  rows: WithTags<TonieSummaryRow>[];
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
  newest: [
    { column: 'release_date', desc: true, nullsLast: true },
    { column: 'id', desc: true },
  ],
  relevance: [
    { column: 'release_date', desc: true, nullsLast: true },
    { column: 'id', desc: true },
  ],
  episode: [{ column: 'release_date', nullsLast: true }, { column: 'name_sort', bytes: true }, { column: 'id' }],
  highest: [{ column: 'rating_avg', desc: true, nullsLast: true }, { column: 'rating_count', desc: true }, { column: 'name_sort', bytes: true }, { column: 'id' }],
  lowest: [{ column: 'rating_avg', nullsLast: true }, { column: 'rating_count', desc: true }, { column: 'name_sort', bytes: true }, { column: 'id' }],
  az: [{ column: 'name_sort', bytes: true }, { column: 'id' }],
};

/** The deepest row a one-word search's page may reach for the walk of oneWordPage (deeper pages rank every match). */
const ONE_WORD_WALK_MAX = 1200;
/**
 * At most this many vocabulary words containing the search word for that walk (one walk each per
 * class; a word in more ranks every match). Measured (EXPLAIN ANALYZE, benchmark catalogue, warm):
 * the walks cost ~23 µs per vocabulary word ('123', in 300 words: 7.0 ms from the word index
 * against 0.9 ms ranking its 300 matches; '999', 280 words: 4.5 against 0.6 ms), so 16 words
 * stay under ~0.4 ms; a word in that many words is mostly a part of many rare words.
 */
const ONE_WORD_VOCABULARY_MAX = 16;
/**
 * Shorter search words rank every match: a word of 1 or 2 letters has no trigram to look up in
 * search_vocabulary's index (its LIKE would read all 22,000 words of the real catalogue) and
 * stands in more words than ONE_WORD_VOCABULARY_MAX anyway.
 */
const ONE_WORD_MIN_LENGTH = 3;

/** How many one-word searches took each path since start (for tests and profiles). */
export const oneWordSearchPaths = { wordIndex: 0, everyMatch: 0 };

/**
 * A one-word search's page without ranking every match (issue 16): the search ranks and counts
 * its matches row by row on tonies (tonie-search.ts), ~12 ms of CPU for a common word ("moon":
 * 5,797 matches on 100,000 Tonies). Here the vocabulary's words containing the search word
 * (migration 0015) each walk tonie_search_words' index once per word class, already in the
 * page's order (class, newest release, newest added), and stop after `offset + limit` rows; a
 * Tonie met through two words keeps its better rank; the total counts the words' rows (index
 * only). The relevance is tonieRelevance's: 0 the name is the word, 1 the name starts with it
 * (its first word is or starts with the search word), 2 a word of the name contains it, 3 one of
 * the series, 4 one of the description.
 *
 * Typos: tonieRelevance ranks a Tonie found only through a typo (a name or series close to a
 * search word of 4+ letters, pg_trgm's `<<%`) by similarity, after every match as written. This
 * page holds no such Tonie, so it is only used (`fast`) when there is none: no Tonie whose name
 * or series is close to the word and whose text does not contain it. That is checked on tonies
 * itself (the trigram indexes on name_search and series_search offer the candidates), not on the
 * vocabulary's single words: `<<%` also matches across several words ('tierarztpraxis' is close
 * to the name 'tier arzt praxis', though to none of its words). That check reads the names and
 * series the trigram indexes offer, mostly the Tonies that contain the word (EXPLAIN ANALYZE on the
 * benchmark's catalogue, best of 5 on a loaded machine: 'moon' 1.1 ms without it, 5.8 ms with it,
 * 17 ms ranking every match; 'castle' 1.2, 7.0 and 14 ms). Otherwise, and for several words,
 * words shorter than ONE_WORD_MIN_LENGTH or in more than ONE_WORD_VOCABULARY_MAX vocabulary
 * words, a word contained in a word too long for the vocabulary (tonie_search_long_words, over
 * 200 characters; normally none), other filters, other sorts or pages past ONE_WORD_WALK_MAX, the caller ranks every match
 * as before.
 */
function oneWordPage(fuzzy: boolean, searchWord: string, limit: number, offset: number) {
  // The word and its patterns reach the plan through subqueries the planner cannot look into:
  // with them in sight, it estimated every LIKE and trigram condition against the columns'
  // statistics on each run, and planning cost most of the page's time. The trigram indexes
  // still serve these conditions.
  const hidden = (value: string) => sql<string>`(select ${value}::text)`;
  const word = hidden(searchWord);
  const contains = hidden(`%${escapeLike(searchWord)}%`);
  const startsWith = hidden(`${escapeLike(searchWord)}%`);
  // A typo needs 4+ letters. First the vocabulary: a word of some name or series that is itself
  // a typo of the search word (`<<%` on the one word; `%`, similarity 0.3, lets the trigram index
  // offer it), in a Tonie whose text does not contain the search word: found at once through the
  // word index. Then, for typos across several words, the Tonies the trigram indexes offer
  // (materialized: planned for all its rows, read up to the first).
  const closeWord = fuzzy
    ? sql`select 1 from search_vocabulary c
            join tonie_search_words p on p.word = c.word and p.word_class <= 3
            join tonies t on t.id = p.tonie_id
           where c.word % ${word} and ${word} <<% c.word and c.word not like ${contains} and t.search_text not like ${contains}`
    : sql`select 1 where false`;
  const typoOnly = fuzzy ? sql`select 1 from tonies where (${word} <<% name_search or ${word} <<% series_search) and search_text not like ${contains}` : sql`select 1 where false`;
  const walk = offset + limit;
  const columns = sql.join(SUMMARY_COLUMNS.map((c) => sql.ref(`tonies.${c}`)));
  return sql<PageRow & { fast: boolean }>`with v as (
      select word, word like ${startsWith} as starts
        from search_vocabulary where word like ${contains} limit ${sql.lit(ONE_WORD_VOCABULARY_MAX + 1)}),
    typo_only as materialized (${typoOnly}),
    meta as (
      select (select count(*) from v) <= ${sql.lit(ONE_WORD_VOCABULARY_MAX)} and not exists (${closeWord}) and not exists (select 1 from typo_only)
               and not exists (select 1 from tonie_search_long_words where word like ${contains}) as fast,
             (select count(*) from v) as words),
    page as (
      select id, release_date, search_rank from (
        select distinct on (w.tonie_id) w.tonie_id as id, w.release_date, w.search_rank from (
          select p.tonie_id, p.release_date,
                 (case when v.word = ${word} then c.c when c.c <= 1 then (case when v.starts then 1 else 2 end) else c.c end)::float8 as search_rank
            from meta, v cross join (values (0), (1), (2), (3), (4)) c(c)
            cross join lateral (
              select tonie_id, release_date from tonie_search_words p
               where p.word = v.word and p.word_class = c.c
               order by release_date desc nulls last, tonie_id desc limit ${walk}) p
           where meta.fast) w
         order by w.tonie_id, w.search_rank) d
       order by search_rank, release_date desc nulls last, id desc
       limit ${limit} offset ${offset})
    select meta.fast,
           case when not meta.fast then null
                when meta.words = 1 then (select count(*) from v join tonie_search_words p on p.word = v.word)
                else (select count(distinct p.tonie_id) from v join tonie_search_words p on p.word = v.word) end as total_count,
           ${columns}, ${tagNamesOf('tonies', 'tonies.id')} as tag_names
      from meta left join (page join tonies on tonies.id = page.id) on true
     order by page.search_rank, page.release_date desc nulls last, page.id desc`;
}

/** A one-word search's page from the word index, or null when the search needs ranking every match (see oneWordPage). */
async function oneWordSearchPage(db: Db, words: readonly string[], page: number, pageSize: number): Promise<TonieListResult | null> {
  if (words.length !== 1 || words[0]!.length < ONE_WORD_MIN_LENGTH || page * pageSize > ONE_WORD_WALK_MAX) {
    oneWordSearchPaths.everyMatch += 1;
    return null;
  }
  const searchWord = words[0]!;
  const { rows } = await oneWordPage(searchWord.length >= FUZZY_MIN_LENGTH, searchWord, pageSize, (page - 1) * pageSize).execute(db);
  const first = rows[0]!;
  if (!first.fast) {
    oneWordSearchPaths.everyMatch += 1;
    return null;
  }
  oneWordSearchPaths.wordIndex += 1;
  return { rows: first.id === null ? [] : rows, total: Number(first.total_count) };
}

/** The header's quick search: the catalogue's search and ranking (then newest release, newest added). */
export async function quickSearch(db: Db, q: string, limit: number) {
  const words = tonieSearchWords(q);
  if (words.length === 0) return [];
  const fast = await oneWordSearchPage(db, words, 1, limit);
  if (!fast) return rankedQuickSearch(db, q, limit);
  return fast.rows.map(({ id, name, image, category, series, episode, language }) => ({ id, name, image, category, series, episode, language }));
}

/** A viewer's shelf filter: Tonies on one of their shelves, or on none of them. */
interface ViewerShelf {
  userId: string;
  shelf: ShelfFilter;
}

/** Date added, newest first: only within a shelf (the page query joins the viewer's shelf rows as `si`). */
const ADDED_SORT: SortKey[] = [
  { column: 'added_at', desc: true },
  { column: 'id', desc: true },
];

/** What a list query may hold for the word index to answer it: anything else narrows the list. */
const SEARCH_ONLY_KEYS: ReadonlySet<string> = new Set(['page', 'pageSize', 'sort', 'search'] satisfies (keyof TonieListQuery)[]);

/**
 * True when the query asks for nothing but `keys` (e.g. a search, its sort and its page): an
 * allow-list, so a filter added to the query later is never left out by the word index or the
 * counts per facet.
 */
function asksOnly(query: TonieListQuery, keys: ReadonlySet<string>): boolean {
  return Object.entries(query).every(([key, value]) => keys.has(key) || value === undefined || (Array.isArray(value) && value.length === 0));
}

/** A page's ids as chosen, with what orders them and (for a search) the total. */
interface PageIdRow {
  id: number;
  search_rank: number;
  total_count: number;
}

/** A catalogue page as pageStatement builds it: the list query with its parts resolved. */
interface PageRequest {
  sortName: CatalogueSort | 'added';
  viewer: ViewerShelf | undefined;
  facets: FacetValues;
  series: string | undefined;
  /** Lower-cased tag names, each once. */
  tags: string[];
  /** The search's folded words (matched in SQL)... */
  terms: readonly string[];
  /** ... or the Tonies the search index matched (then `terms` is empty). */
  matched?: readonly number[] | undefined;
  /** The total from tonie_facet_counts (narrowed by category, language and age alone). */
  facetsOnly: boolean;
  limit: number;
  offset: number;
}

/**
 * One page of the catalogue: text search over name, series and description (every word must
 * match), tag filter (Tonies having ALL tags), category, and a sort over the whole filtered set.
 * With `viewer`, only Tonies on that viewer's shelf (joined on the shelf's rows, which also give
 * 'added', the date the Tonie went on the shelf), or, for 'none', Tonies on none of their shelves.
 *
 * ONE statement answers the page, its Tonies' tags and the total (a round trip per request, not
 * three): the page's ids are chosen first, in the sort's order, from the sort's index (index only
 * where it covers the filter), so the rows an offset skips are never read (a deep page walks ids,
 * not rows: a deferred join); only the page's 12 rows are then read, with their tags. The total:
 * for unfiltered and category-only lists the trigger-kept tonie_category_counts, for language and
 * age filters (with or without a category) tonie_facet_counts; for a search,
 * which reads (and ranks) every match anyway, a window count on the way; for the other filters a
 * count of the filtered rows in the same statement. A page past the end has no row to carry the
 * total: then (only then) the total is counted on its own.
 */
export async function listTonies(db: Db, query: TonieListQuery, viewer?: ViewerShelf): Promise<TonieListResult> {
  const terms = tonieSearchWords(query.search);
  const onShelf = viewer && viewer.shelf !== 'none' ? viewer.shelf : null;
  const defaultSort = onShelf ? 'added' : terms.length > 0 ? 'relevance' : query.series ? 'episode' : 'newest';
  const requested = query.sort ?? defaultSort;
  // 'added' needs a shelf (the input schema refuses it without one); without, the catalogue's default.
  const sortName = requested === 'added' && !onShelf ? 'newest' : requested;
  // One search word alone, by relevance: from the search's word index when it can (only the page's rows are read).
  if (sortName === 'relevance' && terms.length > 0 && !viewer && asksOnly(query, SEARCH_ONLY_KEYS)) {
    const fast = await oneWordSearchPage(db, terms, query.page, query.pageSize);
    if (fast) return fast;
  }

  const { page, total } = pageStatement(db, {
    sortName,
    viewer,
    facets: facetValuesOf(query),
    series: query.series || undefined,
    tags: lowerTagNames(query.tags),
    terms,
    facetsOnly: !viewer && asksOnly(query, FACET_ONLY_KEYS),
    limit: query.pageSize,
    offset: (query.page - 1) * query.pageSize,
  });
  const rows = await page.execute();
  if (rows.length > 0) return { rows, total: Number(rows[0]!.total_count) };
  return { rows, total: query.page === 1 ? 0 : Number((await total.executeTakeFirstOrThrow()).n) };
}

/**
 * A catalogue page of a search the search index answered: `matched` holds every Tonie it found,
 * best first. By relevance, the page is a slice of that order (narrowed first to the Tonies that
 * pass the list's other filters, if any); other sorts order the matched Tonies in SQL.
 */
export async function listMatched(db: Db, query: TonieListQuery, matched: readonly number[]): Promise<TonieListResult> {
  const sortName = query.sort ?? 'relevance';
  const offset = (query.page - 1) * query.pageSize;
  const request: PageRequest = {
    sortName: sortName === 'added' ? 'newest' : sortName,
    viewer: undefined,
    facets: facetValuesOf(query),
    series: query.series || undefined,
    tags: lowerTagNames(query.tags),
    terms: [],
    matched,
    facetsOnly: false,
    limit: query.pageSize,
    offset,
  };
  const statement = pageStatement(db, request);
  if (request.sortName !== 'relevance') {
    const rows = await statement.page.execute();
    if (rows.length > 0 || matched.length === 0) return { rows, total: rows.length > 0 ? Number(rows[0]!.total_count) : 0 };
    return { rows, total: Number((await statement.total.executeTakeFirstOrThrow()).n) };
  }
  let order = matched;
  if (!asksOnly(query, SEARCH_ONLY_KEYS) && matched.length > 0) {
    const passing = new Set((await statement.ids.execute()).map((r) => r.id));
    order = matched.filter((id) => passing.has(id));
  }
  return { rows: await rowsInOrder(db, order.slice(offset, offset + query.pageSize)), total: order.length };
}

/** `rows` in the order of `ids` (a Tonie gone meanwhile is left out). */
function inOrderOf<R extends { id: number }>(ids: readonly number[], rows: R[]): R[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** These Tonies' card rows with their tags, in this order. */
async function rowsInOrder(db: Db, ids: readonly number[]): Promise<WithTags<TonieSummaryRow>[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tonies')
    .select(SUMMARY_COLUMNS.map((c) => `tonies.${c}` as const))
    .select(tagNamesOf('tonies', 'tonies.id').as('tag_names'))
    .where('tonies.id', '=', anyOf(ids))
    .execute();
  return inOrderOf(ids, rows);
}

/** These Tonies' names and series, in this order ('Did you mean'). */
export async function namesAndSeries(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return inOrderOf(ids, await db.selectFrom('tonies').select(['id', 'name', 'series']).where('id', '=', anyOf(ids)).execute());
}

/** The header's quick search from the search index's first matches. */
export async function quickSearchRows(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('tonies').select(['id', 'name', 'image', 'category', 'series', 'episode', 'language']).where('id', '=', anyOf(ids)).execute();
  return inOrderOf(ids, rows);
}

/** The statement of a catalogue page (`page`) and, for a page past the end, its total alone (`total`). */
function pageStatement(db: Db, request: PageRequest) {
  const { sortName, terms, viewer, facets } = request;
  const sort = sortName === 'added' ? ADDED_SORT : TONIE_SORT_KEYS[sortName];
  const onShelf = viewer && viewer.shelf !== 'none' ? viewer.shelf : null;

  // Within a shelf: the viewer's rows of that shelf joined as `si` (one per Tonie: the primary key).
  // The builder's type stays the catalogue's; the join's columns are read through raw references.
  const shelfCols = shelfColumns(onShelf ?? 'own');
  const from: SelectQueryBuilder<DB, 'tonies', object> =
    viewer && onShelf
      ? (db
          .selectFrom('tonies')
          .innerJoin('shelf_items as si', (join) =>
            join.onRef('si.tonie_id', '=', 'tonies.id').on('si.user_id', '=', viewer.userId).on(shelfCols.on),
          ) as unknown as SelectQueryBuilder<DB, 'tonies', object>)
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
    filters.push(...facetFilters(eb, 'tonies', facets));
    if (terms.length > 0) filters.push(matchesTonieSearch(eb, terms));
    if (request.matched) filters.push(eb('tonies.id', '=', anyOf(request.matched)));
    if (request.series !== undefined) filters.push(eb('tonies.series', '=', request.series));
    // An unknown tag name matches no tag, so no Tonie has them all: an empty page, total 0.
    if (request.tags.length > 0) filters.push(hasAllTagNames(eb, 'tonies', request.tags));
    return eb.and(filters);
  });

  const filtered =
    viewer !== undefined ||
    terms.length > 0 ||
    request.matched !== undefined ||
    request.tags.length > 0 ||
    facets.exact.length + facets.bare.length > 0 ||
    facets.age !== undefined ||
    request.series !== undefined;
  // Narrowed by language and age (and category) alone: the counts per facet, not the rows.
  const countFiltered = () => (request.facetsOnly ? facetCount(db, facets) : base.select((eb) => eb.fn.countAll<number>().as('n')));
  const countAll = () => categoryCount(db, facets.category);
  const total = filtered ? countFiltered() : countAll();
  // A search reads and ranks every match to sort them: counting them on the way costs nothing more.
  // (A tag filter counts apart: a window count over its Tonies measured no faster, BENCHMARKS.md.)
  const windowTotal = terms.length > 0 || request.matched !== undefined;

  // The page's ids (and what the order needs beside the sort's own columns), skipped and limited.
  // By relevance, the rank comes first (computed here, ordered by again outside).
  const rank = sortName === 'relevance' && terms.length > 0 ? tonieRelevance('tonies', terms) : null;
  // The sort's own columns come along (from the sort's index) so the page is ordered by them outside.
  const keyColumns = [...new Set(['id', ...sort.map((k) => k.column).filter((c) => c !== 'added_at')])].map((c) => sql.ref(`tonies.${c}`).as(c));
  const idsSelected = base
    .select(keyColumns)
    .select((rank ?? sql<number>`0::int`).as('search_rank'))
    .$if(onShelf !== null, (q) => q.select(shelfCols.addedAt.as('added_at')))
    .$if(windowTotal, (q) => q.select(sql<number>`count(*) over ()`.as('total_count')));
  const idsOrdered =
    sortName === 'added'
      ? idsSelected.orderBy(shelfCols.addedAt, 'desc').orderBy('tonies.id', 'desc')
      : orderByKeys(rank ? idsSelected.orderBy(rank) : idsSelected, 'tonies', sort);
  const pageIds = sql<PageIdRow>`(${idsOrdered.limit(request.limit).offset(request.offset)})`;

  // The page's rows by primary key, with their tags, in the order of their ids; the total beside them.
  const pageRows = db
    .selectFrom(pageIds.as('r'))
    .innerJoin('tonies', 'tonies.id', 'r.id')
    .select(SUMMARY_COLUMNS.map((c) => `tonies.${c}` as const))
    .select(windowTotal ? sql<number>`r.total_count`.as('total_count') : total.as('total_count'))
    .select(tagNamesOf('tonies', 'tonies.id').as('tag_names'))
    .orderBy(sql.ref('r.search_rank'));
  return { page: orderByKeys(pageRows, 'r', sort).$castTo<PageRow>(), total, ids: base.select('tonies.id') };
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

/** A Tonie with its tag names (the columns its page shows). */
export function findTonieWithTags(db: Db, id: number): Promise<WithTags<TonieDetailRow> | undefined> {
  return db
    .selectFrom('tonies')
    .select(DETAIL_COLUMNS.map((c) => `tonies.${c}` as const))
    .select(tagNamesOf('tonies', 'tonies.id').as('tag_names'))
    .where('tonies.id', '=', id)
    .executeTakeFirst();
}

export function findTonieById(db: Db, id: number): Promise<Tonie | undefined> {
  return db.selectFrom('tonies').selectAll().where('id', '=', id).executeTakeFirst();
}
