// The i18next instance: the language comes from what the visitor chose before (localStorage) or
// else from the browser's languages (what it sends as Accept-Language); English is the fallback.
// Texts are typed objects per namespace (see texts.ts), kept in i18next's resource store.
import i18next from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_STORAGE_KEY, LANGUAGES, languageOf, type Language } from '@tonieshelf/shared/languages';

export const i18n = i18next.createInstance();

function applyToDocument(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = languageOf(language);
}

i18n.on('languageChanged', applyToDocument);

void i18n
  .use(LanguageDetector)
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
    detection: {
      order: ['localStorage', 'navigator'],
      lookupLocalStorage: LANGUAGE_STORAGE_KEY,
      // Only an explicit choice is stored (rememberLanguage): the cookie tells the server the
      // language the user chose (its answers, and the account's mails); until then the server
      // follows the browser's Accept-Language, as this detection follows its languages.
      lookupCookie: LANGUAGE_COOKIE,
      caches: [],
      cookieOptions: { path: '/', sameSite: 'lax' },
      cookieMinutes: 60 * 24 * 365,
    },
  });

/** Switches the language and remembers the choice (localStorage and the server's cookie). */
export function chooseLanguage(language: Language): void {
  void i18n.changeLanguage(language);
  const detector = i18n.services.languageDetector as { cacheUserLanguage?: (lng: string, caches?: string[]) => void } | undefined;
  detector?.cacheUserLanguage?.(language, ['localStorage', 'cookie']);
}

/** The interface language now (outside React; components use useLanguage). */
export function currentLanguage(): Language {
  return languageOf(i18n.resolvedLanguage ?? i18n.language);
}
