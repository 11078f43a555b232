// The words of the reviews (a Tonie's summary, list and rating form, the helpful votes) and their
// toasts, in English and German. The server's messages (REVIEW_MESSAGES) are the shared texts
// by their code (shared/src/i18n/texts).
import { formatCount } from '@tonieshelf/shared/format';
import { formatMessage, type MessageCode } from '@tonieshelf/shared/i18n/messages';
import { REVIEW_MESSAGES } from '@tonieshelf/shared/values/review';
import { defineTexts } from '../../i18n/texts';

const de = (n: number) => formatCount(n, 'de');
/** A shared message in English / in German, by its code. */
const english = (message: MessageCode) => formatMessage(message, 'en');
const german = (message: MessageCode) => formatMessage(message, 'de');

export const REVIEW_TEXTS = {
  /** The star picker's label of each star. */
  starLabel: (n: number) => `${n} ${n === 1 ? 'star' : 'stars'}`,
  /** Beside the picker once stars are chosen: '4 of 5'. */
  ratingOf: (n: number, max: number) => `${n} of ${max}`,
  /** What a screen reader hears for a review's stars. */
  reviewStars: (n: number, max: number) => `${n} out of ${max} stars`,
  loadingReviews: 'Loading reviews',
  /** A bar of the summary: '5 stars: 40% (2)'. */
  distributionRow: (stars: number, percent: number, count: number) => `${stars} stars: ${percent}% (${count})`,
  percent: (percent: number) => `${percent}%`,

  // The reviews of a Tonie
  ratingSummary: 'Rating summary',
  reviews: 'Reviews',
  noReviews: 'No reviews yet. Be the first to review this Tonie!',
  anonymous: english(REVIEW_MESSAGES.anonymous),
  yourReview: 'Your review',
  /** After the date of a review its author changed. */
  edited: 'Edited',
  editedOn: (date: string) => `Edited ${date}`,
  editReview: 'Edit',
  deleteReview: 'Delete',
  deleteConfirmTitle: 'Delete your review?',
  deleteConfirmText: 'Your stars, text and tags for this Tonie will be removed. This cannot be undone.',
  reportMenu: (name: string) => `Report the review by ${name}`,
  reportReview: 'Report this review',
  reportUser: 'Report this user',
  ownHiddenNote: 'Only you and the moderators can see your review. Read the reasons and contest the decision if you disagree.',
  rateThisTonie: 'Rate this Tonie',
  signInToRate: 'Please sign in to leave a rating and review',
  alreadyReviewed: 'You have already reviewed this Tonie',
  alreadyReviewedHint: 'Thank you! Each account can review a Tonie once, and can edit or delete that review at any time.',
  viewYourReview: 'View Your Review',
  editYourReview: 'Edit your review',
  saveChanges: 'Save changes',
  cancel: 'Cancel',
  yourRating: 'Your rating',
  reviewLabel: 'Your review (optional)',
  reviewPlaceholder: 'What did your family think?',
  tagsLabel: 'Tags (optional)',
  tagsPlaceholder: 'Add a tag and press Enter',
  tagsHint: (max: number, length: number) => `Up to ${max} tags of at most ${length} characters each`,
  submitReview: 'Submit Review',

  // The stars and counts of the summary
  signIn: 'Sign in',
  /** '(n ratings)'; one rating reads '(1 rating)'. */
  ratingsCount: (n: number) => `(${n} ${n === 1 ? 'rating' : 'ratings'})`,
  noRatingsYet: 'No ratings yet',

  // Helpful votes and the order of the list
  profileOf: (name: string) => `Profile of ${name}`,
  helpful: (n: number) => `Helpful · ${formatCount(n)}`,
  helpfulCount: (n: number) => `${formatCount(n)} found this helpful`,
  /** The vote button's accessible name: its visible label first (WCAG 2.5.3), then what it does. */
  markHelpful: (label: string, name: string) => `${label} — mark review by ${name} as helpful`,
  signInToVote: english(REVIEW_MESSAGES.signInToVote),
  voteFailed: 'Failed to save your vote. Please try again.',
  voteFailedTitle: 'Error',
  sortReviews: 'Sort reviews',
  sortNewest: 'Newest',
  sortHelpful: 'Most helpful',
};

export const useReviewTexts = defineTexts('reviews', REVIEW_TEXTS, {
  starLabel: (n: number) => `${n} ${n === 1 ? 'Stern' : 'Sterne'}`,
  ratingOf: (n: number, max: number) => `${n} von ${max}`,
  reviewStars: (n: number, max: number) => `${n} von ${max} Sternen`,
  loadingReviews: 'Rezensionen werden geladen',
  distributionRow: (stars: number, percent: number, count: number) => `${stars} ${stars === 1 ? 'Stern' : 'Sterne'}: ${percent} % (${formatCount(count, 'de')})`,
  percent: (percent: number) => `${percent} %`,

  ratingSummary: 'Bewertungen im Überblick',
  reviews: 'Rezensionen',
  noReviews: 'Noch keine Rezensionen. Schreib die erste zu diesem Tonie!',
  anonymous: 'Anonym',
  yourReview: 'Deine Rezension',
  edited: 'Bearbeitet',
  editedOn: (date: string) => `Bearbeitet am ${date}`,
  editReview: 'Bearbeiten',
  deleteReview: 'Löschen',
  deleteConfirmTitle: 'Deine Rezension löschen?',
  deleteConfirmText: 'Deine Sterne, dein Text und deine Tags zu diesem Tonie werden entfernt. Das lässt sich nicht rückgängig machen.',
  reportMenu: (name: string) => `Rezension von ${name} melden`,
  reportReview: 'Diese Rezension melden',
  reportUser: 'Diese Person melden',
  ownHiddenNote: 'Nur du und das Moderationsteam können deine Rezension sehen. Lies die Gründe nach und widersprich, wenn du anderer Meinung bist.',

  rateThisTonie: 'Diesen Tonie bewerten',
  signInToRate: 'Bitte melde dich an, um eine Bewertung und Rezension abzugeben',
  alreadyReviewed: 'Du hast diesen Tonie schon bewertet',
  alreadyReviewedHint: 'Danke! Jedes Konto kann einen Tonie einmal bewerten und die Rezension jederzeit bearbeiten oder löschen.',
  viewYourReview: 'Deine Rezension ansehen',
  editYourReview: 'Deine Rezension bearbeiten',
  saveChanges: 'Änderungen speichern',
  cancel: 'Abbrechen',
  yourRating: 'Deine Bewertung',
  reviewLabel: 'Deine Rezension (optional)',
  reviewPlaceholder: 'Wie hat er euch als Familie gefallen?',
  tagsLabel: 'Tags (optional)',
  tagsPlaceholder: 'Tag eingeben und Enter drücken',
  tagsHint: (max: number, length: number) => `Bis zu ${max} Tags mit je höchstens ${length} Zeichen`,
  submitReview: 'Rezension abschicken',

  signIn: 'Anmelden',
  ratingsCount: (n: number) => `(${n.toLocaleString('de-DE')} ${n === 1 ? 'Bewertung' : 'Bewertungen'})`,
  noRatingsYet: 'Noch keine Bewertungen',

  profileOf: (name: string) => `Profil von ${name}`,
  helpful: (n: number) => `Hilfreich · ${de(n)}`,
  helpfulCount: (n: number) => `${de(n)} ${n === 1 ? 'Person fand' : 'Personen fanden'} das hilfreich`,
  markHelpful: (label: string, name: string) => `${label} – Rezension von ${name} als hilfreich markieren`,
  signInToVote: german(REVIEW_MESSAGES.signInToVote),
  voteFailed: 'Deine Stimme konnte nicht gespeichert werden. Bitte versuch es noch einmal.',
  voteFailedTitle: 'Fehler',
  sortReviews: 'Rezensionen sortieren',
  sortNewest: 'Neueste',
  sortHelpful: 'Hilfreichste',
});

/** SPEC §8 'Catalogue toasts' of the reviews. */
export const REVIEW_TOASTS = {
  error: 'Error',
  detailsFailed: 'Failed to load Tonie details. Please try again later.',
  alreadyReviewedTitle: 'Already Reviewed',
  alreadyReviewed: english(REVIEW_MESSAGES.alreadyReviewed),
  submitFailed: 'Failed to submit review: ',
  selectRating: english(REVIEW_MESSAGES.selectRating),
  submittedTitle: 'Review submitted',
  submitted: 'Thank you for sharing your rating and review!',
  submittedAgainTitle: 'Review Submitted',
  submittedAgain: 'Thank you for your review!',
  updatedTitle: 'Review updated',
  updated: 'Your changes to your review have been saved.',
  updateFailed: 'Failed to update review: ',
  deletedTitle: 'Review deleted',
  deleted: 'Your review of this Tonie has been removed.',
  deleteFailed: 'Failed to delete review: ',
} as const;

export const useReviewToasts = defineTexts('reviewToasts', REVIEW_TOASTS, {
  error: 'Fehler',
  detailsFailed: 'Die Details des Tonies konnten nicht geladen werden. Bitte versuche es später noch einmal.',
  alreadyReviewedTitle: 'Schon bewertet',
  alreadyReviewed: 'Du hast diesen Tonie bereits rezensiert.',
  submitFailed: 'Die Rezension konnte nicht gespeichert werden: ',
  selectRating: 'Bitte wähle eine Sternebewertung',
  submittedTitle: 'Rezension gespeichert',
  submitted: 'Danke, dass du deine Bewertung und Rezension teilst!',
  submittedAgainTitle: 'Rezension gespeichert',
  submittedAgain: 'Danke für deine Rezension!',
  updatedTitle: 'Rezension aktualisiert',
  updated: 'Deine Änderungen an der Rezension sind gespeichert.',
  updateFailed: 'Die Rezension konnte nicht aktualisiert werden: ',
  deletedTitle: 'Rezension gelöscht',
  deleted: 'Deine Rezension zu diesem Tonie wurde entfernt.',
  deleteFailed: 'Die Rezension konnte nicht gelöscht werden: ',
});
