// The header's Tonie search and its quick-search dialog (SPEC §2), in English (the spec's texts
// word for word) and German. The placeholder is the shell's (useShellTexts().shell.searchPlaceholder).
import { defineTexts } from '../i18n/texts';

export const HEADER_SEARCH_TEXTS = {
  inputLabel: 'Search for Tonies',
  clear: 'Clear search',
  submit: 'Search',
  dialog: 'Quick search',
  searchAll: (query: string) => `Search all Tonies for "${query}"`,
  searching: 'Searching',
  noResults: 'No results found.',
  tonies: 'Tonies',
  /** The language badge's accessible name: 'Language: British English'. */
  languageBadge: (language: string) => `Language: ${language}`,
};

export const useHeaderSearchTexts = defineTexts('headerSearch', HEADER_SEARCH_TEXTS, {
  inputLabel: 'Tonies suchen',
  clear: 'Suche leeren',
  submit: 'Suchen',
  dialog: 'Schnellsuche',
  searchAll: (query: string) => `Alle Tonies nach „${query}“ durchsuchen`,
  searching: 'Suche läuft',
  noResults: 'Keine Treffer.',
  tonies: 'Tonies',
  languageBadge: (language: string) => `Sprache: ${language}`,
});
