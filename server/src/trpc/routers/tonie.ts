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
    .query(async ({ ctx, input }) => {
      const { rows, total } = await tonies.listTonies(ctx.db, input);
      const tags = await tonies.tagsForTonies(
        ctx.db,
        rows.map((r) => r.id),
      );
      return { tonies: rows.map((r) => toTonieSummary(r, tags.get(r.id) ?? [])), totalCount: total };
    }),

  /** A Tonie with every field; its HTML is sanitised. */
  byId: publicProcedure
    .input(z.object({ id: tonieIdSchema }))
    .output(tonieSchema)
    .query(async ({ ctx, input }) => {
      const row = await tonies.findTonieById(ctx.db, input.id);
      if (!row) throw new AppError('NOT_FOUND', TONIE_NOT_FOUND);
      const tags = await tonies.tagsForTonies(ctx.db, [row.id]);
      return toTonie(row, tags.get(row.id) ?? []);
    }),

  /** The header's quick search: id, name, image and category of matching Tonies. */
  quickSearch: publicProcedure
    .input(quickSearchInputSchema)
    .output(quickSearchResultSchema)
    .query(({ ctx, input }) => tonies.quickSearch(ctx.db, input.q, input.limit)),

  /** Categories with their Tonie counts, for the catalogue's filter bar. */
  categories: publicProcedure.output(categoryCountsSchema).query(({ ctx }) => tonies.listCategories(ctx.db)),
});
