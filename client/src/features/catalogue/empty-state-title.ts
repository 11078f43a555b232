import type { CatalogueState } from './catalogue-params';
import { useCatalogueTexts } from './catalogue-texts';
import { categoryName } from './category-name';

type CatalogueTexts = ReturnType<typeof useCatalogueTexts>;

/**
 * The empty state's title (SPEC §2), by what narrowed the list: selected tags first, then the
 * search, then the category; with nothing set, the catalogue itself is empty. In the interface
 * language at the time of the call, or in the given texts.
 */
export function emptyStateTitle(state: Pick<CatalogueState, 'tags' | 'search' | 'category'>, texts: CatalogueTexts = useCatalogueTexts.get()): string {
  if (state.tags.length > 0) return texts.noTaggedTonies;
  const search = state.search.trim();
  if (search) return texts.noSearchResults(search);
  if (state.category) return texts.noCategoryTonies(categoryName(state.category, texts));
  return texts.noTonies;
}
