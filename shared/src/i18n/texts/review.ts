// Reviews' messages (a review's stars are its rating).
// English (SPEC.md's texts word for word) and German side by side, by key; the code of each is
// 'review.<key>'.
import { RATING_MAX, REVIEW_MAX_LENGTH, REVIEW_TAGS_MAX } from '../../values/review';
import { type MessageEntry, withFormat } from '../message-format';

export const REVIEW_TEXTS = {
  selectRating: {
    en: 'Please select a star rating',
    de: 'Bitte wähle eine Sternebewertung',
  },
  alreadyReviewed: {
    en: 'You have already submitted a review for this Tonie.',
    de: 'Du hast für diesen Tonie schon eine Rezension geschrieben.',
  },
  reviewTooLong: withFormat(
    (f) => `A review has at most ${f.number(REVIEW_MAX_LENGTH)} characters`,
    (f) => `Eine Rezension hat höchstens ${f.number(REVIEW_MAX_LENGTH)} Zeichen`,
  ),
  tooManyTags: {
    en: `Add at most ${REVIEW_TAGS_MAX} tags`,
    de: `Füge höchstens ${REVIEW_TAGS_MAX} Tags hinzu`,
  },
  notReviewed: {
    en: 'You have not reviewed this Tonie.',
    de: 'Du hast diesen Tonie noch nicht rezensiert.',
  },
  anonymous: {
    en: 'Anonymous',
    de: 'Anonym',
  },
  ratingTooHigh: {
    en: `The rating is at most ${RATING_MAX} stars`,
    de: `Die Bewertung hat höchstens ${RATING_MAX} Sterne`,
  },
  reviewSort: {
    en: 'sort must be newest or helpful',
    de: 'Die Sortierung (sort) muss newest oder helpful sein',
  },
  ownReviewVote: {
    en: 'You cannot mark your own review as helpful.',
    de: 'Deine eigene Rezension kannst du nicht als hilfreich markieren.',
  },
  reviewNotFound: {
    en: 'This review does not exist (any more).',
    de: 'Diese Rezension gibt es nicht (mehr).',
  },
  invalidReviewId: {
    en: 'The review id must be a whole number',
    de: 'Die Nummer der Rezension muss eine ganze Zahl sein',
  },
  signInToVote: {
    en: 'Please log in to mark reviews as helpful',
    de: 'Bitte melde dich an, um Rezensionen als hilfreich zu markieren',
  },
} as const satisfies Record<string, MessageEntry>;
