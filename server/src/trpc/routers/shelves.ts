import {
  importShelfInputSchema,
  importShelfResultSchema,
  setSharingInputSchema,
  setShelfInputSchema,
  sharedShelfInputSchema,
  sharedShelfSchema,
  shelfInputSchema,
  shelfSharingSchema,
  shelfStateSchema,
  shelfStatesInputSchema,
  shelfStatesSchema,
  shelfSummarySchema,
} from '@tonieshelf/shared/schemas/shelf';
import * as shelves from '../../shelves/service';
import { protectedProcedure, publicProcedure, router } from '../trpc';

export const shelfRouter = router({
  /** Where the given Tonies (one catalogue page) stand on the signed-in user's shelves: one indexed query. */
  states: protectedProcedure
    .meta({ cache: 'private' })
    .input(shelfStatesInputSchema)
    .output(shelfStatesSchema)
    .query(({ ctx, input }) => shelves.states(ctx.db, ctx.user.id, input.tonieIds)),

  /** Puts a Tonie on a shelf or takes it off; idempotent, also under races. The Tonie's new state. */
  set: protectedProcedure
    .input(setShelfInputSchema)
    .output(shelfStateSchema)
    .mutation(({ ctx, input }) => shelves.setShelf(ctx.db, ctx.user.id, input)),

  /** /shelves: each shelf's count, listening time, and counts by category and by language. */
  summary: protectedProcedure
    .meta({ cache: 'private' })
    .output(shelfSummarySchema)
    .query(({ ctx }) => shelves.summary(ctx.db, ctx.user.id)),

  /** Puts the Tonies of a CSV of article codes on a shelf; reports the codes no Tonie has. */
  import: protectedProcedure
    .input(importShelfInputSchema)
    .output(importShelfResultSchema)
    .mutation(({ ctx, input }) => shelves.importCsv(ctx.db, ctx.user.id, input.shelf, input.csv)),

  /** Each shelf's share link (its token while sharing is on). */
  sharing: protectedProcedure
    .meta({ cache: 'private' })
    .output(shelfSharingSchema)
    .query(({ ctx }) => shelves.sharing(ctx.db, ctx.user.id)),

  /** Turns a shelf's share link on (a new token unless it has one) or off (the link dies at once). */
  setSharing: protectedProcedure
    .input(setSharingInputSchema)
    .output(shelfSharingSchema)
    .mutation(({ ctx, input }) => shelves.setSharing(ctx.db, ctx.user.id, input.shelf, input.enabled)),

  /** A new link for a shared shelf; the old one dies at once. NOT_FOUND-free: BAD_REQUEST when the shelf is not shared. */
  renewLink: protectedProcedure
    .input(shelfInputSchema)
    .output(shelfSharingSchema)
    .mutation(({ ctx, input }) => shelves.renewLink(ctx.db, ctx.user.id, input.shelf)),

  /** A shared shelf as anyone with its link sees it (read-only); NOT_FOUND once the link is revoked or renewed. Never cached. */
  shared: publicProcedure
    .meta({ cache: 'private' })
    .input(sharedShelfInputSchema)
    .output(sharedShelfSchema)
    .query(({ ctx, input }) => shelves.shared(ctx.db, input)),
});
