import {
  categoryCountsSchema,
  quickSearchInputSchema,
  quickSearchResultSchema,
  tonieIdSchema,
  tonieListInputSchema,
  tonieListSchema,
  tonieSchema,
} from '@tonieshelf/shared/schemas/tonie';
import { z } from 'zod';
import { toTonie, toTonieSummary } from '../../catalogue/present';
import { AppError } from '../../errors';
import * as tonies from '../../repositories/tonies';
import { publicProcedure, router } from '../trpc';

export const TONIE_NOT_FOUND = 'This Tonie does not exist (any more).';

export const tonieRouter = router({
  /** One page of the catalogue, filtered and sorted across the whole catalogue. */
  list: publicProcedure
    .input(tonieListInputSchema)
    .output(tonieListSchema)
    .query(({ ctx, input }) =>
      ctx.cache.get(`tonie.list:${JSON.stringify(input)}`, async () => {
        const { rows, total } = await tonies.listTonies(ctx.db, input);
        return { tonies: rows.map((r) => toTonieSummary(r, r.tag_names)), totalCount: total };
      }),
    ),

  /** A Tonie with every field; its HTML is sanitised. */
  byId: publicProcedure
    .input(z.object({ id: tonieIdSchema }))
    .output(tonieSchema)
    .query(({ ctx, input }) =>
      ctx.cache.get(`tonie.byId:${input.id}`, async () => {
        const row = await tonies.findTonieWithTags(ctx.db, input.id);
        if (!row) throw new AppError('NOT_FOUND', TONIE_NOT_FOUND);
        return toTonie(row, row.tag_names);
      }),
    ),

  /** The header's quick search: id, name, image and category of matching Tonies. */
  quickSearch: publicProcedure
    .input(quickSearchInputSchema)
    .output(quickSearchResultSchema)
    .query(({ ctx, input }) =>
      ctx.cache.get(`tonie.quickSearch:${input.limit}:${input.q.toLowerCase()}`, () => tonies.quickSearch(ctx.db, input.q, input.limit)),
    ),

  /** Categories with their Tonie counts, for the catalogue's filter bar. */
  categories: publicProcedure
    .output(categoryCountsSchema)
    .query(({ ctx }) => ctx.cache.get('tonie.categories', () => tonies.listCategories(ctx.db))),
});
