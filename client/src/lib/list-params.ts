// A list's state in the address, as Discover and /sets keep it: search, sortBy, tags (a comma
// list) and page; defaults are left out of the address.
import { isOneOf } from './one-of';

export interface ListState<S extends string> {
  search: string;
  sortBy: S;
  tags: string[];
  page: number;
}

/** Reads a list's state; an unknown sort is the default, a page that is no number the first. */
export function parseListParams<S extends string>(params: URLSearchParams, sorts: readonly S[], defaultSort: S): ListState<S> {
  const sort = params.get('sortBy');
  const rawPage = params.get('page');
  const page = rawPage && /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 1;
  const tags = (params.get('tags') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t, i, all) => t && all.indexOf(t) === i);
  return {
    search: params.get('search') ?? '',
    sortBy: isOneOf(sorts, sort) ? sort : defaultSort,
    tags,
    page: Math.max(page, 1),
  };
}

/**
 * The address's parameters for a list's state, defaults left out, in this order: search, sortBy,
 * tags, the list's own `filters` (those with a value), page.
 */
export function listParams<S extends string>(state: ListState<S>, defaultSort: S, filters: Record<string, string | null> = {}): URLSearchParams {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.sortBy !== defaultSort) params.set('sortBy', state.sortBy);
  if (state.tags.length > 0) params.set('tags', state.tags.join(','));
  for (const [name, value] of Object.entries(filters)) if (value) params.set(name, value);
  if (state.page > 1) params.set('page', String(state.page));
  return params;
}

/** '?a=b' for parameters, '' for none. */
export function searchString(params: URLSearchParams): string {
  const s = params.toString();
  return s ? `?${s}` : '';
}
