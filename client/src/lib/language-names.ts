// Languages by name in the interface language: a catalogue edition's ('de-DE' -> 'German' /
// 'Deutsch', 'en-GB' -> 'English (UK)'), and the importer's language tags ('German').
/** Languages the importer names in its language tags ('German', 'English (UK)' is not a tag). */
const TAGGED_LANGUAGES = ['de', 'en', 'fr', 'da', 'nl', 'it', 'es', 'pl', 'sv', 'nb', 'fi', 'pt', 'cs', 'tr', 'ru', 'ja', 'zh'];

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

/**
 * A catalogue language's name in the interface language: 'de-DE' -> 'German' / 'Deutsch'. The
 * region is named when it is not the language's usual one ('nl-BE' -> 'Dutch (Belgium)'), and
 * always for English, whose UK and US editions the catalogue tells apart ('English (UK)' /
 * 'Englisch (USA)'). Unknown tags stay as they are.
 */
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

/** An importer's language tag ('German') in the language of `locale`; null when it is none. */
export function taggedLanguageName(englishName: string, locale: string): string | null {
  try {
    const code = taggedLanguageCodes().get(englishName);
    return code ? (displayNames(locale, 'language').of(code) ?? null) : null;
  } catch {
    return null;
  }
}
