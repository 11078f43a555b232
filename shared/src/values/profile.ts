// Public profiles' plain values: page sizes, messages and the profile address.
// Without zod, so that a page can load them without the schemas.
import type { MessageCode } from '../i18n/messages';

/** Reviews per page on a profile. */
export const PROFILE_REVIEWS_PAGE_SIZE = 10;
/** Audio files, sets or shelf Tonies per page on a profile. */
export const PROFILE_ITEMS_PAGE_SIZE = 12;

export const PROFILE_MESSAGES = {
  notFound: 'profile.notFound',
  username: 'profile.username',
  reviewsHidden: 'profile.reviewsHidden',
  shelfPrivate: 'profile.shelfPrivate',
  settingsSaved: 'profile.settingsSaved',
  settingsFailed: 'profile.settingsFailed',
} as const satisfies Record<string, MessageCode>;

/** /u/{username}: a user's public profile. */
export function profilePath(username: string): string {
  return `/u/${encodeURIComponent(username)}`;
}
