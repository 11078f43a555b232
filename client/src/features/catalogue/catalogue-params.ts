// The catalogue's state lives in the address (SPEC §2 'Catalogue', PRODUCT.md 'Address sync'):
// search, category, tags (comma-separated), sort, page and tonieId (the open detail dialog), plus
// the legacy `id` and a cache-busting timestamp that may come with tonieId. These pure functions
// read the parameters and compute the next ones; the page applies them through the router.
import { CATALOGUE_SORTS } from '@tonieshelf/shared/constants';
import type { CatalogueSort } from '@tonieshelf/shared/constants';
import { SEARCH_MAX_LENGTH, TAG_FILTER_MAX, TAG_NAME_MAX } from '@tonieshelf/shared/constants';
import { uniqueTagNames } from '@tonieshelf/shared/schemas/common';

const PARAM = {
  search: 'search',
  category: 'category',
  tags: 'tags',
  sort: 'sort',
  page: 'page',
  tonieId: 'tonieId',
  /** Legacy: also opens the detail dialog; rewritten to tonieId. */
  legacyId: 'id',
} as const;

/** Cache-busting parameters that links to a Tonie may carry; read by no one, dropped on close. */
const TIMESTAMP_PARAMS = ['t', '_t', 'ts', 'timestamp', '_'] as const;

export const DEFAULT_SORT: CatalogueSort = 'newest';

export interface CatalogueState {
  /** The search text as in the address ('' when absent). */
  search: string;
  /** One category, or null for all. */
  category: string | null;
  /** Selected tags, in the order they were picked. */
  tags: string[];
  /** The chosen sort, or null when absent or not one of the four (then 'newest' applies). */
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

/** Reads the catalogue state from the address; invalid page and sort count as absent. */
export function parseCatalogueParams(params: URLSearchParams): CatalogueState {
  const category = params.get(PARAM.category)?.trim() || null;
  const sort = params.get(PARAM.sort);
  return {
    search: (params.get(PARAM.search) ?? '').slice(0, SEARCH_MAX_LENGTH),
    category,
    tags: parseTags(params.get(PARAM.tags)),
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
  if (change.sort !== undefined) setOrDelete(next, PARAM.sort, change.sort);
  const dropsPage =
    change.search !== undefined || change.category !== undefined || change.tags !== undefined || change.sort !== undefined;
  if (dropsPage) next.delete(PARAM.page);
  if (change.page !== undefined) setOrDelete(next, PARAM.page, change.page > 1 ? String(change.page) : null);
  return next;
}

/** 'Clear All Filters': no tags, category, search, sort or page. */
export function clearFilters(current: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const name of [PARAM.tags, PARAM.category, PARAM.search, PARAM.sort, PARAM.page]) next.delete(name);
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
  return state.search.trim() !== '' || state.category !== null || state.tags.length > 0 || state.sort !== null || state.page > 1;
}

/**
 * '?a=1&b=2' (or '' for no parameters), for links and navigation. Commas stay readable
 * ('tags=Sea,Bedtime', not 'tags=Sea%2CBedtime'): a query may carry them as they are.
 */
export function toSearchString(params: URLSearchParams): string {
  const text = params.toString().replace(/%2C/gi, ',');
  return text ? `?${text}` : '';
}
