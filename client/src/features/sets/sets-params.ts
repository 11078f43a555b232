// /sets' state in the address: search, sortBy, tags (comma list) and page, like Discover's.
import { SET_SORTS, type SetSort } from '@tonieshelf/shared/values/set';
import { ROUTES } from '../../lib/links';
import { listParams, parseListParams, searchString } from '../../lib/list-params';
import type { ListState } from '../../lib/list-params';
import { isOneOf } from '../../lib/one-of';

const DEFAULT_SET_SORT: SetSort = 'recent';

export type SetsState = ListState<SetSort>;

export function isSetSort(value: unknown): value is SetSort {
  return isOneOf(SET_SORTS, value);
}

export function parseSetsParams(params: URLSearchParams): SetsState {
  return parseListParams(params, SET_SORTS, DEFAULT_SET_SORT);
}

/** The address's query for a state: defaults are left out. */
export function setsSearchString(state: SetsState): string {
  return searchString(listParams(state, DEFAULT_SET_SORT));
}

/** /sets?search={term}: the published sets matching a search (Discover's 'See all sets'). */
export function setsSearchPath(term: string): string {
  return `${ROUTES.sets}${setsSearchString({ search: term, sortBy: DEFAULT_SET_SORT, tags: [], page: 1 })}`;
}
