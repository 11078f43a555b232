// Objects on their way into Storage are noted in the database before the write starts
// (storage_writes), and the note is dropped once a record refers to the object. A process killed
// between the write and the record (kill -9, a crash, a power cut) leaves the note behind, and the
// object that no record refers to is removed: at the next start on the same machine (the writer is
// known to be gone), or by any instance once the note is older than a pending upload may be.
import type { Db } from '../db/types';
import { isGoneHere, thisProcess } from '../instances/identity';
import type { Log } from '../log';
import * as writes from '../repositories/storage-writes';
import type { Storage } from './storage';

/** Notes handled per query. */
const BATCH = 500;

/** Notes that this process is about to write `key`. */
export function noteWrite(deps: { db: Db }, key: string): Promise<void> {
  const me = thisProcess();
  return writes.noteWrite(deps.db, key, { machine: me.machine, pid: me.pid, pid_started: me.started });
}

/** Drops the note of a write whose object is gone again (a refused upload). */
export function forgetWrite(deps: { db: Db }, key: string): Promise<void> {
  return writes.dropWrites(deps.db, [key]);
}

/**
 * Settles the notes: one whose object a record refers to is dropped; one whose writer is gone
 * (a process of this machine that died) or that is older than `abandonedMs` has its object
 * removed (when no record refers to it) and is dropped. Notes of writers still at work stay.
 * Returns how many objects were removed.
 */
export async function settleWrites(deps: { db: Db; storage: Storage; log: Log }, abandonedMs: number, now = Date.now()): Promise<number> {
  let removed = 0;
  const kept = new Set<string>();
  for (;;) {
    const notes = (await writes.oldestWrites(deps.db, kept.size + BATCH)).filter((n) => !kept.has(n.key));
    if (!notes.length) return removed;
    const referenced = await writes.referencedKeys(
      deps.db,
      notes.map((n) => n.key),
    );
    const done: string[] = [];
    for (const n of notes) {
      const abandoned = now - n.created_at.getTime() > abandonedMs || isGoneHere({ machine: n.machine, pid: n.pid, started: n.pid_started });
      if (referenced.has(n.key)) done.push(n.key);
      else if (!abandoned) kept.add(n.key);
      else {
        try {
          await deps.storage.delete(n.key);
          removed++;
          done.push(n.key);
        } catch (err) {
          // Tried again on the next run.
          deps.log.warn({ err, key: n.key }, 'removing a stored file of an interrupted upload failed');
          kept.add(n.key);
        }
      }
    }
    await writes.dropWrites(deps.db, done);
    if (notes.length < BATCH) return removed;
  }
}
