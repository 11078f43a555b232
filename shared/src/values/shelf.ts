// Shelves' plain values: export formats, messages, share token length, addresses.
// Without zod, so that a page can use them without loading the schemas: schemas/shelf.ts
// re-exports them (import from either).
import { SHELF_IMPORT_MAX_CHARS, SHELF_STATES_MAX_IDS, type ShelfName } from '../constants';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The server's refusals and the shelf screens' toasts. */
export const SHELF_MESSAGES = {
  shelf: 'shelf must be own, wishlist or favourites',
  format: 'format must be csv or json',
  tooManyIds: `Ask for at most ${SHELF_STATES_MAX_IDS} Tonies at once`,
  importEmpty: 'The file holds no article codes.',
  importTooLarge: `The file is too large: at most ${SHELF_IMPORT_MAX_CHARS.toLocaleString('en-US')} characters`,
  importUnreadable: 'The file could not be read as CSV.',
  importTooManyCodes: 'The file holds too many article codes: at most 10,000 at once',
  shareNotFound: 'This shared shelf does not exist (any more).',
  notShared: 'This shelf is not shared.',
  // Toasts.
  updateFailed: 'Failed to update your shelves. Please try again.',
  linkCopied: 'Link copied',
} as const;
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
/** The signed-in user's shelf as a file: /api/shelves/{shelf}/export.csv or .json. */
export function shelfExportPath(shelf: ShelfName, format: ExportFormat): string {
  return `/api/shelves/${shelf}/export.${format}`;
}
