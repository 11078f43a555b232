// Catalogue reads: the filtered, sorted, paged list; one Tonie; quick search; categories.
// Every list shape is served by an index (see migrations/0001_init.sql); unfiltered and
// category-only totals come from tonie_category_counts, language and age totals from
// tonie_facet_counts, instead of counting rows.
import { sql, type Expression, type ExpressionBuilder, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { CATALOGUE_PAGE_SIZE, type CatalogueSort, type ShelfFilter } from '@tonieshelf/shared/constants';
import type { TonieListQuery } from '@tonieshelf/shared/schemas/tonie';
import type { Db, DB, Tonie } from '../db/types';
import { shapedRows, shapedStatement } from '../db/compiled-shapes';
import { PATTERNS_HIDDEN } from '../db/prepared-statements';
import { boundedPage, escapeLike, hasAllTagNames, lowerTagNames, orderByKeys, pageBound, tagNamesOf, type SortKey } from './query-helpers';
import { shelfColumns } from './shelves';
import { FUZZY_MIN_LENGTH, matchesTonieSearch, quickSearch as rankedQuickSearch, tonieRelevance, tonieSearchWords } from './tonie-search';

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

/** How many Tonies the catalogue (or one category) holds, from the trigger-kept counts. */
function categoryCount(db: Db, category?: string) {
  const q = db.selectFrom('tonie_category_counts').select((eb) => eb.fn.coalesce(eb.fn.sum<number>('tonie_count'), sql<number>`0`).as('n'));
  return category === undefined ? q : q.where('category', '=', category);
}

/** Tables with a Tonie's category, language and minimum age: tonies, and its counts per facet (migration 0017). */
type FacetTable = 'tonies' | 'tonie_facet_counts';

/**
 * The category, language and age filters' values, as the statement takes them: a language tag
 * with its region ('de-DE') matches itself (`exact`); a bare language ('de') every region of it
 * (`bare`, with its pattern 'de-%' beside it in `barePatterns`).
 */
interface FacetValues {
  category?: string;
  exact?: string[];
  bare?: string[];
  barePatterns?: string[];
  age?: number;
}

function facetValuesOf(query: TonieListQuery): FacetValues {
  const exact = (query.languages ?? []).filter((tag) => tag.includes('-'));
  const bare = (query.languages ?? []).filter((tag) => !tag.includes('-'));
  return {
    ...(query.category ? { category: query.category } : {}),
    ...(exact.length ? { exact } : {}),
    ...(bare.length ? { bare, barePatterns: bare.map((tag) => `${tag}-%`) } : {}),
    ...(query.age !== undefined ? { age: query.age } : {}),
  };
}

/** The category, language and age filters of a list query, on `table`'s columns. */
function facetFilters<TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>, table: FacetTable, facets: FacetValues): Expression<SqlBool>[] {
  const column = (name: 'category' | 'language' | 'age_min') => sql.ref(`${table}.${name}`);
  const filters: Expression<SqlBool>[] = [];
  if (facets.category !== undefined) filters.push(eb(column('category'), '=', facets.category));
  if (facets.exact || facets.bare) {
    filters.push(
      eb.or([
        ...(facets.exact ? [eb(column('language'), 'in', facets.exact)] : []),
        ...(facets.bare ?? []).flatMap((tag, i) => [eb(column('language'), '=', tag), eb(column('language'), 'like', facets.barePatterns![i]!)]),
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
  newest: [{ column: 'release_date', desc: true, nullsLast: true }, { column: 'id', desc: true }],
  relevance: [{ column: 'release_date', desc: true, nullsLast: true }, { column: 'id', desc: true }],
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
/** A one-word search page's values: the word and its patterns, and (unless written in) its paging. */
interface OneWordValues {
  word: string;
  contains: string;
  startsWith: string;
  walk?: number;
  limit?: number;
  offset?: number;
}

function oneWordPage(fuzzy: boolean, v: OneWordValues, paging: { limit: number; offset: number } | null) {
  // The word and its patterns reach the plan through subqueries the planner cannot look into.
  // With them in sight, it estimated every LIKE and trigram condition against the columns'
  // statistics on each run: planning took 1.3 ms of the 1.5 ms a page of 'lighthuse' cost, and
  // 'moon' 6.2 ms against 5.0 with the plan kept. Now the statement is named (PATTERNS_HIDDEN)
  // and, for the pages that have their paging written in (literalSearchPage; a LIMIT parameter
  // is costed as a tenth of the rows), PostgreSQL keeps one generic plan for each such page (the
  // trigram indexes still serve these conditions). Every value here must stay hidden so: the
  // mark lets the whole statement be named.
  const hidden = (value: string) => sql<string>`(select ${value}::text)`;
  const word = hidden(v.word);
  const contains = hidden(v.contains);
  const startsWith = hidden(v.startsWith);
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
  const typoOnly = fuzzy
    ? sql`select 1 from tonies where (${word} <<% name_search or ${word} <<% series_search) and search_text not like ${contains}`
    : sql`select 1 where false`;
  // Written in (`paging`: part of the statement's shape), or parameters.
  const walk = paging ? sql.lit(paging.offset + paging.limit) : sql`${v.walk!}`;
  const limit = paging ? sql.lit(paging.limit) : sql`${v.limit!}`;
  const offset = paging ? sql.lit(paging.offset) : sql`${v.offset!}`;
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
     order by page.search_rank, page.release_date desc nulls last, page.id desc ${sql.raw(PATTERNS_HIDDEN)}`;
}

/**
 * Whether a one-word search's paging is written into its statement: the catalogue's first
 * LITERAL_SEARCH_PAGES pages at its own size, and the first page of the header's quick search
 * (1 to 20 results). That bounds the statements it names per connection (the limit is 500,
 * db/prepared-statements.ts): 2 (typo check or not) x (5 + 20 + 1 with parameters) = 52.
 */
const LITERAL_SEARCH_PAGES = 5;
const literalSearchPage = (page: number, pageSize: number) =>
  (pageSize === CATALOGUE_PAGE_SIZE && page <= LITERAL_SEARCH_PAGES) || (page === 1 && pageSize <= 20);

/** A one-word search's page from the word index, or null when the search needs ranking every match (see oneWordPage). */
async function oneWordSearchPage(db: Db, words: readonly string[], page: number, pageSize: number): Promise<TonieListResult | null> {
  if (words.length !== 1 || words[0]!.length < ONE_WORD_MIN_LENGTH || page * pageSize > ONE_WORD_WALK_MAX) {
    oneWordSearchPaths.everyMatch += 1;
    return null;
  }
  const searchWord = words[0]!;
  const [limit, offset] = [pageSize, (page - 1) * pageSize];
  const literal = literalSearchPage(page, pageSize);
  const fuzzy = searchWord.length >= FUZZY_MIN_LENGTH;
  const values: OneWordValues = {
    word: searchWord,
    contains: `%${escapeLike(searchWord)}%`,
    startsWith: `${escapeLike(searchWord)}%`,
    ...(literal ? {} : { walk: offset + limit, limit, offset }),
  };
  // Compiled once per shape: typo check or not, and the paging when it is written in.
  const key = `tonies.one-word ${fuzzy ? 'fuzzy' : 'exact'} ${literal ? `${limit}/${offset}` : 'paging'}`;
  const rows = await shapedRows(db, key, values, (v) => {
    const statement = oneWordPage(fuzzy, v, literal ? { limit, offset } : null);
    return { compile: () => statement.compile(db) };
  });
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
const ADDED_SORT: SortKey[] = [{ column: 'added_at', desc: true }, { column: 'id', desc: true }];

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

/** What a list query may hold for its page to keep its plan (see listTonies). */
const KEPT_PLAN_KEYS: ReadonlySet<string> = new Set(['page', 'pageSize', 'sort', 'category', 'series'] satisfies (keyof TonieListQuery)[]);

/** A page's ids as chosen, with what orders them and (for a search) the total. */
interface PageIdRow {
  id: number;
  search_rank: number;
  total_count: number;
}

/**
 * What shapes a catalogue page's statement, apart from its values (PageValues): the same shape
 * is the same SQL text, so a page without a search is compiled once per shape
 * (db/compiled-shapes.ts) and only its values change from request to request.
 */
interface PageShape {
  sortName: CatalogueSort | 'added';
  /** The viewer's shelf the list is within; 'none': Tonies on none of the viewer's shelves. */
  shelf: ShelfFilter | null;
  category: boolean;
  exactLanguages: number;
  bareLanguages: number;
  age: boolean;
  series: boolean;
  tags: number;
  /** The search's words (a searched page is built per request: its words shape the ranking). */
  terms: readonly string[];
  /** The total from tonie_facet_counts (narrowed by category, language and age alone). */
  facetsOnly: boolean;
  /** The page size, written in when the page is bounded. */
  pageSize: number;
  /** boundedPage's bound; undefined: limit and offset are parameters. */
  bound: number | undefined;
}

/** A catalogue page's values: each only a parameter of its statement (see PageShape). */
interface PageValues extends FacetValues {
  userId?: string;
  series?: string;
  tags?: string[];
  offset: number;
  /** The page size, as a parameter when the page is not bounded. */
  limit?: number;
}

export async function listTonies(db: Db, query: TonieListQuery, viewer?: ViewerShelf): Promise<TonieListResult> {
  const terms = tonieSearchWords(query.search);
  const tagNames = lowerTagNames(query.tags);
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

  const offset = (query.page - 1) * query.pageSize;
  // The whole catalogue, a category or a series at the catalogue's page size: one plan PostgreSQL
  // keeps for every page within a bound (boundedPage; past row 262,144 the paging stays
  // parameters). Not for filters whose best plan depends on
  // their values (a rare tag or language is read from its own index, a common one along the sort's).
  const bound = !viewer && query.pageSize === CATALOGUE_PAGE_SIZE && asksOnly(query, KEPT_PLAN_KEYS) ? pageBound(offset + query.pageSize) : undefined;
  const facets = facetValuesOf(query);
  const shape: PageShape = {
    sortName,
    shelf: viewer?.shelf ?? null,
    category: facets.category !== undefined,
    exactLanguages: facets.exact?.length ?? 0,
    bareLanguages: facets.bare?.length ?? 0,
    age: facets.age !== undefined,
    series: Boolean(query.series),
    tags: tagNames.length,
    terms,
    facetsOnly: !viewer && asksOnly(query, FACET_ONLY_KEYS),
    pageSize: query.pageSize,
    bound,
  };
  const values: PageValues = {
    ...facets,
    ...(viewer ? { userId: viewer.userId } : {}),
    ...(query.series ? { series: query.series } : {}),
    ...(tagNames.length ? { tags: tagNames } : {}),
    offset,
    ...(bound === undefined ? { limit: query.pageSize } : {}),
  };
  // A search is built for its words on every request; any other page is compiled once per shape.
  const statement =
    terms.length > 0
      ? pageStatement(db, shape, values).page.compile()
      : shapedStatement(db, `tonies.page ${JSON.stringify(shape)}`, values, (v) => pageStatement(db, shape, v).page);
  const rows = (await db.executeQuery(statement)).rows;

  let total: number;
  if (rows.length > 0) total = Number(rows[0]!.total_count);
  else if (query.page === 1) total = 0;
  else total = Number((await pageStatement(db, shape, values).total.executeTakeFirstOrThrow()).n);
  return { rows, total };
}

/**
 * The statement of a catalogue page (`page`) and, for a page past the end, its total alone
 * (`total`). Built from `shape` and `values` only: everything of `values` is a parameter.
 */
function pageStatement(db: Db, shape: PageShape, values: PageValues) {
  const { sortName, terms } = shape;
  const sort = sortName === 'added' ? ADDED_SORT : TONIE_SORT_KEYS[sortName];
  const onShelf = shape.shelf !== null && shape.shelf !== 'none' ? shape.shelf : null;

  // Within a shelf: the viewer's rows of that shelf joined as `si` (one per Tonie: the primary key).
  // The builder's type stays the catalogue's; the join's columns are read through raw references.
  const shelfCols = shelfColumns(onShelf ?? 'own');
  const from: SelectQueryBuilder<DB, 'tonies', object> = onShelf
    ? (db
        .selectFrom('tonies')
        .innerJoin('shelf_items as si', (join) => join.onRef('si.tonie_id', '=', 'tonies.id').on('si.user_id', '=', values.userId!).on(shelfCols.on)) as unknown as SelectQueryBuilder<
        DB,
        'tonies',
        object
      >)
    : db.selectFrom('tonies');

  const base = from.where((eb) => {
    const filters: Expression<SqlBool>[] = [];
    if (shape.shelf === 'none') {
      filters.push(
        eb.not(
          eb.exists(
            eb
              .selectFrom('shelf_items as none_si')
              .select(sql`1`.as('one'))
              .where('none_si.user_id', '=', values.userId!)
              .whereRef('none_si.tonie_id', '=', 'tonies.id')
              .where((e) => e.or([e('none_si.status', 'is not', null), e('none_si.favourite', '=', true)])),
          ),
        ),
      );
    }
    filters.push(...facetFilters(eb, 'tonies', values));
    if (terms.length > 0) filters.push(matchesTonieSearch(eb, terms));
    if (shape.series) filters.push(eb('tonies.series', '=', values.series!));
    // An unknown tag name matches no tag, so no Tonie has them all: an empty page, total 0.
    if (shape.tags > 0) filters.push(hasAllTagNames(eb, 'tonies', values.tags!));
    return eb.and(filters);
  });

  const filtered = shape.shelf !== null || terms.length > 0 || shape.tags > 0 || shape.exactLanguages + shape.bareLanguages > 0 || shape.age || shape.series;
  // Narrowed by language and age (and category) alone: the counts per facet, not the rows.
  const countFiltered = () => (shape.facetsOnly ? facetCount(db, values) : base.select((eb) => eb.fn.countAll<number>().as('n')));
  const countAll = () => categoryCount(db, values.category);
  const total = filtered ? countFiltered() : countAll();
  // A search reads and ranks every match to sort them: counting them on the way costs nothing more.
  // (A tag filter counts apart: a window count over its Tonies measured no faster, BENCHMARKS.md.)
  const windowTotal = terms.length > 0;

  // The page's ids (and what the order needs beside the sort's own columns), skipped and limited.
  // By relevance, the rank comes first (computed here, ordered by again outside).
  const rank = sortName === 'relevance' && terms.length > 0 ? tonieRelevance('tonies', terms) : null;
  // The sort's own columns come along (from the sort's index) so the page is ordered by them outside.
  const keyColumnNames = [...new Set(['id', ...sort.map((k) => k.column).filter((c) => c !== 'added_at')])];
  const keyColumns = keyColumnNames.map((c) => sql.ref(`tonies.${c}`).as(c));
  const idsSelected = base
    .select(keyColumns)
    .select((rank ?? sql<number>`0::int`).as('search_rank'))
    .$if(onShelf !== null, (q) => q.select(shelfCols.addedAt.as('added_at')))
    .$if(windowTotal, (q) => q.select(sql<number>`count(*) over ()`.as('total_count')));
  const idsOrdered =
    sortName === 'added'
      ? idsSelected.orderBy(shelfCols.addedAt, 'desc').orderBy('tonies.id', 'desc')
      : orderByKeys(rank ? idsSelected.orderBy(rank) : idsSelected, 'tonies', sort);
  const pageIds =
    shape.bound !== undefined
      ? boundedPage<PageIdRow, DB, 'tonies', object>(idsSelected, 'tonies', sort, [...keyColumnNames, 'search_rank'], {
          limit: shape.pageSize,
          offset: values.offset,
          bound: shape.bound,
        })
      : sql<PageIdRow>`(${idsOrdered.limit(values.limit!).offset(values.offset)})`;

  // The page's rows by primary key, with their tags, in the order of their ids; the total beside them.
  const pageRows = db
    .selectFrom(pageIds.as('r'))
    .innerJoin('tonies', 'tonies.id', 'r.id')
    .select(SUMMARY_COLUMNS.map((c) => `tonies.${c}` as const))
    .select(windowTotal ? sql<number>`r.total_count`.as('total_count') : total.as('total_count'))
    .select(tagNamesOf('tonies', 'tonies.id').as('tag_names'))
    .orderBy(sql.ref('r.search_rank'));
  return { page: orderByKeys(pageRows, 'r', sort).$castTo<PageRow>(), total };
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
export async function findTonieWithTags(db: Db, id: number): Promise<WithTags<TonieDetailRow> | undefined> {
  const [row] = await shapedRows(db, 'tonies.detail', { id }, (v) =>
    db
      .selectFrom('tonies')
      .select(DETAIL_COLUMNS.map((c) => `tonies.${c}` as const))
      .select(tagNamesOf('tonies', 'tonies.id').as('tag_names'))
      .where('tonies.id', '=', v.id),
  );
  return row;
}

export function findTonieById(db: Db, id: number): Promise<Tonie | undefined> {
  return db.selectFrom('tonies').selectAll().where('id', '=', id).executeTakeFirst();
}
