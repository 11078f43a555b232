// Shelves: one row per user and Tonie (shelf_items, primary key (user_id, tonie_id)), so every
// write is one upsert and idempotent under races; a row that a write left with neither a status
// nor the favourite mark is deleted right after (and never shown if a race left one). Share links
// live in shelf_shares (one row per user and shelf while sharing is on).
import type { ShelfName } from '@tonieshelf/shared/values/shelf';
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../db/types';
import { anyOf } from './query-helpers';

export interface ShelfStateRow {
  tonie_id: number;
  status: 'own' | 'wishlist' | null;
  favourite: boolean;
}

/** The rows of these Tonies on the user's shelves: one statement on the primary key. Empty rows left by a race are not returned. */
export function findStates(db: Db, userId: string, tonieIds: readonly number[]): Promise<ShelfStateRow[]> {
  if (tonieIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('shelf_items')
    .select(['tonie_id', 'status', 'favourite'])
    .where('user_id', '=', userId)
    .where('tonie_id', '=', anyOf(tonieIds))
    .where((eb) => eb.or([eb('status', 'is not', null), eb('favourite', '=', true)]))
    .orderBy('tonie_id')
    .execute();
}

/**
 * The SET of the upsert that puts a Tonie on `shelf` (on) or takes it off (off); every
 * `shelf_items.*` reference is the row as it was. On: own and wishlist replace each other (the
 * date is kept when it was on that shelf already), favourite keeps its first date. Off: clears
 * only that shelf (own off on a wishlist Tonie changes nothing).
 */
function changes(
  shelf: ShelfName,
  on: boolean,
): { status: RawBuilder<unknown>; status_at: RawBuilder<unknown>; favourite: RawBuilder<unknown>; favourite_at: RawBuilder<unknown> } {
  const keep = {
    status: sql`shelf_items.status`,
    status_at: sql`shelf_items.status_at`,
    favourite: sql`shelf_items.favourite`,
    favourite_at: sql`shelf_items.favourite_at`,
  };
  if (shelf === 'favourites') {
    return on ? { ...keep, favourite: sql`true`, favourite_at: sql`coalesce(shelf_items.favourite_at, now())` } : { ...keep, favourite: sql`false`, favourite_at: sql`null` };
  }
  const status = sql.lit(shelf);
  return on
    ? { ...keep, status: sql`${status}::text`, status_at: sql`case when shelf_items.status = ${status} then shelf_items.status_at else now() end` }
    : {
        ...keep,
        status: sql`case when shelf_items.status = ${status} then null else shelf_items.status end`,
        status_at: sql`case when shelf_items.status = ${status} then null else shelf_items.status_at end`,
      };
}

/** The row a new Tonie gets when it goes on (or, for off, an empty row the caller deletes). */
function freshRow(userId: string, tonieId: number, shelf: ShelfName, on: boolean) {
  const status = on && shelf !== 'favourites' ? shelf : null;
  const favourite = on && shelf === 'favourites';
  return {
    user_id: userId,
    tonie_id: tonieId,
    status,
    status_at: status ? sql<Date>`now()` : null,
    favourite,
    favourite_at: favourite ? sql<Date>`now()` : null,
  };
}

/**
 * Puts one Tonie on a shelf or takes it off: ONE upsert (INSERT ... ON CONFLICT (user_id,
 * tonie_id) DO UPDATE), so parallel identical calls end in one row. Its new state. A Tonie that
 * does not exist fails with a foreign-key violation (23503).
 */
export async function upsertShelf(db: Db, userId: string, tonieId: number, shelf: ShelfName, on: boolean): Promise<ShelfStateRow> {
  const set = changes(shelf, on);
  const row = await db
    .insertInto('shelf_items')
    .values(freshRow(userId, tonieId, shelf, on))
    .onConflict((oc) => oc.columns(['user_id', 'tonie_id']).doUpdateSet(set as never))
    .returning(['tonie_id', 'status', 'favourite'])
    .executeTakeFirstOrThrow();
  return row;
}

/** What a single "off" statement found and did (see takeOff). */
interface TakeOffRow {
  /** The Tonie exists (no row at all when it does not). */
  tonie_id: number;
  /** The statement deleted or updated the user's row: status and favourite are its new state. */
  changed: boolean;
  status: 'own' | 'wishlist' | null;
  favourite: boolean;
  /** The row was on the shelf when the statement began (true with changed false: a parallel write moved it; run again). */
  was_on: boolean;
}

/**
 * Takes a Tonie off `shelf` in ONE statement, whatever it was on: deletes the row when it holds
 * that shelf and nothing else, clears that shelf when the row holds another too, and otherwise
 * changes nothing and answers the row as it is (or no state when there is none). No row at all
 * when the Tonie does not exist. When a parallel write changed the row between the statement's
 * snapshot and its write, neither the delete nor the update may apply (was_on true, changed
 * false): the caller then takes it off again.
 */
export async function takeOff(db: Db, userId: string, tonieId: number, shelf: ShelfName): Promise<TakeOffRow | undefined> {
  const fav = shelf === 'favourites';
  const on = fav ? sql`favourite` : sql`status = ${sql.lit(shelf)}`;
  const only = fav ? sql`favourite and status is null` : sql`status = ${sql.lit(shelf)} and not favourite`;
  const clear = fav ? sql`favourite = false, favourite_at = null` : sql`status = null, status_at = null`;
  const result = await sql<TakeOffRow>`
    with d as (
      delete from shelf_items where user_id = ${userId} and tonie_id = ${tonieId} and ${only}
      returning tonie_id
    ), u as (
      update shelf_items set ${clear}
       where user_id = ${userId} and tonie_id = ${tonieId} and ${on} and not (${only})
      returning status, favourite
    ), before as (
      select status, favourite, ${on} as was_on from shelf_items where user_id = ${userId} and tonie_id = ${tonieId}
    ), changed as (
      select null::text as status, false as favourite from d
      union all
      select status, favourite from u
    )
    select t.id as tonie_id,
           (c.favourite is not null) as changed,
           case when c.favourite is not null then c.status else b.status end as status,
           coalesce(case when c.favourite is not null then c.favourite else b.favourite end, false) as favourite,
           coalesce(b.was_on, false) as was_on
      from tonies t
      left join changed c on true
      left join before b on true
     where t.id = ${tonieId}`.execute(db);
  return result.rows[0];
}

/** Deletes the user's row of this Tonie when it is on no shelf any more (a write emptied it). */
export async function deleteIfEmpty(db: Db, userId: string, tonieId: number): Promise<void> {
  await db.deleteFrom('shelf_items').where('user_id', '=', userId).where('tonie_id', '=', tonieId).where('status', 'is', null).where('favourite', '=', false).execute();
}

export interface ImportedRow {
  tonie_id: number;
  /** The state before the import. */
  before_status: 'own' | 'wishlist' | null;
  before_favourite: boolean;
}

/**
 * Puts these Tonies on `shelf` in ONE statement (an upsert of all of them) with the rules of a
 * single put, except that into the wishlist an owned Tonie stays owned. Answers each Tonie's
 * state before (read in the same statement's snapshot), to count what was added.
 */
export async function importToShelf(db: Db, userId: string, shelf: ShelfName, tonieIds: readonly number[]): Promise<ImportedRow[]> {
  if (tonieIds.length === 0) return [];
  const ids = sql`${sql.val([...tonieIds])}::int[]`;
  const set =
    shelf === 'wishlist'
      ? {
          // Owned Tonies stay owned; the rest goes onto the wishlist (its date kept when it was there).
          status: sql`case when shelf_items.status = 'own' then shelf_items.status else 'wishlist' end`,
          status_at: sql`case when shelf_items.status is null then now() else shelf_items.status_at end`,
          favourite: sql`shelf_items.favourite`,
          favourite_at: sql`shelf_items.favourite_at`,
        }
      : changes(shelf, true);
  // unnest(...) as t: a one-column row source whose column is named t too.
  const fresh = freshRow(userId, 0, shelf, true);
  const upsert = db
    .insertInto('shelf_items')
    .columns(['user_id', 'tonie_id', 'status', 'status_at', 'favourite', 'favourite_at'])
    .expression(
      db
        .selectFrom(sql<{ t: number }>`unnest(${ids})`.as('t'))
        .select([
          sql.val(fresh.user_id).as('user_id'),
          sql<number>`t.t`.as('tonie_id'),
          sql`${fresh.status}::text`.as('status'),
          sql`${fresh.status_at}::timestamptz`.as('status_at'),
          sql`${fresh.favourite}::boolean`.as('favourite'),
          sql`${fresh.favourite_at}::timestamptz`.as('favourite_at'),
        ]),
    )
    .onConflict((oc) => oc.columns(['user_id', 'tonie_id']).doUpdateSet(set as never))
    .returning('tonie_id');
  return db
    .with('before', (qb) => qb.selectFrom('shelf_items').select(['tonie_id', 'status', 'favourite']).where('user_id', '=', userId).where('tonie_id', '=', sql<number>`any(${ids})`))
    .with('written', () => upsert)
    .selectFrom('written')
    .leftJoin('before', 'before.tonie_id', 'written.tonie_id')
    .select(['written.tonie_id', 'before.status as before_status', sql<boolean>`coalesce(before.favourite, false)`.as('before_favourite')])
    .execute() as Promise<ImportedRow[]>;
}

interface TotalsRow {
  shelf: ShelfName;
  /** 3: the shelf's total; 1: one category; 2: one language. */
  grouping: number;
  category: string | null;
  language: string | null;
  count: number;
  minutes: number;
}

/** Every shelf's count and minutes, and its counts by category and by language: one GROUP BY with GROUPING SETS. */
export async function totals(db: Db, userId: string): Promise<TotalsRow[]> {
  const result = await sql<TotalsRow>`
    with items as (
      select s.shelf, t.category, t.language, coalesce(t.runtime, 0) as runtime
        from shelf_items si
        join tonies t on t.id = si.tonie_id
        cross join lateral (values (si.status), (case when si.favourite then 'favourites' end)) as s(shelf)
       where si.user_id = ${userId} and s.shelf is not null
    )
    select shelf, grouping(category, language)::int as grouping, category, language,
           count(*)::int as count, sum(runtime)::float8 as minutes
      from items
     group by grouping sets ((shelf), (shelf, category), (shelf, language))`.execute(db);
  return result.rows.map((r) => ({ ...r, count: Number(r.count), minutes: Number(r.minutes), grouping: Number(r.grouping) }));
}

/** The join condition of a shelf's rows and when each went on it. */
export function shelfColumns(shelf: ShelfName): { on: RawBuilder<boolean>; addedAt: RawBuilder<Date> } {
  return shelf === 'favourites'
    ? { on: sql<boolean>`si.favourite`, addedAt: sql<Date>`si.favourite_at` }
    : { on: sql<boolean>`si.status = ${sql.lit(shelf)}`, addedAt: sql<Date>`si.status_at` };
}

interface ExportRow {
  name: string;
  series: string | null;
  article: string;
  language: string | null;
  added_at: Date;
}

/** A shelf's Tonies for an export, newest added first (the shelf's partial index serves it). */
export async function exportRows(db: Db, userId: string, shelf: ShelfName): Promise<ExportRow[]> {
  const { on, addedAt } = shelfColumns(shelf);
  const result = await sql<ExportRow>`
    select t.name, t.series, t.article, t.language, ${addedAt} as added_at
      from shelf_items si join tonies t on t.id = si.tonie_id
     where si.user_id = ${userId} and ${on}
     order by ${addedAt} desc, t.id desc`.execute(db);
  return result.rows;
}

/** Tonies whose article code is one of these (exactly); and, for the rest, case-insensitively. */
export async function findByArticles(db: Db, codes: readonly string[]): Promise<{ id: number; article: string }[]> {
  if (codes.length === 0) return [];
  const exact = await db
    .selectFrom('tonies')
    .select(['id', 'article'])
    .where('article', '=', sql<string>`any(${sql.val([...codes])}::text[])`)
    .execute();
  const found = new Set(exact.map((r) => r.article));
  const rest = codes.filter((c) => !found.has(c)).map((c) => c.toLowerCase());
  if (rest.length === 0) return exact;
  const folded = await db
    .selectFrom('tonies')
    .select(['id', 'article'])
    .where(sql<string>`lower(article)`, '=', sql<string>`any(${sql.val(rest)}::text[])`)
    .execute();
  return [...exact, ...folded];
}

// ---- Share links ----

interface ShareRow {
  shelf: ShelfName;
  token: string;
  created_at: Date;
}

export function listShares(db: Db, userId: string): Promise<ShareRow[]> {
  return db.selectFrom('shelf_shares').select(['shelf', 'token', 'created_at']).where('user_id', '=', userId).execute();
}

/** Turns sharing on with this token unless the shelf is shared already (then its token stays). */
export async function insertShare(db: Db, userId: string, shelf: ShelfName, token: string): Promise<void> {
  await db
    .insertInto('shelf_shares')
    .values({ user_id: userId, shelf, token })
    .onConflict((oc) => oc.columns(['user_id', 'shelf']).doNothing())
    .execute();
}

export async function deleteShare(db: Db, userId: string, shelf: ShelfName): Promise<void> {
  await db.deleteFrom('shelf_shares').where('user_id', '=', userId).where('shelf', '=', shelf).execute();
}

/** Gives a shared shelf a new token (the old link dies at once); false when the shelf is not shared. */
export async function replaceShareToken(db: Db, userId: string, shelf: ShelfName, token: string): Promise<boolean> {
  const result = await db.updateTable('shelf_shares').set({ token }).where('user_id', '=', userId).where('shelf', '=', shelf).executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

interface SharedOwner {
  user_id: string;
  shelf: ShelfName;
  username: string;
  first_name: string;
  last_name: string;
}

/** The shelf and owner a share token opens; none when the token is unknown or the owner is suspended now. */
export function findShareByToken(db: Db, token: string): Promise<SharedOwner | undefined> {
  return db
    .selectFrom('shelf_shares')
    .innerJoin('users', 'users.id', 'shelf_shares.user_id')
    .select(['shelf_shares.user_id', 'shelf_shares.shelf', 'users.username', 'users.first_name', 'users.last_name'])
    .where('shelf_shares.token', '=', token)
    .where((eb) => eb.or([eb('users.suspended_until', 'is', null), eb('users.suspended_until', '<=', sql<Date>`now()`)]))
    .executeTakeFirst();
}
