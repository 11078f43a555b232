// The language of a request to the server: the cookie the browser app sets (the language the
// visitor chose or was given), else the first supported language of Accept-Language by its q
// values, else English. Used for answers (messages) and for a new account's language (mails).
import { DEFAULT_LANGUAGE, isLanguage, LANGUAGE_COOKIE, type Language } from '../languages';

export { LANGUAGE_COOKIE };

/**
 * The first supported language of an Accept-Language header, by q (highest first; ties in the
 * header's order), or null: 'de-AT,de;q=0.9,en;q=0.8' -> 'de', 'fr, en;q=0.5' -> 'en',
 * 'en;q=0, de;q=0.1' -> 'de', '*' -> null.
 */
export function languageFromAcceptLanguage(header: string | null | undefined): Language | null {
  if (!header) return null;
  const ranges = header
    .slice(0, 1000)
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      // No q: 1. A q that is not a number between 0 and 1 counts as 0 (not acceptable).
      const q = params.map((p) => /^\s*q\s*=\s*(.*?)\s*$/i.exec(p)?.[1]).find((v) => v !== undefined);
      const weight = q === undefined ? 1 : /^[01](\.\d{0,3})?$/.test(q) ? Math.min(1, Number(q)) : 0;
      return { base: tag.trim().toLowerCase().split(/[-_]/)[0] ?? '', weight: Number.isFinite(weight) ? weight : 0, order };
    })
    .filter((r) => r.weight > 0 && isLanguage(r.base))
    .sort((a, b) => b.weight - a.weight || a.order - b.order);
  const first = ranges[0]?.base;
  return isLanguage(first) ? first : null;
}

/** The language the cookie names ('de', also 'de-DE' as i18next may write it), or null. */
export function languageFromCookie(value: string | null | undefined): Language | null {
  if (!value) return null;
  const base = value.trim().toLowerCase().split(/[-_]/)[0];
  return isLanguage(base) ? base : null;
}

/** The language of a request: its cookie, else Accept-Language, else English. */
export function requestLanguageOf(input: { cookie?: string | null; acceptLanguage?: string | null }): Language {
  return languageFromCookie(input.cookie) ?? languageFromAcceptLanguage(input.acceptLanguage) ?? DEFAULT_LANGUAGE;
}
