import { siteInfoSchema } from '@tonieshelf/shared/schemas/moderation';
import { siteInfo } from '../../moderation/service';
import { publicProcedure, router } from '../trpc';

export const siteRouter = router({
  /** The operator's details (imprint) and COMMUNITY_URL, from the settings. */
  info: publicProcedure
    .meta({ cache: 'shared' })
    .output(siteInfoSchema)
    .query(({ ctx }) => siteInfo(ctx.config)),
});
