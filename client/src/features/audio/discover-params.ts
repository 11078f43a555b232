// Discover's state in the address: search, sortBy, tags (comma list), licence, page, and the
// audio file whose details are open (?audio=<id>, the address reports and links use).
import { AUDIO_SORTS } from '@tonieshelf/shared/constants';
import type { AudioSort } from '@tonieshelf/shared/constants';
import { LICENCES } from '@tonieshelf/shared/values/moderation';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import { isOneOf } from '../../lib/one-of';
import { parseRowId } from '../../lib/row-id';

export const DEFAULT_AUDIO_SORT: AudioSort = 'recent';

export interface DiscoverState {
  search: string;
  sortBy: AudioSort;
  tags: string[];
  /** Only files shared under this licence; null: all. */
  licence: Licence | null;
  page: number;
  /** The audio file whose details are open; null: none. */
  audio: number | null;
}

export function isAudioSort(value: unknown): value is AudioSort {
  return typeof value === 'string' && (AUDIO_SORTS as readonly string[]).includes(value);
}

export function parseDiscoverParams(params: URLSearchParams): DiscoverState {
  const sort = params.get('sortBy');
  const rawPage = params.get('page');
  const page = rawPage && /^\d+$/.test(rawPage) ? Number(rawPage) : 1;
  const tags = (params.get('tags') ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter((t, i, all) => t && all.indexOf(t) === i);
  const licence = params.get('licence');
  return {
    search: params.get('search') ?? '',
    sortBy: isAudioSort(sort) ? sort : DEFAULT_AUDIO_SORT,
    tags,
    licence: isOneOf(LICENCES, licence) ? licence : null,
    page: page >= 1 ? page : 1,
    audio: parseRowId(params.get('audio')),
  };
}

/** The address's query for a state: defaults are left out; a filter change drops the page. */
export function discoverSearchString(state: DiscoverState): string {
  const params = new URLSearchParams();
  if (state.search.trim()) params.set('search', state.search.trim());
  if (state.sortBy !== DEFAULT_AUDIO_SORT) params.set('sortBy', state.sortBy);
  if (state.tags.length > 0) params.set('tags', state.tags.join(','));
  if (state.licence) params.set('licence', state.licence);
  if (state.page > 1) params.set('page', String(state.page));
  if (state.audio !== null) params.set('audio', String(state.audio));
  const s = params.toString();
  return s ? `?${s}` : '';
}
