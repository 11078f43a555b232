// The records that point at a stored file's key (an audio file's audio or cover, a set's cover, or
// a pending upload), with what the access rule reads (owner, status, hidden, owner suspended) and
// the file's type and name. Who may read it is decided in files/service.ts.
import { sql } from 'kysely';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import type { Db } from '../db/types';

export interface FileRecord {
  /** audio / cover of an audio file record, or a pending upload of that kind. */
  kind: 'audio' | 'cover' | 'pending-audio' | 'pending-cover';
  /** What the file belongs to: an audio file, a set (its cover), or a pending upload. */
  item: 'audio' | 'set' | 'pending';
  ownerId: string;
  /** The audio file's or set's status; null for pending uploads. */
  status: 'draft' | 'published' | null;
  mimeType: string | null;
  fileName: string | null;
  /** When moderators hid it (null for pending uploads). */
  hiddenAt: Date | null;
  /** Its owner suspended (false for pending uploads). */
  ownerSuspended: boolean;
  /** The audio file's title and licence (null for pending uploads). */
  title: string | null;
  licence: Licence | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every record that refers to `key` (usually one). */
export async function findFileRecords(db: Db, key: string): Promise<FileRecord[]> {
  // Audio keys carry their owner (audio-files/{userId}/...): filtering on it lets the user index help.
  const owner = /^audio-files\/([^/]+)\//.exec(key)?.[1];
  let audio = db
    .selectFrom('audio_files')
    .select([
      sql<FileRecord['kind']>`'audio'`.as('kind'),
      sql<FileRecord['item']>`'audio'`.as('item'),
      'user_id as ownerId',
      'status',
      'mime_type as mimeType',
      'file_name as fileName',
      'hidden_at as hiddenAt',
      'owner_suspended as ownerSuspended',
      'title',
      'licence',
    ])
    .where('file_path', '=', key);
  if (owner && UUID.test(owner)) audio = audio.where('user_id', '=', owner);
  const rows = await audio
    .$castTo<FileRecord>()
    .unionAll(
      db
        .selectFrom('audio_files')
        .select([
          sql<FileRecord['kind']>`'cover'`.as('kind'),
          sql<FileRecord['item']>`'audio'`.as('item'),
          'user_id as ownerId',
          'status',
          'cover_mime_type as mimeType',
          sql<string | null>`null`.as('fileName'),
          'hidden_at as hiddenAt',
          'owner_suspended as ownerSuspended',
          'title',
          'licence',
        ])
        .where('cover_path', '=', key)
        .$castTo<FileRecord>(),
    )
    .unionAll(
      // A set's cover: public while the set is published and visible, as an audio file's cover.
      db
        .selectFrom('sets')
        .select([
          sql<FileRecord['kind']>`'cover'`.as('kind'),
          sql<FileRecord['item']>`'set'`.as('item'),
          'user_id as ownerId',
          'status',
          'cover_mime_type as mimeType',
          sql<string | null>`null`.as('fileName'),
          'hidden_at as hiddenAt',
          'owner_suspended as ownerSuspended',
          'title',
          sql<Licence | null>`null`.as('licence'),
        ])
        .where('cover_path', '=', key)
        .$castTo<FileRecord>(),
    )
    .unionAll(
      db
        .selectFrom('pending_uploads')
        .select([
          sql<FileRecord['kind']>`case when kind = 'audio' then 'pending-audio' else 'pending-cover' end`.as('kind'),
          sql<FileRecord['item']>`'pending'`.as('item'),
          'user_id as ownerId',
          sql<'draft' | 'published' | null>`null`.as('status'),
          'mime_type as mimeType',
          'file_name as fileName',
          sql<Date | null>`null`.as('hiddenAt'),
          sql<boolean>`false`.as('ownerSuspended'),
          sql<string | null>`null`.as('title'),
          sql<Licence | null>`null`.as('licence'),
        ])
        .where('file_path', '=', key)
        .$castTo<FileRecord>(),
    )
    .limit(20)
    .execute();
  return rows;
}
