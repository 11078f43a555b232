// The words the server writes into a podcast feed and a set's CREDITS.txt, in English and German.
// A set's feed and ZIP speak its owner's language (users.locale); tag and user feeds English. The
// licences keep their own names (CC BY 4.0 …), 'all rights reserved' included.
import type { Language } from '@tonieshelf/shared/languages';
import { PRODUCT_NAME } from '@tonieshelf/shared/values/common';
import { LICENCE_LABELS, LICENCE_URLS, type Licence } from '@tonieshelf/shared/values/moderation';

/** '@mia' after a name: the username that links the person on the site. */
const handle = (username: string) => `(@${username})`;

export const FEED_WORDS = {
  en: {
    /** A set's feed without a description of its own. */
    setDescription: (owner: string, username: string) => `A Creative-Tonie set by ${owner} ${handle(username)} on ${PRODUCT_NAME}.`,
    /** Before each episode's own description: who made it, under which licence. */
    credit: (author: string, username: string, licence: string) => `By ${author} ${handle(username)}. Licence: ${licence}.`,
    copyright: `Each episode under its own licence, named in its description (${PRODUCT_NAME}).`,
    creditsBy: (owner: string) => `A ${PRODUCT_NAME} set by ${owner}`,
    creditsChapters: 'Chapters:',
    creditsAuthor: (author: string) => `by ${author}`,
    creditsLicence: (licence: string) => `Licence: ${licence}`,
    /** A chapter whose title gives no file name. */
    chapter: (number: string) => `Chapter ${number}`,
  },
  de: {
    setDescription: (owner: string, username: string) => `Eine Kreativ-Tonie-Playlist von ${owner} ${handle(username)} auf ${PRODUCT_NAME}.`,
    credit: (author: string, username: string, licence: string) => `Von ${author} ${handle(username)}. Lizenz: ${licence}.`,
    copyright: `Jede Folge unter ihrer eigenen Lizenz, genannt in ihrer Beschreibung (${PRODUCT_NAME}).`,
    creditsBy: (owner: string) => `Eine ${PRODUCT_NAME}-Playlist von ${owner}`,
    creditsChapters: 'Kapitel:',
    creditsAuthor: (author: string) => `von ${author}`,
    creditsLicence: (licence: string) => `Lizenz: ${licence}`,
    chapter: (number: string) => `Kapitel ${number}`,
  },
} satisfies Record<Language, unknown>;

/** A licence's name in `language` with its address: 'CC BY 4.0 (https://…)'; 'Alle Rechte vorbehalten …' in German. */
export function licenceIn(licence: Licence, language: Language): string {
  const url = LICENCE_URLS[licence];
  const label = licence === 'all-rights-reserved' && language === 'de' ? 'Alle Rechte vorbehalten – nur für den privaten Gebrauch' : LICENCE_LABELS[licence];
  return url ? `${label} (${url})` : label;
}

/** A stored language ('en', 'de'); anything else reads English. */
export const feedLanguage = (locale: string | null | undefined): Language => (locale === 'de' ? 'de' : 'en');
