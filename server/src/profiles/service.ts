// Public profiles (/u/{username}): who the user is, their visible reviews (unless hidden), their
// published audio and sets, and the shelves they made public; their profile settings. A suspended
// user has no profile (NOT_FOUND). All SQL is in repositories/profiles.ts (and the audio, sets,
// ratings and shelves repositories it reuses).
import type { AudioList } from '@tonieshelf/shared/schemas/audio';
import type { Profile, ProfileReviews, ProfileSettings } from '@tonieshelf/shared/schemas/profile';
import type { profileItemsInputSchema, profileReviewsInputSchema, profileShelfInputSchema, updateProfileSettingsInputSchema } from '@tonieshelf/shared/schemas/profile';
import type { SetList } from '@tonieshelf/shared/schemas/set';
import type { TonieList } from '@tonieshelf/shared/schemas/tonie';
import type { z } from 'zod';
import type { Db } from '../db/types';

const todo = (what: string): never => {
  throw new Error(`profiles: ${what} is not built yet`);
};

export async function byUsername(_db: Db, _username: string, _viewerId: string | null): Promise<Profile> {
  return todo('byUsername');
}

export async function reviews(_db: Db, _input: z.output<typeof profileReviewsInputSchema>, _viewerId: string | null): Promise<ProfileReviews> {
  return todo('reviews');
}

export async function audio(_db: Db, _input: z.output<typeof profileItemsInputSchema>, _viewerId: string | null): Promise<AudioList> {
  return todo('audio');
}

export async function sets(_db: Db, _input: z.output<typeof profileItemsInputSchema>, _viewerId: string | null): Promise<SetList> {
  return todo('sets');
}

export async function shelf(_db: Db, _input: z.output<typeof profileShelfInputSchema>): Promise<Pick<TonieList, 'tonies' | 'totalCount'>> {
  return todo('shelf');
}

export async function settings(_db: Db, _userId: string): Promise<ProfileSettings> {
  return todo('settings');
}

export async function updateSettings(_db: Db, _userId: string, _input: z.output<typeof updateProfileSettingsInputSchema>): Promise<ProfileSettings> {
  return todo('updateSettings');
}
