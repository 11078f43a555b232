// Ratings and reviews (SPEC §3 Rating, §5 Review).
import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_MAX_LENGTH, REVIEW_TAGS_MAX, TAG_NAME_MAX } from '../constants';
import { TAG_MESSAGES, text, uniqueTagNames, yesNo } from './common';
import { tonieIdSchema } from './tonie';
import { RATING_MESSAGES, REVIEW_SORTS } from '../values/rating';
export * from '../values/rating';

/** 1 to 5 whole stars. */
const starsSchema = z.coerce
  .number({ error: RATING_MESSAGES.selectRating })
  .int({ error: RATING_MESSAGES.selectRating })
  .min(RATING_MIN, { error: RATING_MESSAGES.selectRating })
  .max(RATING_MAX, { error: RATING_MESSAGES.ratingTooHigh });

/** A review's text: trimmed, at most REVIEW_MAX_LENGTH characters. */
const reviewTextSchema = text().trim().max(REVIEW_MAX_LENGTH, { error: RATING_MESSAGES.reviewTooLong });

/** A review's tags: trimmed, inner spaces folded, duplicates (any case) dropped, at most REVIEW_TAGS_MAX. */
const reviewTagsSchema = z
  .array(
    text()
      .trim()
      .max(TAG_NAME_MAX, { error: TAG_MESSAGES.tagTooLong })
      .refine((t) => !t.includes(','), { error: TAG_MESSAGES.tagComma }),
  )
  .transform((tags) => uniqueTagNames(tags.map((t) => t.replace(/\s+/g, ' '))))
  .pipe(z.array(z.string()).max(REVIEW_TAGS_MAX, { error: RATING_MESSAGES.tooManyTags }));

export const createRatingInputSchema = z.object({
  tonieId: tonieIdSchema,
  rating: starsSchema,
  review: reviewTextSchema.nullish().transform((v) => (v ? v : null)),
  tags: reviewTagsSchema.default([]),
});
export type CreateRatingInput = z.input<typeof createRatingInputSchema>;
export type CreateRating = z.output<typeof createRatingInputSchema>;

/**
 * The author's change of their review, by the rules of a new one. A field left out keeps its
 * value; an empty review (or null) removes the text, an empty tag list the tags.
 */
export const updateRatingInputSchema = z.object({
  tonieId: tonieIdSchema,
  rating: starsSchema.optional(),
  review: reviewTextSchema.nullish().transform((v) => (v === undefined ? undefined : v || null)),
  tags: reviewTagsSchema.optional(),
});
export type UpdateRatingInput = z.input<typeof updateRatingInputSchema>;
export type UpdateRating = z.output<typeof updateRatingInputSchema>;

export const ratingListInputSchema = z.object({
  tonieId: tonieIdSchema,
  sort: z.enum(REVIEW_SORTS, { error: RATING_MESSAGES.reviewSort }).default('newest'),
});
export type RatingListInput = z.input<typeof ratingListInputSchema>;

export const ratingIdSchema = z.coerce
  .number({ error: RATING_MESSAGES.invalidReviewId })
  .int({ error: RATING_MESSAGES.invalidReviewId })
  .min(1, { error: RATING_MESSAGES.invalidReviewId })
  .max(2_147_483_647, { error: RATING_MESSAGES.invalidReviewId });

/** Marks a review helpful or takes the mark back (idempotent: the same call twice leaves one vote or none). */
export const voteReviewInputSchema = z.object({ ratingId: ratingIdSchema, helpful: yesNo('helpful') });
export const voteReviewResultSchema = z.object({ ratingId: z.number().int(), helpful: z.boolean(), helpfulCount: z.number().int() });
export type VoteReviewResult = z.infer<typeof voteReviewResultSchema>;

/** The reviews of a Tonie the signed-in user marked helpful (their ids). */
export const myVotesSchema = z.array(z.number().int());

export const deleteRatingResultSchema = z.object({ ok: z.literal(true), id: z.number().int(), tonieId: z.number().int() });
export type DeleteRatingResult = z.infer<typeof deleteRatingResultSchema>;

export const ratingSchema = z.object({
  id: z.number().int(),
  tonieId: z.number().int(),
  /** null when the author's account was deleted and the review kept. */
  userId: z.string().nullable(),
  username: z.string().nullable(),
  rating: z.number().int(),
  review: z.string().nullable(),
  tags: z.array(z.string()),
  createdAt: z.string(),
  /** When the author last edited the review; null if never. */
  editedAt: z.string().nullable(),
  /** The author's names; 'Anonymous' (and an empty last name) when the account is gone. */
  userProfile: z.object({ firstName: z.string(), lastName: z.string() }),
  /** Hidden by moderators or its author suspended: only the author sees it ('Hidden by moderators'). */
  hiddenByModerators: z.boolean(),
  /** The decision (statement of reasons) that hid it, shown to the author; else null. */
  decisionId: z.number().int().nullable(),
  /** How many users marked it helpful. */
  helpfulCount: z.number().int(),
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
