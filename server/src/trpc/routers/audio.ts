import {
  audioFileSchema,
  audioIdInputSchema,
  audioListInputSchema,
  audioListSchema,
  createAudioInputSchema,
  deleteResultSchema,
  downloadResultSchema,
  likedAudioInputSchema,
  likeResultSchema,
  myAudioInputSchema,
  updateAudioInputSchema,
  userAudioInputSchema,
  userAudioListSchema,
  waveformSchema,
} from '@tonieshelf/shared/schemas/audio';
import * as audio from '../../audio/service';
import { cachedProcedure, invalidates, protectedProcedure, publicProcedure, router } from '../trpc';

/** A write that changes what Discover, its totals or its tag list show. */
// Sets show their chapters' titles, durations and availability: audio writes change them too.
const audioWrite = protectedProcedure.use(invalidates('audio', 'sets'));

export const audioRouter = router({
  /**
   * Discover: one page of published files, filtered and sorted, with its total. The page is the
   * same for every viewer and goes through the read cache; a signed-in viewer's likes, live
   * counts and file URLs come with at most one more statement (see audio.discover).
   */
  list: cachedProcedure('audio')
    .meta({ cache: 'anonymous' })
    .input(audioListInputSchema)
    .output(audioListSchema)
    .query(({ ctx, input }) => audio.discover(ctx.db, input, ctx.user?.id ?? null, ctx.cached)),

  /** A user's files, newest first: all of them for the owner (drafts, hidden ones), only the visible ones for anyone else. */
  byUser: publicProcedure
    .meta({ cache: 'anonymous' })
    .input(userAudioInputSchema)
    .output(userAudioListSchema)
    .query(async ({ ctx, input }) => ({ audioFiles: await audio.listByUser(ctx.db, input.userId, ctx.user?.id ?? null) })),

  /** The signed-in user's own files (drafts too), searched, filtered by tags and paged. */
  mine: protectedProcedure
    .meta({ cache: 'private' })
    .input(myAudioInputSchema)
    .output(audioListSchema)
    .query(({ ctx, input }) => audio.listMine(ctx.db, ctx.user.id, input)),

  /** The signed-in user's liked files (still visible to them), newest like first or most liked first. */
  liked: protectedProcedure
    .meta({ cache: 'private' })
    .input(likedAudioInputSchema)
    .output(audioListSchema)
    .query(({ ctx, input }) => audio.listLiked(ctx.db, ctx.user.id, input)),

  /**
   * One file: a visible one for anyone; a draft or hidden one for its owner; a hidden one also
   * for moderators and admins (marked hiddenByModerators); NOT_FOUND otherwise.
   */
  byId: publicProcedure
    .meta({ cache: 'anonymous' })
    .input(audioIdInputSchema)
    .output(audioFileSchema)
    .query(({ ctx, input }) => audio.byId(ctx.db, input.id, ctx.user)),

  /** A new audio file of the signed-in user from their pending uploads, draft (default) or published. */
  create: audioWrite
    .input(createAudioInputSchema)
    .output(audioFileSchema)
    .mutation(({ ctx, input }) => audio.create(ctx.db, ctx.user, input)),

  /** The owner changes fields, status, audio or cover; replaced files leave storage. */
  update: audioWrite
    .input(updateAudioInputSchema)
    .output(audioFileSchema)
    .mutation(({ ctx, input }) => audio.update(ctx, ctx.user, input)),

  /** The waveform the server measured at upload, for anyone who may see the file. */
  waveform: publicProcedure
    .meta({ cache: 'anonymous' })
    .input(audioIdInputSchema)
    .output(waveformSchema)
    .query(({ ctx, input }) => audio.waveform(ctx.db, input.id, ctx.user)),

  /** The owner deletes a file for good, with its stored audio and cover. */
  delete: audioWrite
    .input(audioIdInputSchema)
    .output(deleteResultSchema)
    .mutation(({ ctx, input }) => audio.remove(ctx, ctx.user.id, input.id)),

  /** Likes or unlikes a file the user may see; answers the new state. */
  toggleLike: protectedProcedure
    .input(audioIdInputSchema)
    .output(likeResultSchema)
    .mutation(({ ctx, input }) => audio.toggleLike(ctx.db, ctx.user.id, input.id)),

  /** Counts a download of a file the user may see; answers the URL that downloads it. */
  download: protectedProcedure
    .input(audioIdInputSchema)
    .output(downloadResultSchema)
    .mutation(({ ctx, input }) => audio.download(ctx.db, ctx.user.id, input.id)),
});
