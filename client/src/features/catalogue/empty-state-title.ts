import type { CatalogueState } from './catalogue-params';
import { CATALOGUE_TEXTS } from './catalogue-texts';

/**
 * The empty state's title (SPEC §2), by what narrowed the list: selected tags first, then the
 * search, then the category; with nothing set, the catalogue itself is empty.
 */
export function emptyStateTitle(state: Pick<CatalogueState, 'tags' | 'search' | 'category'>): string {
  if (state.tags.length > 0) return CATALOGUE_TEXTS.noTaggedTonies;
  const search = state.search.trim();
  if (search) return CATALOGUE_TEXTS.noSearchResults(search);
  if (state.category) return CATALOGUE_TEXTS.noCategoryTonies(state.category);
  return CATALOGUE_TEXTS.noTonies;
}
