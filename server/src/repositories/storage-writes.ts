// Stored objects being written (storage_writes), and which stored keys a record refers to: the
// clean-ups of storage/writes.ts and storage/orphans.ts remove only objects no record refers to.
import { sql } from 'kysely';
import type { Db } from '../db/types';

interface Writer {
  machine: string | null;
  pid: number;
  pid_started: string | null;
}

/** Notes that `key` is being written by `writer` (a note left for the same key is taken over). */
export async function noteWrite(db: Db, key: string, writer: Writer): Promise<void> {
  await db
    .insertInto('storage_writes')
    .values({ key, ...writer })
    .onConflict((oc) => oc.column('key').doUpdateSet({ ...writer, created_at: sql<Date>`now()` }))
    .execute();
}

export async function dropWrites(db: Db, keys: readonly string[]): Promise<void> {
  if (keys.length) await db.deleteFrom('storage_writes').where('key', 'in', keys).execute();
}

/** The oldest notes, at most `limit`. */
export function oldestWrites(db: Db, limit: number) {
  return db.selectFrom('storage_writes').select(['key', 'machine', 'pid', 'pid_started', 'created_at']).orderBy('created_at').limit(limit).execute();
}

/** Those of `keys` that an audio file (its audio or cover), a set (its cover) or a pending upload refers to. */
/** Whether any record refers to a stored object at all (an empty database has no files to keep). */
export async function anyStoredReference(db: Db): Promise<boolean> {
  const row = await db
    .selectNoFrom((eb) => [
      eb
        .or([
          eb.exists(eb.selectFrom('audio_files').select('id')),
          eb.exists(eb.selectFrom('sets').select('id').where('cover_path', 'is not', null)),
          eb.exists(eb.selectFrom('pending_uploads').select('file_path')),
        ])
        .as('any'),
    ])
    .executeTakeFirstOrThrow();
  return Boolean(row.any);
}

export async function referencedKeys(db: Db, keys: readonly string[]): Promise<Set<string>> {
  if (!keys.length) return new Set();
  const rows = await db
    .selectFrom('audio_files')
    .select('file_path as key')
    .where('file_path', 'in', keys)
    .union(db.selectFrom('audio_files').select('cover_path as key').where('cover_path', 'in', keys).$narrowType<{ key: string }>())
    .union(db.selectFrom('sets').select('cover_path as key').where('cover_path', 'in', keys).$narrowType<{ key: string }>())
    .union(db.selectFrom('pending_uploads').select('file_path as key').where('file_path', 'in', keys))
    .execute();
  return new Set(rows.map((r) => r.key));
}
