import { CATALOGUE_FILTER_MESSAGES } from '@tonieshelf/shared/values/tonie';
import {
  categoryCountsInputSchema,
  categoryCountsSchema,
  languageCountsSchema,
  seriesSummarySchema,
  seriesNameSchema,
  quickSearchInputSchema,
  quickSearchResultSchema,
  tonieIdSchema,
  tonieListInputSchema,
  tonieListSchema,
  tonieSchema,
} from '@tonieshelf/shared/schemas/tonie';
import { z } from 'zod';
import * as catalogue from '../../catalogue/service';
import { AppError } from '../../errors';
import * as shelves from '../../shelves/service';
import { cachedProcedure, router } from '../trpc';

const catalogueRead = cachedProcedure('catalogue');

export const tonieRouter = router({
  /** One page of the catalogue, filtered and sorted across the whole catalogue. */
  list: catalogueRead
    // Within a shelf it needs a session, so its answer is then the viewer's (or an error).
    .meta({ cache: 'shared' })
    .input(tonieListInputSchema)
    .output(tonieListSchema)
    // Within the viewer's shelves (input.shelf) the list is theirs: never cached, signed in only.
    .query(({ ctx, input }) => {
      if (input.shelf === undefined) return ctx.cached(() => catalogue.listTonies(ctx.db, input, ctx.search));
      if (ctx.sessionUnavailable) throw ctx.sessionUnavailable;
      if (!ctx.user) throw new AppError('UNAUTHORIZED', CATALOGUE_FILTER_MESSAGES.signInForShelf);
      return shelves.listTonies(ctx.db, ctx.user.id, input);
    }),

  /** A Tonie with every field; its HTML is sanitised. */
  byId: catalogueRead
    .meta({ cache: 'shared' })
    .input(z.object({ id: tonieIdSchema }))
    .output(tonieSchema)
    .query(({ ctx, input }) => ctx.cached(() => catalogue.tonieById(ctx.db, input.id))),

  /** The header's quick search: id, name, image and category of matching Tonies. */
  quickSearch: catalogueRead
    .meta({ cache: 'shared' })
    .input(quickSearchInputSchema)
    .output(quickSearchResultSchema)
    .query(({ ctx, input }) => ctx.cached(() => catalogue.quickSearch(ctx.db, input.q, input.limit, ctx.search))),

  /** Categories with their Tonie counts, for the catalogue's filter bar; the counts follow the list's language and age filters. */
  categories: catalogueRead
    .meta({ cache: 'shared' })
    .input(categoryCountsInputSchema)
    .output(categoryCountsSchema)
    .query(({ ctx, input }) => ctx.cached(() => catalogue.listCategories(ctx.db, input ?? {}))),

  /** Languages with their Tonie counts, for the catalogue's language filter. */
  languages: catalogueRead
    .meta({ cache: 'shared' })
    .output(languageCountsSchema)
    .query(({ ctx }) => ctx.cached(() => catalogue.listLanguages(ctx.db))),

  /** A series' page header: episode count, rating over all episodes, languages; NOT_FOUND for an unknown series. */
  series: catalogueRead
    .meta({ cache: 'shared' })
    .input(z.object({ name: seriesNameSchema }))
    .output(seriesSummarySchema)
    .query(({ ctx, input }) => ctx.cached(() => catalogue.seriesSummary(ctx.db, input.name))),
});
