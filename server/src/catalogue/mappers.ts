// Database rows -> the API shapes of SPEC §3 (camelCase, averageRating 0 with no ratings).
import type { Tonie as TonieOut, TonieSummary } from '@tonieshelf/shared/schemas/tonie';
import type { TonieDetailRow, TonieSummaryRow } from '../repositories/tonies';
import { sanitizeStoredHtml } from './sanitize';

/** A Tonie's average stars as the API shows them: two decimals, 0 while it has no ratings. */
export const averageRatingOf = (avg: number | null): number => (avg == null ? 0 : Math.round(avg * 100) / 100);

export function toTonieSummary(row: TonieSummaryRow, tags: string[]): TonieSummary {
  return {
    id: row.id,
    article: row.article,
    name: row.name,
    series: row.series,
    episode: row.episode,
    ageMin: row.age_min,
    image: row.image,
    category: row.category,
    description: row.description,
    url: row.url,
    runtime: row.runtime,
    language: row.language,
    songCount: row.song_count,
    releaseDate: row.release_date,
    ageRange: row.age_range,
    tags,
    averageRating: averageRatingOf(row.rating_avg),
    totalRatings: row.rating_count,
  };
}

export function toTonie(row: TonieDetailRow, tags: string[]): TonieOut {
  return {
    ...toTonieSummary(row, tags),
    html_description: sanitizeStoredHtml(row.html_description),
    html_tracklist: sanitizeStoredHtml(row.html_tracklist),
  };
}
