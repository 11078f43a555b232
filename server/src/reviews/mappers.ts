// Review rows -> the API shapes of SPEC §3 (a review's stars are its `rating`).
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import { REVIEW_MESSAGES } from '@tonieshelf/shared/values/review';
import type { Review, ReviewSummary } from '@tonieshelf/shared/schemas/review';
import { averageRatingOf } from '../catalogue/mappers';
import type { Tonie } from '../db/types';
import type { ReviewRow } from '../repositories/reviews';

/** A review kept as 'Anonymous' names its author so in the API (SPEC §7: English). */
const ANONYMOUS_NAME = formatMessage(REVIEW_MESSAGES.anonymous, 'en');

/** A review as the API shows it; one whose author's account is gone shows as 'Anonymous'. */
export function toReview(row: ReviewRow): Review {
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
    // Only its author gets a hidden review (review.mine); the lists leave it out for everyone.
    hiddenByModerators: row.hidden_at !== null || row.owner_suspended,
    decisionId: row.decision_id ?? null,
    helpfulCount: row.helpful_count,
  };
}

export function toReviewSummary(tonie: Pick<Tonie, 'id' | 'rating_avg' | 'rating_count'>, stars: Map<number, number>, tags: { name: string; count: number }[]): ReviewSummary {
  const total = [...stars.values()].reduce((a, b) => a + b, 0);
  return {
    tonieId: tonie.id,
    averageRating: averageRatingOf(tonie.rating_avg),
    totalRatings: tonie.rating_count,
    distribution: [5, 4, 3, 2, 1].map((s) => {
      const count = stars.get(s) ?? 0;
      return { stars: s, count, percentage: total ? Math.round((count / total) * 1000) / 10 : 0 };
    }),
    tags: tags.map((t) => ({ name: t.name, count: Number(t.count) })),
  };
}
