import { createRatingInputSchema, RATING_MESSAGES, ratingSchema, ratingSummarySchema } from '@tonieshelf/shared/schemas/rating';
import { tonieIdSchema } from '@tonieshelf/shared/schemas/tonie';
import { z } from 'zod';
import { toRating, toRatingSummary } from '../../catalogue/present';
import { AppError } from '../../errors';
import * as ratings from '../../repositories/ratings';
import { ensureTagIds } from '../../repositories/tags';
import * as tonies from '../../repositories/tonies';
import { protectedProcedure, publicProcedure, router } from '../trpc';
import { TONIE_NOT_FOUND } from './tonie';

export const RATINGS_LIST_LIMIT = 100;
const tonieInput = z.object({ tonieId: tonieIdSchema });

async function requireTonie(db: Parameters<typeof tonies.findTonieById>[0], id: number) {
  const tonie = await tonies.findTonieById(db, id);
  if (!tonie) throw new AppError('NOT_FOUND', TONIE_NOT_FOUND);
  return tonie;
}

export const ratingRouter = router({
  /** A Tonie's ratings and reviews, newest first (the newest 100). */
  list: publicProcedure
    .input(tonieInput)
    .output(z.array(ratingSchema))
    .query(({ ctx, input }) =>
      ctx.cache.get(`rating.list:${input.tonieId}`, async () => {
        await requireTonie(ctx.db, input.tonieId);
        return (await ratings.listRatings(ctx.db, input.tonieId, RATINGS_LIST_LIMIT)).map(toRating);
      }),
    ),

  /** Average, count, per-star counts and percentages, and the tags used in reviews. */
  summary: publicProcedure
    .input(tonieInput)
    .output(ratingSummarySchema)
    .query(({ ctx, input }) =>
      ctx.cache.get(`rating.summary:${input.tonieId}`, async () => {
        const tonie = await requireTonie(ctx.db, input.tonieId);
        const [stars, tags] = await Promise.all([ratings.starCounts(ctx.db, tonie.id), ratings.reviewTagCounts(ctx.db, tonie.id)]);
        return toRatingSummary(tonie, stars, tags);
      }),
    ),

  /** The signed-in user's own rating of a Tonie, or null. */
  mine: protectedProcedure
    .input(tonieInput)
    .output(ratingSchema.nullable())
    .query(async ({ ctx, input }) => {
      const row = await ratings.findUserRating(ctx.db, input.tonieId, ctx.user.id);
      return row ? toRating(row) : null;
    }),

  /**
   * Rate (1-5) and optionally review a Tonie, once. The user comes from the session; tags are
   * created on first use and also tag the Tonie. Aggregates change in the same transaction.
   */
  create: protectedProcedure
    .input(createRatingInputSchema)
    .output(ratingSchema)
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.transaction().execute(async (trx) => {
        await requireTonie(trx, input.tonieId);
        const ratingId = await ratings.insertRatingOnce(trx, {
          tonieId: input.tonieId,
          userId: ctx.user.id,
          rating: input.rating,
          review: input.review,
        });
        if (ratingId === null) throw new AppError('CONFLICT', RATING_MESSAGES.alreadyReviewed);
        await ratings.linkRatingTags(trx, ratingId, input.tonieId, await ensureTagIds(trx, input.tags));
        return ratingId;
      });
      // Averages, counts, sort orders, summaries and tag lists all changed.
      ctx.cache.clear();
      const row = await ratings.findRating(ctx.db, id);
      return toRating(row!);
    }),
});
