// The head of the app's page as link previews read it (messengers, search engines, which run no
// script): a title, a description and og:/twitter: tags per address, in the request's language.
// A shared Tonie (/catalog?tonieId=…, tonieHead: app-page.ts looks it up once for this and its
// preview), set (/sets/{id}), profile (/u/{name}) or shelf (/shared/{token}) is named with what
// its page shows anyone; every other address, or one that names nothing anyone may see, gets the
// site's own title and description. Everything written into the page is HTML-escaped; the lookups
// are bounded in time by the caller.
import escapeHtml from 'escape-html';
import { formatAverageRating, formatCount, formatDuration } from '@tonieshelf/shared/format';
import type { Language } from '@tonieshelf/shared/languages';
import { PRODUCT_NAME } from '@tonieshelf/shared/values/common';
import type { ShelfName } from '@tonieshelf/shared/values/shelf';
import { setPath } from '@tonieshelf/shared/values/set';
import { usableImageSrc } from '@tonieshelf/shared/values/tonie';
import type { ToniePreview } from '../catalogue/service';
import type { AppDeps } from '../deps';
import { siteLink } from '../mail/messages';
import * as profiles from '../profiles/service';
import * as sets from '../sets/service';
import * as shelves from '../shelves/service';

/** What the head says about a page. */
export interface PageHead {
  title: string;
  description: string;
  /** Absolute; null: none. */
  url: string | null;
  /** Absolute picture address; null: none. */
  image: string | null;
  type: 'website' | 'profile';
}

/** A description as previews show it: one line, at most this many characters (cut at a word). */
const DESCRIPTION_MAX = 200;

const TEXTS = {
  en: {
    site: `${PRODUCT_NAME} is a fan-made community catalogue of Tonies: ratings, reviews and shared audio for Creative Tonies.`,
    tonieRated: (average: string, count: number) => `★ ${average} of 5 from ${formatCount(count)} ${count === 1 ? 'rating' : 'ratings'} on ${PRODUCT_NAME}.`,
    tonieUnrated: `Ratings, reviews, tracks and details on ${PRODUCT_NAME}.`,
    set: (owner: string, chapters: number, duration: string) => `A Creative-Tonie set by ${owner}: ${chapters} ${chapters === 1 ? 'chapter' : 'chapters'}, ${duration}.`,
    profileTitle: (name: string, username: string) => `${name} (@${username})`,
    profile: (name: string) => `Reviews, shelves and shared audio of ${name} on ${PRODUCT_NAME}.`,
    shelfTitle: (owner: string, shelf: ShelfName) => `${owner}'s ${{ own: 'Tonies', wishlist: 'wishlist', favourites: 'favourites' }[shelf]}`,
    shelf: (owner: string, count: number) => `${formatCount(count)} ${count === 1 ? 'Tonie' : 'Tonies'} shared by ${owner} on ${PRODUCT_NAME}.`,
  },
  de: {
    site: `${PRODUCT_NAME} ist ein Gemeinschaftskatalog von Fans für Tonies: Bewertungen, Rezensionen und geteilte Audios für Kreativ-Tonies.`,
    tonieRated: (average: string, count: number) => `★ ${average} von 5 aus ${formatCount(count, 'de')} ${count === 1 ? 'Bewertung' : 'Bewertungen'} auf ${PRODUCT_NAME}.`,
    tonieUnrated: `Bewertungen, Rezensionen, Titel und Details auf ${PRODUCT_NAME}.`,
    set: (owner: string, chapters: number, duration: string) => `Eine Kreativ-Tonie-Playlist von ${owner}: ${chapters} Kapitel, ${duration}.`,
    profileTitle: (name: string, username: string) => `${name} (@${username})`,
    profile: (name: string) => `Rezensionen, Regale und geteilte Audios von ${name} auf ${PRODUCT_NAME}.`,
    shelfTitle: (owner: string, shelf: ShelfName) => `${{ own: 'Tonies', wishlist: 'Wunschliste', favourites: 'Lieblinge' }[shelf]} von ${owner}`,
    shelf: (owner: string, count: number) => `${formatCount(count, 'de')} ${count === 1 ? 'Tonie' : 'Tonies'}, geteilt von ${owner} auf ${PRODUCT_NAME}.`,
  },
} satisfies Record<Language, unknown>;

/** One line, at most DESCRIPTION_MAX characters, cut after a whole word with '…'. */
export function previewText(text: string): string {
  const line = text.replace(/\s+/g, ' ').trim();
  if (line.length <= DESCRIPTION_MAX) return line;
  const cut = line.slice(0, DESCRIPTION_MAX - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > DESCRIPTION_MAX / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/, '')}…`;
}

const titled = (name: string) => `${name} | ${PRODUCT_NAME}`;

/** The site's own head: its name and what it is. */
export function siteHead(language: Language): PageHead {
  return { title: PRODUCT_NAME, description: TEXTS[language].site, url: null, image: null, type: 'website' };
}

type Links = Pick<AppDeps['config'], 'publicOrigin' | 'port'>;

/** A picture address made absolute (a site path on the public origin); null for anything else. */
function absoluteImage(config: Links, src: string | null): string | null {
  const usable = usableImageSrc(src);
  if (!usable) return null;
  return usable.startsWith('/') ? siteLink(config, usable) : usable;
}

/** A shared Tonie: its name, its rating and its own description, its picture. */
export function tonieHead(config: Links, tonie: ToniePreview, language: Language): PageHead {
  const texts = TEXTS[language];
  const rating = tonie.totalRatings > 0 ? texts.tonieRated(formatAverageRating(tonie.averageRating, language), tonie.totalRatings) : texts.tonieUnrated;
  return {
    title: titled(tonie.name),
    description: previewText(`${rating} ${tonie.description}`),
    url: siteLink(config, '/catalog', { tonieId: String(tonie.id) }),
    image: absoluteImage(config, tonie.image),
    type: 'website',
  };
}

/** The address a link preview may name besides a Tonie: /sets/{id}, /u/{name}, /shared/{token}; else null. */
function linkTarget(url: string): { kind: 'set'; id: number } | { kind: 'profile' | 'shelf'; key: string } | null {
  const query = url.indexOf('?');
  const path = query === -1 ? url : url.slice(0, query);
  const set = /^\/sets\/([1-9][0-9]{0,9})\/?$/.exec(path);
  if (set) {
    const setId = Number(set[1]);
    return setId <= 2_147_483_647 ? { kind: 'set', id: setId } : null;
  }
  const named = /^\/(u|shared)\/([^/]{1,200})\/?$/.exec(path);
  if (!named) return null;
  let key: string;
  try {
    key = decodeURIComponent(named[2]!);
  } catch {
    return null;
  }
  return { kind: named[1] === 'u' ? 'profile' : 'shelf', key };
}

/**
 * The head for the page at `url`: what its shared set, profile or shelf shows anyone
 * (drafts, hidden sets, suspended or unknown people and revoked links are named by nothing),
 * else the site's own. Rejects only when a lookup fails (the caller then uses the site's).
 */
export async function pageHead(deps: Pick<AppDeps, 'db' | 'config'>, url: string, language: Language): Promise<PageHead> {
  const target = linkTarget(url);
  const texts = TEXTS[language];
  const site = siteHead(language);
  if (!target) return site;
  const notFound = (err: unknown) => {
    // Nothing anyone may see there: the site's own head. Any other failure is the caller's.
    if ((err as { code?: string }).code === 'NOT_FOUND') return null;
    throw err;
  };
  switch (target.kind) {
    case 'set': {
      const set = await sets.byId(deps.db, target.id, null).catch(notFound);
      if (set?.status !== 'published') return site;
      const owner = `${set.userProfile.firstName} ${set.userProfile.lastName}`.trim();
      return {
        title: titled(set.title),
        description: previewText(set.description?.trim() || texts.set(owner, set.chapterCount, formatDuration(set.totalDuration, language))),
        url: siteLink(deps.config, setPath(set.id)),
        image: absoluteImage(deps.config, set.coverImage),
        type: 'website',
      };
    }
    case 'profile': {
      const profile = await profiles.byUsername(deps.db, target.key, null).catch(notFound);
      if (!profile) return site;
      return {
        title: titled(texts.profileTitle(profile.displayName, profile.username)),
        description: texts.profile(profile.displayName),
        url: siteLink(deps.config, `/u/${encodeURIComponent(profile.username)}`),
        image: null,
        type: 'profile',
      };
    }
    case 'shelf': {
      const shelf = await shelves.shared(deps.db, { token: target.key, page: 1, pageSize: 1 }).catch(notFound);
      if (!shelf) return site;
      // A share link is a secret of its own: the preview names the shelf, the address stays out.
      return {
        title: titled(texts.shelfTitle(shelf.owner.displayName, shelf.shelf)),
        description: texts.shelf(shelf.owner.displayName, shelf.totalCount),
        url: null,
        image: null,
        type: 'website',
      };
    }
  }
}

/** `content` for an attribute: escaped, on one line. */
const attr = (value: string) => escapeHtml(value.replace(/\s+/g, ' ').trim());

/**
 * The page's HTML with `head`: its <title> and description replaced, og: and twitter: tags added
 * before </head>. A page without a head is returned as it is.
 */
export function withPageHead(html: string, head: PageHead, language: Language): string {
  if (!html.includes('</head>')) return html;
  const tags = [
    `<meta property="og:site_name" content="${attr(PRODUCT_NAME)}">`,
    `<meta property="og:type" content="${head.type}">`,
    `<meta property="og:title" content="${attr(head.title)}">`,
    `<meta property="og:description" content="${attr(head.description)}">`,
    `<meta property="og:locale" content="${language === 'de' ? 'de_DE' : 'en_GB'}">`,
    ...(head.url ? [`<meta property="og:url" content="${attr(head.url)}">`] : []),
    ...(head.image ? [`<meta property="og:image" content="${attr(head.image)}">`] : []),
    `<meta name="twitter:card" content="${head.image ? 'summary_large_image' : 'summary'}">`,
  ].join('');
  // Functions as replacements, so that no '$' of a title is read as a replacement pattern.
  return html
    .replace(/<html lang="[a-z-]*"/, `<html lang="${language}"`) // read before the app runs (screen readers, translators)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="description"[^>]*>/, () => `<meta name="description" content="${attr(head.description)}">`)
    .replace('</head>', () => `${tags}</head>`);
}
