// Shelves: every signed-in user's Own, Wishlist and Favourites shelves of Tonies (own and wishlist
// exclude each other; favourites combine with either), their totals, CSV/JSON export, CSV import of
// article codes, and share links anyone can open read-only.
import { z } from 'zod';
import { CATALOGUE_MAX_PAGE_SIZE, CATALOGUE_PAGE_SIZE } from '../values/tonie';
import { SHELF_IMPORT_MAX_CHARS, SHELF_STATES_MAX_IDS, SHELVES, EXPORT_FORMATS, SHELF_MESSAGES } from '../values/shelf';
import { positiveInt, text, yesNo } from './common';
import { tonieIdSchema, tonieSummarySchema } from './tonie';

export const shelfNameSchema = z.enum(SHELVES, { error: SHELF_MESSAGES.shelf });
export const exportFormatSchema = z.enum(EXPORT_FORMATS, { error: SHELF_MESSAGES.format });

/** Where one Tonie stands on the user's shelves. */
export const shelfStateSchema = z.object({
  tonieId: z.number().int(),
  /** 'own' or 'wishlist' (exclusive), or null. */
  status: z.enum(['own', 'wishlist']).nullable(),
  favourite: z.boolean(),
});
export type ShelfState = z.infer<typeof shelfStateSchema>;

/** Puts a Tonie on a shelf or takes it off (idempotent: the same call twice leaves the same state). */
export const setShelfInputSchema = z.object({
  tonieId: tonieIdSchema,
  shelf: shelfNameSchema,
  /** true puts it on (own takes it off the wishlist and back), false takes it off. */
  on: yesNo('on'),
});
export type SetShelfInput = z.input<typeof setShelfInputSchema>;
export type SetShelf = z.output<typeof setShelfInputSchema>;

/** The states of the Tonies of one page (one indexed query, whatever the page size). */
export const shelfStatesInputSchema = z.object({
  tonieIds: z.array(tonieIdSchema).max(SHELF_STATES_MAX_IDS, { error: SHELF_MESSAGES.tooManyIds }),
});
/** Every asked Tonie that is on at least one shelf; the others are on none. */
export const shelfStatesSchema = z.array(shelfStateSchema);

/** A count of Tonies by one property (category or language; null language = unknown). */
const breakdownSchema = z.array(z.object({ key: z.string().nullable(), count: z.number().int() }));

/** The totals of one shelf. */
export const shelfTotalsSchema = z.object({
  shelf: shelfNameSchema,
  count: z.number().int(),
  /** Total listening time in minutes (Tonies with a known runtime). */
  runtimeMinutes: z.number(),
  byCategory: breakdownSchema,
  byLanguage: breakdownSchema,
});
export type ShelfTotals = z.infer<typeof shelfTotalsSchema>;
/** The totals of all three shelves, in SHELVES order. */
export const shelfSummarySchema = z.array(shelfTotalsSchema);
export type ShelfSummary = z.infer<typeof shelfSummarySchema>;

/** A shelf's sharing: the token of its link while sharing is on, else null. */
export const shelfSharingSchema = z.array(z.object({ shelf: shelfNameSchema, token: z.string().nullable(), sharedSince: z.string().nullable() }));
export type ShelfSharing = z.infer<typeof shelfSharingSchema>;

export const setSharingInputSchema = z.object({ shelf: shelfNameSchema, enabled: yesNo('enabled') });
export const shelfInputSchema = z.object({ shelf: shelfNameSchema });

/** A CSV of article codes (a column named article/Artikel/…, else the first column) put on a shelf. */
export const importShelfInputSchema = z.object({
  shelf: shelfNameSchema,
  csv: text({ error: SHELF_MESSAGES.importEmpty }).max(SHELF_IMPORT_MAX_CHARS, { error: SHELF_MESSAGES.importTooLarge }),
});
export const importShelfResultSchema = z.object({
  /** Tonies put on the shelf now. */
  added: z.number().int(),
  /** Tonies that were on it already. */
  alreadyThere: z.number().int(),
  /** Into the wishlist: Tonies the user owns stay owned (not moved to the wishlist). */
  skippedOwned: z.number().int(),
  /** The codes no Tonie has, in file order, each once. */
  unknownCodes: z.array(z.string()),
});
export type ImportShelfResult = z.infer<typeof importShelfResultSchema>;

/** A share token as the link carries it; one that is empty or longer than any token is unknown (404, like every unknown token). */
const tokenSchema = text().trim();

/** One page of a shared shelf (anyone with the link), newest added first. */
export const sharedShelfInputSchema = z.object({
  token: tokenSchema,
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize', CATALOGUE_MAX_PAGE_SIZE).default(CATALOGUE_PAGE_SIZE),
});
export type SharedShelfQuery = z.output<typeof sharedShelfInputSchema>;
export const sharedShelfSchema = z.object({
  shelf: shelfNameSchema,
  owner: z.object({ username: z.string(), displayName: z.string() }),
  tonies: z.array(tonieSummarySchema),
  totalCount: z.number().int(),
});
export type SharedShelf = z.infer<typeof sharedShelfSchema>;

/** One row of an export (CSV columns in this order). */
export const shelfExportRowSchema = z.object({
  name: z.string(),
  series: z.string().nullable(),
  article: z.string(),
  language: z.string().nullable(),
  /** When it went onto the shelf (ISO 8601). */
  addedAt: z.string(),
});
export type ShelfExportRow = z.infer<typeof shelfExportRowSchema>;
