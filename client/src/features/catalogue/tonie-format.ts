// Small pure helpers that turn a Tonie's fields into what the catalogue shows.
import { CARD_DESCRIPTION_PREVIEW } from '@tonieshelf/shared/values/tonie';
import { CARD_VISIBLE_TAGS } from '@tonieshelf/shared/values/common';
import { taggedLanguageName } from '../../lib/language-names';

const ELLIPSIS = '...';

/**
 * A card's description (SPEC §2): cut at `max` characters plus '...', only when it is longer.
 * Counts characters, not UTF-16 units, so an emoji or accented letter is never split.
 */
export function truncateDescription(text: string | null | undefined, max: number = CARD_DESCRIPTION_PREVIEW): string {
  const value = (text ?? '').trim();
  const chars = Array.from(value);
  if (chars.length <= max) return value;
  // No space or stray punctuation before the dots ('box.' + '...' would read 'box....').
  return `${chars
    .slice(0, max)
    .join('')
    .replace(/[\s.,;:!?\-–—]+$/u, '')}${ELLIPSIS}`;
}

/** The first `visible` tags and how many more there are (shown as '+n'). */
export function splitTags(tags: readonly string[], visible: number = CARD_VISIBLE_TAGS): { shown: string[]; more: number } {
  return { shown: tags.slice(0, visible), more: Math.max(0, tags.length - visible) };
}

const AGE_TAG = /^Ages (\d+)\+$/;

/**
 * How a catalogue tag reads in the interface language: the importer's age tags ('Ages 3+') and
 * language tags ('German') in the interface's words; any other tag (a series, a review topic) as
 * it is. The stored name stays the filter's value.
 */
export function tagLabel(name: string, texts: { ageTag: (n: number) => string }, locale: string): string {
  const age = AGE_TAG.exec(name);
  if (age) return texts.ageTag(Number(age[1]));
  if (locale.startsWith('en')) return name;
  return taggedLanguageName(name, locale) ?? name;
}

/** Per group, how many tag checkboxes the dropdown draws at once; typing narrows a longer group. */
const TAG_GROUP_RENDER_LIMIT = 100;

interface TagGroupLike {
  kind: string;
  tags: readonly { name: string; count: number }[];
}

/**
 * The tag groups the dropdown shows for a search: in each group the tags whose name contains the
 * search text (any case), the `limit` most used of them (the server lists the most used first;
 * `hidden` counts the rest), sorted by `compare` (the interface language's collation, numbers in
 * numeric order: 'Ages 2+' before 'Ages 10+'); groups without a match left out. `total` is the
 * group's number of matching tags.
 */
export function visibleTagGroups<G extends TagGroupLike>(
  groups: readonly G[],
  search: string,
  compare: (a: string, b: string) => number,
  limit: number = TAG_GROUP_RENDER_LIMIT,
): { groups: { kind: G['kind']; tags: { name: string; count: number }[]; total: number; hidden: number }[] } {
  const needle = search.trim().toLowerCase();
  const out = [];
  for (const group of groups) {
    const matches = group.tags.filter((t) => !needle || t.name.toLowerCase().includes(needle));
    if (matches.length === 0) continue;
    // The server lists the most used first: a cut keeps those; what shows reads A to Z.
    const shown = matches.slice(0, limit).sort((a, b) => compare(a.name, b.name));
    out.push({ kind: group.kind, tags: shown, total: matches.length, hidden: Math.max(0, matches.length - limit) });
  }
  return { groups: out };
}

// Shared with the server's preview of a shared Tonie (server/src/http/tonie-preview.ts).
export { usableImageSrc } from '@tonieshelf/shared/values/tonie';
