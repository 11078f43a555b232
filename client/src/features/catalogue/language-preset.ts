// The interface language preselects the catalogue's language filter ONCE: the first time someone
// opens the plain catalogue (no filters, no shelf, no series, no open Tonie in the address), a German
// interface filters by the German Tonies (de-*), an English one by the English ones (en-GB,
// en-US, ...). That it happened is remembered in localStorage, so it never comes back against the
// visitor's choice: they can change or clear the filter and it stays so.
import { useEffect } from 'react';
import type { Language } from '@tonieshelf/shared/languages';
import type { LanguageCounts } from '@tonieshelf/shared/schemas/tonie';
import type { CatalogueState } from './catalogue-params';

export const LANGUAGE_PRESET_KEY = 'tonieshelf.catalogueLanguagePreset';

/** The catalogue languages of the interface language ('de' -> every 'de-*'), as the catalogue has them. */
function presetLanguages(language: Language, available: readonly string[]): string[] {
  return available.filter((tag) => tag.split('-')[0]!.toLowerCase() === language);
}

function presetDone(): boolean {
  try {
    return window.localStorage.getItem(LANGUAGE_PRESET_KEY) !== null;
  } catch {
    return true; // No storage: never preselect (it could not be remembered).
  }
}

function rememberPreset(): void {
  try {
    window.localStorage.setItem(LANGUAGE_PRESET_KEY, new Date().toISOString());
  } catch {
    // ignore
  }
}

/** A plain visit: nothing in the address that the preselection could override or hide (a shelf counts: ?shelf=wishlist is a visit to one's wishlist). */
function plainVisit(state: CatalogueState): boolean {
  return state.languages.length === 0 && !state.series && !state.search.trim() && state.tags.length === 0 && !state.category && state.age === null && state.shelf === null && state.tonieId === null;
}

/**
 * Applies the preselection once the languages are known; `apply` gets the languages to filter by.
 * A visitor who picks languages themselves before it ever ran counts as done too.
 */
export function useLanguagePreset(state: CatalogueState, language: Language, languages: LanguageCounts | undefined, apply: (languages: string[]) => void) {
  useEffect(() => {
    if (!languages || presetDone()) return;
    if (state.languages.length > 0) {
      rememberPreset();
      return;
    }
    if (!plainVisit(state)) return;
    rememberPreset();
    const preset = presetLanguages(
      language,
      languages.map((l) => l.language),
    );
    if (preset.length > 0) apply(preset);
  }, [languages, state, language, apply]);
}
