import { useMemo } from 'react';
import { formatAverageRating, formatCount, formatDuration, formatFileSize, formatShortDate } from '@tonieshelf/shared/format';
import { useLanguage } from './use-language';

/**
 * The formatters of shared/format.ts in the interface language (dates, sizes, durations,
 * counts, averages), and a collator for sorted name lists (numbers in numeric order).
 */
export function useFormat() {
  const { language, locale } = useLanguage();
  return useMemo(() => {
    const collator = new Intl.Collator(locale, { numeric: true, sensitivity: 'base' });
    return {
      language,
      locale,
      duration: (seconds: number | null | undefined) => formatDuration(seconds, language),
      fileSize: (bytes: number | null | undefined) => formatFileSize(bytes, language),
      date: (value: Date | string | number | null | undefined, timeZone?: string) => formatShortDate(value, timeZone, language),
      count: (value: number) => formatCount(value, language),
      rating: (average: number | null | undefined) => formatAverageRating(average, language),
      compare: collator.compare,
      /** A copy sorted by the language's collation. */
      sortBy: <T>(items: readonly T[], name: (item: T) => string): T[] => [...items].sort((a, b) => collator.compare(name(a), name(b))),
    };
  }, [language, locale]);
}
