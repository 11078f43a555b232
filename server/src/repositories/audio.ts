// Shared audio: Discover's filtered, sorted, paged list of published files; a user's files; the
// files a user liked; one file; writes (create, update, tags, delete); likes and downloads; the
// tag list. Every Discover shape is served by a partial index over published files (see
// migrations/0001_init.sql); drafts are read only through their owner's id.
import { sql, type Expression, type Kysely, type SelectQueryBuilder, type SqlBool, type Transaction, type Updateable } from 'kysely';
import type { AudioListQuery, LikedAudioQuery } from '@tonieshelf/shared/schemas/audio';
import type { AudioFilesTable, DB } from '../db/types';
import { ensureTagIds } from './tags';
import { escapeLike, searchTerms } from './tonies';

type Db = Kysely<DB> | Transaction<DB>;

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
] as const;

export interface AudioRow {
  id: number;
  user_id: string;
  title: string;
  description: string | null;
  script_text: string | null;
  status: 'draft' | 'published';
  file_path: string;
  file_name: string;
  file_size: number;
  mime_type: string;
  duration: number | null;
  cover_path: string | null;
  cover_mime_type: string | null;
  like_count: number;
  download_count: number;
  comment_count: number;
  created_at: Date;
  updated_at: Date;
  published_at: Date | null;
}

/** An audio file with its tags, its owner's names and whether the viewer liked it. */
export interface AudioDetailRow extends AudioRow {
  tag_names: string[];
  username: string;
  first_name: string;
  last_name: string;
  has_liked: boolean;
}

export interface AudioListResult {
  rows: AudioDetailRow[];
  total: number;
}

const ref = (alias: string, column: string) => sql.ref(`${alias}.${column}`);

/** A file's tag names, A to Z, as a correlated subquery on `<alias>.id`. */
function tagNamesOf(alias: string) {
  return sql<string[]>`coalesce((
    select array_agg(audio_tags.name order by audio_tags.name)
      from audio_file_tags join audio_tags on audio_tags.id = audio_file_tags.tag_id
     where audio_file_tags.audio_file_id = ${ref(alias, 'id')}), '{}'::text[])`;
}

/** Whether `viewerId` liked `<alias>.id` (false for anonymous viewers). */
function hasLikedOf(alias: string, viewerId: string | null) {
  if (!viewerId) return sql<boolean>`false`;
  return sql<boolean>`exists (
    select 1 from audio_likes where audio_likes.audio_file_id = ${ref(alias, 'id')} and audio_likes.user_id = ${viewerId})`;
}

/** Adds tags, owner names and the viewer's like to rows of `alias` (audio_files or a page subquery). */
function withDetails<Q extends SelectQueryBuilder<any, any, any>>(q: Q, alias: string, viewerId: string | null) {
  return q
    .innerJoin('users', 'users.id', ref(alias, 'user_id') as never)
    .select(['users.username', 'users.first_name', 'users.last_name'] as never)
    .select(tagNamesOf(alias).as('tag_names'))
    .select(hasLikedOf(alias, viewerId).as('has_liked')) as Q;
}

/** Published files, or also the viewer's own drafts. */
function visibleTo(alias: string, viewerId: string | null): Expression<SqlBool> {
  return viewerId
    ? sql<SqlBool>`(${ref(alias, 'status')} = 'published' or ${ref(alias, 'user_id')} = ${viewerId})`
    : sql<SqlBool>`${ref(alias, 'status')} = 'published'`;
}

/** Ids of the audio tags with these names (case-insensitive); null when any name is unknown. */
export async function findAudioTagIds(db: Db, names: readonly string[]): Promise<number[] | null> {
  if (names.length === 0) return [];
  const lower = [...new Set(names.map((n) => n.toLowerCase()))];
  const rows = await db
    .selectFrom('audio_tags')
    .select('id')
    .where(sql<string>`lower(name)`, 'in', lower)
    .execute();
  return rows.length === lower.length ? rows.map((r) => r.id) : null;
}

type OrderTarget = SelectQueryBuilder<any, any, any>;

/** Discover's sorts (SPEC §2); each matches a partial index over published files. */
function applySort<Q extends OrderTarget>(q: Q, sort: AudioListQuery['sortBy'], t: string): Q {
  switch (sort) {
    case 'popular':
      return q.orderBy(ref(t, 'like_count'), 'desc').orderBy(ref(t, 'id'), 'desc') as Q;
    case 'downloads':
      return q.orderBy(ref(t, 'download_count'), 'desc').orderBy(ref(t, 'id'), 'desc') as Q;
    case 'az':
      return q.orderBy(sql`lower(${ref(t, 'title')})`).orderBy(ref(t, 'id')) as Q;
    case 'za':
      return q.orderBy(sql`lower(${ref(t, 'title')})`, 'desc').orderBy(ref(t, 'id'), 'desc') as Q;
    default:
      return q.orderBy(ref(t, 'created_at'), 'desc').orderBy(ref(t, 'id'), 'desc') as Q;
  }
}

/** Published files matching Discover's filters: search words (all must match) and tags (ALL of them). */
async function publishedBase(db: Db, query: Pick<AudioListQuery, 'search' | 'tags'>) {
  const tagIds = await findAudioTagIds(db, query.tags ?? []);
  if (tagIds === null) return null;
  let base = db.selectFrom('audio_files').where('audio_files.status', '=', 'published') as SelectQueryBuilder<DB, 'audio_files', object>;
  for (const term of searchTerms(query.search)) base = base.where('audio_files.search_text', 'like', `%${escapeLike(term)}%`);
  if (tagIds.length > 0) {
    base = base.where('audio_files.id', 'in', (eb) =>
      eb
        .selectFrom('audio_file_tags')
        .select('audio_file_tags.audio_file_id')
        .where('audio_file_tags.tag_id', 'in', tagIds)
        .groupBy('audio_file_tags.audio_file_id')
        .having((h) => h.fn.countAll(), '=', tagIds.length),
    );
  }
  return base;
}

/**
 * One page of Discover: published files only; text search over title and description (every
 * word must match, trigram index); tag filter (files having ALL tags); a sort over the whole
 * filtered set; each row with its tags and owner names in the same statement. The rows do not
 * depend on the viewer: has_liked is false (the caller adds the viewer's state).
 */
export async function listPublishedAudioPage(db: Db, query: AudioListQuery): Promise<AudioDetailRow[]> {
  const base = await publishedBase(db, query);
  if (!base) return [];
  const pageRows = applySort(base.select(AUDIO_COLUMNS.map((c) => `audio_files.${c}` as const)), query.sortBy, 'audio_files')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  return applySort(withDetails(db.selectFrom(pageRows.as('p')).selectAll('p'), 'p', null), query.sortBy, 'p').execute() as Promise<AudioDetailRow[]>;
}

/** How many published files match Discover's filters (the same for every page and sort). */
export async function countPublishedAudio(db: Db, query: Pick<AudioListQuery, 'search' | 'tags'>): Promise<number> {
  const base = await publishedBase(db, query);
  if (!base) return 0;
  const row = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface AudioViewerState {
  id: number;
  status: 'draft' | 'published';
  user_id: string;
  like_count: number;
  download_count: number;
  comment_count: number;
  has_liked: boolean;
}

/** The live counts and the viewer's like of these files (a primary-key lookup). */
export async function audioViewerStates(db: Db, ids: readonly number[], viewerId: string): Promise<AudioViewerState[]> {
  if (ids.length === 0) return [];
  return db
    .selectFrom('audio_files')
    .select(['id', 'status', 'user_id', 'like_count', 'download_count', 'comment_count'])
    .select(hasLikedOf('audio_files', viewerId).as('has_liked'))
    .where('id', 'in', ids)
    .execute();
}

/** A user's files, newest first: with drafts for the owner, published ones only for others. */
export function listUserAudio(db: Db, ownerId: string, includeDrafts: boolean, viewerId: string | null): Promise<AudioDetailRow[]> {
  let q = db.selectFrom('audio_files').select(AUDIO_COLUMNS.map((c) => `audio_files.${c}` as const)).where('audio_files.user_id', '=', ownerId);
  if (!includeDrafts) q = q.where('audio_files.status', '=', 'published');
  return withDetails(q, 'audio_files', viewerId)
    .orderBy('audio_files.created_at', 'desc')
    .orderBy('audio_files.id', 'desc')
    .execute() as Promise<AudioDetailRow[]>;
}

/**
 * The files a user liked that the user may still see (published, or their own), newest like
 * first or most liked first, one page and the total.
 */
export async function listLikedAudio(db: Db, userId: string, query: LikedAudioQuery): Promise<AudioListResult> {
  const base = db
    .selectFrom('audio_likes')
    .innerJoin('audio_files', 'audio_files.id', 'audio_likes.audio_file_id')
    .where('audio_likes.user_id', '=', userId)
    .where(visibleTo('audio_files', userId));
  const order = <Q extends OrderTarget>(q: Q, t: string, likedAt: string): Q =>
    (query.sortBy === 'popular'
      ? q.orderBy(ref(t, 'like_count'), 'desc').orderBy(ref(t, 'id'), 'desc')
      : q.orderBy(sql.ref(likedAt), 'desc').orderBy(ref(t, 'id'), 'desc')) as Q;
  const pageRows = order(
    base.select(AUDIO_COLUMNS.map((c) => `audio_files.${c}` as const)).select('audio_likes.created_at as liked_at'),
    'audio_files',
    'audio_likes.created_at',
  )
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize);
  const rowsPromise = order(withDetails(db.selectFrom(pageRows.as('p')).selectAll('p'), 'p', userId), 'p', 'p.liked_at').execute() as Promise<
    (AudioDetailRow & { liked_at: Date })[]
  >;
  const totalPromise = base
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow()
    .then((r) => Number(r.n));
  const [rows, total] = await Promise.all([rowsPromise, totalPromise]);
  return { rows, total };
}

/** One file with its details, whatever its status (the caller checks who may see it). */
export function findAudioDetails(db: Db, id: number, viewerId: string | null): Promise<AudioDetailRow | undefined> {
  return withDetails(
    db.selectFrom('audio_files').select(AUDIO_COLUMNS.map((c) => `audio_files.${c}` as const)).where('audio_files.id', '=', id),
    'audio_files',
    viewerId,
  ).executeTakeFirst() as Promise<AudioDetailRow | undefined>;
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
 * A file the viewer may see (published, or their own), locked against other likes of it until
 * this transaction ends: toggles of one file run one after another (the like-count trigger
 * locks the same row anyway), so a toggle always sees the outcome of the previous one.
 */
export async function lockVisibleAudio(trx: Transaction<DB>, id: number, viewerId: string) {
  return trx
    .selectFrom('audio_files')
    .select(['id', 'status', 'user_id'])
    .where('id', '=', id)
    .where(visibleTo('audio_files', viewerId))
    .forNoKeyUpdate()
    .executeTakeFirst();
}

export interface NewAudio {
  userId: string;
  title: string;
  description: string | null;
  scriptText: string | null;
  status: 'draft' | 'published';
  filePath: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  duration: number | null;
  coverPath: string | null;
  coverMimeType: string | null;
}

export async function insertAudio(db: Db, a: NewAudio): Promise<number> {
  const row = await db
    .insertInto('audio_files')
    .values({
      user_id: a.userId,
      title: a.title,
      description: a.description,
      script_text: a.scriptText,
      status: a.status,
      file_path: a.filePath,
      file_name: a.fileName,
      file_size: a.fileSize,
      mime_type: a.mimeType,
      duration: a.duration,
      cover_path: a.coverPath,
      cover_mime_type: a.coverMimeType,
      published_at: a.status === 'published' ? sql<Date>`now()` : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export type AudioChanges = Partial<
  Pick<
    Updateable<AudioFilesTable>,
    'title' | 'description' | 'script_text' | 'status' | 'file_path' | 'file_name' | 'file_size' | 'mime_type' | 'duration' | 'cover_path' | 'cover_mime_type'
  >
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
  const tagIds = await ensureTagIds(db, names, 'audio_tags');
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

/** Counts a download of a file the viewer may see; its stored path, or undefined. */
export async function countDownload(db: Db, id: number, viewerId: string): Promise<string | undefined> {
  const row = await db
    .updateTable('audio_files')
    .set({ download_count: sql<number>`download_count + 1` })
    .where('id', '=', id)
    .where(visibleTo('audio_files', viewerId))
    .returning('file_path')
    .executeTakeFirst();
  return row?.file_path;
}

/** Names of the audio tags that at least one PUBLISHED file carries, A to Z. */
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
          .where('audio_files.status', '=', 'published'),
      ),
    )
    .orderBy('audio_tags.name')
    .execute();
  return rows.map((r) => r.name);
}
