// Discover's state in the address: search, sortBy, tags (comma list), licence, page, and the
// audio file whose details are open (?audio=<id>, the address reports and links use).
import { AUDIO_SORTS, type AudioSort } from '@tonieshelf/shared/values/audio';
import { LICENCES, type Licence } from '@tonieshelf/shared/values/moderation';
import { listParams, parseListParams, searchString } from '../../lib/list-params';
import type { ListState } from '../../lib/list-params';
import { isOneOf } from '../../lib/one-of';
import { parseRowId } from '../../lib/row-id';

export const DEFAULT_AUDIO_SORT: AudioSort = 'recent';

export interface DiscoverState extends ListState<AudioSort> {
  /** Only files shared under this licence; null: all. */
  licence: Licence | null;
  /** The audio file whose details are open; null: none. */
  audio: number | null;
}

export function isAudioSort(value: unknown): value is AudioSort {
  return isOneOf(AUDIO_SORTS, value);
}

export function parseDiscoverParams(params: URLSearchParams): DiscoverState {
  const licence = params.get('licence');
  return {
    ...parseListParams(params, AUDIO_SORTS, DEFAULT_AUDIO_SORT),
    licence: isOneOf(LICENCES, licence) ? licence : null,
    audio: parseRowId(params.get('audio')),
  };
}

/** The address's query for a state: defaults are left out; a filter change drops the page. */
export function discoverSearchString(state: DiscoverState): string {
  const params = listParams(state, DEFAULT_AUDIO_SORT, { licence: state.licence });
  if (state.audio !== null) params.set('audio', String(state.audio));
  return searchString(params);
}
