// Public profiles' messages.
// English (SPEC.md's texts word for word) and German side by side, by key; the code of each is
// 'profile.<key>'.
import type { MessageEntry } from '../message-format';

export const PROFILE_TEXTS = {
  // The moderators' 'no such user' in the same words (values.test.ts holds them equal).
  notFound: {
    en: 'There is no such user.',
    de: 'Diesen Benutzer gibt es nicht.',
  },
  username: {
    en: 'The username must be 1 to 64 characters',
    de: 'Der Benutzername muss 1 bis 64 Zeichen haben',
  },
  reviewsHidden: {
    en: 'This user keeps their review list private.',
    de: 'Diese Person zeigt ihre Rezensionen nicht öffentlich.',
  },
  shelfPrivate: {
    en: 'This shelf is not public.',
    de: 'Dieses Regal ist nicht öffentlich.',
  },
  settingsSaved: {
    en: 'Profile settings saved',
    de: 'Profileinstellungen gespeichert',
  },
  settingsFailed: {
    en: 'Failed to save the profile settings. Please try again.',
    de: 'Die Profileinstellungen konnten nicht gespeichert werden. Bitte versuch es noch einmal.',
  },
} as const satisfies Record<string, MessageEntry>;
