// The catalogue's plain values: filter messages and list sorts.
// Without zod, so that a page can use them without loading the schemas: schemas/tonie.ts
// re-exports them (import from either).
import { CATALOGUE_SORTS } from '../constants';
import type { MessageCode } from '../i18n/messages';

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
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return /^https:\/\//i.test(value) ? value : null;
}

/** Soft backgrounds for a Tonie's picture (their colours: client/src/global.css, data-tint). */
const TINTS = ['coral', 'sky', 'mint', 'lilac', 'sun', 'rose'] as const;

/** A Tonie's picture background, chosen by id so neighbouring cards differ. */
export function tonieTint(id: number): (typeof TINTS)[number] {
  return TINTS[Math.abs(id) % TINTS.length]!;
}
