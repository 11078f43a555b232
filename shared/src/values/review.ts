// Reviews' plain values: messages and review sorts. (A review's stars are its rating; the
// messages keep their 'rating.' codes.) Without zod, so that a page can use them without loading
// the schemas: schemas/review.ts re-exports them (import from either).
import type { MessageCode } from '../i18n/messages';

export const RATING_MESSAGES = {
  selectRating: 'rating.selectRating',
  alreadyReviewed: 'rating.alreadyReviewed',
  reviewTooLong: 'rating.reviewTooLong',
  tooManyTags: 'rating.tooManyTags',
  notReviewed: 'rating.notReviewed',
  anonymous: 'rating.anonymous',
  ratingTooHigh: 'rating.ratingTooHigh',
  reviewSort: 'rating.reviewSort',
  ownReviewVote: 'rating.ownReviewVote',
  reviewNotFound: 'rating.reviewNotFound',
  invalidReviewId: 'rating.invalidReviewId',
  signInToVote: 'rating.signInToVote',
} as const satisfies Record<string, MessageCode>;

/** How a Tonie's reviews are ordered: newest first (the default) or most helpful first. */
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
