// Shelf rules: the signed-in user's Own, Wishlist and Favourites shelves (own and wishlist exclude
// each other; favourites combine with either); every write idempotent, also under races (one row
// per user and Tonie); totals; CSV/JSON export and CSV import of article codes; share links.
// Procedures and the export route call these; all SQL is in repositories/shelves.ts.
import { encodeBase64urlNoPadding } from '@oslojs/encoding';
import { SHELVES, type ShelfName, SHARE_TOKEN_MAX_LENGTH, SHELF_MESSAGES } from '@tonieshelf/shared/values/shelf';
import type {
  ImportShelfResult,
  SetShelf,
  SharedShelf,
  SharedShelfQuery,
  ShelfExportRow,
  ShelfSharing,
  ShelfState,
  ShelfSummary,
  ShelfTotals,
} from '@tonieshelf/shared/schemas/shelf';
import type { TonieList, TonieListQuery } from '@tonieshelf/shared/schemas/tonie';
import { CATALOGUE_MESSAGES } from '@tonieshelf/shared/values/tonie';
import { parse } from 'csv-parse/sync';
import { displayNameOf } from '../accounts/mappers';
import { toTonieSummary } from '../catalogue/mappers';
import { isForeignKeyViolation } from '../db/foreign-key-violation';
import type { Db } from '../db/types';
import { AppError } from '../errors';
import * as repo from '../repositories/shelves';
import * as tonies from '../repositories/tonies';

/** At most this many distinct article codes per import. */
export const SHELF_IMPORT_MAX_CODES = 10_000;

const toState = (row: repo.ShelfStateRow): ShelfState => ({ tonieId: row.tonie_id, status: row.status, favourite: row.favourite });

/** Where these Tonies (one catalogue page) stand on the user's shelves: ONE query on the primary key. */
export async function states(db: Db, userId: string, tonieIds: number[]): Promise<ShelfState[]> {
  const ids = [...new Set(tonieIds)];
  return (await repo.findStates(db, userId, ids)).map(toState);
}

/**
 * Puts a Tonie on a shelf (one upsert: idempotent, also under races) or takes it off (one
 * statement, whatever it was on: see repo.takeOff). NOT_FOUND for a Tonie that does not exist.
 */
export async function setShelf(db: Db, userId: string, input: SetShelf): Promise<ShelfState> {
  if (!input.on) {
    const off = await repo.takeOff(db, userId, input.tonieId, input.shelf);
    if (!off) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.tonieNotFound);
    if (off.changed || !off.was_on) return toState(off);
    // A parallel write changed the row while this one ran (rare): the upsert and a clean-up take it off.
  }
  let row: repo.ShelfStateRow;
  try {
    row = await repo.upsertShelf(db, userId, input.tonieId, input.shelf, input.on);
  } catch (err) {
    if (isForeignKeyViolation(err)) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.tonieNotFound, { cause: err });
    throw err;
  }
  if (row.status === null && !row.favourite) await repo.deleteIfEmpty(db, userId, input.tonieId);
  return toState(row);
}

const byCountThenKey = (a: { key: string | null; count: number }, b: { key: string | null; count: number }) =>
  b.count - a.count || (a.key === null ? 1 : b.key === null ? -1 : a.key < b.key ? -1 : a.key > b.key ? 1 : 0);

/** Each shelf's count, listening time (unknown runtimes count 0) and counts by category and by language, largest first. */
export async function summary(db: Db, userId: string): Promise<ShelfSummary> {
  const rows = await repo.totals(db, userId);
  const byShelf = new Map<ShelfName, ShelfTotals>(SHELVES.map((shelf) => [shelf, { shelf, count: 0, runtimeMinutes: 0, byCategory: [], byLanguage: [] }]));
  for (const row of rows) {
    const totals = byShelf.get(row.shelf);
    if (!totals) continue;
    if (row.grouping === 3) {
      totals.count = row.count;
      totals.runtimeMinutes = row.minutes;
    } else if (row.grouping === 1) totals.byCategory.push({ key: row.category, count: row.count });
    else if (row.grouping === 2) totals.byLanguage.push({ key: row.language, count: row.count });
  }
  for (const totals of byShelf.values()) {
    totals.byCategory.sort(byCountThenKey);
    totals.byLanguage.sort(byCountThenKey);
  }
  return SHELVES.map((shelf) => byShelf.get(shelf)!);
}

/** The catalogue list within the user's shelves (tonie.list with `shelf`): never cached. */
export async function listTonies(db: Db, userId: string, query: TonieListQuery): Promise<TonieList> {
  if (query.shelf === undefined) throw new Error('shelves.listTonies needs a shelf');
  const { rows, total } = await tonies.listTonies(db, query, { userId, shelf: query.shelf });
  return { tonies: rows.map((r) => toTonieSummary(r, r.tag_names)), totalCount: total, suggestions: [] };
}

/** A shelf's rows for the export (newest added first). */
export async function exportRows(db: Db, userId: string, shelf: ShelfName): Promise<ShelfExportRow[]> {
  const rows = await repo.exportRows(db, userId, shelf);
  return rows.map((r) => ({ name: r.name, series: r.series, article: r.article, language: r.language, addedAt: new Date(r.added_at).toISOString() }));
}

// ---- Import ----

/** Header cells that name the article column (compared lower-cased, without spaces, dots, dashes and underscores). */
const ARTICLE_HEADERS = new Set(['article', 'articlenumber', 'artikel', 'artikelnummer', 'artnr', 'code']);
const headerKey = (cell: string) => cell.toLowerCase().replace(/[\s._-]+/g, '');

/** The delimiter of the first non-blank line: ',' ';' or tab, whichever it holds most of outside quotes (',' when none). */
function detectDelimiter(csv: string): string {
  const line =
    csv
      .replace(/^\uFEFF/, '')
      .split(/\r\n|\n|\r/)
      .find((l) => l.trim() !== '') ?? '';
  const unquoted = line.replace(/"[^"]*"/g, '');
  let best = ',';
  let bestCount = 0;
  for (const d of [',', ';', '\t']) {
    const count = unquoted.split(d).length - 1;
    if (count > bestCount) {
      best = d;
      bestCount = count;
    }
  }
  return best;
}

/**
 * The article codes of a CSV: the column a header cell names (article, Artikelnummer, Art.-Nr.,
 * code ...), else the first column of every row. Trimmed, empties skipped, each once in file order.
 */
function articleCodes(text: string): string[] {
  // Excel may name the delimiter in a first line of its own: 'sep=;'.
  const sep = /^\uFEFF?sep=([,;\t])\s*?(?:\r\n|\n|\r|$)/i.exec(text);
  const csv = sep ? text.slice(sep[0].length) : text;
  let records: string[][];
  try {
    records = parse(csv, {
      bom: true,
      delimiter: sep ? sep[1]! : detectDelimiter(csv),
      skip_empty_lines: true,
      relax_column_count: true,
      trim: true,
    }) as string[][];
  } catch (err) {
    throw new AppError('BAD_REQUEST', SHELF_MESSAGES.importUnreadable, { cause: err, field: 'csv' });
  }
  let column = 0;
  let rows = records;
  const header = records[0]?.findIndex((cell) => ARTICLE_HEADERS.has(headerKey(cell))) ?? -1;
  if (header >= 0) {
    column = header;
    rows = records.slice(1);
  }
  const codes = new Set<string>();
  for (const row of rows) {
    const code = row[column]?.trim();
    if (code) codes.add(code);
  }
  return [...codes];
}

/**
 * Puts the Tonies of a CSV of article codes on a shelf in one statement, with the rules of
 * setShelf, except that into the wishlist owned Tonies stay owned (counted in skippedOwned).
 * Codes are matched exactly, else case-insensitively; the ones no Tonie has are reported in file order.
 */
export async function importCsv(db: Db, userId: string, shelf: ShelfName, csv: string): Promise<ImportShelfResult> {
  const codes = articleCodes(csv);
  if (codes.length === 0) throw new AppError('BAD_REQUEST', SHELF_MESSAGES.importEmpty, { field: 'csv' });
  if (codes.length > SHELF_IMPORT_MAX_CODES) throw new AppError('BAD_REQUEST', SHELF_MESSAGES.importTooManyCodes, { field: 'csv' });

  const found = await repo.findByArticles(db, codes);
  const exact = new Map(found.map((r) => [r.article, r.id]));
  const folded = new Map<string, number>();
  for (const r of found) if (!folded.has(r.article.toLowerCase())) folded.set(r.article.toLowerCase(), r.id);
  const ids = new Set<number>();
  const unknownCodes: string[] = [];
  for (const code of codes) {
    const id = exact.get(code) ?? folded.get(code.toLowerCase());
    if (id === undefined) unknownCodes.push(code);
    else ids.add(id);
  }

  // In id order, so parallel imports lock the rows in one order (no deadlock between them).
  const sorted = [...ids].sort((a, b) => a - b);
  let written: repo.ImportedRow[];
  try {
    written = await repo.importToShelf(db, userId, shelf, sorted);
  } catch (err) {
    // A Tonie removed between the look-up and the write (a catalogue import ran): try again once without it.
    if (!isForeignKeyViolation(err)) throw err;
    const still = new Set((await repo.findByArticles(db, codes)).map((r) => r.id));
    written = await repo.importToShelf(
      db,
      userId,
      shelf,
      sorted.filter((id) => still.has(id)),
    );
  }
  let added = 0;
  let alreadyThere = 0;
  let skippedOwned = 0;
  for (const row of written) {
    if (shelf === 'favourites') {
      if (row.before_favourite) alreadyThere += 1;
      else added += 1;
    } else if (row.before_status === shelf) alreadyThere += 1;
    else if (shelf === 'wishlist' && row.before_status === 'own') skippedOwned += 1;
    else added += 1;
  }
  return { added, alreadyThere, skippedOwned, unknownCodes };
}

// ---- Share links ----

/** A new link token: 32 random bytes, base64url. */
function newToken(): string {
  const bytes = new Uint8Array(32);
  crypto.getRandomValues(bytes);
  return encodeBase64urlNoPadding(bytes);
}

/** Each shelf's share link (its token while sharing is on), in SHELVES order. */
export async function sharing(db: Db, userId: string): Promise<ShelfSharing> {
  const rows = new Map((await repo.listShares(db, userId)).map((r) => [r.shelf, r]));
  return SHELVES.map((shelf) => {
    const row = rows.get(shelf);
    return { shelf, token: row?.token ?? null, sharedSince: row ? new Date(row.created_at).toISOString() : null };
  });
}

/** Turns a shelf's link on (a new token unless it has one) or off (the row and so the link are gone). */
export async function setSharing(db: Db, userId: string, shelf: ShelfName, enabled: boolean): Promise<ShelfSharing> {
  if (enabled) await repo.insertShare(db, userId, shelf, newToken());
  else await repo.deleteShare(db, userId, shelf);
  return sharing(db, userId);
}

/** A new link for a shared shelf (the old one dies at once); BAD_REQUEST when it is not shared. */
export async function renewLink(db: Db, userId: string, shelf: ShelfName): Promise<ShelfSharing> {
  if (!(await repo.replaceShareToken(db, userId, shelf, newToken()))) throw new AppError('BAD_REQUEST', SHELF_MESSAGES.notShared);
  return sharing(db, userId);
}

/**
 * A shared shelf as anyone with its link sees it: the owner's name and one page, newest added
 * first. NOT_FOUND for a token that is unknown, revoked or renewed, and while the owner is suspended.
 */
export async function shared(db: Db, input: SharedShelfQuery): Promise<SharedShelf> {
  const plausible = input.token.length > 0 && input.token.length <= SHARE_TOKEN_MAX_LENGTH;
  const share = plausible ? await repo.findShareByToken(db, input.token) : undefined;
  if (!share) throw new AppError('NOT_FOUND', SHELF_MESSAGES.shareNotFound);
  const query = { page: input.page, pageSize: input.pageSize, sort: 'added', shelf: share.shelf } as TonieListQuery;
  const { rows, total } = await tonies.listTonies(db, query, { userId: share.user_id, shelf: share.shelf });
  return {
    shelf: share.shelf,
    owner: { username: share.username, displayName: displayNameOf(share) },
    tonies: rows.map((r) => toTonieSummary(r, r.tag_names)),
    totalCount: total,
  };
}
