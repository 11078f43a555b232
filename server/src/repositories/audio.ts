// Shared audio: Discover's filtered, sorted, paged list of published files; a user's files; the
// files a user liked; one file; writes (create, update, tags, delete); likes and downloads; the
// tag list. Every Discover shape is served by a partial index over published files (see
// migrations/0001_init.sql); drafts are read only through their owner's id.
//
// Visibility: a file shows to others only when it is published, no moderator hid it and its
// owner is not suspended (visibleAudio); its owner always sees it. Every list, count, search and
// tag list here applies that rule.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SelectQueryBuilder, type SqlBool, type Transaction } from 'kysely';
import type { AudioSort } from '@tonieshelf/shared/constants';
import type { AudioListQuery, LikedAudioQuery, LikedSort, MyAudioQuery } from '@tonieshelf/shared/schemas/audio';
import type { Licence } from '@tonieshelf/shared/schemas/moderation';
import type { AudioFile, AudioFileUpdate, Db, DB, NewAudioFile } from '../db/types';
import { ensureTagIds, findTagIds, hasAllTags, hidingDecisionOf, matchesAllTerms, orderByKeys, searchTerms, tagNamesOf, type SortKey } from './query-helpers';

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

interface AudioListResult {
  rows: AudioDetailRow[];
  total: number;
}

/** Whether `viewerId` liked the file `<alias>.id` (false for anonymous viewers). */
function hasLikedOf(alias: string, viewerId: string | null): RawBuilder<boolean> {
  if (!viewerId) return sql<boolean>`false`;
  return sql<boolean>`exists (
    select 1 from audio_likes where audio_likes.audio_file_id = ${sql.ref(`${alias}.id`)} and audio_likes.user_id = ${viewerId})`;
}

/**
 * The files others may see: published, not hidden by moderators, owner not suspended. Starts
 * with `status = 'published'`, so the partial indexes over published files still serve it.
 */
function visibleAudio<TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<DB, 'audio_files'>;
  return e.and([e('audio_files.status', '=', 'published'), e('audio_files.hidden_at', 'is', null), e('audio_files.owner_suspended', '=', false)]);
}

/** Whether a file row shows to others (the row form of visibleAudio). */
export function isVisibleAudio(row: Pick<AudioRow, 'status' | 'hidden_at' | 'owner_suspended'>): boolean {
  return row.status === 'published' && row.hidden_at === null && !row.owner_suspended;
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
    .selectAll('p')
    .select(['users.username', 'users.first_name', 'users.last_name'])
    .select(tagNamesOf('audio_files', 'p.id').as('tag_names'))
    .select(hasLikedOf('p', viewerId).as('has_liked'))
    .select(hidingDecisionOf('audio', 'p').as('decision_id'));
  return orderByKeys(rows, 'p', sort);
}

/** Audio files with the columns they are shown with. */
function audioRows(db: Db) {
  return db.selectFrom('audio_files').select(AUDIO_COLUMNS.map((c) => `audio_files.${c}` as const));
}

/** Discover's sorts (SPEC §2); each matches a partial index over published files. */
const AUDIO_SORT_KEYS: Record<AudioSort, SortKey[]> = {
  recent: [{ column: 'created_at', desc: true }, { column: 'id', desc: true }],
  popular: [{ column: 'like_count', desc: true }, { column: 'id', desc: true }],
  downloads: [{ column: 'download_count', desc: true }, { column: 'id', desc: true }],
  az: [{ column: 'title', lower: true }, { column: 'id' }],
  za: [{ column: 'title', lower: true, desc: true }, { column: 'id', desc: true }],
};
const NEWEST_FIRST = AUDIO_SORT_KEYS.recent;

/**
 * Files matching a list's filters: search words over title and description (all must match),
 * tags (ALL of them) and the licence.
 */
async function filtered(
  db: Db,
  query: { search?: string | undefined; tags?: string[] | undefined; licence?: Licence | undefined },
  where: (eb: ExpressionBuilder<DB, 'audio_files'>) => Expression<SqlBool>,
) {
  const tagIds = await findTagIds(db, 'audio_files', query.tags ?? []);
  if (tagIds === null) return null;
  const terms = searchTerms(query.search);
  return audioRows(db).where((eb) => {
    const filters = [where(eb)];
    if (query.licence) filters.push(eb('audio_files.licence', '=', query.licence));
    if (terms.length > 0) filters.push(matchesAllTerms(eb, 'audio_files', terms));
    if (tagIds.length > 0) filters.push(hasAllTags(eb, 'audio_files', tagIds));
    return eb.and(filters);
  });
}

/** Discover's filters; with `userId`, that user's visible files only (their profile). */
type PublishedAudioQuery = AudioListQuery & { userId?: string | undefined };

/** Visible files, or one user's visible files. */
function publishedBy(userId: string | undefined) {
  return (eb: ExpressionBuilder<DB, 'audio_files'>): Expression<SqlBool> => (userId ? eb.and([visibleAudio(eb), eb('audio_files.user_id', '=', userId)]) : visibleAudio(eb));
}

/**
 * One page of Discover: visible files only (published, not hidden, owner not suspended); text
 * search over title and description (every word must match, trigram index); licence; tag
 * filter (files having ALL tags); a user's files only (`userId`, a profile); a sort over the
 * whole filtered set; each row with its tags and owner names in the same statement. The rows do not
 * depend on the viewer: has_liked is false (the caller adds the viewer's state).
 */
export async function listPublishedAudioPage(db: Db, query: PublishedAudioQuery): Promise<AudioDetailRow[]> {
  const base = await filtered(db, query, publishedBy(query.userId));
  if (!base) return [];
  const sort = AUDIO_SORT_KEYS[query.sortBy];
  const page = orderByKeys(base, 'audio_files', sort)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return withDetails(db, page, sort, null).execute();
}

/** How many visible files match Discover's filters (the same for every page and sort); with `userId`, that user's. */
export async function countPublishedAudio(db: Db, query: Pick<PublishedAudioQuery, 'search' | 'tags' | 'licence' | 'userId'>): Promise<number> {
  const base = await filtered(db, query, publishedBy(query.userId));
  return base ? countOf(base) : 0;
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
  const base = await filtered(db, query, (eb) => eb('audio_files.user_id', '=', userId));
  if (!base) return { rows: [], total: 0 };
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
    .select(hasLikedOf('audio_files', viewerId).as('has_liked'))
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
  newest: [{ column: 'liked_at', desc: true }, { column: 'id', desc: true }],
  popular: [{ column: 'like_count', desc: true }, { column: 'id', desc: true }],
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
  return db
    .selectFrom('audio_files')
    .select(['id', 'user_id', 'status', 'hidden_at', 'owner_suspended', 'analysis', 'waveform'])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** Files not analysed yet, oldest first (audio_files_unanalysed_idx): what the analysis job works through. */
export function listUnanalysedAudio(db: Db, limit: number) {
  return db
    .selectFrom('audio_files')
    .select(['id', 'file_path', 'mime_type', 'duration'])
    .where('analysis', '=', 'none')
    .orderBy('id')
    .limit(limit)
    .execute();
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
  const result = await db
    .updateTable('audio_files')
    .set(a)
    .where('id', '=', id)
    .where('file_path', '=', filePath)
    .where('analysis', '=', 'none')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** One file, locked for an update or delete in this transaction. */
export function findAudioForUpdate(trx: Transaction<DB>, id: number): Promise<AudioRow | undefined> {
  return trx
    .selectFrom('audio_files')
    .select(AUDIO_COLUMNS)
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
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

/** Applies changes; `publish` stamps published_at the first time a file is published. */
export async function updateAudio(db: Db, id: number, changes: AudioChanges): Promise<void> {
  const { publish, ...columns } = changes;
  await db
    .updateTable('audio_files')
    .set({
      ...columns,
      updated_at: sql<Date>`now()`,
      ...(publish ? { published_at: sql<Date>`coalesce(published_at, now())` } : {}),
    })
    .where('id', '=', id)
    .execute();
}

/** Makes the file's tags exactly these names. */
export async function setAudioTags(db: Db, audioId: number, names: readonly string[]): Promise<void> {
  const tagIds = await ensureTagIds(db, 'audio_files', names);
  let del = db.deleteFrom('audio_file_tags').where('audio_file_id', '=', audioId);
  if (tagIds.length > 0) del = del.where('tag_id', 'not in', tagIds);
  await del.execute();
  if (tagIds.length === 0) return;
  await db
    .insertInto('audio_file_tags')
    .values(tagIds.map((tag_id) => ({ audio_file_id: audioId, tag_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Deletes the file (its tags and likes go with it); returns its stored paths. */
export async function deleteAudio(db: Db, id: number): Promise<{ file_path: string; cover_path: string | null } | undefined> {
  return db.deleteFrom('audio_files').where('id', '=', id).returning(['file_path', 'cover_path']).executeTakeFirst();
}

/** Adds the user's like unless it exists; true when added. The trigger keeps like_count. */
export async function insertLike(db: Db, audioId: number, userId: string): Promise<boolean> {
  const row = await db
    .insertInto('audio_likes')
    .values({ audio_file_id: audioId, user_id: userId })
    .onConflict((oc) => oc.columns(['audio_file_id', 'user_id']).doNothing())
    .returning('audio_file_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes the user's like; true when there was one. */
export async function deleteLike(db: Db, audioId: number, userId: string): Promise<boolean> {
  const row = await db
    .deleteFrom('audio_likes')
    .where('audio_file_id', '=', audioId)
    .where('user_id', '=', userId)
    .returning('audio_file_id')
    .executeTakeFirst();
  return row !== undefined;
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
