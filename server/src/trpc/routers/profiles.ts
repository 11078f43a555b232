import { audioListSchema } from '@tonieshelf/shared/schemas/audio';
import {
  profileInputSchema,
  profileItemsInputSchema,
  profileReviewsInputSchema,
  profileReviewsSchema,
  profileSchema,
  profileSettingsSchema,
  profileShelfInputSchema,
  profileShelfSchema,
  updateProfileSettingsInputSchema,
} from '@tonieshelf/shared/schemas/profile';
import { setListSchema } from '@tonieshelf/shared/schemas/set';
import * as profiles from '../../profiles/service';
import { protectedProcedure, publicProcedure, router } from '../trpc';

export const profileRouter = router({
  /** /u/{username}: names, member since, counts and the public shelves; NOT_FOUND for unknown or suspended users. */
  byUsername: publicProcedure
    // Private: what it shows follows its owner's settings, which they may change at any time.
    .meta({ cache: 'private' })
    .input(profileInputSchema)
    .output(profileSchema)
    .query(({ ctx, input }) => profiles.byUsername(ctx.db, input.username, ctx.user?.id ?? null)),

  /** The user's visible reviews, newest first, paged; FORBIDDEN when they hid the list (for themselves too: the profile is the public view). */
  reviews: publicProcedure
    .meta({ cache: 'private' })
    .input(profileReviewsInputSchema)
    .output(profileReviewsSchema)
    .query(({ ctx, input }) => profiles.reviews(ctx.db, input)),

  /** The user's published, visible audio files, newest first, paged (the viewer's likes added). */
  audio: publicProcedure
    .meta({ cache: 'anonymous' })
    .input(profileItemsInputSchema)
    .output(audioListSchema)
    .query(({ ctx, input }) => profiles.audio(ctx.db, input, ctx.user?.id ?? null)),

  /** The user's published, visible sets, newest first, paged (the viewer's likes added). */
  sets: publicProcedure
    .meta({ cache: 'anonymous' })
    .input(profileItemsInputSchema)
    .output(setListSchema)
    .query(({ ctx, input }) => profiles.sets(ctx.db, input, ctx.user?.id ?? null)),

  /** One page of a shelf the user made public, newest added first; FORBIDDEN for a private one. */
  shelf: publicProcedure
    .meta({ cache: 'private' })
    .input(profileShelfInputSchema)
    .output(profileShelfSchema)
    .query(({ ctx, input }) => profiles.shelf(ctx.db, input)),

  /** The signed-in user's profile settings. */
  settings: protectedProcedure
    .meta({ cache: 'private' })
    .output(profileSettingsSchema)
    .query(({ ctx }) => profiles.settings(ctx.db, ctx.user.id)),

  /** Changes which shelves the profile shows and whether it lists the reviews (a field left out stays). */
  updateSettings: protectedProcedure
    .input(updateProfileSettingsInputSchema)
    .output(profileSettingsSchema)
    .mutation(({ ctx, input }) => profiles.updateSettings(ctx.db, ctx.user.id, input)),
});
