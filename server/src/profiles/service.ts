// Public profiles (/u/{username}): who the user is, their visible reviews (unless hidden), their
// published audio and sets, and the shelves they made public; their profile settings. A suspended
// user has no profile (NOT_FOUND). All SQL is in repositories/profiles.ts (and the audio, sets,
// reviews and shelves repositories it reuses).
//
// The profile is the public view, also for the user themself: a hidden review list is hidden
// (FORBIDDEN) for them too, and a private shelf is not shown there; isSelf only tells the client
// to offer the settings.
import { SHELVES } from '@tonieshelf/shared/values/shelf';
import type { AudioList } from '@tonieshelf/shared/schemas/audio';
import { PROFILE_MESSAGES } from '@tonieshelf/shared/values/profile';
import type {
  Profile,
  ProfileReviews,
  ProfileSettings,
  profileItemsInputSchema,
  profileReviewsInputSchema,
  profileShelfInputSchema,
  updateProfileSettingsInputSchema,
} from '@tonieshelf/shared/schemas/profile';
import type { SetList } from '@tonieshelf/shared/schemas/set';
import type { TonieList } from '@tonieshelf/shared/schemas/tonie';
import type { z } from 'zod';
import { displayNameOf, isSuspended } from '../accounts/mappers';
import * as audioService from '../audio/service';
import { toReview } from '../reviews/mappers';
import type { Db } from '../db/types';
import { AppError } from '../errors';
import * as audioRepo from '../repositories/audio';
import * as profilesRepo from '../repositories/profiles';
import * as reviewsRepo from '../repositories/reviews';
import * as setsRepo from '../repositories/sets';
import { toSetSummary } from '../sets/mappers';
import * as setsService from '../sets/service';
import * as shelves from '../shelves/service';

type PageInput = z.output<typeof profileItemsInputSchema>;

/** The user behind a profile address; NOT_FOUND for an unknown or a suspended user. */
async function requireProfileUser(db: Db, username: string) {
  const user = await profilesRepo.findProfileUser(db, username);
  if (!user || isSuspended(user.suspended_until)) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.notFound);
  return user;
}

const pageOf = (input: { page: number; pageSize: number }) => ({ limit: input.pageSize, offset: (input.page - 1) * input.pageSize });

/** A profile: names, member since, counts of visible reviews, audio and sets, and the public shelves with their counts. */
export async function byUsername(db: Db, username: string, viewerId: string | null): Promise<Profile> {
  const user = await requireProfileUser(db, username);
  const publicShelves = SHELVES.filter((s) => user.profile_shelves.includes(s));
  const [reviewCount, audioCount, setCount, shelfCounts] = await Promise.all([
    user.profile_reviews_hidden ? Promise.resolve(0) : reviewsRepo.countVisibleUserReviews(db, user.id),
    audioRepo.countPublishedAudio(db, { userId: user.id }),
    setsRepo.countPublishedSets(db, user.id),
    publicShelves.length > 0 ? profilesRepo.shelfCounts(db, user.id) : Promise.resolve(null),
  ]);
  return {
    userId: user.id,
    username: user.username,
    displayName: displayNameOf(user),
    memberSince: user.created_at.toISOString(),
    reviewsHidden: user.profile_reviews_hidden,
    reviewCount,
    audioCount,
    setCount,
    shelves: shelfCounts ? publicShelves.map((shelf) => ({ shelf, count: shelfCounts[shelf] })) : [],
    isSelf: viewerId === user.id,
  };
}

/** The user's visible reviews, newest first, one page, each with its Tonie; FORBIDDEN when the list is hidden (for everyone). */
export async function reviews(db: Db, input: z.output<typeof profileReviewsInputSchema>): Promise<ProfileReviews> {
  const user = await requireProfileUser(db, input.username);
  if (user.profile_reviews_hidden) throw new AppError('FORBIDDEN', PROFILE_MESSAGES.reviewsHidden);
  const [rows, totalCount] = await Promise.all([reviewsRepo.listVisibleUserReviews(db, user.id, pageOf(input)), reviewsRepo.countVisibleUserReviews(db, user.id)]);
  return {
    reviews: rows.map((r) => ({ ...toReview(r), tonie: { id: r.tonie_id, name: r.tonie_name, image: r.tonie_image, language: r.tonie_language } })),
    totalCount,
  };
}

/** The user's published, visible audio files, newest first, one page, as Discover shows them (with the viewer's likes). */
export async function audio(db: Db, input: PageInput, viewerId: string | null): Promise<AudioList> {
  const user = await requireProfileUser(db, input.username);
  const query = { page: input.page, pageSize: input.pageSize, sortBy: 'recent' as const, userId: user.id };
  // Discover's statement (the page and its total in one), as anyone sees it; the viewer's likes apart.
  const { rows, total } = await audioRepo.discoverPage(db, query, null);
  return audioService.forViewer(db, { rows, totalCount: total }, viewerId);
}

/** The user's published, visible sets, newest first, one page, as /sets shows them (with the viewer's likes). */
export async function sets(db: Db, input: PageInput, viewerId: string | null): Promise<SetList> {
  const user = await requireProfileUser(db, input.username);
  const { rows, total } = await setsRepo.listPublishedSets(db, { page: input.page, pageSize: input.pageSize, sortBy: 'recent', userId: user.id });
  return setsService.forViewer(db, { sets: rows.map((r) => toSetSummary(r, null)), totalCount: total }, viewerId);
}

/** One page of a shelf the user made public, newest added first; FORBIDDEN for a private one. */
export async function shelf(db: Db, input: z.output<typeof profileShelfInputSchema>): Promise<Pick<TonieList, 'tonies' | 'totalCount'>> {
  const user = await requireProfileUser(db, input.username);
  if (!user.profile_shelves.includes(input.shelf)) throw new AppError('FORBIDDEN', PROFILE_MESSAGES.shelfPrivate);
  const list = await shelves.listTonies(db, user.id, { shelf: input.shelf, sort: 'added', page: input.page, pageSize: input.pageSize });
  return { tonies: list.tonies, totalCount: list.totalCount };
}

function toSettings(row: { profile_shelves: readonly string[]; profile_reviews_hidden: boolean }): ProfileSettings {
  return { publicShelves: SHELVES.filter((s) => row.profile_shelves.includes(s)), showReviews: !row.profile_reviews_hidden };
}

/** The user's profile settings. */
export async function settings(db: Db, userId: string): Promise<ProfileSettings> {
  const row = await profilesRepo.findProfileSettings(db, userId);
  if (!row) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.notFound);
  return toSettings(row);
}

/** Changes which shelves the profile shows and whether it lists the reviews (a field left out stays). */
export async function updateSettings(db: Db, userId: string, input: z.output<typeof updateProfileSettingsInputSchema>): Promise<ProfileSettings> {
  const row = await profilesRepo.updateProfileSettings(db, userId, {
    ...(input.publicShelves !== undefined ? { profile_shelves: SHELVES.filter((s) => input.publicShelves!.includes(s)) } : {}),
    ...(input.showReviews !== undefined ? { profile_reviews_hidden: !input.showReviews } : {}),
  });
  if (!row) throw new AppError('NOT_FOUND', PROFILE_MESSAGES.notFound);
  return toSettings(row);
}
