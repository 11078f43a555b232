// SQL of the sign-in throttle (login_throttle: one row per key) and of the rate limits of other
// actions (rate_events: one row per counted action).
import { sql, type Transaction } from 'kysely';
import type { Db, DB } from '../db/types';

/**
 * The rows of `keys`, created when missing and locked FOR UPDATE until the transaction ends:
 * attempts on the same keys (from any app instance) wait for each other here.
 */
export async function lockThrottles(trx: Transaction<DB>, keys: string[], now: Date) {
  // One order for everyone, so two attempts never wait on each other's rows.
  const sorted = [...new Set(keys)].sort();
  await trx
    .insertInto('login_throttle')
    .values(sorted.map((key) => ({ key, failures: 0, updated_at: now })))
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  return trx.selectFrom('login_throttle').selectAll().where('key', 'in', sorted).orderBy('key').forUpdate().execute();
}

export async function setThrottle(db: Db, key: string, failures: number, lockedUntil: Date | null, now: Date): Promise<void> {
  await db.updateTable('login_throttle').set({ failures, locked_until: lockedUntil, updated_at: now }).where('key', '=', key).execute();
}

/** Takes back one counted attempt of `key` (it succeeded); lifts its lock when that leaves it within `free`. */
export async function refundThrottle(db: Db, key: string, free: number): Promise<void> {
  await db
    .updateTable('login_throttle')
    .set((eb) => ({
      failures: sql<number>`greatest(${eb.ref('failures')} - 1, 0)`,
      locked_until: sql<Date | null>`case when ${eb.ref('failures')} - 1 <= ${free} then null else ${eb.ref('locked_until')} end`,
    }))
    .where('key', '=', key)
    .execute();
}

export async function clearThrottles(db: Db, keys: string[]): Promise<void> {
  if (keys.length) await db.deleteFrom('login_throttle').where('key', 'in', keys).execute();
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
  const rows = await db
    .selectFrom('rate_events')
    .select('created_at')
    .where('key', '=', key)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => r.created_at);
}

export async function addRateEvents(db: Db, keys: string[], now: Date): Promise<void> {
  if (keys.length) await db.insertInto('rate_events').values(keys.map((key) => ({ key, created_at: now }))).execute();
}

/** Forgets rate events older than the longest window (a day). */
export async function deleteOldRateEvents(db: Db, olderThan: Date): Promise<void> {
  await db.deleteFrom('rate_events').where('created_at', '<', olderThan).execute();
}
