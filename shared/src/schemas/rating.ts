// Ratings and reviews (SPEC §3 Rating, §5 Review).
import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_MAX_LENGTH, REVIEW_TAGS_MAX, TAG_NAME_MAX } from '../constants';
import { TAG_MESSAGES, text, uniqueTagNames } from './common';
import { tonieIdSchema } from './tonie';

export const RATING_MESSAGES = {
  selectRating: 'Please select a star rating',
  alreadyReviewed: 'You have already submitted a review for this Tonie.',
  reviewTooLong: `A review has at most ${REVIEW_MAX_LENGTH.toLocaleString('en-US')} characters`,
  tooManyTags: `Add at most ${REVIEW_TAGS_MAX} tags`,
} as const;

export const createRatingInputSchema = z.object({
  tonieId: tonieIdSchema,
  rating: z.coerce
    .number({ error: RATING_MESSAGES.selectRating })
    .int({ error: RATING_MESSAGES.selectRating })
    .min(RATING_MIN, { error: RATING_MESSAGES.selectRating })
    .max(RATING_MAX, { error: `The rating is at most ${RATING_MAX} stars` }),
  review: text()
    .trim()
    .max(REVIEW_MAX_LENGTH, { error: RATING_MESSAGES.reviewTooLong })
    .nullish()
    .transform((v) => (v ? v : null)),
  tags: z
    .array(
      text()
        .trim()
        .max(TAG_NAME_MAX, { error: TAG_MESSAGES.tagTooLong })
        .refine((t) => !t.includes(','), { error: TAG_MESSAGES.tagComma }),
    )
    .transform((tags) => uniqueTagNames(tags.map((t) => t.replace(/\s+/g, ' '))))
    .pipe(z.array(z.string()).max(REVIEW_TAGS_MAX, { error: RATING_MESSAGES.tooManyTags }))
    .default([]),
});
export type CreateRatingInput = z.input<typeof createRatingInputSchema>;
export type CreateRating = z.output<typeof createRatingInputSchema>;

export const ratingSchema = z.object({
  id: z.number().int(),
  tonieId: z.number().int(),
  userId: z.string(),
  username: z.string(),
  rating: z.number().int(),
  review: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  userProfile: z.object({ firstName: z.string(), lastName: z.string() }),
});
export type Rating = z.infer<typeof ratingSchema>;

export const ratingSummarySchema = z.object({
  tonieId: z.number().int(),
  averageRating: z.number(),
  totalRatings: z.number().int(),
  /** One entry per star value, 5 down to 1. */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int(), percentage: z.number() })),
  /** Tags used in reviews, most used first. */
  tags: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;
