// SQL of the sign-in throttle (login_throttle: one row per key) and of the rate limits of other
// actions (rate_events: one row per counted action).
import { sql, type Transaction } from 'kysely';
import type { Db, DB } from '../db/types';

/**
 * The rows of `keys`, created when missing and locked until the transaction ends, in one
 * statement (an upsert locks the rows it meets): attempts on the same keys, from any app
 * instance, wait for each other here.
 */
export async function lockThrottles(trx: Transaction<DB>, keys: string[], now: Date) {
  // One order for everyone, so two attempts never wait on each other's rows.
  const sorted = [...new Set(keys)].sort();
  return trx
    .insertInto('login_throttle')
    .values(sorted.map((key) => ({ key, failures: 0, updated_at: now })))
    .onConflict((oc) => oc.column('key').doUpdateSet((eb) => ({ key: eb.ref('excluded.key') })))
    .returningAll()
    .execute();
}

/** Writes the new counts and locks of several keys in one statement. */
export async function setThrottles(db: Db, rows: { key: string; failures: number; lockedUntil: Date | null }[], now: Date): Promise<void> {
  if (!rows.length) return;
  const values = sql.join(rows.map((r) => sql`(${r.key}, ${r.failures}::integer, ${r.lockedUntil}::timestamptz)`));
  await sql`update login_throttle as t
    set failures = v.failures, locked_until = v.locked_until, updated_at = ${now}::timestamptz
    from (values ${values}) as v (key, failures, locked_until)
    where t.key = v.key`.execute(db);
}

/**
 * After a success, in one statement: forgets `forget`, and takes back one counted attempt of each
 * of `refund` (lifting its lock when that leaves it within `free` failures).
 */
export async function releaseThrottles(db: Db, forget: string[], refund: string[], free: number): Promise<void> {
  const none = sql`array[]::text[]`;
  const list = (keys: string[]) => (keys.length ? sql`array[${sql.join(keys)}]::text[]` : none);
  await sql`with forgotten as (delete from login_throttle where key = any(${list(forget)}))
    update login_throttle
       set failures = greatest(failures - 1, 0),
           locked_until = case when failures - 1 <= ${free} then null else locked_until end
     where key = any(${list(refund)})`.execute(db);
}

/** Forgets throttles that saw no failure for a day. */
export async function deleteStaleThrottles(db: Db, olderThan: Date): Promise<void> {
  await db.deleteFrom('login_throttle').where('updated_at', '<', olderThan).execute();
}

/** Holds `key` until the transaction ends: counting and adding rate events of one key is then atomic. */
export async function lockRateKey(trx: Transaction<DB>, key: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtextextended(${`tonieshelf:rate:${key}`}, 0))`.execute(trx);
}

/** Times of the newest `limit` events of `key` since `since`, newest first. */
export async function recentRateEvents(db: Db, key: string, since: Date, limit: number): Promise<Date[]> {
  const rows = await db.selectFrom('rate_events').select('created_at').where('key', '=', key).where('created_at', '>', since).orderBy('created_at', 'desc').limit(limit).execute();
  return rows.map((r) => r.created_at);
}

export async function addRateEvents(db: Db, keys: string[], now: Date): Promise<void> {
  if (keys.length)
    await db
      .insertInto('rate_events')
      .values(keys.map((key) => ({ key, created_at: now })))
      .execute();
}

/** Forgets rate events older than the longest window (a day). */
export async function deleteOldRateEvents(db: Db, olderThan: Date): Promise<void> {
  await db.deleteFrom('rate_events').where('created_at', '<', olderThan).execute();
}
