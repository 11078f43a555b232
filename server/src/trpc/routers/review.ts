import {
  createReviewInputSchema,
  deleteReviewResultSchema,
  myVotesSchema,
  reviewListInputSchema,
  reviewSchema,
  reviewSummarySchema,
  updateReviewInputSchema,
  voteReviewInputSchema,
  voteReviewResultSchema,
} from '@tonieshelf/shared/schemas/review';
import { tonieIdSchema } from '@tonieshelf/shared/schemas/tonie';
import { z } from 'zod';
import * as reviews from '../../reviews/service';
import { cachedProcedure, invalidates, protectedProcedure, router } from '../trpc';

const tonieInput = z.object({ tonieId: tonieIdSchema });
const catalogueRead = cachedProcedure('catalogue');

export const reviewRouter = router({
  /**
   * A Tonie's visible reviews (not hidden, author not suspended), newest or most
   * helpful first (the first 100). The list is cached (or read from a replica); its helpful counts
   * are read live from the primary for every request (one query), so a vote shows at once while the
   * 'helpful' order may lag by the cache's TTL (a vote changes no cached read).
   */
  list: catalogueRead
    .meta({ cache: 'shared' })
    .input(reviewListInputSchema)
    .output(z.array(reviewSchema))
    .query(async ({ ctx, input }) => {
      const list = await ctx.cached(() => reviews.listReviews(ctx.db, input.tonieId, input.sort));
      // Read just now from the primary (no cache, no replica), its counts are live already.
      const live = ctx.cache.ttlMs <= 0 && ctx.db === ctx.primaryDb;
      return live ? list : reviews.withLiveHelpfulCounts(ctx.primaryDb, list);
    }),

  /** The ids of a Tonie's reviews the signed-in user marked helpful. */
  myVotes: protectedProcedure
    .meta({ cache: 'private' })
    .input(tonieInput)
    .output(myVotesSchema)
    .query(({ ctx, input }) => reviews.myVotes(ctx.db, ctx.user.id, input.tonieId)),

  /**
   * Marks a visible review helpful, or takes the mark back: once per user (idempotent, also under
   * races), never the author's own (FORBIDDEN). The catalogue cache stays: review.list reads the
   * counts live (the 'helpful' order follows within the cache's TTL).
   */
  vote: protectedProcedure
    .input(voteReviewInputSchema)
    .output(voteReviewResultSchema)
    .mutation(({ ctx, input }) => reviews.voteReview(ctx.db, ctx.user.id, input.ratingId, input.helpful)),

  /** Average, count, per-star counts and percentages, and the tags used in reviews: visible reviews only. */
  summary: catalogueRead
    .meta({ cache: 'shared' })
    .input(tonieInput)
    .output(reviewSummarySchema)
    .query(({ ctx, input }) => ctx.cached(() => reviews.reviewSummary(ctx.db, input.tonieId))),

  /** The signed-in user's own review of a Tonie (also when hidden: marked hiddenByModerators, with the decision), or null. */
  mine: protectedProcedure
    .meta({ cache: 'private' })
    .input(tonieInput)
    .output(reviewSchema.nullable())
    .query(({ ctx, input }) => reviews.myReview(ctx.db, ctx.user.id, input.tonieId)),

  /**
   * Rate (1-5) and optionally review a Tonie, once. The user comes from the session. Averages,
   * counts, sort orders, summaries and tag lists all change: the catalogue reads again.
   */
  create: protectedProcedure
    .use(invalidates('catalogue'))
    .input(createReviewInputSchema)
    .output(reviewSchema)
    .mutation(({ ctx, input }) => reviews.createReview(ctx.db, ctx.user.id, input)),

  /**
   * The author changes their own review (stars, text, tags; a field left out stays); it is marked
   * edited. NOT_FOUND when they have not reviewed the Tonie. The catalogue reads again.
   */
  update: protectedProcedure
    .use(invalidates('catalogue'))
    .input(updateReviewInputSchema)
    .output(reviewSchema)
    .mutation(({ ctx, input }) => reviews.updateReview(ctx.db, ctx.user.id, input)),

  /** The author deletes their own review with its tags. NOT_FOUND when there is none. The catalogue reads again. */
  delete: protectedProcedure
    .use(invalidates('catalogue'))
    .input(tonieInput)
    .output(deleteReviewResultSchema)
    .mutation(({ ctx, input }) => reviews.deleteReview(ctx.db, ctx.user.id, input.tonieId)),
});
