import {
  AUDIO_MESSAGES,
  audioFileSchema,
  audioIdInputSchema,
  audioListInputSchema,
  audioListSchema,
  createAudioInputSchema,
  deleteResultSchema,
  downloadResultSchema,
  isOverCreativeLimit,
  likedAudioInputSchema,
  likeResultSchema,
  storedFileUrl,
  updateAudioInputSchema,
  userAudioInputSchema,
  userAudioListSchema,
  type AudioFile,
} from '@tonieshelf/shared/schemas/audio';
import { AppError } from '../../errors';
import * as audio from '../../repositories/audio';
import { claimPendingUpload } from '../../repositories/uploads';
import type { Context } from '../context';
import { protectedProcedure, publicProcedure, router } from '../trpc';

/**
 * An audio file as `viewerId` sees it (SPEC §3). Anonymous viewers get no file URL or path:
 * preview and download need a signed-in user (SPEC §6). `live` replaces the counts and the
 * viewer's like of a cached row.
 */
function toAudioFile(row: audio.AudioDetailRow, viewerId: string | null, live?: audio.AudioViewerState): AudioFile {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    scriptText: row.script_text,
    tags: row.tag_names,
    status: row.status,
    fileUrl: viewerId ? storedFileUrl(row.file_path) : null,
    filePath: viewerId ? row.file_path : null,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    duration: row.duration,
    mimeType: row.mime_type,
    userId: row.user_id,
    coverImage: row.cover_path ? storedFileUrl(row.cover_path) : null,
    createdAt: row.created_at.toISOString(),
    likeCount: live?.like_count ?? row.like_count,
    commentCount: live?.comment_count ?? row.comment_count,
    downloadCount: live?.download_count ?? row.download_count,
    hasLiked: viewerId ? (live?.has_liked ?? row.has_liked) : false,
    userProfile: { firstName: row.first_name, lastName: row.last_name, username: row.username },
    overCreativeLimit: isOverCreativeLimit(row.duration),
  };
}

/**
 * Discover's rows (cached, identical for everyone) for this viewer: a signed-in viewer gets the
 * live counts, their own like and the file URLs, and never a row that stopped being published.
 */
async function forViewer(ctx: Context, rows: audio.AudioDetailRow[]): Promise<AudioFile[]> {
  const viewerId = ctx.user?.id ?? null;
  if (!viewerId || rows.length === 0) return rows.map((r) => toAudioFile(r, viewerId));
  const states = new Map((await audio.audioViewerStates(ctx.db, rows.map((r) => r.id), viewerId)).map((s) => [s.id, s]));
  return rows.flatMap((r) => {
    const live = states.get(r.id);
    return live && live.status === 'published' ? [toAudioFile(r, viewerId, live)] : [];
  });
}

/** Removes stored files of a committed change; a failure leaves an orphan, logged, never an error. */
async function removeStoredFiles(ctx: Context, paths: (string | null | undefined)[]) {
  const keys = paths.filter((p): p is string => Boolean(p));
  const results = await Promise.allSettled(keys.map((key) => ctx.storage.delete(key)));
  results.forEach((r, i) => {
    if (r.status === 'rejected') ctx.req?.log.warn({ err: r.reason, key: keys[i] }, 'deleting a stored file failed');
  });
}

/** The file for its owner's change: others get NOT_FOUND for a draft (it is invisible to them) and FORBIDDEN otherwise. */
function requireOwner(row: audio.AudioRow | undefined, userId: string): audio.AudioRow {
  if (!row || (row.status !== 'published' && row.user_id !== userId)) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound);
  if (row.user_id !== userId) throw new AppError('FORBIDDEN', AUDIO_MESSAGES.notOwner);
  return row;
}

async function details(ctx: Context, id: number, viewerId: string): Promise<AudioFile> {
  const row = await audio.findAudioDetails(ctx.db, id, viewerId);
  if (!row) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound);
  return toAudioFile(row, viewerId);
}

export const audioRouter = router({
  /**
   * Discover: one page of published files, filtered (search words, ALL tags) and sorted across
   * everything published. The page and the total are the same for every viewer and go through the
   * read cache (the total once per filter, for all pages and sorts); the viewer's likes, live
   * counts and file URLs are added per request.
   */
  list: publicProcedure
    .input(audioListInputSchema)
    .output(audioListSchema)
    .query(async ({ ctx, input }) => {
      const filter = { tags: input.tags ?? [], search: input.search ?? '' };
      const [rows, total] = await Promise.all([
        ctx.cache.get(`audio.page:${JSON.stringify(input)}`, () => audio.listPublishedAudioPage(ctx.db, input)),
        ctx.cache.get(`audio.count:${JSON.stringify(filter)}`, () => audio.countPublishedAudio(ctx.db, filter)),
      ]);
      return { audioFiles: await forViewer(ctx, rows), totalCount: total };
    }),

  /** A user's files, newest first: drafts included for the owner, only published ones for anyone else. */
  byUser: publicProcedure
    .input(userAudioInputSchema)
    .output(userAudioListSchema)
    .query(async ({ ctx, input }) => {
      const viewerId = ctx.user?.id ?? null;
      const rows = await audio.listUserAudio(ctx.db, input.userId, viewerId === input.userId, viewerId);
      return { audioFiles: rows.map((r) => toAudioFile(r, viewerId)) };
    }),

  /** The signed-in user's liked files (still visible to them), newest like first or most liked first. */
  liked: protectedProcedure
    .input(likedAudioInputSchema)
    .output(audioListSchema)
    .query(async ({ ctx, input }) => {
      if (input.userId !== undefined && input.userId.toLowerCase() !== ctx.user.id) {
        throw new AppError('FORBIDDEN', AUDIO_MESSAGES.notYourLikes);
      }
      const { rows, total } = await audio.listLikedAudio(ctx.db, ctx.user.id, input);
      return { audioFiles: rows.map((r) => toAudioFile(r, ctx.user.id)), totalCount: total };
    }),

  /** One file: a published one for anyone, a draft only for its owner (NOT_FOUND otherwise). */
  byId: publicProcedure
    .input(audioIdInputSchema)
    .output(audioFileSchema)
    .query(async ({ ctx, input }) => {
      const viewerId = ctx.user?.id ?? null;
      const row = await audio.findAudioDetails(ctx.db, input.id, viewerId);
      if (!row || (row.status !== 'published' && row.user_id !== viewerId)) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound);
      return toAudioFile(row, viewerId);
    }),

  /**
   * A new audio file of the signed-in user, draft (default) or published. The audio is the
   * user's pending upload at `filePath`, attached once; the cover the user's pending cover at
   * `coverPath` (an unusable cover is left out, as the spec ignores cover failures).
   */
  create: protectedProcedure
    .input(createAudioInputSchema)
    .output(audioFileSchema)
    .mutation(async ({ ctx, input }) => {
      const id = await ctx.db.transaction().execute(async (trx) => {
        const file = await claimPendingUpload(trx, ctx.user.id, 'audio', input.filePath);
        if (!file) throw new AppError('BAD_REQUEST', AUDIO_MESSAGES.selectAudioFile);
        const cover = input.coverPath ? await claimPendingUpload(trx, ctx.user.id, 'cover', input.coverPath) : undefined;
        const audioId = await audio.insertAudio(trx, {
          userId: ctx.user.id,
          title: input.title,
          description: input.description,
          scriptText: input.scriptText,
          status: input.status,
          filePath: file.file_path,
          fileName: file.file_name,
          fileSize: Number(file.file_size),
          mimeType: file.mime_type,
          duration: file.duration,
          coverPath: cover?.file_path ?? null,
          coverMimeType: cover?.mime_type ?? null,
        });
        await audio.setAudioTags(trx, audioId, input.tags);
        return audioId;
      });
      // Discover lists, totals and tag lists may have changed.
      ctx.cache.clear();
      return details(ctx, id, ctx.user.id);
    }),

  /**
   * The owner changes fields, the status (either way), the audio (another pending upload) or the
   * cover (a pending cover; null removes it). Replaced files are removed from storage.
   */
  update: protectedProcedure
    .input(updateAudioInputSchema)
    .output(audioFileSchema)
    .mutation(async ({ ctx, input }) => {
      const replaced = await ctx.db.transaction().execute(async (trx) => {
        const row = requireOwner(await audio.findAudioForUpdate(trx, input.id), ctx.user.id);
        const changes: audio.AudioChanges = {};
        const old: string[] = [];
        if (input.title !== undefined) changes.title = input.title;
        if (input.description !== undefined) changes.description = input.description;
        if (input.scriptText !== undefined) changes.script_text = input.scriptText;
        if (input.status !== undefined) {
          changes.status = input.status;
          if (input.status === 'published') changes.publish = true;
        }
        if (input.filePath !== undefined && input.filePath !== row.file_path) {
          const file = await claimPendingUpload(trx, ctx.user.id, 'audio', input.filePath);
          if (!file) throw new AppError('BAD_REQUEST', AUDIO_MESSAGES.selectAudioFile);
          Object.assign(changes, {
            file_path: file.file_path,
            file_name: file.file_name,
            file_size: Number(file.file_size),
            mime_type: file.mime_type,
            duration: file.duration,
          });
          old.push(row.file_path);
        }
        if (input.coverPath === null && row.cover_path) {
          Object.assign(changes, { cover_path: null, cover_mime_type: null });
          old.push(row.cover_path);
        } else if (input.coverPath && input.coverPath !== row.cover_path) {
          const cover = await claimPendingUpload(trx, ctx.user.id, 'cover', input.coverPath);
          if (cover) {
            Object.assign(changes, { cover_path: cover.file_path, cover_mime_type: cover.mime_type });
            if (row.cover_path) old.push(row.cover_path);
          }
        }
        await audio.updateAudio(trx, row.id, changes);
        if (input.tags !== undefined) await audio.setAudioTags(trx, row.id, input.tags);
        return old;
      });
      ctx.cache.clear();
      await removeStoredFiles(ctx, replaced);
      return details(ctx, input.id, ctx.user.id);
    }),

  /** The owner deletes a file for good: its record, tags and likes, then its stored audio and cover. */
  delete: protectedProcedure
    .input(audioIdInputSchema)
    .output(deleteResultSchema)
    .mutation(async ({ ctx, input }) => {
      const paths = await ctx.db.transaction().execute(async (trx) => {
        requireOwner(await audio.findAudioForUpdate(trx, input.id), ctx.user.id);
        return audio.deleteAudio(trx, input.id);
      });
      ctx.cache.clear();
      await removeStoredFiles(ctx, [paths?.file_path, paths?.cover_path]);
      return { ok: true as const, id: input.id };
    }),

  /**
   * Likes or unlikes a file the user may see; answers the new state. One like per user and file
   * (the primary key), and concurrent toggles of a file run one after another (row lock), so
   * every toggle flips the state exactly once; the count follows by trigger, never below 0.
   */
  toggleLike: protectedProcedure
    .input(audioIdInputSchema)
    .output(likeResultSchema)
    .mutation(async ({ ctx, input }) => {
      const userId = ctx.user.id;
      return ctx.db.transaction().execute(async (trx) => {
        if (!(await audio.lockVisibleAudio(trx, input.id, userId))) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound);
        if (await audio.insertLike(trx, input.id, userId)) return { liked: true };
        await audio.deleteLike(trx, input.id, userId);
        return { liked: false };
      });
    }),

  /** Counts a download of a file the user may see; answers the URL that downloads it. */
  download: protectedProcedure
    .input(audioIdInputSchema)
    .output(downloadResultSchema)
    .mutation(async ({ ctx, input }) => {
      const path = await audio.countDownload(ctx.db, input.id, ctx.user.id);
      if (!path) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound);
      return { fileUrl: storedFileUrl(path, true) };
    }),
});
