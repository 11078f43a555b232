// Plain values shared by the domains: the product's name, sizes, a Creative Tonie's capacity,
// tag-name limits, list freshness, toasts; number, text and tag messages. Without zod, so that a page can load them
// without the schemas.
import type { MessageCode } from '../i18n/messages';

export const PRODUCT_NAME = 'TonieShelf';

export const MB = 1024 * 1024;

/**
 * A path on this site ('/audio/discover?x=1'). Not '//host' or '/\\host', which browsers and URL
 * parsers read as another host, and no control characters (parsers drop them, which could hide a '//').
 */
export function isSitePath(value: string): boolean {
  return /^\/(?![/\\])/.test(value) && !/[\u0000-\u001f\u007f]/.test(value);
}

/** What a Creative Tonie holds (PRODUCT.md): a set's budget, and the mark on longer audio files. */
export const CREATIVE_TONIE_MAX_SECONDS = 90 * 60;
export const CREATIVE_TONIE_MAX_CHAPTERS = 99;

/** One rule for catalogue, review and audio tag names, the tag filter and the search text. */
export const TAG_NAME_MAX = 40;
export const TAG_FILTER_MAX = 20;
export const SEARCH_MAX_LENGTH = 200;
/** Tags a card shows before '+n' (Tonie, audio and set cards). */
export const CARD_VISIBLE_TAGS = 3;

/** How long a fetched list counts as fresh in the browser. */
export const LIST_FRESH_MS = 60 * 1000;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX_WIDTH = 420;

/** Refusals of a numeric parameter, named by the parameter ('page', 'pageSize'). */
export const NUMBER_MESSAGES = {
  wholeNumber: 'number.wholeNumber',
  atMost: 'number.atMost',
} as const satisfies Record<string, MessageCode>;
/** Refusals of a yes/no parameter, named by the parameter ('helpful', 'enabled'). */
export const BOOLEAN_MESSAGES = {
  trueOrFalse: 'boolean.trueOrFalse',
} as const satisfies Record<string, MessageCode>;
export const TEXT_MESSAGES = {
  nul: 'text.nul',
} as const satisfies Record<string, MessageCode>;
export const TAG_MESSAGES = {
  tagTooLong: 'tag.tagTooLong',
  tagComma: 'tag.tagComma',
  tooManyFilterTags: 'tag.tooManyFilterTags',
  searchTooLong: 'tag.searchTooLong',
} as const satisfies Record<string, MessageCode>;

/** Drops empty names and later duplicates that differ only in case; the first spelling wins. */
export function uniqueTagNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (name && !seen.has(key)) {
      seen.add(key);
      out.push(name);
    }
  }
  return out;
}

/** Page buttons of a pagination row in its 'window' layout (the audio pages: SPEC §9). */
export const PAGE_WINDOW_BUTTONS = 5;
