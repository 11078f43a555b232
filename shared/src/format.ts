// Formatting helpers of SPEC §9 ('x mins y sec', MB to one decimal, short US date, stars),
// shared by the client and the server (e.g. for /api answers or e-mails).

import { MB } from './values/common';
import { RATING_MAX } from './values/review';
import { INTL_LOCALES, type Language } from './languages';

/** What the helpers show when a value is missing or unusable. */
export const NOT_AVAILABLE = 'N/A';

/** A duration in seconds as 'x mins y sec' (seconds rounded), e.g. 185 -> '3 mins 5 sec'. */
export function formatDuration(seconds: number | null | undefined, language: Language = 'en'): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return NOT_AVAILABLE;
  const total = Math.round(seconds);
  const mins = Math.floor(total / 60);
  const secs = total % 60;
  return language === 'de' ? `${mins} Min. ${secs} Sek.` : `${mins} mins ${secs} sec`;
}

/** A duration as a clock, minutes unbounded: 5534 -> '92:14', 65 -> '1:05' (the Creative-Tonie budget's form). */
export function formatClock(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return NOT_AVAILABLE;
  const total = Math.round(seconds);
  return `${Math.floor(total / 60)}:${String(total % 60).padStart(2, '0')}`;
}

/** A size in bytes as MB (bytes / 1024 / 1024) to one decimal, e.g. '2.5 MB'; 'N/A' if unknown. */
export function formatFileSize(bytes: number | null | undefined, language: Language = 'en'): string {
  if (bytes == null || !Number.isFinite(bytes) || bytes < 0) return NOT_AVAILABLE;
  const mb = (bytes / MB).toFixed(1);
  return `${language === 'de' ? mb.replace('.', ',') : mb} MB`;
}

/** A whole number with the language's grouping, e.g. 6425 -> '6,425' (en) or '6.425' (de). */
export function formatCount(value: number, language: Language = 'en'): string {
  return value.toLocaleString(INTL_LOCALES[language]);
}

/**
 * A date in the language's short format: US '3/7/2025' (the spec's) or German '7.3.2025'.
 * `timeZone` defaults to the viewer's own; pass 'UTC' where the same answer is needed on every
 * machine (tests, server output).
 */
export function formatShortDate(value: Date | string | number | null | undefined, timeZone?: string, language: Language = 'en'): string {
  if (value == null || value === '') return NOT_AVAILABLE;
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return NOT_AVAILABLE;
  return new Intl.DateTimeFormat(INTL_LOCALES[language], { year: 'numeric', month: 'numeric', day: 'numeric', timeZone }).format(date);
}

/** An average rating to one decimal, e.g. 4.25 -> '4.3'; no ratings (0) -> '0.0'. */
export function formatAverageRating(average: number | null | undefined, language: Language = 'en'): string {
  const text = average == null || !Number.isFinite(average) ? (0).toFixed(1) : average.toFixed(1);
  return language === 'de' ? text.replace('.', ',') : text;
}

export type StarFill = 'full' | 'half' | 'empty';

/**
 * How each of the `max` stars is drawn for a rating: whole stars are full, a half star shows
 * when the fraction is at least .5 (3.5 and 3.9 -> 3 full, 1 half; 3.4 -> 3 full), the rest empty.
 * Ratings outside 0..max are clamped.
 */
export function starFills(rating: number | null | undefined, max: number = RATING_MAX): StarFill[] {
  const value = rating == null || !Number.isFinite(rating) ? 0 : Math.min(Math.max(rating, 0), max);
  const full = Math.floor(value);
  const half = value - full >= 0.5;
  return Array.from({ length: max }, (_, i): StarFill => {
    if (i < full) return 'full';
    if (i === full && half) return 'half';
    return 'empty';
  });
}
