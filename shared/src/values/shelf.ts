// Shelves' plain values: export formats, messages, share token length, addresses.
// Without zod, so that a page can use them without loading the schemas: schemas/shelf.ts
// re-exports them (import from either).
import type { ShelfName } from '../constants';
import type { MessageCode } from '../i18n/messages';

export const EXPORT_FORMATS = ['csv', 'json'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** The server's refusals and the shelf screens' toasts. */
export const SHELF_MESSAGES = {
  shelf: 'shelf.shelf',
  format: 'shelf.format',
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
/** The signed-in user's shelf as a file: /api/shelves/{shelf}/export.csv or .json. */
export function shelfExportPath(shelf: ShelfName, format: ExportFormat): string {
  return `/api/shelves/${shelf}/export.${format}`;
}
