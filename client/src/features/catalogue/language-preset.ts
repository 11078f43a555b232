// The interface language preselects the catalogue's language filter ONCE: the first time someone
// opens the plain catalogue (no filters, no shelf, no series, no open Tonie in the address), a German
// interface filters by the German Tonies (de-*), an English one by the English ones (en-GB,
// en-US, ...). That it happened is remembered in localStorage, so it never comes back against the
// visitor's choice: they can change or clear the filter and it stays so.
import { useEffect, useRef, useState } from 'react';
import { LANGUAGE_FILTER_MAX } from '@tonieshelf/shared/values/tonie';
import type { LanguageCounts } from '@tonieshelf/shared/schemas/tonie';
import type { Language } from '@tonieshelf/shared/languages';
import type { CatalogueState } from './catalogue-params';

export const LANGUAGE_PRESET_KEY = 'tonieshelf.catalogueLanguagePreset';

/** The catalogue languages of the interface language ('de' -> every 'de-*'), as the catalogue has them. */
function presetLanguages(language: Language, available: readonly string[]): string[] {
  return available.filter((tag) => tag.split('-')[0]!.toLowerCase() === language).slice(0, LANGUAGE_FILTER_MAX);
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
  return (
    state.languages.length === 0 &&
    !state.series &&
    !state.search.trim() &&
    state.tags.length === 0 &&
    !state.category &&
    state.age === null &&
    state.shelf === null &&
    state.tonieId === null
  );
}

/** What the preselection means for the page now. */
interface LanguagePreset {
  /** It may still apply but the catalogue's languages are not known yet: the list waits. */
  waiting: boolean;
  /** The languages it filters by on this render, before the address has them (null: none). */
  languages: string[] | null;
}

/**
 * Applies the preselection once the languages are known; `apply` gets the languages to filter by.
 * A visitor who picks languages themselves before it ever ran counts as done too.
 *
 * The page filters by the preselection from the render in which the languages arrive, not only
 * after `apply` has changed the address: the list is asked for once (not unfiltered first), and
 * the filters, their chips and the results appear together, so nothing on the page moves down
 * when the preselection is applied (a layout shift on every first visit).
 */
export function useLanguagePreset(
  state: CatalogueState,
  language: Language,
  languages: LanguageCounts | undefined,
  languagesFailed: boolean,
  apply: (languages: string[]) => void,
): LanguagePreset {
  const [done, setDone] = useState(presetDone);
  // The address (its state as a key) the preselection was applied from, while the address is
  // being changed to it; a ref, so that StrictMode's second run of the effect sees it too.
  const appliedFrom = useRef<string | null>(null);
  const [, setApplied] = useState<string | null>(null);
  // Only while it may still apply (the catalogue renders often; once done, nothing is compared).
  const key = done ? '' : JSON.stringify(state);
  useEffect(() => {
    if (done) return;
    if (appliedFrom.current !== null) {
      // Done once the address has changed: to the preselection, or elsewhere by the visitor first.
      if (key !== appliedFrom.current) setDone(true);
      return;
    }
    if (!languages) return;
    if (presetDone()) {
      setDone(true);
      return;
    }
    if (state.languages.length > 0) {
      rememberPreset();
      setDone(true);
      return;
    }
    if (!plainVisit(state)) return;
    rememberPreset();
    const preset = presetLanguages(
      language,
      languages.map((l) => l.language),
    );
    if (preset.length === 0) {
      setDone(true);
      return;
    }
    appliedFrom.current = key;
    setApplied(key);
    apply(preset);
  }, [done, key, languages, state, language, apply]);

  const none = { waiting: false, languages: null };
  if (done) return none;
  // Applied: it holds only for the address it was applied from, until the address has changed.
  if (appliedFrom.current !== null && appliedFrom.current !== key) return none;
  if (appliedFrom.current === null && (state.languages.length > 0 || !plainVisit(state))) return none;
  if (!languages) return { waiting: !languagesFailed, languages: null };
  const preset = presetLanguages(
    language,
    languages.map((l) => l.language),
  );
  return { waiting: false, languages: preset.length > 0 ? preset : null };
}
