// The catalogue's messages: list filters, sorts, Tonies and series.
// English (SPEC.md's texts word for word) and German side by side, by key; the code of each is
// 'catalogue.<key>'.
import { AGE_FILTER_MAX, LANGUAGE_FILTER_MAX, QUICK_SEARCH_MIN_LENGTH } from '../../values/tonie';
import type { MessageEntry } from '../message-format';

export const CATALOGUE_TEXTS = {
  language: {
    en: 'language must be a language tag such as de-DE or en-GB',
    de: 'Die Sprache muss ein Sprachcode wie de-DE oder en-GB sein',
  },
  tooManyLanguages: {
    en: `Filter by at most ${LANGUAGE_FILTER_MAX} languages`,
    de: `Filtere nach höchstens ${LANGUAGE_FILTER_MAX} Sprachen`,
  },
  age: {
    en: `age must be a whole number from 0 to ${AGE_FILTER_MAX}`,
    de: `Das Alter muss eine ganze Zahl von 0 bis ${AGE_FILTER_MAX} sein`,
  },
  series: {
    en: 'series must be at most 300 characters',
    de: 'Der Name der Serie darf höchstens 300 Zeichen haben',
  },
  seriesEmpty: {
    en: 'series must not be empty',
    de: 'Der Name der Serie darf nicht leer sein',
  },
  addedNeedsShelf: {
    en: 'Sorting by date added works only within a shelf',
    de: 'Nach dem Datum des Hinzufügens lässt sich nur innerhalb eines Regals sortieren',
  },
  signInForShelf: {
    en: 'Please log in to filter by your shelves',
    de: 'Bitte melde dich an, um nach deinen Regalen zu filtern',
  },
  shelf: {
    en: 'shelf must be own, wishlist, favourites or none',
    de: 'Das Regal (shelf) muss own, wishlist, favourites oder none sein',
  },
  // The list's and a Tonie's own messages (schemas/tonie.ts, the catalogue service, the search shim).
  sort: {
    en: 'sort must be newest, highest, lowest, az, relevance, episode or added',
    de: 'Die Sortierung (sort) muss newest, highest, lowest, az, relevance, episode oder added sein',
  },
  category: {
    en: 'category must be at most 64 characters',
    de: 'Die Kategorie darf höchstens 64 Zeichen haben',
  },
  tonieId: {
    en: 'The Tonie id must be a whole number',
    de: 'Die Nummer des Tonies muss eine ganze Zahl sein',
  },
  quickSearchTooShort: {
    en: `Type at least ${QUICK_SEARCH_MIN_LENGTH} characters`,
    de: `Gib mindestens ${QUICK_SEARCH_MIN_LENGTH} Zeichen ein`,
  },
  tonieNotFound: {
    en: 'This Tonie does not exist (any more).',
    de: 'Diesen Tonie gibt es nicht (mehr).',
  },
  seriesNotFound: {
    en: 'No Tonie belongs to this series.',
    de: 'Zu dieser Serie gehört kein Tonie.',
  },
  searchEmpty: {
    en: 'q: Enter something to search for',
    de: 'Gib einen Suchbegriff ein',
  },
} as const satisfies Record<string, MessageEntry>;
