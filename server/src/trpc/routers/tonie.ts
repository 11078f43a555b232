import { categoryCountsSchema } from '@tonieshelf/shared/schemas/tonie';
import { listCategories } from '../../repositories/tonies';
import { publicProcedure, router } from '../trpc';

export const tonieRouter = router({
  /** Categories with their Tonie counts, for the catalogue's filter bar. */
  categories: publicProcedure.output(categoryCountsSchema).query(({ ctx }) => listCategories(ctx.db)),
});
