// The catalogue's plain values: page sizes, filter limits, sorts, categories, search timings,
// messages, picture helpers. Without zod, so that a page can load them without the schemas.
import type { MessageCode } from '../i18n/messages';
import { isSitePath } from './common';

export const CATALOGUE_PAGE_SIZE = 12;
export const CATALOGUE_MAX_PAGE_SIZE = 100;
/** Characters of a description a Tonie card shows. */
export const CARD_DESCRIPTION_PREVIEW = 150;
export const CATALOGUE_TAG_LIST_HEIGHT = 250;

export const CATALOGUE_SEARCH_DEBOUNCE_MS = 300;
export const HEADER_SEARCH_DEBOUNCE_MS = 1000;
export const QUICK_SEARCH_MIN_LENGTH = 2;
/** How many close matches 'Did you mean' offers when a search finds nothing. */
export const SEARCH_SUGGESTIONS_MAX = 5;

/** The catalogue's language filter takes at most this many languages (BCP 47 tags, e.g. 'de-DE'). */
export const LANGUAGE_FILTER_MAX = 10;
/** 'Suits a child of N': N from 0 to this. */
export const AGE_FILTER_MAX = 18;

/** Catalogue sort keys (SPEC §2 'Sort By'), with their labels. */
export const CATALOGUE_SORTS = ['newest', 'highest', 'lowest', 'az', 'relevance', 'episode'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
/**
 * 'relevance' (the default while searching) and 'episode' (the default on a series' page) are
 * ours; the other four are SPEC §2's.
 */
export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  newest: 'Newest First',
  highest: 'Highest Rated',
  lowest: 'Lowest Rated',
  az: 'A to Z',
  relevance: 'Best Match',
  episode: 'Episode Order',
};

/** The readable catalogue categories the importer and the demo catalogue use. */
export const TONIE_CATEGORIES = ['Audio Play', 'Audio Book', 'Music', 'Songs', 'Knowledge', 'Creative Tonie', 'Other'] as const;
export type TonieCategory = (typeof TONIE_CATEGORIES)[number];

export const CATALOGUE_FILTER_MESSAGES = {
  language: 'catalogue.language',
  tooManyLanguages: 'catalogue.tooManyLanguages',
  age: 'catalogue.age',
  series: 'catalogue.series',
  seriesEmpty: 'catalogue.seriesEmpty',
  addedNeedsShelf: 'catalogue.addedNeedsShelf',
  signInForShelf: 'catalogue.signInForShelf',
  shelf: 'catalogue.shelf',
} as const satisfies Record<string, MessageCode>;

/** The catalogue's other refusals: a list's sort and category, a Tonie's id, a Tonie or series that is not there. */
export const CATALOGUE_MESSAGES = {
  sort: 'catalogue.sort',
  category: 'catalogue.category',
  tonieId: 'catalogue.tonieId',
  quickSearchTooShort: 'catalogue.quickSearchTooShort',
  tonieNotFound: 'catalogue.tonieNotFound',
  seriesNotFound: 'catalogue.seriesNotFound',
  searchEmpty: 'catalogue.searchEmpty',
} as const satisfies Record<string, MessageCode>;

/** The list's sorts: the catalogue's, and 'added' (date added, newest first) within a shelf. */
export const TONIE_LIST_SORTS = [...CATALOGUE_SORTS, 'added'] as const;
export type TonieListSort = (typeof TONIE_LIST_SORTS)[number];

/**
 * A picture address the page may load: same-site paths and https addresses. Anything else (an
 * http address of an imported Tonie, which the content security policy blocks anyway) counts as
 * no picture, so the placeholder shows at once.
 */
export function usableImageSrc(src: string | null | undefined): string | null {
  const value = src?.trim();
  if (!value) return null;
  if (isSitePath(value)) return value;
  return /^https:\/\//i.test(value) ? value : null;
}

/** Soft backgrounds for a Tonie's picture (their colours: client/src/global.css, data-tint). */
const TINTS = ['coral', 'sky', 'mint', 'lilac', 'sun', 'rose'] as const;

/** A Tonie's picture background, chosen by id so neighbouring cards differ. */
export function tonieTint(id: number): (typeof TINTS)[number] {
  return TINTS[Math.abs(id) % TINTS.length]!;
}
