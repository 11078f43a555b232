// Reviews' plain values: messages and review sorts. (A review's stars are its rating; the
// messages keep their 'rating.' codes.) Without zod, so that a page can use them without loading
// the schemas: schemas/review.ts re-exports them (import from either).
import { RATING_MAX, REVIEW_MAX_LENGTH, REVIEW_TAGS_MAX } from '../constants';

export const RATING_MESSAGES = {
  selectRating: 'Please select a star rating',
  alreadyReviewed: 'You have already submitted a review for this Tonie.',
  reviewTooLong: `A review has at most ${REVIEW_MAX_LENGTH.toLocaleString('en-US')} characters`,
  tooManyTags: `Add at most ${REVIEW_TAGS_MAX} tags`,
  notReviewed: 'You have not reviewed this Tonie.',
  anonymous: 'Anonymous',
  ratingTooHigh: `The rating is at most ${RATING_MAX} stars`,
  reviewSort: 'sort must be newest or helpful',
  ownReviewVote: 'You cannot mark your own review as helpful.',
  reviewNotFound: 'This review does not exist (any more).',
  invalidReviewId: 'The review id must be a whole number',
  signInToVote: 'Please log in to mark reviews as helpful',
} as const;

/** How a Tonie's reviews are ordered: newest first (the default) or most helpful first. */
export const REVIEW_SORTS = ['newest', 'helpful'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
