// The interface languages (PRODUCT.md: English, the spec's texts word for word, and German).

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language's name in itself, as the switcher shows it. */
export const LANGUAGE_NAMES: Record<Language, string> = { en: 'English', de: 'Deutsch' };

/** The locale dates, numbers and sorted name lists follow in each language. */
export const INTL_LOCALES: Record<Language, string> = { en: 'en-US', de: 'de-DE' };

/** Where the chosen language is remembered in the browser. */
export const LANGUAGE_STORAGE_KEY = 'tonieshelf.language';

/** The cookie that carries the chosen language to the server (it answers and mails in it). */
export const LANGUAGE_COOKIE = 'tonieshelf_lang';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The interface language for a BCP 47 tag ('de-AT' -> 'de'), English for anything else. */
export function languageOf(tag: string | null | undefined): Language {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}
