// Shared audio: Discover's filtered, sorted, paged list of published files; a user's files; the
// files a user liked; one file; writes (create, update, delete); downloads; the tag list. Tags,
// likes and the stamps of a change are publishable.ts (shared with sets). Every Discover shape is served by a partial index over published files (see
// migrations/0001_init.sql); drafts are read only through their owner's id.
//
// Visibility: a file shows to others only when it is published, no moderator hid it and its
// owner is not suspended (visibleAudio); its owner always sees it. Every list, count, search and
// tag list here applies that rule.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import type { AudioSort, LikedSort } from '@tonieshelf/shared/values/audio';
import type { AudioListQuery, LikedAudioQuery, MyAudioQuery } from '@tonieshelf/shared/schemas/audio';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import type { AudioFile, AudioFileUpdate, Db, DB, NewAudioFile } from '../db/types';
import { likedBy, withStamps } from './publishable';
import { escapeLike, hasAllTagNames, hidingDecisionOf, lowerTagNames, matchesAllTerms, orderByKeys, searchTerms, tagNamesOf, type SortKey } from './query-helpers';

/** The columns an audio file is shown with (not the generated search text). */
const AUDIO_COLUMNS = [
  'id',
  'user_id',
  'title',
  'description',
  'script_text',
  'status',
  'file_path',
  'file_name',
  'file_size',
  'mime_type',
  'duration',
  'cover_path',
  'cover_mime_type',
  'like_count',
  'download_count',
  'comment_count',
  'created_at',
  'updated_at',
  'published_at',
  'hidden_at',
  'owner_suspended',
  'licence',
  'rights_confirmed_at',
  'analysis',
  'loudness_lufs',
  'peak_dbfs',
] as const;

/** An audio file as shown (every column but the generated search text and the waveform, read on its own). */
export type AudioRow = Omit<AudioFile, 'search_text' | 'waveform'>;

/** An audio file with its tags, its owner's names, whether the viewer liked it and the decision that hid it. */
export type AudioDetailRow = AudioRow & {
  tag_names: string[];
  username: string;
  first_name: string;
  last_name: string;
  has_liked: boolean;
  /** The moderators' decision that hid it (or suspended its owner); null when it is not hidden. */
  decision_id: number | null;
};

/** The columns of a detail row, named one by one (see withDetails). */
const DETAIL_COLUMNS = [...AUDIO_COLUMNS, 'username', 'first_name', 'last_name', 'tag_names', 'has_liked', 'decision_id'] as const;

interface AudioListResult {
  rows: AudioDetailRow[];
  total: number;
}

/**
 * What a file others may see has: published, not hidden by moderators, owner not suspended: the
 * SQL form of the rule (audio/service.ts isVisibleAudio decides it for a row). In the database it
 * is audio_visible (migration 0016), and the predicate of Discover's partial indexes is its first part.
 */
const VISIBLE = { status: 'published', hidden_at: null, owner_suspended: false } as const;

/**
 * The files others may see (VISIBLE). Starts with `status = 'published'`, so the partial
 * indexes over published files still serve it.
 */
function visibleAudio<TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<DB, 'audio_files'>;
  // Literals, not parameters: the partial indexes serve a statement whose text holds their predicate.
  return e.and([
    e('audio_files.status', '=', sql.lit(VISIBLE.status)),
    e('audio_files.hidden_at', 'is', VISIBLE.hidden_at),
    e('audio_files.owner_suspended', '=', sql.lit(VISIBLE.owner_suspended)),
  ]);
}

/** Files others may see, or also the viewer's own (drafts and hidden ones). */
function visibleTo(eb: ExpressionBuilder<DB, 'audio_files'>, viewerId: string | null): Expression<SqlBool> {
  return viewerId ? eb.or([visibleAudio(eb), eb('audio_files.user_id', '=', viewerId)]) : visibleAudio(eb);
}

/**
 * The rows of `page` (files, chosen and ordered already) with their tags, owner names and the
 * viewer's like, ordered again by `sort` (a subquery's order is not kept by the outer query).
 */
function withDetails<O extends AudioRow>(db: Db, page: SelectQueryBuilder<DB, 'audio_files', O>, sort: readonly SortKey[], viewerId: string | null) {
  const rows = db
    .selectFrom(page.as('p'))
    .innerJoin('users', (join) => join.on(sql.ref('users.id'), '=', sql.ref('p.user_id')))
    .select(AUDIO_COLUMNS.map((c) => sql.ref(`p.${c}`).as(c)))
    .select(['users.username', 'users.first_name', 'users.last_name'])
    .select(tagNamesOf('audio_files', 'p.id').as('tag_names'))
    .select(likedBy('audio_files', 'p', viewerId).as('has_liked'))
    .select(hidingDecisionOf('audio', 'p').as('decision_id'))
    .$castTo<AudioDetailRow>();
  return orderByKeys(rows, 'p', sort);
}

/** Audio files with the columns they are shown with. */
function audioRows(db: Db) {
  return db.selectFrom('audio_files').select(AUDIO_COLUMNS.map((c) => `audio_files.${c}` as const));
}

/** Discover's sorts (SPEC §2); each matches a partial index over published files. */
const AUDIO_SORT_KEYS: Record<AudioSort, SortKey[]> = {
  recent: [
    { column: 'created_at', desc: true },
    { column: 'id', desc: true },
  ],
  popular: [
    { column: 'like_count', desc: true },
    { column: 'id', desc: true },
  ],
  downloads: [
    { column: 'download_count', desc: true },
    { column: 'id', desc: true },
  ],
  az: [{ column: 'title', lower: true }, { column: 'id' }],
  za: [
    { column: 'title', lower: true, desc: true },
    { column: 'id', desc: true },
  ],
};
const NEWEST_FIRST = AUDIO_SORT_KEYS.recent;

/**
 * Files matching a list's filters: search words over title and description (all must match),
 * tags (ALL of them, looked up by name in the statement: an unknown tag matches no file) and the licence.
 */
function filtered(
  db: Db,
  query: { search?: string | undefined; tags?: string[] | undefined; licence?: Licence | undefined },
  where: (eb: ExpressionBuilder<DB, 'audio_files'>) => Expression<SqlBool>,
) {
  const tagNames = lowerTagNames(query.tags);
  const terms = searchTerms(query.search);
  return audioRows(db).where((eb) => {
    const filters = [where(eb)];
    if (query.licence) filters.push(eb('audio_files.licence', '=', query.licence));
    if (terms.length > 0) filters.push(matchesAllTerms(eb, 'audio_files', terms));
    if (tagNames.length > 0) filters.push(hasAllTagNames(eb, 'audio_files', tagNames));
    return eb.and(filters);
  });
}

/** Discover's filters; with `userId`, that user's visible files only (their profile). */
type PublishedAudioQuery = AudioListQuery & { userId?: string | undefined };

/** Visible files, or one user's visible files. */
function publishedBy(userId: string | undefined) {
  return (eb: ExpressionBuilder<DB, 'audio_files'>): Expression<SqlBool> => (userId ? eb.and([visibleAudio(eb), eb('audio_files.user_id', '=', userId)]) : visibleAudio(eb));
}

/** A page as rows to take and to skip. */
interface Paging {
  limit: number;
  offset: number;
}

function pagingOf(query: Pick<AudioListQuery, 'page' | 'pageSize'>): Paging {
  return { limit: query.pageSize, offset: (query.page - 1) * query.pageSize };
}

/**
 * The rows of one page of `base` in Discover's order (unordered: withDetails orders them). The
 * page's ids are chosen first, on the sort's partial index alone (an index-only scan for every
 * unfiltered sort: the A-Z index holds the title since migration 0013), and only those rows are
 * read from the table: a deep page skips index entries, not table rows.
 */
function pageOf(db: Db, base: SelectQueryBuilder<DB, 'audio_files', AudioRow>, sortBy: AudioSort, paging: Paging) {
  const ids = orderByKeys(base.clearSelect().select('audio_files.id'), 'audio_files', AUDIO_SORT_KEYS[sortBy]).limit(paging.limit).offset(paging.offset);
  return audioRows(db).where('audio_files.id', 'in', ids);
}

/**
 * One page of Discover's files chosen on the filtered rows themselves (a search reads
 * search_text by substring, never the word links), has_liked false: the tests' reference for
 * what discoverPage answers by its faster paths.
 */
export async function listPublishedAudioPage(db: Db, query: PublishedAudioQuery): Promise<AudioDetailRow[]> {
  const base = filtered(db, query, publishedBy(query.userId));
  return withDetails(db, pageOf(db, base, query.sortBy, pagingOf(query)), AUDIO_SORT_KEYS[query.sortBy], null).execute();
}

/** One page of Discover and the number of files matching its filters (over every page). */
export interface DiscoverPage {
  rows: AudioDetailRow[];
  total: number;
}

/** Whether the triggers' counts answer this query's total: no search words, tags or user (a licence at most). */
function countedByTriggers(query: Pick<PublishedAudioQuery, 'search' | 'tags' | 'userId'>): boolean {
  return query.userId === undefined && searchTerms(query.search).length === 0 && (query.tags ?? []).length === 0;
}

/**
 * How many visible files match Discover's filters. Without search words, tags or a user, the
 * counts kept by the triggers of migration 0013 (all licences summed, or the one asked for):
 * a read of at most a handful of rows, whatever the number of files. Otherwise a count of the
 * filtered files, served by the same indexes as the page (trigram index for words,
 * audio_file_tags_tag_idx for tags, audio_files_user_idx for a user).
 */
function totalOf(db: Db, query: Pick<PublishedAudioQuery, 'search' | 'tags' | 'licence' | 'userId'>, base: SelectQueryBuilder<DB, 'audio_files', AudioRow>) {
  if (countedByTriggers(query)) {
    const counts = db.selectFrom('audio_discover_counts').select(sql<number>`coalesce(sum(visible_count), 0)::int8`.as('n'));
    return query.licence ? counts.where('licence', '=', query.licence) : counts;
  }
  return base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n'));
}

/**
 * One page of Discover and its total, in one statement: visible files only (published, not
 * hidden, owner not suspended); text search over title and description (every word must
 * match, trigram index); licence; tag filter (files having ALL tags); a user's files only
 * (`userId`, a profile); a sort over the whole filtered set; each row with its tags and owner
 * names. With `viewerId`, each row also says whether that viewer liked it (has_liked), and its
 * counts are as read now; without, has_liked is false and the page is the same for everyone.
 * The page is chosen on the sort's index (pageOf); the total rides along: (total) LEFT JOIN LATERAL (page), so
 * an empty page still answers it. A tag filter's page carries its total on its rows instead
 * (windowedPage); a page past its last then has none, and one more statement counts.
 */
export async function discoverPage(db: Db, query: PublishedAudioQuery, viewerId: string | null): Promise<DiscoverPage> {
  const unfiltered = countedByTriggers(query);
  // A search by word links, unless the substring search serves it better (null).
  const byWords = !unfiltered && searchedByWords(query) ? await searchByWords(db, query, viewerId) : null;
  const found = byWords ?? (await discoverStatement(db, query, viewerId, pagingOf(query)).execute());
  // A windowedPage's total rides on its rows: a page past the last has none to carry it.
  const uncounted = found.length === 0 && query.page > 1 && !unfiltered && !byWords && countsOnItsRows(query);
  const total = uncounted ? await countPublishedAudio(db, query) : Number(found[0]?.total_count ?? 0);
  return {
    total,
    rows: found.flatMap(({ total_count: _, ...row }) => (row.id === null ? [] : [row as AudioDetailRow])),
  };
}

type DiscoverRow = Awaited<ReturnType<ReturnType<typeof discoverStatement>['execute']>>[number];

/** Discover's one statement. */
function discoverStatement(db: Db, query: Omit<PublishedAudioQuery, 'page' | 'pageSize'>, viewerId: string | null, paging: Paging) {
  const base = filtered(db, query, publishedBy(query.userId));
  if (countsOnItsRows(query)) return windowedPage(db, base, query.sortBy, paging, viewerId);
  return totalAndPage(db, totalOf(db, query, base), pageOf(db, base, query.sortBy, paging), query.sortBy, viewerId);
}

/** Whether Discover's statement for this query is a windowedPage: a tag filter's. */
function countsOnItsRows(query: Pick<PublishedAudioQuery, 'tags'>): boolean {
  return lowerTagNames(query.tags).length > 0;
}

/**
 * A page of `base` whose rows carry the number of its matches (a window count), for filters
 * whose matches must all be read anyway to count them and are few: a tag filter reads its files
 * through their tag links. One pass over the matches orders them and counts them, where
 * totalAndPage would read them twice (once to count, once to choose the page). The page's ids
 * and their count are a common table read twice (so computed once). A page past the last has
 * no row, so no total: the caller counts then.
 */
function windowedPage(db: Db, base: SelectQueryBuilder<DB, 'audio_files', AudioRow>, sortBy: AudioSort, paging: Paging, viewerId: string | null) {
  const sort = AUDIO_SORT_KEYS[sortBy];
  const ids = orderByKeys(base.clearSelect().select(['audio_files.id', sql<string>`count(*) over ()`.as('n')]), 'audio_files', sort)
    .limit(paging.limit)
    .offset(paging.offset);
  const details = withDetails(db, audioRows(db).where('audio_files.id', 'in', sql<number>`(select i.id from i)`), [], viewerId);
  const statement = db
    .with('i', () => ids)
    .selectFrom('i')
    .innerJoin(details.as('d'), 'd.id', 'i.id')
    .select('i.n as total_count')
    .select(DETAIL_COLUMNS.map((c) => sql.ref(`d.${c}`).as(c)))
    .$castTo<AudioDetailRow & { total_count: number | string | bigint }>();
  return orderByKeys(statement, 'd', sort);
}

/**
 * A Discover statement from its parts: the total (one row with `n`), LEFT JOIN LATERAL the
 * page's rows with their details, in the sort's order (so an empty page still answers the total).
 */
function totalAndPage(
  db: Db,
  total: SelectQueryBuilder<DB, never, { n: number }>,
  page: SelectQueryBuilder<DB, 'audio_files', AudioRow>,
  sortBy: AudioSort,
  viewerId: string | null,
) {
  const statement = db
    .selectFrom(total.as('t'))
    .leftJoinLateral(withDetails(db, page, [], viewerId).as('d'), (join) => join.onTrue())
    .select('t.n as total_count')
    .select(DETAIL_COLUMNS.map((c) => sql.ref(`d.${c}`).as(c)))
    .$castTo<AudioDetailRow & { total_count: number | string | bigint }>();
  return orderByKeys(statement, 'd', AUDIO_SORT_KEYS[sortBy]);
}

/** Whether the word links of migration 0016 answer this search: search words alone (no tags, licence or user). */
function searchedByWords(query: PublishedAudioQuery): boolean {
  return searchTerms(query.search).length > 0 && (query.tags ?? []).length === 0 && query.licence === undefined && query.userId === undefined;
}

/**
 * A search word takes the word links only when it has at least this many characters (a shorter
 * one has no trigram: it would read the whole vocabulary) and is contained in at most
 * MAX_TERM_WORDS stored words: the links cost about 12 buffers a word (counting and fetching),
 * the substring search about one row a match. EXPLAIN (ANALYZE, BUFFERS) of a first page on
 * 100,000 files whose numbered titles give words of one file each: 20 words 0.5 ms (620
 * buffers), 100 words 0.6-1.0 ms (1,660), 300 words 1.4-2.0 ms (4,040), 2,400 words 9-11 ms
 * (14,600), where the substring search answers a 3-digit term (300 matches) in 0.4-0.7 ms
 * (770-1,060 buffers).
 */
const MIN_TERM_LENGTH = 3;
const MAX_TERM_WORDS = 100;

/**
 * A Discover search (words only) over the word links of migration 0016, never reading a file's
 * row to decide whether it matches; null when the substring search serves it better (a search
 * word shorter than MIN_TERM_LENGTH or contained in more than MAX_TERM_WORDS stored words).
 * First the ids of the stored words containing each search word (one small statement over the
 * words' trigram index, at most MAX_TERM_WORDS + 1 each; a search word no stored word contains
 * answers an empty page at once). Then one statement, without any pattern: the total counts
 * the files linked to a word of every search word (the links' primary key alone); the page
 * either walks the sort's index checking each file's links (the matches are many: the page is
 * near the start of the index) or reads the matches by key and sorts them (they are few),
 * whichever should cost less: a walk passes about visible files ×
 * (offset + limit) / matches entries at half the cost of reading a match, so it walks when
 * matches² ≥ 2 × visible files × (offset + limit). (Matches bunched in a sort's order, such as
 * titles starting with the word in A-Z, make a walk longer than that.)
 */
async function searchByWords(db: Db, query: PublishedAudioQuery, viewerId: string | null): Promise<DiscoverRow[] | null> {
  const terms = searchTerms(query.search);
  if (terms.some((term) => [...term].length < MIN_TERM_LENGTH)) return null;
  const words = await db
    .selectNoFrom(
      terms.map((term, i) =>
        sql<number[] | null>`(select array_agg(id) from (select id from audio_search_words where word like ${`%${escapeLike(term)}%`} limit ${MAX_TERM_WORDS + 1}) w)`.as(`w${i}`),
      ),
    )
    .executeTakeFirstOrThrow();
  const found = terms.map((_, i) => (words as Record<string, number[] | null>)[`w${i}`] ?? null);
  if (found.some((ids) => ids === null)) return [];
  if (found.some((ids) => ids!.length > MAX_TERM_WORDS)) return null;
  // Each term's word ids as an array literal (text cast to int[]): the same value whatever the
  // driver does with arrays. Read through a subquery, which the planner cannot look into: every
  // word set gets the same plan (its branches chosen when it runs, below), and planning does not
  // cost each set of ids anew.
  const wordIds = found.map((ids) => sql<number[]>`(select ${`{${ids!.join(',')}}`}::int[])::int[]`);
  const idSets = wordIds.map((ids) => sql`(select audio_file_id from audio_file_words where word_id = any(${ids}))`);
  const matches = idSets.length === 1 ? sql`select distinct audio_file_id from audio_file_words where word_id = any(${wordIds[0]})` : sql.join(idSets, sql` intersect `);
  const total = db
    .selectNoFrom([sql<number>`(select count(*) from (${matches}) m)`.as('n'), sql<number>`(select coalesce(sum(visible_count), 0) from audio_discover_counts)`.as('visible')])
    .offset(sql.lit(0)); // kept a subquery (not inlined where the page reads it): counted once
  const paging = pagingOf(query);
  const limit = sql<number>`${paging.limit}`;
  const offset = sql<number>`${paging.offset}`;
  const walks = sql<boolean>`t.n::float8 * t.n >= 2 * t.visible::float8 * (${offset}::int8 + ${limit}::int8)`;
  const linked = wordIds.map(
    (ids) => sql<boolean>`coalesce((select true from audio_file_words l where l.audio_file_id = audio_files.id and l.word_id = any(${ids}) limit 1), false)`,
  );
  const sort = AUDIO_SORT_KEYS[query.sortBy];
  const ids = (gate: RawBuilder<boolean>, match: RawBuilder<boolean>[]) =>
    orderByKeys(
      db
        .selectFrom('audio_files')
        .select('audio_files.id')
        .where(visibleAudio)
        .where(gate)
        .where((eb) => eb.and(match)),
      'audio_files',
      sort,
    )
      .limit(limit)
      .offset(offset);
  const walk = ids(walks, linked);
  // The matches' array only when this branch runs (a walking page never reads it).
  const fetch = ids(sql<boolean>`not (${walks})`, [sql<boolean>`audio_files.id = any(case when not (${walks}) then array(${matches}) end)`]);
  const pageIds = db
    .selectFrom(walk.as('w'))
    .select('w.id')
    .unionAll(db.selectFrom(fetch.as('f')).select('f.id'));
  return totalAndPage(db, total, audioRows(db).where('audio_files.id', 'in', pageIds), query.sortBy, viewerId).execute();
}

/**
 * Removes the search words no file links any more (audio_search_words keeps every word ever
 * published otherwise); returns how many. Runs only when it gets the words' lock exclusively at
 * once (see migration 0016: every trigger that links words holds it shared until its
 * transaction ends), so it never removes a word a trigger has found and not yet linked; when a
 * write is under way it does nothing (0) and the next run removes the words.
 */
export async function removeUnusedSearchWords(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtextextended('tonieshelf:audio-search-words', 0)) as locked`.execute(trx);
    if (!rows[0]?.locked) return 0;
    // A statement of its own, after the lock: its snapshot sees every link committed before.
    const removed = await sql`delete from audio_search_words w where not exists (select 1 from audio_file_words l where l.word_id = w.id)`.execute(trx);
    return Number(removed.numAffectedRows ?? 0);
  });
}

/** How many visible files match Discover's filters (the same for every page and sort); with `userId`, that user's. */
export async function countPublishedAudio(db: Db, query: Pick<PublishedAudioQuery, 'search' | 'tags' | 'licence' | 'userId'>): Promise<number> {
  const base = filtered(db, query, publishedBy(query.userId));
  const row = await totalOf(db, query, base).executeTakeFirstOrThrow();
  return Number(row.n);
}

function countOf(q: SelectQueryBuilder<DB, 'audio_files', AudioRow>): Promise<number> {
  return q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/**
 * A user's own files (drafts too), newest first, filtered like Discover (search words, ALL tags):
 * one page and the total.
 */
export async function listOwnAudio(db: Db, userId: string, query: MyAudioQuery): Promise<AudioListResult> {
  const base = filtered(db, query, (eb) => eb('audio_files.user_id', '=', userId));
  const page = orderByKeys(base, 'audio_files', NEWEST_FIRST)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, total] = await Promise.all([withDetails(db, page, NEWEST_FIRST, userId).execute(), countOf(base)]);
  return { rows, total };
}

export type AudioViewerState = Pick<AudioRow, 'id' | 'status' | 'user_id' | 'like_count' | 'download_count' | 'comment_count' | 'hidden_at' | 'owner_suspended'> & {
  has_liked: boolean;
};

/** The live counts and the viewer's like of these files (a primary-key lookup). */
export async function audioViewerStates(db: Db, ids: readonly number[], viewerId: string): Promise<AudioViewerState[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('audio_files')
    .select(['id', 'status', 'user_id', 'like_count', 'download_count', 'comment_count', 'hidden_at', 'owner_suspended'])
    .select(likedBy('audio_files', 'audio_files', viewerId).as('has_liked'))
    .where('id', 'in', ids)
    .execute();
}

/**
 * A user's files, newest first: every one of them for the owner (drafts and hidden ones, also
 * for "Download my data"), only the visible ones for others.
 */
export function listUserAudio(db: Db, ownerId: string, includeDrafts: boolean, viewerId: string | null): Promise<AudioDetailRow[]> {
  let q = orderByKeys(audioRows(db).where('audio_files.user_id', '=', ownerId), 'audio_files', NEWEST_FIRST);
  if (!includeDrafts) q = q.where(visibleAudio);
  return withDetails(db, q, NEWEST_FIRST, viewerId).execute();
}

/** The liked list's sorts: newest like first, or most liked first. */
const LIKED_SORT_KEYS: Record<LikedSort, SortKey[]> = {
  newest: [
    { column: 'liked_at', desc: true },
    { column: 'id', desc: true },
  ],
  popular: [
    { column: 'like_count', desc: true },
    { column: 'id', desc: true },
  ],
};

/**
 * The files a user liked that the user may still see (visible to others, or their own: a file
 * hidden by moderators drops out even for those who liked it), newest like
 * first or most liked first, one page and the total.
 */
export async function listLikedAudio(db: Db, userId: string, query: LikedAudioQuery): Promise<AudioListResult> {
  const base = audioRows(db)
    .innerJoin('audio_likes', 'audio_likes.audio_file_id', 'audio_files.id')
    .where('audio_likes.user_id', '=', userId)
    .where((eb) => visibleTo(eb, userId));
  const sort = LIKED_SORT_KEYS[query.sortBy];
  // The page subquery orders by its own columns: liked_at is selected, like_count is a file column.
  const page = base
    .select('audio_likes.created_at as liked_at')
    .orderBy(query.sortBy === 'popular' ? 'audio_files.like_count' : 'audio_likes.created_at', 'desc')
    .orderBy('audio_files.id', 'desc')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const totalPromise = base
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
  const [rows, total] = await Promise.all([withDetails(db, page, sort, userId).execute(), totalPromise]);
  return { rows, total };
}

/** One file with its details, whatever its status (the caller checks who may see it). */
export function findAudioDetails(db: Db, id: number, viewerId: string | null): Promise<AudioDetailRow | undefined> {
  return withDetails(db, audioRows(db).where('audio_files.id', '=', id), [], viewerId).executeTakeFirst();
}

/** A file's waveform with what decides who may see it (the waveform is read only here). */
export function findWaveform(db: Db, id: number) {
  return db.selectFrom('audio_files').select(['id', 'user_id', 'status', 'hidden_at', 'owner_suspended', 'analysis', 'waveform']).where('id', '=', id).executeTakeFirst();
}

/** Files not analysed yet, oldest first (audio_files_unanalysed_idx): what the analysis job works through. */
export function listUnanalysedAudio(db: Db, limit: number) {
  return db.selectFrom('audio_files').select(['id', 'file_path', 'mime_type', 'duration']).where('analysis', '=', 'none').orderBy('id').limit(limit).execute();
}

/**
 * Stores what the analysis measured of a file, unless its audio was replaced meanwhile (the row
 * must still have the analysed `filePath` and be unanalysed). Returns whether it was stored.
 */
export async function setAudioAnalysis(
  db: Db,
  id: number,
  filePath: string,
  a: { analysis: 'ready' | 'failed'; waveform: Uint8Array | null; loudness_lufs: number | null; peak_dbfs: number | null },
): Promise<boolean> {
  const result = await db.updateTable('audio_files').set(a).where('id', '=', id).where('file_path', '=', filePath).where('analysis', '=', 'none').executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One file, locked for an update or delete in this transaction. */
export function findAudioForUpdate(trx: Transaction<DB>, id: number): Promise<AudioRow | undefined> {
  return trx.selectFrom('audio_files').select(AUDIO_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * A file the viewer may see (visible to others, or their own), locked against other likes of it until
 * this transaction ends: toggles of one file run one after another (the like-count trigger
 * locks the same row anyway), so a toggle always sees the outcome of the previous one.
 */
export async function lockVisibleAudio(trx: Transaction<DB>, id: number, viewerId: string) {
  return trx
    .selectFrom('audio_files')
    .select(['id', 'status', 'user_id'])
    .where('id', '=', id)
    .where((eb) => visibleTo(eb, viewerId))
    .forNoKeyUpdate()
    .executeTakeFirst();
}

/** Inserts a file; published_at is stamped when it is published at once. */
export async function insertAudio(db: Db, row: Omit<NewAudioFile, 'published_at'>): Promise<number> {
  const inserted = await db
    .insertInto('audio_files')
    .values({ ...row, published_at: row.status === 'published' ? sql<Date>`now()` : null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return inserted.id;
}

export type AudioChanges = Pick<
  AudioFileUpdate,
  | 'title'
  | 'description'
  | 'script_text'
  | 'status'
  | 'file_path'
  | 'file_name'
  | 'file_size'
  | 'mime_type'
  | 'duration'
  | 'cover_path'
  | 'cover_mime_type'
  | 'licence'
  | 'analysis'
  | 'waveform'
  | 'loudness_lufs'
  | 'peak_dbfs'
> & { publish?: boolean };

/** Applies changes with their stamps (publishable.withStamps). */
export async function updateAudio(db: Db, id: number, changes: AudioChanges): Promise<void> {
  await db.updateTable('audio_files').set(withStamps(changes)).where('id', '=', id).execute();
}

/** Deletes the file (its tags and likes go with it); returns its stored paths. */
export async function deleteAudio(db: Db, id: number): Promise<{ file_path: string; cover_path: string | null } | undefined> {
  return db.deleteFrom('audio_files').where('id', '=', id).returning(['file_path', 'cover_path']).executeTakeFirst();
}

/**
 * Counts a download of a file the viewer may see, once per viewer and file (the trigger on
 * audio_downloads keeps download_count); its stored path, or undefined.
 */
export async function countDownload(db: Db, id: number, viewerId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('audio_files')
    .select('file_path')
    .where('id', '=', id)
    .where((eb) => visibleTo(eb, viewerId))
    .executeTakeFirst();
  if (!row) return undefined;
  await db
    .insertInto('audio_downloads')
    .columns(['audio_file_id', 'user_id'])
    .expression((eb) =>
      eb
        .selectFrom('audio_files')
        .select([(e) => e.ref('id').as('audio_file_id'), sql<string>`cast(${viewerId} as uuid)`.as('user_id')])
        .where('id', '=', id)
        .where((e) => visibleTo(e, viewerId)),
    )
    .onConflict((oc) => oc.columns(['audio_file_id', 'user_id']).doNothing())
    .execute();
  return row.file_path;
}

/** Names of the audio tags that at least one VISIBLE file carries (published, not hidden, owner not suspended), A to Z. */
export async function listPublishedAudioTagNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('audio_tags')
    .select('audio_tags.name')
    .where(({ exists, selectFrom }) =>
      exists(
        selectFrom('audio_file_tags')
          .innerJoin('audio_files', 'audio_files.id', 'audio_file_tags.audio_file_id')
          .select('audio_file_tags.tag_id')
          .whereRef('audio_file_tags.tag_id', '=', 'audio_tags.id')
          .where(visibleAudio),
      ),
    )
    .orderBy('audio_tags.name')
    .execute();
  return rows.map((r) => r.name);
}
