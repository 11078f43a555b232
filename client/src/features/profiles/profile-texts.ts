// Texts of public profiles (/u/{username}), the profile settings on the account page and the
// helpful votes on reviews, in English and German ("du"; shelves: Own = "Habe ich", Wishlist =
// "Wunschliste", Favourites = "Lieblinge"). The server's messages (PROFILE_MESSAGES,
// REVIEW_MESSAGES) are the shared texts by their code (shared/src/i18n/texts), never a second
// copy here.
import type { ShelfName } from '@tonieshelf/shared/values/shelf';
import { PROFILE_MESSAGES } from '@tonieshelf/shared/values/profile';
import { REVIEW_MESSAGES } from '@tonieshelf/shared/values/review';
import { formatCount } from '@tonieshelf/shared/format';
import { formatMessage, type MessageCode } from '@tonieshelf/shared/i18n/messages';
import { defineTexts } from '../../i18n/texts';

const de = (n: number) => formatCount(n, 'de');
/** A server message in English or German, by its code. */
const english = (message: MessageCode) => formatMessage(message, 'en');
const german = (message: MessageCode) => formatMessage(message, 'de');
const SHELF_NAMES: Record<ShelfName, string> = { own: 'Own', wishlist: 'Wishlist', favourites: 'Favourites' };

const EN = {
  // The profile page
  loading: 'Loading the profile...',
  notFoundTitle: 'User not found',
  notFound: english(PROFILE_MESSAGES.notFound),
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
  reviewsHidden: english(PROFILE_MESSAGES.reviewsHidden),
  ownReviewsHidden: 'Your reviews are hidden from your profile.',
  ownReviewsSettings: 'Change this in your profile settings',
  noReviews: 'No reviews yet.',
  noAudio: 'No published audio yet.',
  noSets: 'No published sets yet.',
  emptyShelf: 'This shelf is empty.',
  shelfPrivate: english(PROFILE_MESSAGES.shelfPrivate),
  sectionError: "We couldn't load this list. Please try again later.",
  loadingSection: 'Loading...',
  pagination: (section: string) => `${section} pages`,
  reviewOf: (tonie: string) => `Review of ${tonie}`,
  openTonie: (tonie: string) => `Open ${tonie} in the catalogue`,
  profileOf: (name: string) => `Profile of ${name}`,

  // Helpful votes on reviews
  helpfulCount: (n: number) => `${formatCount(n)} found this helpful`,
  ownReviewVote: english(REVIEW_MESSAGES.ownReviewVote),

  // The profile settings on the account page
  settingsTitle: 'Public profile',
  settingsIntro: 'Others see your name, when you joined, your published audio and sets, and what you choose here.',
  viewProfile: 'View my profile',
  showShelves: 'Show my shelves on my profile',
  showShelvesHint: 'None are shown unless you tick them.',
  showReviews: 'Show my reviews on my profile',
  save: 'Save',
  settingsLoadError: "We couldn't load your profile settings. Please try again later.",
  settingsSaved: english(PROFILE_MESSAGES.settingsSaved),
  settingsSavedDetail: 'Your profile now shows what you chose.',
  settingsFailed: english(PROFILE_MESSAGES.settingsFailed),
  error: 'Error',
};

export const useProfileTexts = defineTexts('profiles', EN, {
  loading: 'Profil wird geladen …',
  notFoundTitle: 'Benutzer nicht gefunden',
  notFound: german(PROFILE_MESSAGES.notFound),
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
  reviewsHidden: german(PROFILE_MESSAGES.reviewsHidden),
  ownReviewsHidden: 'Deine Rezensionen sind in deinem Profil ausgeblendet.',
  ownReviewsSettings: 'Das änderst du in deinen Profileinstellungen',
  noReviews: 'Noch keine Rezensionen.',
  noAudio: 'Noch keine veröffentlichten Audiodateien.',
  noSets: 'Noch keine veröffentlichten Playlists.',
  emptyShelf: 'Dieses Regal ist leer.',
  shelfPrivate: german(PROFILE_MESSAGES.shelfPrivate),
  sectionError: 'Diese Liste konnte nicht geladen werden. Bitte versuch es später noch einmal.',
  loadingSection: 'Wird geladen …',
  pagination: (section: string) => `Seiten: ${section}`,
  reviewOf: (tonie: string) => `Rezension zu ${tonie}`,
  openTonie: (tonie: string) => `${tonie} im Katalog öffnen`,
  profileOf: (name: string) => `Profil von ${name}`,
  helpfulCount: (n: number) => `${de(n)} ${n === 1 ? 'Person fand' : 'Personen fanden'} das hilfreich`,
  ownReviewVote: german(REVIEW_MESSAGES.ownReviewVote),

  settingsTitle: 'Öffentliches Profil',
  settingsIntro: 'Andere sehen deinen Namen, seit wann du dabei bist, deine veröffentlichten Audiodateien und Playlists und was du hier auswählst.',
  viewProfile: 'Mein Profil ansehen',
  showShelves: 'Meine Regale auf meinem Profil zeigen',
  showShelvesHint: 'Keines wird gezeigt, solange du es nicht ankreuzt.',
  showReviews: 'Meine Rezensionen auf meinem Profil zeigen',
  save: 'Speichern',
  settingsLoadError: 'Deine Profileinstellungen konnten nicht geladen werden. Bitte versuch es später noch einmal.',
  settingsSaved: german(PROFILE_MESSAGES.settingsSaved),
  settingsSavedDetail: 'Dein Profil zeigt jetzt, was du ausgewählt hast.',
  settingsFailed: german(PROFILE_MESSAGES.settingsFailed),
  error: 'Fehler',
});
