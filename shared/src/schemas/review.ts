// Reviews: a Tonie's stars (its rating, 1-5), an optional text, tags and helpful votes (SPEC §3
// Rating, §5 Review). The wire names stay the SPEC's (rating, ratingId, totalRatings).
import { z } from 'zod';
import { RATING_MAX, RATING_MIN, REVIEW_MAX_LENGTH, REVIEW_TAGS_MAX, REVIEW_MESSAGES, REVIEW_SORTS } from '../values/review';
import { TAG_NAME_MAX, TAG_MESSAGES, uniqueTagNames } from '../values/common';
import { text, yesNo } from './common';
import { tonieIdSchema } from './tonie';

/** 1 to 5 whole stars. */
const starsSchema = z.coerce
  .number({ error: REVIEW_MESSAGES.selectRating })
  .int({ error: REVIEW_MESSAGES.selectRating })
  .min(RATING_MIN, { error: REVIEW_MESSAGES.selectRating })
  .max(RATING_MAX, { error: REVIEW_MESSAGES.ratingTooHigh });

/** A review's text: trimmed, at most REVIEW_MAX_LENGTH characters. */
const reviewTextSchema = text().trim().max(REVIEW_MAX_LENGTH, { error: REVIEW_MESSAGES.reviewTooLong });

/** A review's tags: trimmed, inner spaces folded, duplicates (any case) dropped, at most REVIEW_TAGS_MAX. */
const reviewTagsSchema = z
  .array(
    text()
      .trim()
      .max(TAG_NAME_MAX, { error: TAG_MESSAGES.tagTooLong })
      .refine((t) => !t.includes(','), { error: TAG_MESSAGES.tagComma }),
  )
  .transform((tags) => uniqueTagNames(tags.map((t) => t.replace(/\s+/g, ' '))))
  .pipe(z.array(z.string()).max(REVIEW_TAGS_MAX, { error: REVIEW_MESSAGES.tooManyTags }));

export const createReviewInputSchema = z.object({
  tonieId: tonieIdSchema,
  rating: starsSchema,
  review: reviewTextSchema.nullish().transform((v) => (v ? v : null)),
  tags: reviewTagsSchema.default([]),
});
export type CreateReviewInput = z.input<typeof createReviewInputSchema>;
export type CreateReview = z.output<typeof createReviewInputSchema>;

/**
 * The author's change of their review, by the rules of a new one. A field left out keeps its
 * value; an empty review (or null) removes the text, an empty tag list the tags.
 */
export const updateReviewInputSchema = z.object({
  tonieId: tonieIdSchema,
  rating: starsSchema.optional(),
  review: reviewTextSchema.nullish().transform((v) => (v === undefined ? undefined : v || null)),
  tags: reviewTagsSchema.optional(),
});
export type UpdateReviewInput = z.input<typeof updateReviewInputSchema>;
export type UpdateReview = z.output<typeof updateReviewInputSchema>;

export const reviewListInputSchema = z.object({
  tonieId: tonieIdSchema,
  sort: z.enum(REVIEW_SORTS, { error: REVIEW_MESSAGES.reviewSort }).default('newest'),
});
export type ReviewListInput = z.input<typeof reviewListInputSchema>;

export const reviewIdSchema = z.coerce
  .number({ error: REVIEW_MESSAGES.invalidReviewId })
  .int({ error: REVIEW_MESSAGES.invalidReviewId })
  .min(1, { error: REVIEW_MESSAGES.invalidReviewId })
  .max(2_147_483_647, { error: REVIEW_MESSAGES.invalidReviewId });

/** Marks a review helpful or takes the mark back (idempotent: the same call twice leaves one vote or none). */
export const voteReviewInputSchema = z.object({ ratingId: reviewIdSchema, helpful: yesNo('helpful') });
export const voteReviewResultSchema = z.object({ ratingId: z.number().int(), helpful: z.boolean(), helpfulCount: z.number().int() });
export type VoteReviewResult = z.infer<typeof voteReviewResultSchema>;

/** The reviews of a Tonie the signed-in user marked helpful (their ids). */
export const myVotesSchema = z.array(z.number().int());

export const deleteReviewResultSchema = z.object({ ok: z.literal(true), id: z.number().int(), tonieId: z.number().int() });
export type DeleteReviewResult = z.infer<typeof deleteReviewResultSchema>;

export const reviewSchema = z.object({
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
export type Review = z.infer<typeof reviewSchema>;

export const reviewSummarySchema = z.object({
  tonieId: z.number().int(),
  averageRating: z.number(),
  totalRatings: z.number().int(),
  /** One entry per star value, 5 down to 1. */
  distribution: z.array(z.object({ stars: z.number().int(), count: z.number().int(), percentage: z.number() })),
  /** Tags used in reviews, most used first. */
  tags: z.array(z.object({ name: z.string(), count: z.number().int() })),
});
export type ReviewSummary = z.infer<typeof reviewSummarySchema>;
