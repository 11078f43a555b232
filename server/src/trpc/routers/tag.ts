import { tagGroupsSchema, tagListSchema } from '@tonieshelf/shared/schemas/tag';
import * as audio from '../../audio/service';
import * as catalogue from '../../catalogue/service';
import { cachedProcedure, router } from '../trpc';

export const tagRouter = router({
  /** Catalogue tags carried by at least one Tonie (a review's new tag only once approved): `{ tags: string[] }` (SPEC §3 Tag). */
  list: cachedProcedure('catalogue')
    .meta({ cache: 'shared' })
    .output(tagListSchema)
    .query(({ ctx }) => ctx.cached(() => catalogue.listTags(ctx.db))),

  /** The same catalogue tags in groups (series, age, language, topics from reviews, other), each with its Tonie count. */
  groups: cachedProcedure('catalogue')
    .meta({ cache: 'shared' })
    .output(tagGroupsSchema)
    .query(({ ctx }) => ctx.cached(() => catalogue.listTagGroups(ctx.db))),

  /** Audio tags carried by at least one visible file (drafts and hidden files never leak): `{ tags: string[] }`. */
  audioTags: cachedProcedure('audio')
    .meta({ cache: 'shared' })
    .output(tagListSchema)
    .query(({ ctx }) => ctx.cached(() => audio.listTags(ctx.db))),
});
