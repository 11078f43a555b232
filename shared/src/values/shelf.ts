// Shelves' plain values: the shelves, the catalogue's shelf filter, limits, export formats,
// messages, addresses. Without zod, so that a page can load them without the schemas.
import type { MessageCode } from '../i18n/messages';

/** Every user's shelves of Tonies (own and wishlist exclude each other; favourites combine with either). */
export const SHELVES = ['own', 'wishlist', 'favourites'] as const;
export type ShelfName = (typeof SHELVES)[number];
/** The catalogue's shelf filter: Tonies on one of my shelves, or on none of them. */
export const SHELF_FILTERS = [...SHELVES, 'none'] as const;
export type ShelfFilter = (typeof SHELF_FILTERS)[number];
/** shelf.states answers for at most this many Tonies (a catalogue page at its largest). */
export const SHELF_STATES_MAX_IDS = 100;
/** A shelf import's CSV text has at most this many characters (about 30,000 article codes). */
export const SHELF_IMPORT_MAX_CHARS = 512 * 1024;

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** A CSV export's delimiter (?delimiter=): commas, or semicolons for spreadsheets set to German and other languages with a decimal comma. */
export const CSV_DELIMITERS = ['comma', 'semicolon'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/** The server's refusals and the shelf screens' toasts. */
export const SHELF_MESSAGES = {
  shelf: 'shelf.shelf',
  format: 'shelf.format',
  delimiter: 'shelf.delimiter',
  tooManyIds: 'shelf.tooManyIds',
  importEmpty: 'shelf.importEmpty',
  importTooLarge: 'shelf.importTooLarge',
  importUnreadable: 'shelf.importUnreadable',
  importTooManyCodes: 'shelf.importTooManyCodes',
  shareNotFound: 'shelf.shareNotFound',
  notShared: 'shelf.notShared',
  updateFailed: 'shelf.updateFailed',
  linkCopied: 'shelf.linkCopied',
} as const satisfies Record<string, MessageCode>;
/** No token is longer (they are 43 characters); a longer one is not looked up. */
export const SHARE_TOKEN_MAX_LENGTH = 100;
/** /shelves (the own shelf), /shelves?shelf=wishlist … */
export function shelvesPath(shelf?: ShelfName): string {
  return shelf && shelf !== 'own' ? `/shelves?shelf=${shelf}` : '/shelves';
}
/** The read-only page of a shared shelf. */
export function sharedShelfPath(token: string): string {
  return `/shared/${encodeURIComponent(token)}`;
}
/** The signed-in user's shelf as a file: /api/shelves/{shelf}/export.csv or .json; a CSV with semicolons: ?delimiter=semicolon. */
export function shelfExportPath(shelf: ShelfName, format: ExportFormat, delimiter: CsvDelimiter = 'comma'): string {
  return `/api/shelves/${shelf}/export.${format}${format === 'csv' && delimiter !== 'comma' ? `?delimiter=${delimiter}` : ''}`;
}
