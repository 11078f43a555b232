// The server processes registered on this database (instances/registry.ts).
import { type Insertable, sql } from 'kysely';
import type { Db, InstancesTable } from '../db/types';

type NewInstance = Omit<Insertable<InstancesTable>, 'started_at' | 'heartbeat_at'>;

/** Registers the instance, or (a beat) says it is still there: its row is made again if it was removed. */
export async function beat(db: Db, row: NewInstance): Promise<void> {
  await db
    .insertInto('instances')
    .values(row)
    .onConflict((oc) => oc.column('id').doUpdateSet({ heartbeat_at: sql<Date>`now()` }))
    .execute();
}

/** The other instances that beat within the last `seconds` (by the database's clock), with the seconds since. */
export function liveInstances(db: Db, exceptId: string, seconds: number) {
  return db
    .selectFrom('instances')
    .select(['id', 'host', 'pid', 'storage', 'uploads_dir', sql<number>`extract(epoch from now() - heartbeat_at)::int`.as('silent_seconds')])
    .where('id', '<>', exceptId)
    .where('heartbeat_at', '>=', sql<Date>`now() - make_interval(secs => ${seconds})`)
    .orderBy('heartbeat_at', 'desc')
    .execute();
}

export async function deleteInstance(db: Db, id: string): Promise<void> {
  await db.deleteFrom('instances').where('id', '=', id).execute();
}

/** Forgets instances that have not beaten within the last `seconds` (they are gone). */
export async function deleteSilentInstances(db: Db, seconds: number): Promise<void> {
  await db.deleteFrom('instances').where('heartbeat_at', '<', sql<Date>`now() - make_interval(secs => ${seconds})`).execute();
}
