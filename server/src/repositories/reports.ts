// Reports (notices about content) and contact-form messages: the reports table.
import { sql } from 'kysely';
import type { Db, DB } from '../db/types';
import type { Insertable, Selectable } from 'kysely';

export type ReportRow = Selectable<DB['reports']>;
type ReportStatusFilter = 'open' | 'dismissed' | 'actioned' | 'all';
export type ItemType = 'audio' | 'review' | 'user' | 'set';

export async function insertReport(db: Db, row: Insertable<DB['reports']>): Promise<ReportRow> {
  return db.insertInto('reports').values(row).returningAll().executeTakeFirstOrThrow();
}

/** The open reports of an item, locked until the transaction ends (oldest first). */
export function lockOpenReportsOfItem(db: Db, type: ItemType, id: string): Promise<ReportRow[]> {
  return db.selectFrom('reports').selectAll().where('target_type', '=', type).where('target_id', '=', id).where('status', '=', 'open').orderBy('id').forUpdate().execute();
}

/** One report, whatever its state, locked until the transaction ends. */
export function lockReport(db: Db, id: number): Promise<ReportRow | undefined> {
  return db.selectFrom('reports').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * The open reports about a user: about the account itself, or one of their audio files,
 * reviews or sets; locked until the transaction ends (oldest first).
 */
export function lockOpenReportsAboutUser(db: Db, userId: string): Promise<ReportRow[]> {
  return db
    .selectFrom('reports')
    .selectAll()
    .where('status', '=', 'open')
    .where((eb) =>
      eb.or([
        eb.and([eb('target_type', '=', 'user'), eb('target_id', '=', userId)]),
        eb.and([
          eb('target_type', '=', 'audio'),
          eb('target_id', 'in', eb.selectFrom('audio_files').select(sql<string>`audio_files.id::text`.as('id')).where('audio_files.user_id', '=', userId)),
        ]),
        eb.and([
          eb('target_type', '=', 'review'),
          eb('target_id', 'in', eb.selectFrom('ratings').select(sql<string>`ratings.id::text`.as('id')).where('ratings.user_id', '=', userId)),
        ]),
        eb.and([eb('target_type', '=', 'set'), eb('target_id', 'in', eb.selectFrom('sets').select(sql<string>`sets.id::text`.as('id')).where('sets.user_id', '=', userId))]),
      ]),
    )
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Closes reports as `status`, naming the decision that closed them. */
export async function closeReports(db: Db, ids: readonly number[], status: 'dismissed' | 'actioned', decisionId: number): Promise<void> {
  if (ids.length === 0) return;
  await db
    .updateTable('reports')
    .set({ status, decision_id: decisionId, resolved_at: sql<Date>`now()` })
    .where('id', 'in', [...ids])
    .execute();
}

interface QueueFilter {
  status: ReportStatusFilter;
  reason?: string | undefined;
  kind?: string | undefined;
}

/** The queue's grouping key of a report: its item ('audio:12'), or the report itself ('report:7'). */
const entryKey = sql<string>`coalesce(reports.target_type || ':' || reports.target_id, 'report:' || reports.id)`;

function filtered(db: Db, f: QueueFilter) {
  let q = db.selectFrom('reports');
  if (f.status !== 'all') q = q.where('reports.status', '=', f.status);
  if (f.reason) q = q.where('reports.reason', '=', f.reason as ReportRow['reason'] & string);
  if (f.kind) q = q.where('reports.kind', '=', f.kind as ReportRow['kind']);
  return q;
}

/** One page of queue entries (keys with their newest report's time), newest first, and how many there are. */
export async function queuePage(db: Db, f: QueueFilter, limit: number, offset: number): Promise<{ keys: { key: string; latest: Date }[]; total: number }> {
  const [rows, count] = await Promise.all([
    filtered(db, f)
      .select([entryKey.as('key'), sql<Date>`max(reports.created_at)`.as('latest')])
      .groupBy(entryKey)
      .orderBy(sql`max(reports.created_at)`, 'desc')
      .orderBy(entryKey)
      .limit(limit)
      .offset(offset)
      .execute(),
    filtered(db, f).select(sql<string>`count(distinct ${entryKey})`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { keys: rows.map((r) => ({ key: r.key, latest: new Date(r.latest) })), total: Number(count.n) };
}

/** The reports (matching the filter) of these queue keys, newest first. */
export function reportsOfKeys(db: Db, f: QueueFilter, keys: readonly string[]): Promise<(ReportRow & { key: string })[]> {
  if (keys.length === 0) return Promise.resolve([]);
  return filtered(db, f)
    .selectAll('reports')
    .select(entryKey.as('key'))
    .where(entryKey, 'in', [...keys])
    .orderBy('reports.created_at', 'desc')
    .orderBy('reports.id', 'desc')
    .execute();
}
