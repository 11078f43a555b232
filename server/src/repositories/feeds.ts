// The podcast feeds' SQL: the server's signing key, a set with its shareable chapters, a user, a
// tag's and a user's newest shareable audio, and the live check of an enclosure. Every file a feed
// carries is published, not hidden, its owner not suspended, and under a licence that allows
// redistribution (never 'all-rights-reserved'); whether the set or user may have a feed at all is
// feeds/service.ts's to decide (their visibility rules).
import { randomBytes } from 'node:crypto';
import { sql, type SqlBool } from 'kysely';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import type { Db } from '../db/types';
import { availableChapter } from './sets';

/** Files (aliased `a`) a feed may carry: visible to everyone and licensed for redistribution. */
const FEEDABLE = sql<SqlBool>`(a.status = 'published' and a.hidden_at is null and not a.owner_suspended and a.licence <> 'all-rights-reserved')`;

/**
 * The server's key named `name`: made once (32 random bytes) by whichever instance asks first,
 * then the same for every instance on the database.
 */
export async function serverKey(db: Db, name: string): Promise<Buffer> {
  await db
    .insertInto('server_keys')
    .values({ name, key: randomBytes(32) })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
  const row = await db.selectFrom('server_keys').select('key').where('name', '=', name).executeTakeFirstOrThrow();
  return Buffer.from(row.key);
}

export interface FeedAudio {
  id: number;
  title: string;
  description: string | null;
  filePath: string;
  fileName: string;
  mimeType: string;
  fileSize: number;
  duration: number | null;
  licence: Licence;
  publishedAt: Date | null;
  createdAt: Date;
  coverPath: string | null;
  authorUsername: string;
  authorFirstName: string;
  authorLastName: string;
}

const AUDIO_COLUMNS = [
  'a.id',
  'a.title',
  'a.description',
  'a.file_path as filePath',
  'a.file_name as fileName',
  'a.mime_type as mimeType',
  'a.file_size as fileSize',
  'a.duration',
  'a.licence',
  'a.published_at as publishedAt',
  'a.created_at as createdAt',
  'a.cover_path as coverPath',
  'u.username as authorUsername',
  'u.first_name as authorFirstName',
  'u.last_name as authorLastName',
] as const;

interface FeedSet {
  id: number;
  title: string;
  description: string | null;
  coverPath: string | null;
  publishedAt: Date | null;
  updatedAt: Date;
  ownerUsername: string;
  ownerFirstName: string;
  ownerLastName: string;
  /** The owner's language: the feed's own words are written in it. */
  ownerLocale: 'en' | 'de';
  /** What the set's visibility rule reads. */
  status: 'draft' | 'published';
  hidden_at: Date | null;
  owner_suspended: boolean;
}

/** The set with its owner's names and what its visibility rule reads; undefined when there is none. */
export async function findFeedSet(db: Db, id: number): Promise<FeedSet | undefined> {
  return db
    .selectFrom('sets as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.title',
      's.description',
      's.cover_path as coverPath',
      's.published_at as publishedAt',
      's.updated_at as updatedAt',
      'u.username as ownerUsername',
      'u.first_name as ownerFirstName',
      'u.last_name as ownerLastName',
      'u.locale as ownerLocale',
      's.status',
      's.hidden_at',
      's.owner_suspended',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

/**
 * The set's chapters a feed may carry, in set order, each with its number as the set page shows it
 * to everyone (among the available chapters: a chapter others do not get is not counted).
 */
export async function listFeedSetChapters(db: Db, setId: number): Promise<(FeedAudio & { position: number })[]> {
  return db
    .selectFrom('set_chapters as c')
    .innerJoin('sets as s', 's.id', 'c.set_id')
    .innerJoin('audio_files as a', 'a.id', 'c.audio_file_id')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(AUDIO_COLUMNS)
    .select(
      sql<number>`(select count(*) from set_chapters c2 join audio_files a2 on a2.id = c2.audio_file_id
                    where c2.set_id = c.set_id and c2.position <= c.position and ${availableChapter('a2', 's', false)})::integer`.as('position'),
    )
    .where('c.set_id', '=', setId)
    .where(FEEDABLE)
    .orderBy('c.position')
    .execute();
}

/** The newest `limit` feedable files carrying the tag (case-insensitive). */
export async function listFeedAudioByTag(db: Db, tag: string, limit: number): Promise<FeedAudio[]> {
  return db
    .selectFrom('audio_files as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(AUDIO_COLUMNS)
    .where(FEEDABLE)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('audio_file_tags as ft')
          .innerJoin('audio_tags as t', 't.id', 'ft.tag_id')
          .select(sql`1`.as('one'))
          .whereRef('ft.audio_file_id', '=', 'a.id')
          .where(sql<string>`lower(t.name)`, '=', tag.toLowerCase()),
      ),
    )
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

interface FeedUser {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  suspendedUntil: Date | null;
}

/** The user by username (case-insensitive), with when their suspension ends (null: none); else undefined. */
export async function findFeedUser(db: Db, username: string): Promise<FeedUser | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'first_name as firstName', 'last_name as lastName', 'suspended_until as suspendedUntil'])
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
}

/** The user's newest `limit` feedable files. */
export async function listFeedAudioByUser(db: Db, userId: string, limit: number): Promise<FeedAudio[]> {
  return db
    .selectFrom('audio_files as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select(AUDIO_COLUMNS)
    .where('a.user_id', '=', userId)
    .where(FEEDABLE)
    .orderBy('a.published_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .execute();
}

/** An enclosure's file, looked up live: only while a feed may carry it; else undefined. */
export async function findFeedEnclosure(db: Db, id: number): Promise<Pick<FeedAudio, 'id' | 'filePath' | 'fileName' | 'mimeType' | 'fileSize'> | undefined> {
  return db
    .selectFrom('audio_files as a')
    .select(['a.id', 'a.file_path as filePath', 'a.file_name as fileName', 'a.mime_type as mimeType', 'a.file_size as fileSize'])
    .where('a.id', '=', id)
    .where(FEEDABLE)
    .executeTakeFirst();
}
