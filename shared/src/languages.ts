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

/**
 * A catalogue language tag in its canonical case ('DE-de' -> 'de-DE', 'FR' -> 'fr'), or null when
 * it is not a language with an optional region or script ('German!').
 */
export function canonicalLanguageTag(tag: string): string | null {
  const value = tag.trim();
  if (!/^[A-Za-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(value)) return null;
  const [base, region] = value.split('-');
  return region ? `${base!.toLowerCase()}-${region.toUpperCase()}` : base!.toLowerCase();
}

/** The interface language for a BCP 47 tag ('de-AT' -> 'de'), English for anything else. */
export function languageOf(tag: string | null | undefined): Language {
  const base = (tag ?? '').toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : DEFAULT_LANGUAGE;
}
