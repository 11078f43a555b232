// The server's signing keys (server_keys: made once, shared by every instance), read once per
// database handle (one per app) and name; a failed read (the database away) is tried again next time.
import type { Db } from '../db/types';
import { serverKey } from '../repositories/feeds';

const keys = new WeakMap<object, Map<string, Promise<Buffer>>>();

export function cachedServerKey(db: Db, name: string): Promise<Buffer> {
  let byName = keys.get(db);
  if (!byName) keys.set(db, (byName = new Map()));
  let key = byName.get(name);
  if (!key) {
    key = serverKey(db, name);
    byName.set(name, key);
    key.catch(() => byName.delete(name));
  }
  return key;
}
