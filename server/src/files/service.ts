// Stored files (GET /files/{key}): who may read one. The records pointing at the key decide, each
// by the rule of what it belongs to: an audio file's audio and cover by the audio rule, a set's
// cover by the set rule (each service's canView), a pending upload for its uploader only. Playing
// or downloading audio needs a sign-in besides: a visitor is asked to sign in (a published file's
// existence is no secret); whatever else the viewer may not read does not exist for them.
import * as audio from '../audio/service';
import type { Db } from '../db/types';
import { findFileRecords, type FileRecord } from '../repositories/files';
import * as sets from '../sets/service';

export type { FileRecord };

/** The record the viewer reads the file as, or why not ('sign-in': 401, 'not-found': 404). */
type FileAccess = { record: FileRecord } | { refused: 'sign-in' | 'not-found' };

function mayView(record: FileRecord, viewer: audio.Viewer): boolean {
  if (record.item === 'pending') return viewer !== null && record.ownerId === viewer.id;
  const row = { user_id: record.ownerId, status: record.status ?? 'draft', hidden_at: record.hiddenAt, owner_suspended: record.ownerSuspended };
  return record.item === 'set' ? sets.canView(row, viewer) : audio.canView(row, viewer);
}

/** Whether `viewer` may read the stored file `key`, and as which of its records. */
export async function fileAccess(db: Db, key: string, viewer: audio.Viewer): Promise<FileAccess> {
  const records = await findFileRecords(db, key);
  // The viewer's own records first: they read their file with its own name and type.
  const ordered = viewer ? [...records.filter((r) => r.ownerId === viewer.id), ...records.filter((r) => r.ownerId !== viewer.id)] : records;
  let signInWouldHelp = false;
  for (const record of ordered) {
    if (!mayView(record, viewer)) continue;
    if (record.kind === 'audio' && !viewer) {
      signInWouldHelp = true;
      continue;
    }
    return { record };
  }
  return { refused: signInWouldHelp ? 'sign-in' : 'not-found' };
}
