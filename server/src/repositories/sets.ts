// Creative-Tonie sets: /sets (published, visible sets: search, ALL tags, recent or popular), the
// owner's list, one set with its chapters, writes (create, update, delete), chapters (add,
// remove, reorder, budget reads under the set's row lock), notices. Tags, likes and the stamps of
// a change are publishable.ts (shared with audio files).
//
// Visibility: a set shows to others only when it is published, no moderator hid it and its owner
// is not suspended (visibleSet); its owner always sees it. A chapter is *available* in a set when
// others may get it there: its file is visible and is the set owner's own or under a licence that
// allows sharing; the set's owner also gets their own drafts, but never a file moderators hid.
// Counts and durations shown are of the available chapters (chapterTotalsOf).
import {
  sql,
  type Insertable,
  type Selectable,
  type Updateable,
  type Expression,
  type ExpressionBuilder,
  type RawBuilder,
  type SelectQueryBuilder,
  type SqlBool,
  type Transaction,
} from 'kysely';
import type { MySetsQuery, SetListQuery } from '@tonieshelf/shared/schemas/set';
import type { SetSort } from '@tonieshelf/shared/values/set';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import type { DB, Db, SetsTable } from '../db/types';
import { likedBy, withStamps } from './publishable';
import { hasAllTagNames, hidingDecisionOf, lowerTagNames, matchesAllTerms, orderByKeys, tagNamesOf, type SortKey } from './query-helpers';
import { tonieSearchWords } from './tonie-search';

/** The columns a set is shown with (not the generated search text). */
const SET_COLUMNS = [
  'id',
  'user_id',
  'title',
  'description',
  'status',
  'cover_path',
  'cover_mime_type',
  'chapter_count',
  'total_duration',
  'like_count',
  'download_count',
  'hidden_at',
  'owner_suspended',
  'created_at',
  'updated_at',
  'published_at',
] as const;

type NewSet = Insertable<SetsTable>;
type SetUpdate = Updateable<SetsTable>;
export type SetRow = Omit<Selectable<SetsTable>, 'search_text'>;

/** A set with its tags, its owner's names, whether the viewer liked it and its licence summary. */
export type SetDetailRow = SetRow & {
  tag_names: string[];
  username: string;
  first_name: string;
  last_name: string;
  has_liked: boolean;
  /** The available chapters' licences, each once, most used first. */
  licences: Licence[];
  /** The decision that hid it (its newest 'hide', else its owner's suspension); null when not hidden. */
  decision_id: number | null;
} & ChapterTotals;

/** What the viewer gets of a set's chapters, and (owner's view) what they see marked instead. */
interface ChapterTotals {
  /** The available chapters: how many and their seconds. */
  shown_chapter_count: number;
  shown_duration: number;
  /** Owner's view: chapters of their own files that moderators hid; else 0. */
  hidden_chapter_count: number;
  /** Owner's view: other people's chapters no longer available; else 0. */
  unavailable_chapter_count: number;
}

/** The sets others may see: published, not hidden, owner not suspended (the partial indexes' condition; sets/service.ts isVisibleSet decides it for a row). */
function visibleSet<TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<DB, 'sets'>;
  return e.and([e('sets.status', '=', 'published'), e('sets.hidden_at', 'is', null), e('sets.owner_suspended', '=', false)]);
}

/** Sets others may see, or also the viewer's own. */
function visibleTo(eb: ExpressionBuilder<DB, 'sets'>, viewerId: string | null): Expression<SqlBool> {
  return viewerId ? eb.or([visibleSet(eb), eb('sets.user_id', '=', viewerId)]) : visibleSet(eb);
}

/** SQL: moderators hid the file `a` (itself, or with its owner's suspension). */
export function hiddenFile(a: string): RawBuilder<boolean> {
  return sql<boolean>`(${sql.ref(`${a}.hidden_at`)} is not null or ${sql.ref(`${a}.owner_suspended`)})`;
}

/**
 * SQL: the chapter's file `a` is available in the set `s` (see the top of this file). With
 * `ownerView`, the set owner's own files are too, drafts included, unless moderators hid them.
 */
export function availableChapter(a: string, s: string, ownerView: boolean): RawBuilder<boolean> {
  const ref = (c: string) => sql.ref(c);
  const own = sql`${ref(`${a}.user_id`)} = ${ref(`${s}.user_id`)}`;
  const visible = sql`${ref(`${a}.status`)} = 'published' and not ${hiddenFile(a)}
    and (${own} or ${ref(`${a}.licence`)} <> 'all-rights-reserved')`;
  return ownerView ? sql<boolean>`((${own} and not ${hiddenFile(a)}) or (${visible}))` : sql<boolean>`(${visible})`;
}

/**
 * The set `<alias>`'s chapter totals as ChapterTotals (one row, for a lateral join): what the
 * viewer gets; with `ownerView`, also the chapters the owner sees marked (hidden, unavailable).
 */
function chapterTotalsOf(db: Db, alias: string, ownerView: boolean) {
  const shown = availableChapter('a', alias, ownerView);
  const hiddenOwn = ownerView ? sql<boolean>`(a.user_id = ${sql.ref(`${alias}.user_id`)} and ${hiddenFile('a')})` : sql<boolean>`false`;
  return db
    .selectFrom('set_chapters as c')
    .innerJoin('audio_files as a', 'a.id', 'c.audio_file_id')
    .select([
      sql<number>`(count(*) filter (where ${shown}))::integer`.as('shown_chapter_count'),
      sql<number>`coalesce(sum(a.duration) filter (where ${shown}), 0)::double precision`.as('shown_duration'),
      sql<number>`(count(*) filter (where ${hiddenOwn}))::integer`.as('hidden_chapter_count'),
      sql<number>`(count(*) filter (where ${ownerView ? sql`not ${shown} and not ${hiddenOwn}` : sql`false`}))::integer`.as('unavailable_chapter_count'),
    ])
    .where('c.set_id', '=', sql.ref<number>(`${alias}.id`));
}

/** The licence summary of the set `<alias>`: its available chapters' licences, most used first. */
function licencesOf(alias: string, ownerView: boolean): RawBuilder<Licence[]> {
  return sql<Licence[]>`coalesce((
    select array_agg(l.licence order by l.n desc, l.licence)
      from (select a.licence, count(*) as n
              from set_chapters c join audio_files a on a.id = c.audio_file_id
             where c.set_id = ${sql.ref(`${alias}.id`)} and ${availableChapter('a', alias, ownerView)}
             group by a.licence) l), '{}'::text[])`;
}

function setRows(db: Db) {
  return db.selectFrom('sets').select(SET_COLUMNS.map((c) => `sets.${c}` as const));
}

/** The rows of `page` with tags, owner names, the viewer's like and the licence summary, ordered again by `sort`. */
function withDetails<O extends SetRow>(db: Db, page: SelectQueryBuilder<DB, 'sets', O>, sort: readonly SortKey[], viewerId: string | null, ownerView: boolean) {
  const rows = db
    .selectFrom(page.as('p'))
    .innerJoin('users', (join) => join.on(sql.ref('users.id'), '=', sql.ref('p.user_id')))
    .selectAll('p')
    .select(['users.username', 'users.first_name', 'users.last_name'])
    .select(tagNamesOf('sets', 'p.id').as('tag_names'))
    .select(likedBy('sets', 'p', viewerId).as('has_liked'))
    .innerJoinLateral(chapterTotalsOf(db, 'p', ownerView).as('t'), (join) => join.onTrue())
    .select(['t.shown_chapter_count', 't.shown_duration', 't.hidden_chapter_count', 't.unavailable_chapter_count'])
    .select(licencesOf('p', ownerView).as('licences'))
    .select(hidingDecisionOf('set', 'p').as('decision_id'));
  return orderByKeys(rows, 'p', sort);
}

/** /sets' sorts; each matches a partial index over visible sets. */
const SET_SORT_KEYS: Record<SetSort, SortKey[]> = {
  recent: [
    { column: 'published_at', desc: true },
    { column: 'id', desc: true },
  ],
  popular: [
    { column: 'like_count', desc: true },
    { column: 'id', desc: true },
  ],
};
const RECENTLY_CHANGED: SortKey[] = [
  { column: 'updated_at', desc: true },
  { column: 'id', desc: true },
];

/** Sets matching the filters (folded search words all in title or description, ALL tags: an unknown tag matches none). */
function filtered(db: Db, query: { search?: string | undefined; tags?: string[] | undefined }, where: (eb: ExpressionBuilder<DB, 'sets'>) => Expression<SqlBool>) {
  const tagNames = lowerTagNames(query.tags);
  const words = tonieSearchWords(query.search);
  return setRows(db).where((eb) => {
    const filters = [where(eb)];
    if (words.length > 0) filters.push(matchesAllTerms(eb, 'sets', words));
    if (tagNames.length > 0) filters.push(hasAllTagNames(eb, 'sets', tagNames));
    return eb.and(filters);
  });
}

function countOf(q: SelectQueryBuilder<DB, 'sets', SetRow>): Promise<number> {
  return q
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
}

/** /sets' filters; with `userId`, that user's visible sets only (their profile). */
type PublishedSetsQuery = SetListQuery & { userId?: string | undefined };

/** Visible sets, or one user's visible sets. */
function publishedBy(userId: string | undefined) {
  return (eb: ExpressionBuilder<DB, 'sets'>): Expression<SqlBool> => (userId ? eb.and([visibleSet(eb), eb('sets.user_id', '=', userId)]) : visibleSet(eb));
}

/** One page of /sets (as anyone sees it: has_liked false) and the total; with `userId`, that user's sets. */
export async function listPublishedSets(db: Db, query: PublishedSetsQuery): Promise<{ rows: SetDetailRow[]; total: number }> {
  const base = filtered(db, query, publishedBy(query.userId));
  const sort = SET_SORT_KEYS[query.sortBy];
  const page = orderByKeys(base, 'sets', sort)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, total] = await Promise.all([withDetails(db, page, sort, null, false).execute(), countOf(base)]);
  return { rows, total };
}

/** How many visible sets a user has (a profile's count). */
export async function countPublishedSets(db: Db, userId: string): Promise<number> {
  return countOf(filtered(db, {}, publishedBy(userId)));
}

/** The user's own sets (drafts and hidden ones too), most recently changed first, searched: one page and the total. */
export async function listOwnSets(db: Db, userId: string, query: MySetsQuery): Promise<{ rows: SetDetailRow[]; total: number }> {
  const base = filtered(db, query, (eb) => eb('sets.user_id', '=', userId));
  const page = orderByKeys(base, 'sets', RECENTLY_CHANGED)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const [rows, total] = await Promise.all([withDetails(db, page, RECENTLY_CHANGED, userId, true).execute(), countOf(base)]);
  return { rows, total };
}

/** Every set of the user, oldest first, with its chapters' audio ids in order (for "Download my data"). */
export function listSetsForExport(db: Db, userId: string) {
  return db
    .selectFrom('sets')
    .select(['sets.id', 'sets.title', 'sets.description', 'sets.status', 'sets.cover_path', 'sets.created_at', 'sets.published_at'])
    .select(sql<number[]>`coalesce((select array_agg(c.audio_file_id order by c.position) from set_chapters c where c.set_id = sets.id), '{}'::int[])`.as('audio_file_ids'))
    .where('sets.user_id', '=', userId)
    .orderBy('sets.created_at')
    .orderBy('sets.id')
    .execute();
}

export type SetViewerState = Pick<SetRow, 'id' | 'status' | 'user_id' | 'like_count' | 'download_count' | 'hidden_at' | 'owner_suspended'> & { has_liked: boolean };

/** The live counts, state and the viewer's like of these sets (a primary-key lookup). */
export async function setViewerStates(db: Db, ids: readonly number[], viewerId: string): Promise<SetViewerState[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('sets')
    .select(['id', 'status', 'user_id', 'like_count', 'download_count', 'hidden_at', 'owner_suspended'])
    .select(likedBy('sets', 'sets', viewerId).as('has_liked'))
    .where('id', 'in', ids)
    .execute();
}

/** One set with its details, whatever its state (the caller checks who may see it). */
export function findSetDetails(db: Db, id: number, viewerId: string | null): Promise<SetDetailRow | undefined> {
  // The licence summary and the chapter totals are recomputed from the chapters (sets/mappers.ts); the owner's view here.
  return withDetails(db, setRows(db).where('sets.id', '=', id), [], viewerId, true).executeTakeFirst();
}

/** A chapter with its audio file's details and the file owner's names. */
export interface ChapterRow {
  audio_file_id: number;
  position: number;
  title: string;
  duration: number | null;
  file_path: string;
  file_name: string;
  file_size: number | string;
  mime_type: string;
  licence: Licence;
  user_id: string;
  status: 'draft' | 'published';
  hidden_at: Date | null;
  owner_suspended: boolean;
  analysis: 'none' | 'ready' | 'failed';
  loudness_lufs: number | null;
  peak_dbfs: number | null;
  username: string;
  first_name: string;
  last_name: string;
  /** The decision that hid the file (its newest 'hide', else its owner's suspension); null when not hidden. */
  decision_id: number | null;
}

/** The set's chapters in order, with their files (whatever their state: the caller decides what shows). */
export function listChapters(db: Db, setId: number): Promise<ChapterRow[]> {
  return db
    .selectFrom('set_chapters as c')
    .innerJoin('audio_files as a', 'a.id', 'c.audio_file_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select([
      'c.audio_file_id',
      'c.position',
      'a.title',
      'a.duration',
      'a.file_path',
      'a.file_name',
      'a.file_size',
      'a.mime_type',
      'a.licence',
      'a.user_id',
      'a.status',
      'a.hidden_at',
      'a.owner_suspended',
      'a.analysis',
      'a.loudness_lufs',
      'a.peak_dbfs',
      'u.username',
      'u.first_name',
      'u.last_name',
    ])
    .select(hidingDecisionOf('audio', 'a').as('decision_id'))
    .where('c.set_id', '=', setId)
    .orderBy('c.position')
    .execute();
}

/** The set's chapters' audio ids in order. */
export async function chapterIds(db: Db, setId: number): Promise<number[]> {
  const rows = await db.selectFrom('set_chapters').select('audio_file_id').where('set_id', '=', setId).orderBy('position').execute();
  return rows.map((r) => r.audio_file_id);
}

/** What decides whether an audio file may become a chapter. */
export type ChapterCandidate = {
  id: number;
  title: string;
  user_id: string;
  status: 'draft' | 'published';
  hidden_at: Date | null;
  owner_suspended: boolean;
  licence: Licence;
  duration: number | null;
};

/**
 * The files, share-locked (FOR KEY SHARE) until the transaction ends so none is deleted while it
 * becomes a chapter. Take these locks BEFORE the set's row lock: deleting a file locks the file,
 * then (through its chapters' totals trigger) the sets it is in; the same order here means the two
 * wait for each other instead of deadlocking.
 */
export function lockChapterCandidates(trx: Transaction<DB>, ids: readonly number[]): Promise<ChapterCandidate[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return trx
    .selectFrom('audio_files')
    .select(['id', 'title', 'user_id', 'status', 'hidden_at', 'owner_suspended', 'licence', 'duration'])
    .where('id', 'in', ids)
    .orderBy('id')
    .forKeyShare()
    .execute();
}

/** One set, locked for a change in this transaction (adds, reorders and publishing run one after another). */
export function findSetForUpdate(trx: Transaction<DB>, id: number): Promise<SetRow | undefined> {
  return trx.selectFrom('sets').select(SET_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A set the viewer may see (visible, or their own), locked against other likes of it until this transaction ends. */
export function lockVisibleSet(trx: Transaction<DB>, id: number, viewerId: string) {
  return trx
    .selectFrom('sets')
    .select(['id'])
    .where('id', '=', id)
    .where((eb) => visibleTo(eb, viewerId))
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export async function insertSet(db: Db, row: Omit<NewSet, 'status' | 'published_at'>): Promise<number> {
  const inserted = await db.insertInto('sets').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export type SetChanges = Pick<SetUpdate, 'title' | 'description' | 'status' | 'cover_path' | 'cover_mime_type'> & { publish?: boolean };

/** Applies changes with their stamps (publishable.withStamps). */
export async function updateSet(db: Db, id: number, changes: SetChanges): Promise<void> {
  await db.updateTable('sets').set(withStamps(changes)).where('id', '=', id).execute();
}

/** Deletes the set (chapters, tags, likes, notices go with it); its cover's stored path. */
export function deleteSet(db: Db, id: number): Promise<{ cover_path: string | null } | undefined> {
  return db.deleteFrom('sets').where('id', '=', id).returning(['cover_path']).executeTakeFirst();
}

/** Appends chapters at these positions (the trigger keeps the set's totals). */
export async function insertChapters(db: Db, setId: number, chapters: readonly { audioFileId: number; position: number }[]): Promise<void> {
  if (chapters.length === 0) return;
  await db
    .insertInto('set_chapters')
    .values(chapters.map((c) => ({ set_id: setId, audio_file_id: c.audioFileId, position: c.position })))
    .execute();
}

/** Takes a chapter out and closes the gap; false when it was not a chapter. */
export async function deleteChapter(db: Db, setId: number, audioFileId: number): Promise<boolean> {
  // The later chapters move up by trigger (migration 0010), as when the audio file is deleted.
  const gone = await db.deleteFrom('set_chapters').where('set_id', '=', setId).where('audio_file_id', '=', audioFileId).executeTakeFirst();
  return gone.numDeletedRows > 0n;
}

/** Rewrites every position to follow `audioFileIds` (1..n), in one statement (the unique key is checked at commit). */
export async function rewritePositions(db: Db, setId: number, audioFileIds: readonly number[]): Promise<void> {
  if (audioFileIds.length === 0) return;
  const values = sql.join(audioFileIds.map((id, i) => sql`(${id}::integer, ${i + 1}::integer)`));
  await sql`update set_chapters c set position = v.position
              from (values ${values}) as v(audio_file_id, position)
             where c.set_id = ${setId} and c.audio_file_id = v.audio_file_id`.execute(db);
}

/** Publishes the owner's own draft files among the set's chapters (with the set). */
export async function publishOwnDraftChapters(db: Db, setId: number, userId: string): Promise<void> {
  await db
    .updateTable('audio_files')
    .set(withStamps({ status: 'published' as const, publish: true }))
    .where('user_id', '=', userId)
    .where('status', '=', 'draft')
    .where('id', 'in', (eb) => eb.selectFrom('set_chapters').select('audio_file_id').where('set_id', '=', setId))
    .execute();
}

/** Notes that the set changed (its chapters). */
export async function touchSet(db: Db, id: number): Promise<void> {
  await db.updateTable('sets').set({ updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

export function listNotices(db: Db, setId: number) {
  return db.selectFrom('set_notices').select(['id', 'audio_title', 'created_at']).where('set_id', '=', setId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
}

export async function deleteNotices(db: Db, setId: number): Promise<void> {
  await db.deleteFrom('set_notices').where('set_id', '=', setId).execute();
}
