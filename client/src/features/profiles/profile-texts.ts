// Texts of public profiles (/u/{username}), the profile settings on the account page and the
// helpful votes on reviews, in English and German ("du"; shelves: Own = "Habe ich", Wishlist =
// "Wunschliste", Favourites = "Lieblinge"). The server's messages are the shared texts of their
// groups (shared/src/i18n/texts/profile.ts and review.ts), never a second copy here; read from the
// groups, not through the whole message catalogue, which a profile's first load would carry.
import type { ShelfName } from '@tonieshelf/shared/values/shelf';
import { formatCount } from '@tonieshelf/shared/format';
import { PROFILE_TEXTS } from '@tonieshelf/shared/i18n/texts/profile';
import { REVIEW_TEXTS } from '@tonieshelf/shared/i18n/texts/review';
import { defineTexts } from '../../i18n/texts';

const de = (n: number) => formatCount(n, 'de');
const SHELF_NAMES: Record<ShelfName, string> = { own: 'Own', wishlist: 'Wishlist', favourites: 'Favourites' };

const EN = {
  // The profile page
  loading: 'Loading the profile...',
  notFoundTitle: 'User not found',
  notFound: PROFILE_TEXTS.notFound.en,
  loadError: "We couldn't load this profile. Please try again later.",
  tryAgain: 'Try Again',
  backToCatalog: 'Browse the catalogue',
  memberSince: (date: string) => `Member since ${date}`,
  handle: (username: string) => `@${username}`,
  reviewCount: (n: number) => `${formatCount(n)} ${n === 1 ? 'review' : 'reviews'}`,
  audioCount: (n: number) => `${formatCount(n)} audio ${n === 1 ? 'file' : 'files'}`,
  setCount: (n: number) => `${formatCount(n)} ${n === 1 ? 'set' : 'sets'}`,
  editSettings: 'Edit profile settings',
  reportUser: 'Report user',
  sections: 'Profile sections',
  reviews: 'Reviews',
  audio: 'Audio',
  sets: 'Sets',
  shelfNames: SHELF_NAMES,
  reviewsHidden: PROFILE_TEXTS.reviewsHidden.en,
  ownReviewsHidden: 'Your reviews are hidden from your profile.',
  ownReviewsSettings: 'Change this in your profile settings',
  noReviews: 'No reviews yet.',
  noAudio: 'No published audio yet.',
  noSets: 'No published sets yet.',
  emptyShelf: 'This shelf is empty.',
  shelfPrivate: PROFILE_TEXTS.shelfPrivate.en,
  sectionError: "We couldn't load this list. Please try again later.",
  loadingSection: 'Loading...',
  pagination: (section: string) => `${section} pages`,
  reviewOf: (tonie: string) => `Review of ${tonie}`,
  openTonie: (tonie: string) => `Open ${tonie} in the catalogue`,
  profileOf: (name: string) => `Profile of ${name}`,

  // Helpful votes on reviews
  helpfulCount: (n: number) => `${formatCount(n)} found this helpful`,
  ownReviewVote: REVIEW_TEXTS.ownReviewVote.en,

  // The profile settings on the account page
  settingsTitle: 'Public profile',
  settingsIntro: 'Others see your name, when you joined, your published audio and sets, and what you choose here.',
  viewProfile: 'View my profile',
  showShelves: 'Show my shelves on my profile',
  showShelvesHint: 'None are shown unless you tick them.',
  showReviews: 'Show my reviews on my profile',
  save: 'Save',
  settingsLoadError: "We couldn't load your profile settings. Please try again later.",
  settingsSaved: PROFILE_TEXTS.settingsSaved.en,
  settingsSavedDetail: 'Your profile now shows what you chose.',
  settingsFailed: PROFILE_TEXTS.settingsFailed.en,
  error: 'Error',
};

export const useProfileTexts = defineTexts('profiles', EN, {
  loading: 'Profil wird geladen …',
  notFoundTitle: 'Benutzer nicht gefunden',
  notFound: PROFILE_TEXTS.notFound.de,
  loadError: 'Das Profil konnte nicht geladen werden. Bitte versuch es später noch einmal.',
  tryAgain: 'Erneut versuchen',
  backToCatalog: 'Zum Katalog',
  memberSince: (date: string) => `Dabei seit ${date}`,
  handle: (username: string) => `@${username}`,
  reviewCount: (n: number) => `${de(n)} ${n === 1 ? 'Rezension' : 'Rezensionen'}`,
  audioCount: (n: number) => `${de(n)} ${n === 1 ? 'Audiodatei' : 'Audiodateien'}`,
  setCount: (n: number) => `${de(n)} ${n === 1 ? 'Playlist' : 'Playlists'}`,
  editSettings: 'Profileinstellungen bearbeiten',
  reportUser: 'Person melden',
  sections: 'Bereiche des Profils',
  reviews: 'Rezensionen',
  audio: 'Audio',
  sets: 'Playlists',
  shelfNames: { own: 'Habe ich', wishlist: 'Wunschliste', favourites: 'Lieblinge' },
  reviewsHidden: PROFILE_TEXTS.reviewsHidden.de,
  ownReviewsHidden: 'Deine Rezensionen sind in deinem Profil ausgeblendet.',
  ownReviewsSettings: 'Das änderst du in deinen Profileinstellungen',
  noReviews: 'Noch keine Rezensionen.',
  noAudio: 'Noch keine veröffentlichten Audiodateien.',
  noSets: 'Noch keine veröffentlichten Playlists.',
  emptyShelf: 'Dieses Regal ist leer.',
  shelfPrivate: PROFILE_TEXTS.shelfPrivate.de,
  sectionError: 'Diese Liste konnte nicht geladen werden. Bitte versuch es später noch einmal.',
  loadingSection: 'Wird geladen …',
  pagination: (section: string) => `Seiten: ${section}`,
  reviewOf: (tonie: string) => `Rezension zu ${tonie}`,
  openTonie: (tonie: string) => `${tonie} im Katalog öffnen`,
  profileOf: (name: string) => `Profil von ${name}`,
  helpfulCount: (n: number) => `${de(n)} ${n === 1 ? 'Person fand' : 'Personen fanden'} das hilfreich`,
  ownReviewVote: REVIEW_TEXTS.ownReviewVote.de,

  settingsTitle: 'Öffentliches Profil',
  settingsIntro: 'Andere sehen deinen Namen, seit wann du dabei bist, deine veröffentlichten Audiodateien und Playlists und was du hier auswählst.',
  viewProfile: 'Mein Profil ansehen',
  showShelves: 'Meine Regale auf meinem Profil zeigen',
  showShelvesHint: 'Keines wird gezeigt, solange du es nicht ankreuzt.',
  showReviews: 'Meine Rezensionen auf meinem Profil zeigen',
  save: 'Speichern',
  settingsLoadError: 'Deine Profileinstellungen konnten nicht geladen werden. Bitte versuch es später noch einmal.',
  settingsSaved: PROFILE_TEXTS.settingsSaved.de,
  settingsSavedDetail: 'Dein Profil zeigt jetzt, was du ausgewählt hast.',
  settingsFailed: PROFILE_TEXTS.settingsFailed.de,
  error: 'Fehler',
});
