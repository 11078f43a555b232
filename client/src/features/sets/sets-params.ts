// /sets' state in the address: search, sortBy, tags (comma list) and page, like Discover's.
import { SET_SORTS } from '@tonieshelf/shared/values/set';
import type { SetSort } from '@tonieshelf/shared/values/set';
import { ROUTES } from '../../lib/links';

const DEFAULT_SET_SORT: SetSort = 'recent';

export interface SetsState {
  search: string;
  sortBy: SetSort;
  tags: string[];
  page: number;
}

export function isSetSort(value: unknown): value is SetSort {
  return typeof value === 'string' && (SET_SORTS as readonly string[]).includes(value);
}

export function parseSetsParams(params: URLSearchParams): SetsState {
  const sort = params.get('sortBy');
  const rawPage = params.get('page');
  const page = rawPage && /^\d{1,6}$/.test(rawPage) ? Number(rawPage) : 1;
  const tags = (params.get('tags') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t, i, all) => t && all.indexOf(t) === i);
  return {
    search: params.get('search') ?? '',
    sortBy: isSetSort(sort) ? sort : DEFAULT_SET_SORT,
    tags,
    page: page >= 1 ? page : 1,
  };
}

/** The address's query for a state: defaults are left out. */
export function setsSearchString(state: SetsState): string {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.sortBy !== DEFAULT_SET_SORT) params.set('sortBy', state.sortBy);
  if (state.tags.length > 0) params.set('tags', state.tags.join(','));
  if (state.page > 1) params.set('page', String(state.page));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** /sets?search={term}: the published sets matching a search (Discover's 'See all sets'). */
export function setsSearchPath(term: string): string {
  return `${ROUTES.sets}${setsSearchString({ search: term, sortBy: DEFAULT_SET_SORT, tags: [], page: 1 })}`;
}
