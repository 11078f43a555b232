// Who may read a stored file: the records that point at a storage key (an audio file's audio or
// cover, a set's cover, or a pending upload), with their owner, status, whether it is hidden, and type.
import { sql } from 'kysely';
import type { Licence } from '@tonieshelf/shared/schemas/moderation';
import type { Db } from '../db/types';

export interface FileRecord {
  /** audio / cover of an audio file record, or a pending upload of that kind. */
  kind: 'audio' | 'cover' | 'pending-audio' | 'pending-cover';
  ownerId: string;
  /** The audio file's status; null for pending uploads. */
  status: 'draft' | 'published' | null;
  mimeType: string | null;
  fileName: string | null;
  /** Hidden by moderators or its owner suspended (false for pending uploads). */
  hidden: boolean;
  /** The audio file's title and licence (null for pending uploads). */
  title: string | null;
  licence: Licence | null;
}

/** An audio file hidden from others: by moderators, or while its owner is suspended. */
const HIDDEN = sql<boolean>`hidden_at is not null or owner_suspended`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Every record that refers to `key` (usually one). */
export async function findFileRecords(db: Db, key: string): Promise<FileRecord[]> {
  // Audio keys carry their owner (audio-files/{userId}/...): filtering on it lets the user index help.
  const owner = /^audio-files\/([^/]+)\//.exec(key)?.[1];
  let audio = db
    .selectFrom('audio_files')
    .select([
      sql<FileRecord['kind']>`'audio'`.as('kind'),
      'user_id as ownerId',
      'status',
      'mime_type as mimeType',
      'file_name as fileName',
      HIDDEN.as('hidden'),
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
          'user_id as ownerId',
          'status',
          'cover_mime_type as mimeType',
          sql<string | null>`null`.as('fileName'),
          HIDDEN.as('hidden'),
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
          'user_id as ownerId',
          'status',
          'cover_mime_type as mimeType',
          sql<string | null>`null`.as('fileName'),
          HIDDEN.as('hidden'),
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
          'user_id as ownerId',
          sql<'draft' | 'published' | null>`null`.as('status'),
          'mime_type as mimeType',
          'file_name as fileName',
          sql<boolean>`false`.as('hidden'),
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
