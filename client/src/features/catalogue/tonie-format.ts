// Small pure helpers that turn a Tonie's fields into what the catalogue shows.
import { CARD_DESCRIPTION_PREVIEW, CARD_VISIBLE_TAGS } from '@tonieshelf/shared/constants';

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
  return `${chars.slice(0, max).join('').replace(/[\s.,;:!?\-–—]+$/u, '')}${ELLIPSIS}`;
}

/** The first `visible` tags and how many more there are (shown as '+n'). */
export function splitTags(tags: readonly string[], visible: number = CARD_VISIBLE_TAGS): { shown: string[]; more: number } {
  return { shown: tags.slice(0, visible), more: Math.max(0, tags.length - visible) };
}

/**
 * A catalogue language's name in the interface language: 'de-DE' -> 'German' / 'Deutsch'. The
 * region is named when it is not the language's usual one ('nl-BE' -> 'Dutch (Belgium)'), and
 * always for English, whose UK and US editions the catalogue tells apart ('English (UK)' /
 * 'Englisch (USA)'). Unknown tags stay as they are.
 */
/** Languages the importer names in its language tags ('German', 'English (UK)' is not a tag). */
const TAGGED_LANGUAGES = ['de', 'en', 'fr', 'da', 'nl', 'it', 'es', 'pl', 'sv', 'nb', 'fi', 'pt', 'cs', 'tr', 'ru', 'ja', 'zh'];
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
  try {
    const code = taggedLanguageCodes().get(name);
    return code ? (displayNames(locale, 'language').of(code) ?? name) : name;
  } catch {
    return name;
  }
}

// Intl's constructors are slow next to a lookup (a card's tags, language badge and filter options
// ask for the same few names again on every render): their objects and answers are kept. The
// inputs are the catalogue's languages and two locales, so the maps stay small; the editions map
// starts over past EDITIONS_KEPT tags all the same (a plain map, not an LRU library: a few lines
// against a dependency in the first script).
const displayNamesByKey = new Map<string, Intl.DisplayNames>();

function displayNames(locale: string, type: 'language' | 'region'): Intl.DisplayNames {
  const key = `${type} ${locale}`;
  let names = displayNamesByKey.get(key);
  if (!names) {
    names = new Intl.DisplayNames([locale], type === 'language' ? { type, fallback: 'none' } : { type, style: 'short', fallback: 'code' });
    displayNamesByKey.set(key, names);
  }
  return names;
}

let languageCodesByEnglishName: Map<string, string> | null = null;

/** The importer's language tags by their English names ('German' -> 'de'). */
function taggedLanguageCodes(): Map<string, string> {
  if (!languageCodesByEnglishName) {
    const english = displayNames('en', 'language');
    const codes = new Map<string, string>();
    for (const code of TAGGED_LANGUAGES) {
      const name = english.of(code);
      if (name && !codes.has(name)) codes.set(name, code);
    }
    languageCodesByEnglishName = codes;
  }
  return languageCodesByEnglishName;
}

type Edition = { language: string; region: string | null };
const EDITIONS_KEPT = 1000;
const editions = new Map<string, Edition | null>();

/**
 * A catalogue language as it is worth telling apart: the language, with the region only when it
 * is not the language's usual one, and always for English, whose UK and US editions differ
 * ('de-DE' -> de, 'en-GB' -> en GB, 'nl-BE' -> nl BE); null when the tag is empty or unreadable.
 */
export function editionOf(tag: string | null | undefined): Edition | null {
  const value = tag?.trim();
  if (!value) return null;
  if (editions.has(value)) return editions.get(value)!;
  if (editions.size >= EDITIONS_KEPT) editions.clear();
  let edition: Edition | null;
  try {
    const { language, region } = new Intl.Locale(value);
    const distinct = region && (language === 'en' || new Intl.Locale(language).maximize().region !== region);
    edition = Object.freeze({ language, region: distinct ? region : null });
  } catch {
    edition = null;
  }
  editions.set(value, edition);
  return edition;
}

export function languageName(tag: string | null | undefined, locale: string): string | null {
  const value = tag?.trim();
  if (!value) return null;
  const edition = editionOf(value);
  if (!edition) return value;
  try {
    const name = displayNames(locale, 'language').of(edition.language);
    if (!name) return value;
    if (!edition.region) return name;
    const regionName = displayNames(locale, 'region').of(edition.region);
    return `${name} (${regionName})`;
  } catch {
    return value;
  }
}

/** The language subtag for an element's lang attribute ('de-DE' -> 'de'), so German names hyphenate. */
export function langAttribute(tag: string | null | undefined): string | undefined {
  const value = tag?.trim();
  if (!value) return undefined;
  try {
    return new Intl.Locale(value).language;
  } catch {
    return undefined;
  }
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
