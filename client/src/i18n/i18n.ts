// The i18next instance: the language comes from what the visitor chose before (localStorage) or
// else from the browser's languages (what it sends as Accept-Language); English is the fallback.
// Texts are typed objects per namespace (see texts.ts), kept in i18next's resource store.
import i18next from 'i18next';
import type { LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, LANGUAGES, languageOf, type Language } from '@tonieshelf/shared/languages';

export const i18n = i18next.createInstance();

function applyToDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = languageOf(language);
}

i18n.on('languageChanged', applyToDocument);

/** A year, in minutes: how long the language cookie lasts. */
const COOKIE_MINUTES = 60 * 24 * 365;

/** A language tag safe to hand on (a stored value could be anything). */
function isSafeTag(tag: unknown): tag is string {
  return typeof tag === 'string' && /^[A-Za-z0-9_@.-]{1,128}$/.test(tag) && !tag.includes('..');
}

/**
 * The language detection: what the visitor chose before (localStorage), else the browser's
 * languages in its order of preference; i18next takes the first one it supports. Only an explicit
 * choice is stored (chooseLanguage): the cookie tells the server the language the user chose (its
 * answers, and the account's mails); until then the server follows the browser's Accept-Language,
 * as this detection follows its languages. (A few lines instead of i18next-browser-languagedetector,
 * which brings detectors and options this app does not use into the first script.)
 */
export const languageDetector: LanguageDetectorModule & {
  cacheUserLanguage: (language: string, caches?: ReadonlyArray<'localStorage' | 'cookie'>) => void;
} = {
  type: 'languageDetector',
  detect() {
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
  // i18next calls this (without caches) on every language change: only chooseLanguage stores.
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

void i18n
  .use(languageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: LANGUAGES,
    nonExplicitSupportedLngs: true,
    load: 'languageOnly',
    fallbackLng: DEFAULT_LANGUAGE,
    initAsync: false,
    resources: {},
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

/** Switches the language and remembers the choice (localStorage and the server's cookie). */
export function chooseLanguage(language: Language): void {
  void i18n.changeLanguage(language);
  languageDetector.cacheUserLanguage(language, ['localStorage', 'cookie']);
}

/** The interface language now (outside React; components use useLanguage). */
export function currentLanguage(): Language {
  return languageOf(i18n.resolvedLanguage ?? i18n.language);
}
