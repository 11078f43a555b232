// The set ZIP's SQL: the set (who may have it is sets/service.ts's rule), its chapters the viewer
// may have (in set order, with each chapter's author and licence), and the count of a download
// sent whole.
import { sql } from 'kysely';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import type { Db } from '../db/types';
import { availableChapter, hiddenFile } from './sets';

export interface DownloadSet {
  id: number;
  title: string;
  updatedAt: Date;
  ownerUsername: string;
  ownerFirstName: string;
  ownerLastName: string;
  /** The owner's language: CREDITS.txt is written in it. */
  ownerLocale: 'en' | 'de';
  /** What the set's visibility rule reads. */
  user_id: string;
  status: 'draft' | 'published';
  hidden_at: Date | null;
  owner_suspended: boolean;
}

/** The set with its owner's names and what its visibility rule reads; undefined when there is none. */
export async function findDownloadableSet(db: Db, id: number): Promise<DownloadSet | undefined> {
  return db
    .selectFrom('sets as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.title',
      's.updated_at as updatedAt',
      'u.username as ownerUsername',
      'u.first_name as ownerFirstName',
      'u.last_name as ownerLastName',
      'u.locale as ownerLocale',
      's.user_id',
      's.status',
      's.hidden_at',
      's.owner_suspended',
    ])
    .where('s.id', '=', id)
    .executeTakeFirst();
}

export interface DownloadChapter {
  position: number;
  audioFileId: number;
  title: string;
  filePath: string;
  fileName: string;
  mimeType: string;
  /** Seconds; null when unknown. */
  duration: number | null;
  licence: Licence;
  authorUsername: string;
  authorFirstName: string;
  authorLastName: string;
}

/**
 * The set's chapters the viewer may have, in set order: the chapters available to everyone (as the
 * set page decides: published, not hidden, owner not suspended, and someone else's only under a
 * licence that allows sharing), and the viewer's own files unless moderators hid them. Others'
 * drafts, every hidden file (the viewer's own too) and files whose licence no longer allows
 * sharing are left out.
 */
export async function listDownloadChapters(db: Db, setId: number, viewerId: string): Promise<DownloadChapter[]> {
  return (
    db
      .selectFrom('set_chapters as c')
      .innerJoin('sets as s', 's.id', 'c.set_id')
      .innerJoin('audio_files as a', 'a.id', 'c.audio_file_id')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select([
        'c.position',
        'a.id as audioFileId',
        'a.title',
        'a.file_path as filePath',
        'a.file_name as fileName',
        'a.mime_type as mimeType',
        'a.duration',
        'a.licence',
        'u.username as authorUsername',
        'u.first_name as authorFirstName',
        'u.last_name as authorLastName',
      ])
      .where('c.set_id', '=', setId)
      // The set page's rule (what is available to everyone), plus the viewer's own files moderators did not hide.
      .where(sql<boolean>`(${availableChapter('a', 's', false)} or (a.user_id = ${viewerId} and not ${hiddenFile('a')}))`)
      .orderBy('c.position')
      .execute()
  );
}

/** A download of the set sent whole, once per user: its row, and the counter when the row is new. */
export async function recordSetDownload(db: Db, setId: number, userId: string): Promise<void> {
  await db
    .with('first', (qb) =>
      qb
        .insertInto('set_downloads')
        .values({ set_id: setId, user_id: userId })
        .onConflict((oc) => oc.columns(['set_id', 'user_id']).doNothing())
        .returning('set_id'),
    )
    .updateTable('sets')
    .set({ download_count: sql`download_count + 1` })
    .where('id', 'in', (eb) => eb.selectFrom('first').select('first.set_id'))
    .execute();
}
