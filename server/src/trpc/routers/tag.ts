import { tagListSchema } from '@tonieshelf/shared/schemas/tag';
import { listTonieTagNames } from '../../repositories/tags';
import { publicProcedure, router } from '../trpc';

export const tagRouter = router({
  /** Catalogue tags: `{ tags: string[] }` (SPEC §3 Tag). */
  list: publicProcedure
    .output(tagListSchema)
    .query(({ ctx }) => ctx.cache.get('tag.list', async () => ({ tags: await listTonieTagNames(ctx.db) }))),
});
