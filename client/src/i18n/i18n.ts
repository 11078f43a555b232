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
      // The cookie tells the server the language of every request (messages, mails).
      lookupCookie: LANGUAGE_COOKIE,
      caches: ['localStorage', 'cookie'],
      cookieOptions: { path: '/', sameSite: 'lax' },
      cookieMinutes: 60 * 24 * 365,
    },
  });

/** The interface language now (outside React; components use useLanguage). */
export function currentLanguage(): Language {
  return languageOf(i18n.resolvedLanguage ?? i18n.language);
}
