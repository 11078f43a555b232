import { INTL_LOCALES, type Language } from '@tonieshelf/shared/languages';
import { useAuthTexts } from './auth-texts';

const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago' (German: 'gerade eben', 'vor 5 Minuten', 'gestern'). */
export function formatRelativeTime(value: string | Date, now: Date = new Date(), language: Language = 'en'): string {
  const texts = useAuthTexts.get(language).time;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return texts.unknown;
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000);
  if (Math.abs(seconds) < 60) return texts.justNow;
  const format = new Intl.RelativeTimeFormat(INTL_LOCALES[language], { numeric: 'auto' });
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return format.format(Math.trunc(seconds / 60), 'minute');
}
