import {
  addChaptersInputSchema,
  addUploadsInputSchema,
  addUploadsResultSchema,
  createSetInputSchema,
  mySetsInputSchema,
  removeChapterInputSchema,
  reorderChaptersInputSchema,
  setDeleteResultSchema,
  setDetailSchema,
  setIdInputSchema,
  setLikeResultSchema,
  setListInputSchema,
  setListSchema,
  updateSetInputSchema,
} from '@tonieshelf/shared/schemas/set';
import { answerOf } from '../../errors';
import * as sets from '../../sets/service';
import { cachedProcedure, invalidates, protectedProcedure, publicProcedure, router } from '../trpc';

/** A write that changes what /sets, its totals or a set page show. */
const setWrite = protectedProcedure.use(invalidates('sets'));

export const setRouter = router({
  /** /sets: one page of published sets (cached; the viewer's likes and live counts added per request). */
  list: cachedProcedure('sets')
    .meta({ cache: 'anonymous' })
    .input(setListInputSchema)
    .output(setListSchema)
    .query(async ({ ctx, input }) => sets.forViewer(ctx.db, await ctx.cached(() => sets.discover(ctx.db, input)), ctx.user?.id ?? null)),

  /** /sets/mine: the signed-in user's sets, drafts too. */
  mine: protectedProcedure
    .meta({ cache: 'private' })
    .input(mySetsInputSchema)
    .output(setListSchema)
    .query(({ ctx, input }) => sets.listMine(ctx.db, ctx.user.id, input)),

  /** One set with its chapters; drafts and hidden sets only for their owner (hidden ones also for staff). */
  byId: publicProcedure
    .meta({ cache: 'anonymous' })
    .input(setIdInputSchema)
    .output(setDetailSchema)
    .query(({ ctx, input }) => sets.byId(ctx.db, input.id, ctx.user)),

  /** A new draft set of the signed-in user, possibly with its first chapters. */
  create: setWrite
    .input(createSetInputSchema)
    .output(setDetailSchema)
    .mutation(({ ctx, input }) => sets.create(ctx.db, ctx.user, input)),

  /** The owner changes fields, the cover or the status (publishing checks the budget). */
  update: setWrite
    .input(updateSetInputSchema)
    .output(setDetailSchema)
    .mutation(({ ctx, input }) => sets.update(ctx, ctx.user, input)),

  /** The owner deletes the set (its chapters' audio files stay). */
  delete: setWrite
    .input(setIdInputSchema)
    .output(setDeleteResultSchema)
    .mutation(({ ctx, input }) => sets.remove(ctx, ctx.user.id, input.id)),

  /** Appends chapters in the given order; refused whole when one would break the budget. */
  addChapters: setWrite
    .input(addChaptersInputSchema)
    .output(setDetailSchema)
    .mutation(({ ctx, input }) => sets.addChapters(ctx.db, ctx.user.id, input.id, input.audioFileIds)),

  /**
   * The user's uploads become draft audio files and chapters at the end, in file-name order;
   * each upload is answered on its own (added at a position, or refused with its message).
   */
  addUploads: setWrite
    .use(invalidates('audio'))
    .input(addUploadsInputSchema)
    .output(addUploadsResultSchema)
    .mutation(async ({ ctx, input }) => {
      const { set, uploads } = await sets.addUploads(ctx.db, ctx.user.id, input);
      return {
        set,
        uploads: uploads.map((u) =>
          u.outcome === 'added' ? u : { filePath: u.filePath, outcome: u.outcome, audioFileId: u.audioFileId, ...answerOf(u.refusal.messageRef, ctx.language) },
        ),
      };
    }),

  /** Takes a chapter out of the set (the audio file stays). */
  removeChapter: setWrite
    .input(removeChapterInputSchema)
    .output(setDetailSchema)
    .mutation(({ ctx, input }) => sets.removeChapter(ctx.db, ctx.user.id, input.id, input.audioFileId)),

  /** The whole new order of the chapters. */
  reorder: setWrite
    .input(reorderChaptersInputSchema)
    .output(setDetailSchema)
    .mutation(({ ctx, input }) => sets.reorder(ctx.db, ctx.user.id, input.id, input.audioFileIds)),

  /** The owner has read the notices of removed chapters. */
  dismissNotices: protectedProcedure
    .input(setIdInputSchema)
    .output(setDetailSchema)
    .mutation(({ ctx, input }) => sets.dismissNotices(ctx.db, ctx.user.id, input.id)),

  /** Likes or unlikes a set the user may see. */
  toggleLike: protectedProcedure
    .input(setIdInputSchema)
    .output(setLikeResultSchema)
    .mutation(({ ctx, input }) => sets.toggleLike(ctx.db, ctx.user.id, input.id)),
});
