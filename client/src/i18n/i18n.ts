// The interface language: what the visitor chose before (localStorage), else the first of the
// browser's languages (what it sends as Accept-Language) that the app has; English otherwise.
//
// A small store rather than i18next: the texts are typed objects with functions per namespace
// (texts.ts), checked by the compiler, so the app uses none of i18next's interpolation, plural
// rules, backends or namespace loading. What is left is one value with a change event, which
// React reads with useSyncExternalStore; i18next and react-i18next cost ~15 kB of gzipped
// JavaScript in every first load for it (BENCHMARKS.md, "The fifth pass").
import { useSyncExternalStore } from 'react';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, isLanguage, type Language } from '@tonieshelf/shared/languages';

/** A year, in minutes: how long the language cookie lasts. */
const COOKIE_MINUTES = 60 * 24 * 365;

/** A language tag safe to hand on (a stored value could be anything). */
function isSafeTag(tag: unknown): tag is string {
  return typeof tag === 'string' && /^[A-Za-z0-9_@.-]{1,128}$/.test(tag) && !tag.includes('..');
}

/** The app's language for a tag ('de-AT' -> 'de'), or null when the app does not have it ('fr-FR'). */
function supportedLanguageOf(tag: string): Language | null {
  const base = tag.toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/**
 * The language detection: what the visitor chose before (localStorage), else the browser's
 * languages in its order of preference; the first one the app has wins. Only an explicit choice
 * is stored (chooseLanguage): the cookie tells the server the language the user chose (its
 * answers, and the account's mails); until then the server follows the browser's Accept-Language,
 * as this detection follows its languages.
 */
export const languageDetector = {
  /** The candidate tags, best first (unsafe values dropped); undefined when there are none. */
  detect(): string[] | undefined {
    const found: string[] = [];
    try {
      const stored = window.localStorage.getItem(LANGUAGE_STORAGE_KEY);
      if (stored) found.push(stored);
    } catch {
      // Storage refused (private mode): the browser's languages decide.
    }
    if (typeof navigator !== 'undefined') {
      found.push(...(navigator.languages ?? []));
      if (navigator.language) found.push(navigator.language);
    }
    const safe = found.filter(isSafeTag);
    return safe.length > 0 ? safe : undefined;
  },
  /** Remembers a language where `caches` says (nothing without it: an automatic change stores nothing). */
  cacheUserLanguage(language: string, caches: ReadonlyArray<'localStorage' | 'cookie'> = []) {
    if (!isSafeTag(language)) return;
    if (caches.includes('localStorage')) {
      try {
        window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
      } catch {
        // Storage refused: the cookie still carries the choice.
      }
    }
    if (caches.includes('cookie') && typeof document !== 'undefined') {
      const expires = new Date(Date.now() + COOKIE_MINUTES * 60 * 1000);
      document.cookie = `${LANGUAGE_COOKIE}=${encodeURIComponent(language)}; Path=/; Expires=${expires.toUTCString()}; SameSite=Lax`;
    }
  },
};

/** The first of the candidate tags that the app has ('fr-FR', 'de-AT' -> 'de'), else English. */
export function pickLanguage(tags: readonly string[] | undefined): Language {
  for (const tag of tags ?? []) {
    const found = supportedLanguageOf(tag);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

function applyToDocument(language: Language): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

let language: Language = pickLanguage(typeof window === 'undefined' ? undefined : languageDetector.detect());
applyToDocument(language);
const listeners = new Set<() => void>();

/** The language store: the current language, a way to change it, and a change event. */
export const i18n = {
  get language(): Language {
    return language;
  },
  /** Switches to the app's language for `tag` (English when it has none); stores nothing. */
  changeLanguage(tag: string): Promise<void> {
    const next = supportedLanguageOf(tag) ?? DEFAULT_LANGUAGE;
    if (next !== language) {
      language = next;
      applyToDocument(next);
      for (const listener of [...listeners]) listener();
    }
    return Promise.resolve();
  },
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

const currentSnapshot = () => language;

/** The interface language in a component: it re-renders when the language changes. */
export function useCurrentLanguage(): Language {
  return useSyncExternalStore(i18n.subscribe, currentSnapshot, currentSnapshot);
}

/** Switches the language and remembers the choice (localStorage and the server's cookie). */
export function chooseLanguage(next: Language): void {
  void i18n.changeLanguage(next);
  languageDetector.cacheUserLanguage(next, ['localStorage', 'cookie']);
}

/** The interface language now (outside React; components use useLanguage). */
export function currentLanguage(): Language {
  return language;
}
