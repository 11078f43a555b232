import type { Db } from '../db/types';

export function findThrottle(db: Db, key: string) {
  return db.selectFrom('login_throttle').selectAll().where('key', '=', key).executeTakeFirst();
}

/** Adds one failure to `key` and returns the new count. */
export async function addThrottleFailure(db: Db, key: string, lockedUntil: (failures: number) => Date | null): Promise<number> {
  const row = await db
    .insertInto('login_throttle')
    .values({ key, failures: 1, updated_at: new Date() })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => ({ failures: eb('login_throttle.failures', '+', 1), updated_at: new Date() })),
    )
    .returning('failures')
    .executeTakeFirstOrThrow();
  await db.updateTable('login_throttle').set({ locked_until: lockedUntil(row.failures) }).where('key', '=', key).execute();
  return row.failures;
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.deleteFrom('login_throttle').where('key', '=', key).execute();
}

/** Forgets throttles that saw no failure for a day. */
export async function deleteStaleThrottles(db: Db, olderThan: Date): Promise<void> {
  await db.deleteFrom('login_throttle').where('updated_at', '<', olderThan).execute();
}
