// Public profiles (/u/{username}): display name, member since, the user's reviews (unless they hid
// the list), published audio and sets, and the shelves they made public; the profile settings.
import { z } from 'zod';
import { CATALOGUE_MAX_PAGE_SIZE } from '../values/tonie';
import { PROFILE_ITEMS_PAGE_SIZE, PROFILE_REVIEWS_PAGE_SIZE, PROFILE_MESSAGES } from '../values/profile';
import { positiveInt, text, yesNo } from './common';
import { reviewSchema } from './review';
import { shelfNameSchema } from './shelf';
import { tonieSummarySchema } from './tonie';

/** A username as profile addresses carry it (any case; matched without regard to case). */
export const profileUsernameSchema = text().trim().min(1, { error: PROFILE_MESSAGES.username }).max(64, { error: PROFILE_MESSAGES.username });

export const profileInputSchema = z.object({ username: profileUsernameSchema });

export const profileSchema = z.object({
  userId: z.string(),
  username: z.string(),
  /** First and last name, as reviews show them. */
  displayName: z.string(),
  /** When the account was made (ISO 8601). */
  memberSince: z.string(),
  /** The review list is hidden (for others than the user); the count is then 0. */
  reviewsHidden: z.boolean(),
  reviewCount: z.number().int(),
  audioCount: z.number().int(),
  setCount: z.number().int(),
  /** The shelves the user made public, with their counts (SHELVES order). */
  shelves: z.array(z.object({ shelf: shelfNameSchema, count: z.number().int() })),
  /** The viewer is this user (sees their own profile as others do, plus a link to the settings). */
  isSelf: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profilePageInputSchema = (pageSize: number) =>
  z.object({
    username: profileUsernameSchema,
    page: positiveInt('page').default(1),
    pageSize: positiveInt('pageSize', CATALOGUE_MAX_PAGE_SIZE).default(pageSize),
  });
export const profileReviewsInputSchema = profilePageInputSchema(PROFILE_REVIEWS_PAGE_SIZE);
export const profileItemsInputSchema = profilePageInputSchema(PROFILE_ITEMS_PAGE_SIZE);
export const profileShelfInputSchema = profilePageInputSchema(PROFILE_ITEMS_PAGE_SIZE).extend({ shelf: shelfNameSchema });

/** A review on a profile: the review with its Tonie's name and picture. */
export const profileReviewSchema = reviewSchema.extend({
  tonie: z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable(), language: z.string().nullable() }),
});
export type ProfileReview = z.infer<typeof profileReviewSchema>;
export const profileReviewsSchema = z.object({ reviews: z.array(profileReviewSchema), totalCount: z.number().int() });
export type ProfileReviews = z.infer<typeof profileReviewsSchema>;

/** One page of a public shelf on a profile, newest added first. */
export const profileShelfSchema = z.object({ tonies: z.array(tonieSummarySchema), totalCount: z.number().int() });

export const profileSettingsSchema = z.object({
  /** The shelves the profile shows (none by default). */
  publicShelves: z.array(shelfNameSchema),
  /** The profile lists the user's reviews (yes by default). */
  showReviews: z.boolean(),
});
export type ProfileSettings = z.infer<typeof profileSettingsSchema>;
export const updateProfileSettingsInputSchema = z.object({
  publicShelves: z
    .array(shelfNameSchema)
    .transform((s) => [...new Set(s)])
    .optional(),
  showReviews: yesNo('showReviews').optional(),
});
