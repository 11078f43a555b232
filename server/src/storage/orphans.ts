// Stored objects that no record refers to and that are older than a pending upload may be: what
// uploads left behind before their writes were noted (storage/writes.ts), or what a failed removal
// left. Only the server's own key layouts are looked at (keys.ts): a bucket may hold other things.
import type { Db } from '../db/types';
import type { Log } from '../log';
import { anyStoredReference, referencedKeys } from '../repositories/storage-writes';
import type { Storage } from './storage';

const PREFIXES = ['audio-files/', 'cover-images/'] as const;

/** Removes the objects under the server's prefixes written before `before` that no record refers to; how many. */
export async function removeUnreferencedObjects(deps: { db: Db; storage: Storage; log: Log }, before: Date): Promise<number> {
  let removed = 0;
  const { storage } = deps;
  if (!storage.list) return 0;
  // A database that refers to no file at all beside a storage full of them is another database
  // (a wrong DATABASE_URL, a fresh staging copy): nothing is removed, and the log says why.
  const guarded = !(await anyStoredReference(deps.db));
  let spared = 0;
  for (const prefix of PREFIXES) {
    for await (const page of storage.list(prefix)) {
      const old = page.filter((o) => o.modified < before).map((o) => o.key);
      const referenced = await referencedKeys(deps.db, old);
      for (const key of old) {
        if (referenced.has(key)) continue;
        if (guarded) {
          spared++;
          continue;
        }
        await storage.delete(key);
        removed++;
      }
    }
  }
  if (spared) deps.log.warn({ spared }, 'stored files kept: this database refers to none of the stored files (is DATABASE_URL the right one?)');
  if (removed) deps.log.info({ removed }, 'removed stored files that no record refers to');
  return removed;
}
