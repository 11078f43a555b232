// Public profiles' plain values: messages and the profile address.
// Without zod, so that a page can use them without loading the schemas: schemas/profile.ts
// re-exports them (import from either).

export const PROFILE_MESSAGES = {
  /**
   * The same words (and German) as the moderators' 'no such user' (MODERATION_MESSAGES.userNotFound,
   * values.test.ts holds them equal): written out, so the header's profile link does not bring
   * the moderation words along.
   */
  notFound: 'There is no such user.',
  username: 'The username must be 1 to 64 characters',
  reviewsHidden: 'This user keeps their review list private.',
  shelfPrivate: 'This shelf is not public.',
  // Toasts.
  settingsSaved: 'Profile settings saved',
  settingsFailed: 'Failed to save the profile settings. Please try again.',
} as const;

/** /u/{username}: a user's public profile. */
export function profilePath(username: string): string {
  return `/u/${encodeURIComponent(username)}`;
}
