import { tagListSchema } from '@tonieshelf/shared/schemas/tag';
import { listPublishedAudioTagNames } from '../../repositories/audio';
import { listTonieTagNames } from '../../repositories/tags';
import { publicProcedure, router } from '../trpc';

export const tagRouter = router({
  /** Catalogue tags: `{ tags: string[] }` (SPEC §3 Tag). */
  list: publicProcedure
    .output(tagListSchema)
    .query(({ ctx }) => ctx.cache.get('tag.list', async () => ({ tags: await listTonieTagNames(ctx.db) }))),

  /** Audio tags carried by at least one published file (drafts never leak): `{ tags: string[] }`. */
  audioTags: publicProcedure
    .output(tagListSchema)
    .query(({ ctx }) => ctx.cache.get('tag.audioTags', async () => ({ tags: await listPublishedAudioTagNames(ctx.db) }))),
});
