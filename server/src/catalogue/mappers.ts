// Database rows -> the API shapes of SPEC §3 (camelCase, averageRating 0 with no ratings).
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import { RATING_MESSAGES, type Rating, type RatingSummary } from '@tonieshelf/shared/schemas/rating';
import type { Tonie as TonieOut, TonieSummary } from '@tonieshelf/shared/schemas/tonie';
import type { Tonie } from '../db/types';
import type { RatingRow } from '../repositories/ratings';
import type { TonieDetailRow, TonieSummaryRow } from '../repositories/tonies';
import { sanitizeStoredHtml } from './sanitize';

const round2 = (n: number) => Math.round(n * 100) / 100;
/** A review kept as 'Anonymous' names its author so in the API (SPEC §7: English). */
const ANONYMOUS_NAME = formatMessage(RATING_MESSAGES.anonymous, 'en');

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
    averageRating: row.rating_avg == null ? 0 : round2(row.rating_avg),
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

/** A rating as the API shows it; one whose author's account is gone shows as 'Anonymous'. */
export function toRating(row: RatingRow): Rating {
  const author = row.user_id !== null && row.username !== null;
  return {
    id: row.id,
    tonieId: row.tonie_id,
    userId: author ? row.user_id : null,
    username: author ? row.username : null,
    rating: row.rating,
    review: row.review,
    tags: row.tags,
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at ? row.edited_at.toISOString() : null,
    userProfile: author ? { firstName: row.first_name ?? '', lastName: row.last_name ?? '' } : { firstName: ANONYMOUS_NAME, lastName: '' },
    // Only its author gets a hidden review (rating.mine); the lists leave it out for everyone.
    hiddenByModerators: row.hidden_at !== null || row.owner_suspended,
    decisionId: row.decision_id ?? null,
    helpfulCount: row.helpful_count,
  };
}

export function toRatingSummary(
  tonie: Pick<Tonie, 'id' | 'rating_avg' | 'rating_count'>,
  stars: Map<number, number>,
  tags: { name: string; count: number }[],
): RatingSummary {
  const total = [...stars.values()].reduce((a, b) => a + b, 0);
  return {
    tonieId: tonie.id,
    averageRating: tonie.rating_avg == null ? 0 : round2(tonie.rating_avg),
    totalRatings: tonie.rating_count,
    distribution: [5, 4, 3, 2, 1].map((s) => {
      const count = stars.get(s) ?? 0;
      return { stars: s, count, percentage: total ? Math.round((count / total) * 1000) / 10 : 0 };
    }),
    tags: tags.map((t) => ({ name: t.name, count: Number(t.count) })),
  };
}
