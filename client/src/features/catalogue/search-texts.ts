// The catalogue search's own texts (issue 12): 'Did you mean' when a search finds nothing.
// English and German.
import { defineTexts } from '../../i18n/texts';

export const CATALOGUE_SEARCH_TEXTS = {
  didYouMean: 'Did you mean:',
  /** The accessible name of the list of close matches. */
  suggestions: 'Close matches',
  /** A close match's link title: 'Search for "PAW Patrol"'. */
  searchFor: (text: string) => `Search for "${text}"`,
};

export const useCatalogueSearchTexts = defineTexts('catalogueSearch', CATALOGUE_SEARCH_TEXTS, {
  didYouMean: 'Meintest du:',
  suggestions: 'Ähnliche Treffer',
  searchFor: (text: string) => `Nach „${text}“ suchen`,
});
