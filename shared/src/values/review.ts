// Reviews' plain values: stars, text and tag limits, messages and review sorts. (A review's
// stars are its rating.) Without zod, so that a page can load them without the schemas.
import type { MessageCode } from '../i18n/messages';

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_MAX_LENGTH = 5000;
export const REVIEW_TAGS_MAX = 10;
/** Placeholder rows a review list shows while it loads. */
export const REVIEW_PLACEHOLDERS = 3;

export const REVIEW_MESSAGES = {
  selectRating: 'review.selectRating',
  alreadyReviewed: 'review.alreadyReviewed',
  reviewTooLong: 'review.reviewTooLong',
  tooManyTags: 'review.tooManyTags',
  notReviewed: 'review.notReviewed',
  anonymous: 'review.anonymous',
  ratingTooHigh: 'review.ratingTooHigh',
  reviewSort: 'review.reviewSort',
  ownReviewVote: 'review.ownReviewVote',
  reviewNotFound: 'review.reviewNotFound',
  invalidReviewId: 'review.invalidReviewId',
  signInToVote: 'review.signInToVote',
} as const satisfies Record<string, MessageCode>;

/** How a Tonie's reviews are ordered: newest first (the default) or most helpful first. */
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
