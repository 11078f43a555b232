// Messages shared by the domains: text inputs, tag names and the search text, whole-number and
// yes/no parameters (named by the parameter: 'page', 'pageSize', 'helpful').
// English and German side by side, by key; the codes are 'text.<key>', 'tag.<key>', 'number.<key>'
// and 'boolean.<key>'.
import { SEARCH_MAX_LENGTH, TAG_FILTER_MAX, TAG_NAME_MAX } from '../../values/common';
import { type MessageEntry, withParams } from '../message-format';

export const TEXT_TEXTS = {
  nul: {
    en: 'Remove the invisible NUL character (U+0000) from this text',
    de: 'Entferne das unsichtbare NUL-Zeichen (U+0000) aus diesem Text',
  },
} as const satisfies Record<string, MessageEntry>;

export const TAG_TEXTS = {
  tagTooLong: {
    en: `A tag has at most ${TAG_NAME_MAX} characters`,
    de: `Ein Tag hat höchstens ${TAG_NAME_MAX} Zeichen`,
  },
  tagComma: {
    en: 'A tag cannot contain a comma',
    de: 'Ein Tag darf kein Komma enthalten',
  },
  tooManyFilterTags: {
    en: `Filter by at most ${TAG_FILTER_MAX} tags`,
    de: `Filtere nach höchstens ${TAG_FILTER_MAX} Tags`,
  },
  searchTooLong: {
    en: `The search has at most ${SEARCH_MAX_LENGTH} characters`,
    de: `Die Suche hat höchstens ${SEARCH_MAX_LENGTH} Zeichen`,
  },
} as const satisfies Record<string, MessageEntry>;

export const NUMBER_TEXTS = {
  wholeNumber: withParams<{ name: string }>(
    (p) => `${p.name} must be a whole number of at least 1`,
    (p) => `${p.name} muss eine ganze Zahl ab 1 sein`,
  ),
  // The maximum as it is (no grouping), in both languages.
  atMost: withParams<{ name: string; max: number }>(
    (p) => `${p.name} must be at most ${p.max}`,
    (p) => `${p.name} darf höchstens ${p.max} sein`,
  ),
} as const satisfies Record<string, MessageEntry>;

/** The yes/no fields of the schemas shelf.ts (on, enabled), review.ts (helpful) and profile.ts (showReviews). */
export const BOOLEAN_TEXTS = {
  trueOrFalse: withParams<{ field: string }>(
    (p) => `${p.field} must be true or false`,
    (p) => `${p.field} muss true oder false sein`,
  ),
} as const satisfies Record<string, MessageEntry>;
