// What the catalogue's search index (server/src/search/) reads: the indexed fields of Tonies, by
// id range (a build) or by id (a change), and the change log of migration 0021.
import { sql } from 'kysely';
import type { Db } from '../db/types';
import { anyOf, tagNamesOf } from './query-helpers';

/** A Tonie as the search index holds it. */
export interface TonieSearchDocRow {
  id: number;
  name: string;
  series: string | null;
  description: string;
  release_date: string | null;
  tag_names: string[];
}

function docs(db: Db) {
  return db
    .selectFrom('tonies')
    .select(['tonies.id', 'tonies.name', 'tonies.series', 'tonies.description', sql<string | null>`tonies.release_date::text`.as('release_date')])
    .select(tagNamesOf('tonies', 'tonies.id').as('tag_names'));
}

/** Up to `limit` Tonies with ids above `afterId`, by id (a build reads the catalogue in such chunks). */
export function searchDocsAfter(db: Db, afterId: number, limit: number): Promise<TonieSearchDocRow[]> {
  return docs(db).where('tonies.id', '>', afterId).orderBy('tonies.id').limit(limit).execute();
}

/** These Tonies (those that no longer exist are missing). */
export function searchDocsByIds(db: Db, ids: readonly number[]): Promise<TonieSearchDocRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return docs(db).where('tonies.id', '=', anyOf(ids)).execute();
}

/** The newest position of the change log (0 when it is empty). */
export async function latestSearchChange(db: Db): Promise<number> {
  const row = await db
    .selectFrom('tonie_search_changes')
    .select((eb) => eb.fn.coalesce(eb.fn.max('seq'), sql<number>`0`).as('seq'))
    .executeTakeFirstOrThrow();
  return Number(row.seq);
}

/** The oldest position still in the log (null when it is empty). */
export async function oldestSearchChange(db: Db): Promise<number | null> {
  const row = await db
    .selectFrom('tonie_search_changes')
    .select((eb) => eb.fn.min('seq').as('seq'))
    .executeTakeFirstOrThrow();
  return row.seq === null ? null : Number(row.seq);
}

/** Changes after position `after` (in order, at most `limit`). */
export function searchChangesAfter(db: Db, after: number, limit: number): Promise<{ seq: number; tonie_id: number }[]> {
  return db.selectFrom('tonie_search_changes').select(['seq', 'tonie_id']).where('seq', '>', after).orderBy('seq').limit(limit).execute();
}

/** Removes changes logged before `before` (every instance has read them long since). */
export async function pruneSearchChanges(db: Db, before: Date): Promise<number> {
  const result = await db.deleteFrom('tonie_search_changes').where('changed_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
