// Public profiles' plain values: messages and the profile address.
// Without zod, so that a page can use them without loading the schemas: schemas/profile.ts
// re-exports them (import from either).
import type { MessageCode } from '../i18n/messages';

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
