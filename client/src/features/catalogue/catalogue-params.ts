// The catalogue's state lives in the address (SPEC §2 'Catalogue', PRODUCT.md 'Address sync'):
// search, category, tags (comma-separated), languages (comma-separated tags such as de-DE), age
// ('suits a child of N'), series (a series' page), shelf (signed in: 'none', 'wishlist', 'own' or
// 'favourites', the user's own shelves), sort, page and tonieId (the open detail dialog), plus
// the legacy `id` and a cache-busting timestamp that may come with tonieId. These pure functions
// read the parameters and compute the next ones; the page applies them through the router.
import { CATALOGUE_SORTS, type CatalogueSort, AGE_FILTER_MAX, LANGUAGE_FILTER_MAX } from '@tonieshelf/shared/values/tonie';
import { SHELF_FILTERS, type ShelfFilter } from '@tonieshelf/shared/values/shelf';
import { SEARCH_MAX_LENGTH, TAG_FILTER_MAX, TAG_NAME_MAX, uniqueTagNames } from '@tonieshelf/shared/values/common';
import { canonicalLanguageTag } from '@tonieshelf/shared/languages';

const PARAM = {
  search: 'search',
  category: 'category',
  tags: 'tags',
  languages: 'languages',
  age: 'age',
  series: 'series',
  shelf: 'shelf',
  sort: 'sort',
  page: 'page',
  tonieId: 'tonieId',
  /** Legacy: also opens the detail dialog; rewritten to tonieId. */
  legacyId: 'id',
} as const;

/** Cache-busting parameters that links to a Tonie may carry; read by no one, dropped on close. */
const TIMESTAMP_PARAMS = ['t', '_t', 'ts', 'timestamp', '_'] as const;

const DEFAULT_SORT: CatalogueSort = 'newest';

export interface CatalogueState {
  /** The search text as in the address ('' when absent). */
  search: string;
  /** One category, or null for all. */
  category: string | null;
  /** Selected tags, in the order they were picked. */
  tags: string[];
  /** Languages (tags such as 'de-DE'), none for all. */
  languages: string[];
  /** 'Suits a child of N' (0-18), or null for any age. */
  age: number | null;
  /** One series' page, or null. */
  series: string | null;
  /** The signed-in user's shelf filter ('none': on none of my shelves), or null for all Tonies. */
  shelf: ShelfFilter | null;
  /** The chosen sort, or null when absent or unknown (then effectiveSort applies). */
  sort: CatalogueSort | null;
  /** The page, 1 when absent or not a positive integer. */
  page: number;
  /** The Tonie whose detail dialog is open (tonieId, else the legacy id), or null. */
  tonieId: number | null;
}

/** A positive integer written plainly ('3'; not '03', '3.0', '-3', '1e3' or 'abc'), else null. */
export function parsePositiveInt(raw: string | null | undefined): number | null {
  if (raw == null || !/^[1-9]\d{0,15}$/.test(raw.trim())) return null;
  const value = Number(raw.trim());
  return Number.isSafeInteger(value) ? value : null;
}

export function isCatalogueSort(raw: string | null | undefined): raw is CatalogueSort {
  return raw != null && (CATALOGUE_SORTS as readonly string[]).includes(raw);
}

/** A shelf filter as the address writes it ('none', 'wishlist', 'own', 'favourites'), else null. */
export function parseShelfFilter(raw: string | null | undefined): ShelfFilter | null {
  const value = raw?.trim();
  return value && (SHELF_FILTERS as readonly string[]).includes(value) ? (value as ShelfFilter) : null;
}

/**
 * The comma-separated tag list: trimmed, empty and too long names dropped (no tag can have
 * them), duplicates folded case-insensitively, at most as many as the server filters by.
 */
export function parseTags(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const names = raw
    .split(',')
    .map((t) => t.trim().replace(/\s+/g, ' '))
    .filter((t) => t.length > 0 && t.length <= TAG_NAME_MAX);
  return uniqueTagNames(names).slice(0, TAG_FILTER_MAX);
}

/** The comma-separated language list: well-formed tags ('de-DE'), canonical case, no duplicates. */
function parseLanguages(raw: string | null | undefined): string[] {
  if (!raw) return [];
  const tags = raw
    .split(',')
    .map(canonicalLanguageTag)
    .filter((t): t is string => t !== null);
  return [...new Set(tags)].slice(0, LANGUAGE_FILTER_MAX);
}

/** 'Suits a child of N': a whole number from 0 to AGE_FILTER_MAX, else null. */
function parseAge(raw: string | null | undefined): number | null {
  if (raw == null || !/^\d{1,2}$/.test(raw.trim())) return null;
  const age = Number(raw.trim());
  return age <= AGE_FILTER_MAX ? age : null;
}

/** The sort that applies: the chosen one, else 'relevance' while searching, 'episode' on a series' page, else 'newest'. */
export function effectiveSort(state: Pick<CatalogueState, 'sort' | 'search' | 'series'>): CatalogueSort {
  if (state.sort) return state.sort;
  if (state.search.trim()) return 'relevance';
  return state.series ? 'episode' : DEFAULT_SORT;
}

/** Reads the catalogue state from the address; invalid page and sort count as absent. */
export function parseCatalogueParams(params: URLSearchParams): CatalogueState {
  const category = params.get(PARAM.category)?.trim() || null;
  const sort = params.get(PARAM.sort);
  return {
    search: (params.get(PARAM.search) ?? '').slice(0, SEARCH_MAX_LENGTH),
    category,
    tags: parseTags(params.get(PARAM.tags)),
    languages: parseLanguages(params.get(PARAM.languages)),
    age: parseAge(params.get(PARAM.age)),
    series: params.get(PARAM.series)?.trim().slice(0, 300) || null,
    shelf: parseShelfFilter(params.get(PARAM.shelf)),
    sort: isCatalogueSort(sort) ? sort : null,
    page: parsePositiveInt(params.get(PARAM.page)) ?? 1,
    tonieId: parsePositiveInt(params.get(PARAM.tonieId)) ?? parsePositiveInt(params.get(PARAM.legacyId)),
  };
}

/** A change of the filters; keys that are absent stay as they are. */
interface FilterChange {
  search?: string;
  category?: string | null;
  tags?: string[];
  languages?: string[];
  age?: number | null;
  series?: string | null;
  shelf?: ShelfFilter | null;
  sort?: CatalogueSort | null;
  page?: number;
}

function setOrDelete(params: URLSearchParams, name: string, value: string | null | undefined): void {
  if (value) params.set(name, value);
  else params.delete(name);
}

/**
 * The address after a filter change. Changing category, search or tags (or the sort: a new order
 * starts at its top) drops the page parameter, so the list starts again at page 1; page 1 itself
 * is written as no page parameter. Other parameters (an open dialog) are kept.
 */
export function applyFilterChange(current: URLSearchParams, change: FilterChange): URLSearchParams {
  const next = new URLSearchParams(current);
  if (change.search !== undefined) setOrDelete(next, PARAM.search, change.search.trim());
  if (change.category !== undefined) setOrDelete(next, PARAM.category, change.category);
  if (change.tags !== undefined) setOrDelete(next, PARAM.tags, change.tags.join(','));
  if (change.languages !== undefined) setOrDelete(next, PARAM.languages, change.languages.join(','));
  if (change.age !== undefined) setOrDelete(next, PARAM.age, change.age === null ? null : String(change.age));
  if (change.series !== undefined) setOrDelete(next, PARAM.series, change.series);
  if (change.shelf !== undefined) setOrDelete(next, PARAM.shelf, change.shelf);
  if (change.sort !== undefined) setOrDelete(next, PARAM.sort, change.sort);
  const dropsPage = (['search', 'category', 'tags', 'languages', 'age', 'series', 'shelf', 'sort'] as const).some((key) => change[key] !== undefined);
  if (dropsPage) next.delete(PARAM.page);
  if (change.page !== undefined) setOrDelete(next, PARAM.page, change.page > 1 ? String(change.page) : null);
  return next;
}

/** 'Clear All Filters': no tags, category, search, languages, age, series, shelf, sort or page. */
export function clearFilters(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of [PARAM.tags, PARAM.category, PARAM.search, PARAM.languages, PARAM.age, PARAM.series, PARAM.shelf, PARAM.sort, PARAM.page]) next.delete(name);
  return next;
}

function dropDetailParams(params: URLSearchParams): void {
  params.delete(PARAM.tonieId);
  params.delete(PARAM.legacyId);
  for (const name of TIMESTAMP_PARAMS) params.delete(name);
}

/** The address with the detail dialog of Tonie `id` open. */
export function withTonie(current: URLSearchParams, id: number): URLSearchParams {
  const next = new URLSearchParams(current);
  dropDetailParams(next);
  next.set(PARAM.tonieId, String(id));
  return next;
}

/** The address with the dialog closed: no tonieId, legacy id or timestamp. */
export function withoutTonie(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  dropDetailParams(next);
  return next;
}

/**
 * The legacy `id` rewritten to tonieId (kept only if it is a valid id and tonieId is not set),
 * or null when the address has no legacy id.
 */
export function normaliseLegacyId(current: URLSearchParams): URLSearchParams | null {
  if (!current.has(PARAM.legacyId)) return null;
  const next = new URLSearchParams(current);
  const legacy = parsePositiveInt(next.get(PARAM.legacyId));
  next.delete(PARAM.legacyId);
  if (legacy !== null && parsePositiveInt(next.get(PARAM.tonieId)) === null) next.set(PARAM.tonieId, String(legacy));
  return next;
}

/** True when any filter that 'Clear All Filters' resets is set. */
export function hasActiveFilters(state: CatalogueState): boolean {
  return (
    state.search.trim() !== '' ||
    state.category !== null ||
    state.tags.length > 0 ||
    state.languages.length > 0 ||
    state.age !== null ||
    state.series !== null ||
    state.shelf !== null ||
    state.sort !== null ||
    state.page > 1
  );
}

/** The address of a series' page: only the series (its episodes in episode order). */
export function seriesHref(series: string): string {
  return `/catalog${toSearchString(new URLSearchParams({ [PARAM.series]: series }))}`;
}

/**
 * '?a=1&b=2' (or '' for no parameters), for links and navigation. Commas stay readable
 * ('tags=Sea,Bedtime', not 'tags=Sea%2CBedtime'): a query may carry them as they are.
 */
export function toSearchString(params: URLSearchParams): string {
  const text = params.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}
