// The pieces of a message text: an entry (English and German side by side) and the formatter a
// text with variable parts gets, so numbers, counts, sizes, waits and dates are written the way
// each language writes them (Intl.PluralRules and Intl.NumberFormat, no parsing of English).
import { formatFileSize } from '../format';
import { INTL_LOCALES, type Language } from '../languages';

/** The variable parts of a message: numbers and short texts (names, references, ISO days). */
export type MessageParams = Readonly<Record<string, string | number>>;

/** Number, plural, size, wait and date formatting in one language. */
export interface Formatter {
  readonly language: Language;
  /** A number with the language's grouping: 5000 -> '5,000' (en), '5.000' (de). */
  number(value: number): string;
  /** The form for `count` by the language's plural rules; '#' in it stands for the count. */
  plural(count: number, forms: { one: string; other: string }): string;
  /** Bytes as megabytes to one decimal: '12.5 MB' (en), '12,5 MB' (de). */
  size(bytes: number): string;
  /** How long to wait, in the largest unit that fits (rounded up): '45 seconds', '3 Minuten'. */
  wait(seconds: number): string;
  /** An ISO day ('2026-03-07') as the language writes it: as it is (en), '7.3.2026' (de). */
  day(isoDay: string): string;
}

/** A text with variable parts: a function of its params and the formatter. */
export type TextFn<P> = (params: P, f: Formatter) => string;

/** One message in every language: plain texts, or functions of the same params. */
export type MessageEntry = { readonly en: string; readonly de: string } | { readonly en: TextFn<never>; readonly de: TextFn<never> };

/** A message with variable parts: English and German as functions of the same params. */
export function withParams<P extends MessageParams>(en: TextFn<P>, de: TextFn<P>): { readonly en: TextFn<P>; readonly de: TextFn<P> } {
  return { en, de };
}

/** A message without params that states a limit in the language's number format. */
export function withFormat(en: (f: Formatter) => string, de: (f: Formatter) => string): { readonly en: TextFn<NoParams>; readonly de: TextFn<NoParams> } {
  return { en: (_params, f) => en(f), de: (_params, f) => de(f) };
}

/** The params of a message that has none. */
export type NoParams = Readonly<Record<never, never>>;

const WAIT_UNITS = {
  en: { second: ['second', 'seconds'], minute: ['minute', 'minutes'], hour: ['hour', 'hours'] },
  de: { second: ['Sekunde', 'Sekunden'], minute: ['Minute', 'Minuten'], hour: ['Stunde', 'Stunden'] },
} as const satisfies Record<Language, Record<string, readonly [string, string]>>;

const formatters = new Map<Language, Formatter>();

/** The formatter of a language (made once). */
export function formatterFor(language: Language): Formatter {
  const known = formatters.get(language);
  if (known) return known;
  const locale = INTL_LOCALES[language];
  const numbers = new Intl.NumberFormat(locale);
  const plurals = new Intl.PluralRules(locale);
  const days = new Intl.DateTimeFormat(locale, { year: 'numeric', month: 'numeric', day: 'numeric', timeZone: 'UTC' });
  const plural = (count: number, forms: { one: string; other: string }) => (plurals.select(count) === 'one' ? forms.one : forms.other).replace('#', String(count));
  const unit = (count: number, [one, other]: readonly [string, string]) => plural(count, { one: `# ${one}`, other: `# ${other}` });
  const units = WAIT_UNITS[language];
  const formatter: Formatter = {
    language,
    number: (value) => numbers.format(value),
    plural,
    size: (bytes) => formatFileSize(bytes, language),
    wait: (seconds) => {
      if (seconds < 60) return unit(seconds, units.second);
      if (seconds < 3600) return unit(Math.ceil(seconds / 60), units.minute);
      return unit(Math.ceil(seconds / 3600), units.hour);
    },
    day: (isoDay) => {
      if (language === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(isoDay)) return isoDay;
      return days.format(new Date(`${isoDay}T00:00:00Z`));
    },
  };
  formatters.set(language, formatter);
  return formatter;
}
