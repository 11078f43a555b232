// Shelf rules: the signed-in user's Own, Wishlist and Favourites shelves (own and wishlist exclude
// each other; favourites combine with either); every write idempotent, also under races (one row
// per user and Tonie); totals; CSV/JSON export and CSV import of article codes; share links.
// Procedures and the export route call these; all SQL is in repositories/shelves.ts.
import type { ShelfName } from '@tonieshelf/shared/constants';
import type {
  ImportShelfResult,
  SetShelf,
  SharedShelf,
  SharedShelfQuery,
  ShelfExportRow,
  ShelfSharing,
  ShelfState,
  ShelfSummary,
} from '@tonieshelf/shared/schemas/shelf';
import type { TonieList, TonieListQuery } from '@tonieshelf/shared/schemas/tonie';
import type { Db } from '../db/types';

const todo = (what: string): never => {
  throw new Error(`shelves: ${what} is not built yet`);
};

export async function states(_db: Db, _userId: string, _tonieIds: number[]): Promise<ShelfState[]> {
  return todo('states');
}

export async function setShelf(_db: Db, _userId: string, _input: SetShelf): Promise<ShelfState> {
  return todo('setShelf');
}

export async function summary(_db: Db, _userId: string): Promise<ShelfSummary> {
  return todo('summary');
}

export async function importCsv(_db: Db, _userId: string, _shelf: ShelfName, _csv: string): Promise<ImportShelfResult> {
  return todo('importCsv');
}

export async function sharing(_db: Db, _userId: string): Promise<ShelfSharing> {
  return todo('sharing');
}

export async function setSharing(_db: Db, _userId: string, _shelf: ShelfName, _enabled: boolean): Promise<ShelfSharing> {
  return todo('setSharing');
}

export async function renewLink(_db: Db, _userId: string, _shelf: ShelfName): Promise<ShelfSharing> {
  return todo('renewLink');
}

export async function shared(_db: Db, _input: SharedShelfQuery): Promise<SharedShelf> {
  return todo('shared');
}

/** The catalogue list within the user's shelves (tonie.list with `shelf`): never cached. */
export async function listTonies(_db: Db, _userId: string, _query: TonieListQuery): Promise<TonieList> {
  return todo('listTonies');
}

/** A shelf's rows for the export (newest added first). */
export async function exportRows(_db: Db, _userId: string, _shelf: ShelfName): Promise<ShelfExportRow[]> {
  return todo('exportRows');
}
