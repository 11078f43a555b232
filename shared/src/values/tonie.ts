// The catalogue's plain values: filter messages and list sorts.
// Without zod, so that a page can use them without loading the schemas: schemas/tonie.ts
// re-exports them (import from either).
import { AGE_FILTER_MAX, CATALOGUE_SORTS, LANGUAGE_FILTER_MAX } from '../constants';

export const CATALOGUE_FILTER_MESSAGES = {
  language: 'language must be a language tag such as de-DE or en-GB',
  tooManyLanguages: `Filter by at most ${LANGUAGE_FILTER_MAX} languages`,
  age: `age must be a whole number from 0 to ${AGE_FILTER_MAX}`,
  series: 'series must be at most 300 characters',
  seriesEmpty: 'series must not be empty',
  addedNeedsShelf: 'Sorting by date added works only within a shelf',
  signInForShelf: 'Please log in to filter by your shelves',
  shelf: 'shelf must be own, wishlist, favourites or none',
} as const;

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
