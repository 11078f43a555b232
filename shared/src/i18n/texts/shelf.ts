// Shelves' messages: the server's refusals and the shelf screens' toasts.
// English (SPEC.md's texts word for word) and German side by side, by key; the code of each is
// 'shelf.<key>'.
import { SHELF_IMPORT_MAX_CHARS, SHELF_STATES_MAX_IDS } from '../../values/shelf';
import { type MessageEntry, withFormat } from '../message-format';

export const SHELF_TEXTS = {
  shelf: {
    en: 'shelf must be own, wishlist or favourites',
    de: 'Das Regal (shelf) muss own, wishlist oder favourites sein',
  },
  format: {
    en: 'format must be csv or json',
    de: 'Das Format muss csv oder json sein',
  },
  delimiter: {
    en: 'delimiter must be comma or semicolon',
    de: 'Das Trennzeichen (delimiter) muss comma oder semicolon sein',
  },
  tooManyIds: {
    en: `Ask for at most ${SHELF_STATES_MAX_IDS} Tonies at once`,
    de: `Frag nach höchstens ${SHELF_STATES_MAX_IDS} Tonies auf einmal`,
  },
  importEmpty: {
    en: 'The file holds no article codes.',
    de: 'Die Datei enthält keine Artikelnummern.',
  },
  importTooLarge: withFormat(
    (f) => `The file is too large: at most ${f.number(SHELF_IMPORT_MAX_CHARS)} characters`,
    (f) => `Die Datei ist zu groß: höchstens ${f.number(SHELF_IMPORT_MAX_CHARS)} Zeichen`,
  ),
  importUnreadable: {
    en: 'The file could not be read as CSV.',
    de: 'Die Datei ließ sich nicht als CSV lesen.',
  },
  importTooManyCodes: {
    en: 'The file holds too many article codes: at most 10,000 at once',
    de: 'Die Datei enthält zu viele Artikelnummern: höchstens 10.000 auf einmal',
  },
  shareNotFound: {
    en: 'This shared shelf does not exist (any more).',
    de: 'Dieses geteilte Regal gibt es nicht (mehr).',
  },
  notShared: {
    en: 'This shelf is not shared.',
    de: 'Dieses Regal wird nicht geteilt.',
  },
  updateFailed: {
    en: 'Failed to update your shelves. Please try again.',
    de: 'Deine Regale konnten nicht geändert werden. Bitte versuch es noch einmal.',
  },
  linkCopied: {
    en: 'Link copied',
    de: 'Link kopiert',
  },
} as const satisfies Record<string, MessageEntry>;
