// Pure cleaning of the community toniesV2.json format (see /work/shared/data/README.md for its
// dirt) into catalogue rows. No database here: every rule is a small function with unit tests
// beside it (clean.test.ts).
//
// Decisions, in one place:
// - Category: one readable set (TONIE_CATEGORIES). The source's slugs and labels are mapped by
//   CATEGORY_MAP below. The generic label 'Tonie' and a missing/empty category carry no
//   information: a small keyword rule over series + episode picks Creative Tonie / Songs / Music
//   / Knowledge when the title says so, else Audio Play (most figures are stories). A label we
//   do not know at all (e.g. a retailer name, 'DEMO TONIE') goes through the same keyword rule but
//   falls back to 'Other', because we cannot tell what it is.
// - 'system' entries are the Toniebox's own sounds (start-up jingle, 'low battery', ...), not
//   figures anyone can own or rate: they are skipped with the reason 'system sound, not a figure'.
// - Other non-figures are skipped with their reason too (nonFigureReason, SKIP_REASONS): shop
//   placeholders ('(Platzhalter)', 'Coming Soon Tonie'), dummies ('(DUMMY)'), test products ('Test
//   Product', 'TEST Copy of …', 'DEMO TONIE'), entries blocked in another household ('GESPERRT …'),
//   Toniebox bundles, and placeholder article codes ('00000000', '11111111', '123456789', 'None').
//   The rules look at whole words of the main entry's series and episode only, so real titles
//   that merely contain such letters ('Mutprobe', 'Drohbriefe von Unbekannt') stay.
// - Sets (one article, several entries): the first entry with a series is the main one (name,
//   series, category, ...). The other entries' distinct episode titles are named in the
//   description, their tracks appended to the tracklist (no duplicates), their positive runtimes
//   added, and a field the main entry lacks (image, url, release, language, age) is taken from
//   the first other entry that has it.
// - Runtime: minutes. 'tunes' entries mostly carry seconds (1,200-7,200); a 'tunes' runtime above
//   300 is read as seconds and rounded to whole minutes (no single tunes title in the data runs
//   over 5 hours, while 300 seconds would be an implausibly short album). 'stock' runtimes are
//   minutes as given. 0 or less means unknown -> null.
// - Age: 99 is a placeholder (Creative Tonies) -> null; so is anything outside 0-18 (the data
//   has one 45). The tag is 'Ages N+', age_range 'N+'. A Tonie without an age (not a Creative
//   Tonie) takes its series' age when the series' other Tonies in its language agree within a
//   year (the lower age); otherwise it stays unknown.
// - Language: 'de-de' -> 'de-DE', tag 'German' (one tag per language, regions share it).
// - Episode (cleanEpisode): series and episode are compared by their words only (case, dashes,
//   commas, quotes and spaces ignored). An episode that is the series ('Die Eiskönigin - Olaf taut
//   auf' of 'Die Eiskönigin – Olaf taut auf') or its head ('Die Eiskönigin' of 'Die Eiskönigin –
//   Völlig unverfroren') is no episode (null). A series repeated in front of the episode before a
//   dash, colon or a comma and a capital ('Bibi & Tina, Folge 115: …') is dropped, as is one repeated
//   at its end after a dash ('Fem minutter i godnat - My Little Pony', '… - Der kleine Vampir, Band 2
//   (…)' -> '… – Band 2 (…)') or at the start of a bracket ('Ozeane [Wieso? Weshalb? Warum?
//   ERSTLESER Folge 8]' -> 'Ozeane (Folge 8)'). The episode column keeps what is left.
// - Name: 'Series – Episode' from the cleaned episode; just the series when there is none; just
//   the episode when it starts with the series' words ('Die Olchis' + 'Die Olchis auf Reisen');
//   joined with a space when the episode continues the series in lower case
//   ('Benjamin Blümchen' + 'als Bäcker' -> 'Benjamin Blümchen als Bäcker'). So no name holds its
//   series twice where the source repeated it.
// - Release: a date more than a year after the import is a placeholder (one 2029 entry) -> null.
// - Description: the source has none, so a plain, honest summary is built from the data itself;
//   html_description stays null. The tracklist is an <ol> of HTML-escaped <li> items.
// - Product pages: only http(s) URLs are kept; images only https and no placeholder pictures.
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { TAG_NAME_MAX } from '@tonieshelf/shared/values/common';
import type { TonieCategory } from '@tonieshelf/shared/values/tonie';
import type { CatalogueRow } from '../repositories/catalogue-import';

// ---------------------------------------------------------------------------------------------
// Source shape
// ---------------------------------------------------------------------------------------------

/** Text fields: a string, or a number a YAML->JSON conversion made of a title like '1984'. */
const text = z
  .union([z.string(), z.number()], { error: 'is not text' })
  .transform((v) => String(v))
  .nullish();
const number = z.number({ error: 'is not a number' }).refine(Number.isFinite, { error: 'is not a finite number' }).nullish();

/** One entry of an article's `data` list. Unknown fields (sample, ids, shop-id, ...) are ignored. */
const sourceEntrySchema = z.looseObject({
  series: text,
  'series-id': text,
  episode: text,
  release: number,
  language: text,
  category: text,
  runtime: number,
  age: number,
  origin: text,
  image: text,
  web: text,
  'track-desc': z
    .array(z.union([z.string(), z.number()], { error: 'has an item that is not text' }).transform(String), {
      error: 'is not a list',
    })
    .nullish(),
});
type SourceEntry = z.infer<typeof sourceEntrySchema>;

export interface SkippedRecord {
  article: string;
  reason: string;
}

type CleanResult = { ok: true; row: CatalogueRow } | { ok: false; skipped: SkippedRecord };

// ---------------------------------------------------------------------------------------------
// Small rules
// ---------------------------------------------------------------------------------------------

/** Trims, collapses runs of whitespace, drops control characters; empty -> null. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  // eslint-disable-next-line no-control-regex
  const cleaned = value
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned === '' ? null : cleaned;
}

/** Length in characters (code points), as PostgreSQL's char_length counts. */
function charLength(value: string): number {
  return [...value].length;
}

/** Cuts to at most `max` characters at a word boundary where one is near, ending with '…'. */
export function truncate(value: string, max: number): string {
  const chars = [...value];
  if (chars.length <= max) return value;
  const head = chars.slice(0, max - 1).join('');
  const space = head.lastIndexOf(' ');
  const cut = space >= Math.floor(max * 0.6) ? head.slice(0, space) : head;
  return `${cut.replace(/[\s,;:.–-]+$/u, '')}…`;
}

const CATEGORY_MAP: Record<string, TonieCategory> = {
  'audio-play': 'Audio Play',
  'hörspiele & hörbücher': 'Audio Play',
  hörspiel: 'Audio Play',
  hörspiele: 'Audio Play',
  'audio-book': 'Audio Book',
  audiobook: 'Audio Book',
  hörbuch: 'Audio Book',
  music: 'Music',
  musik: 'Music',
  'audio-play-songs': 'Songs',
  'audio-book-songs': 'Songs',
  songs: 'Songs',
  'audio-play-educational': 'Knowledge',
  'wissen & lernen': 'Knowledge',
  wissen: 'Knowledge',
  knowledge: 'Knowledge',
  'creative-tonie': 'Creative Tonie',
  'creative tonie': 'Creative Tonie',
  'kreativ-tonie': 'Creative Tonie',
};

/** Labels that say 'a figure' and nothing more. */
const GENERIC_CATEGORIES = new Set(['tonie', 'tonies', '']);

/** The keyword rule for figures whose category says nothing; null when no keyword matches. */
function inferCategory(title: string): TonieCategory | null {
  const t = title.toLowerCase();
  if (/\b(creative|kreativ)/.test(t)) return 'Creative Tonie';
  if (/\bsongs?\b|lieder\b|liedjes|\bsange\b|sånger|comptines|chansons|canciones|nursery rhymes|lullab/.test(t)) return 'Music';
  if (/\b(musik|music)\b/.test(t)) return 'Music';
  if (/\b(wissen|knowledge|lernen|learning|national geographic|was ist was)\b/.test(t)) return 'Knowledge';
  return null;
}

/**
 * The readable category of an entry, or 'system' for the box's own sounds (which are skipped).
 * `title` is series + episode, for the keyword rule.
 */
export function normaliseCategory(raw: string | null | undefined, title: string): TonieCategory | 'system' {
  const key = (cleanText(raw) ?? '').toLowerCase();
  if (key === 'system') return 'system';
  const mapped = CATEGORY_MAP[key];
  if (mapped) return mapped;
  if (GENERIC_CATEGORIES.has(key)) return inferCategory(title) ?? 'Audio Play';
  return inferCategory(title) ?? 'Other';
}

/** 'de-de' / 'DE_de' / 'de' -> 'de-DE' / 'de-DE' / 'de'; anything else -> null. */
export function normaliseLanguage(raw: string | null | undefined): string | null {
  const value = cleanText(raw)?.toLowerCase().replace(/_/g, '-');
  if (!value) return null;
  const match = /^([a-z]{2,3})(?:-([a-z]{2}|\d{3}))?$/.exec(value);
  if (!match) return null;
  return match[2] ? `${match[1]}-${match[2].toUpperCase()}` : match[1]!;
}

const LANGUAGE_NAMES: Record<string, string> = {
  de: 'German',
  en: 'English',
  fr: 'French',
  da: 'Danish',
  sv: 'Swedish',
  pl: 'Polish',
  nl: 'Dutch',
  it: 'Italian',
  es: 'Spanish',
  fi: 'Finnish',
  pt: 'Portuguese',
  no: 'Norwegian',
  nb: 'Norwegian',
  cs: 'Czech',
  tr: 'Turkish',
  ca: 'Catalan',
  el: 'Greek',
  hu: 'Hungarian',
  ja: 'Japanese',
  zh: 'Chinese',
  ru: 'Russian',
  uk: 'Ukrainian',
  ar: 'Arabic',
};

/** 'de-DE' -> 'German'. Unknown codes go through Intl.DisplayNames, else the code itself. */
export function languageName(language: string | null): string | null {
  if (!language) return null;
  const base = language.split('-')[0]!;
  const known = LANGUAGE_NAMES[base];
  if (known) return known;
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(base);
    if (name && name.toLowerCase() !== base) return name;
  } catch {
    // fall through
  }
  return base;
}

/** 0-18 -> the minimum age; 99 (placeholder), negatives, fractions and the implausible -> null. */
export function cleanAge(raw: number | null | undefined): number | null {
  if (raw === null || raw === undefined || !Number.isInteger(raw)) return null;
  if (raw < 0 || raw > 18) return null;
  return raw;
}

/** Minutes; 'tunes' values above 300 are seconds (see the decisions at the top). */
export function cleanRuntime(raw: number | null | undefined, origin: string | null): number | null {
  if (raw === null || raw === undefined || !Number.isFinite(raw) || raw <= 0) return null;
  const minutes = origin === 'tunes' && raw > 300 ? raw / 60 : raw;
  return Math.max(1, Math.round(minutes));
}

/** Announced releases lie at most months ahead; later dates are placeholders. */
const RELEASE_AHEAD_MS = 366 * 86_400_000;

/** Unix seconds -> 'YYYY-MM-DD' (UTC); 0, negatives, absurd values and dates over a year after `now` -> null. */
export function releaseDate(raw: number | null | undefined, now = Date.now()): string | null {
  if (raw === null || raw === undefined || !Number.isFinite(raw) || raw <= 0) return null;
  // Milliseconds slipped in by a tool would be far in the future as seconds.
  const seconds = raw > 1e11 ? raw / 1000 : raw;
  const date = new Date(Math.round(seconds) * 1000);
  const year = date.getUTCFullYear();
  if (year < 1990 || year > 2100 || date.getTime() > now + RELEASE_AHEAD_MS) return null;
  return date.toISOString().slice(0, 10);
}

/** Only absolute http(s) URLs are kept (never javascript:, data:, relative paths). */
export function cleanUrl(raw: string | null | undefined): string | null {
  const value = cleanText(raw);
  if (!value || value.length > 2000) return null;
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * Images: only https (the content security policy loads no plain-http images, and a browser
 * would warn about mixed content), and none of the community's placeholder pictures: the client
 * draws its own placeholder for a missing image.
 */
export function cleanImageUrl(raw: string | null | undefined): string | null {
  const url = cleanUrl(raw);
  if (!url?.startsWith('https:')) return null;
  return /platzhalter|placeholder/i.test(decodeURIComponent(url)) ? null : url;
}

/** Track titles -> '<ol><li>…</li></ol>' with every title HTML-escaped; no tracks -> null. */
export function tracklistHtml(tracks: readonly string[]): string | null {
  if (tracks.length === 0) return null;
  return `<ol>${tracks.map((t) => `<li>${escapeHtml(t)}</li>`).join('')}</ol>`;
}

/** The words of a title, lower case: what two spellings of one title share ('–' = '-' = ',' = ' '). */
function titleWords(value: string): string[] {
  return value
    .normalize('NFKC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

const titleKey = (value: string) => titleWords(value).join(' ');

/** A title's words as a pattern that matches any spelling of them (separators: anything else). */
function wordsPattern(value: string): string {
  return titleWords(value)
    .map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
    .join('[^\\p{L}\\p{N}]+');
}

/** `value` starts with all of `head`'s words (and then ends or goes on with another word). */
function startsWithTitle(value: string, head: string): boolean {
  const v = titleKey(value);
  const h = titleKey(head);
  return h !== '' && (v === h || v.startsWith(`${h} `));
}

const DASH = '[-–—]';

/**
 * The episode without a repetition of its series (rules at the top); null when nothing else is
 * left. `episode` is cleaned text.
 */
export function cleanEpisode(series: string, episode: string | null): string | null {
  let ep = cleanText(episode);
  const seriesKey = titleKey(series);
  if (!ep || seriesKey === '') return ep;
  const words = wordsPattern(series);
  for (let round = 0; round < 4 && ep; round++) {
    const epKey = titleKey(ep);
    // The episode is the series, or its beginning: nothing of its own.
    if (epKey !== '' && (epKey === seriesKey || seriesKey.startsWith(`${epKey} `))) return null;
    // Each pattern below needs the series' words in the episode, and most episodes lack them:
    // compiling the patterns costs far more than this check.
    if (!epKey.includes(seriesKey)) break;
    const before: string = ep;
    // 'Series - Episode', 'Series: Episode', 'Series, Folge 3: …' -> 'Episode', 'Folge 3: …'
    // (after a comma only when a capital or a number follows: 'Wie man 13 wird, ohne …' stays).
    // A dash needs a space beside it ('Ostwind-Abenteuer' is one word).
    const head = new RegExp(`^[^\\p{L}\\p{N}]*${words}(?![\\p{L}\\p{N}])(\\s+${DASH}\\s*|\\s*${DASH}\\s+|\\s*[:|,]\\s*)(.*)$`, 'iu').exec(ep);
    if (head && (!head[1]!.includes(',') || /^[\p{Lu}\p{N}]/u.test(head[2]!))) ep = cleanText(head[2]!);
    if (!ep) return null;
    // 'Episode - Series' -> 'Episode'; 'Episode - Series, Band 2 (…)' -> 'Episode – Band 2 (…)'
    const tail = new RegExp(`^(.*?\\S)\\s+${DASH}\\s+${words}(?:\\s*[,:]\\s*(.+))?$`, 'iu').exec(ep);
    // (after a comma only a numbered part: 'Multipack Bluey - Bluey, Bingo, Muffin' stays).
    if (tail && !tail[2]) ep = tail[1]!;
    else if (tail && /^\p{L}+\.?\s*\d/u.test(tail[2]!)) ep = `${tail[1]} – ${tail[2]}`;
    // 'Episode [Series Folge 8]' -> 'Episode (Folge 8)'; a bracket holding only a number stays.
    ep = ep
      .replace(new RegExp(`\\s*[([]\\s*${words}(?![\\p{L}\\p{N}])[\\s,:]*([^)\\]]*?)\\s*[)\\]]`, 'iu'), (whole, rest: string) =>
        rest === '' ? '' : /\p{L}/u.test(rest) ? ` (${rest})` : whole,
      )
      .trim();
    if (ep === before) break;
  }
  return ep || null;
}

/**
 * The display name from series and episode (rules at the top); at most 300 characters. Pass the
 * raw episode: it is cleaned with cleanEpisode first.
 */
export function tonieName(series: string, episode: string | null): string {
  const ep = cleanEpisode(series, episode);
  let name: string;
  if (!ep) name = series;
  else if (startsWithTitle(ep, series)) name = ep;
  else if (/^\p{Ll}/u.test(ep)) name = `${series} ${ep}`;
  else name = `${series} – ${ep}`;
  return truncate(name, 300);
}

/**
 * A tag name of at most 40 characters from a series name: typographic quotes made plain; a long
 * name is cut at its first subtitle separator (' - ', ': ', ' (' ...) when the head is still a
 * useful name, else at a word boundary with '…'. Commas are dropped: tag lists in addresses and
 * the API are comma-separated, so a tag name never holds one.
 */
export function seriesTag(series: string): string | null {
  const name = cleanText(
    series
      .replace(/[’‘`´]/g, "'")
      .replace(/[“”„]/g, '"')
      .replace(/\s*,\s*/g, ' '),
  );
  if (!name) return null;
  if (charLength(name) <= TAG_NAME_MAX) return name;
  const separator = /\s+[-–—/|]\s+|:\s+|\s+\(/u.exec(name);
  if (separator && separator.index >= 3) {
    const head = name.slice(0, separator.index).trim();
    if (charLength(head) <= TAG_NAME_MAX) return head;
  }
  return truncate(name, TAG_NAME_MAX);
}

export function ageTag(age: number): string {
  return `Ages ${age}+`;
}

const CATEGORY_PHRASE: Record<TonieCategory, string> = {
  'Audio Play': 'Audio play',
  'Audio Book': 'Audio book',
  Music: 'Music',
  Songs: 'Songs',
  Knowledge: 'Learning and knowledge',
  'Creative Tonie': 'Creative Tonie for your own recordings',
  Other: 'Tonie',
};

function sentence(value: string): string {
  return /[.!?…]$/.test(value) ? value : `${value}.`;
}

interface DescriptionFacts {
  /** The headline: 'Series: Episode', or the name when it already joins them. */
  title: string;
  /** The main entry's episode (or series) title, first in a set's list. */
  episode: string;
  category: TonieCategory;
  languageName: string | null;
  trackCount: number;
  runtime: number | null;
  age: number | null;
  /** Episode titles of the other entries of a set. */
  setEpisodes: readonly string[];
}

/** 'Audio play in German: 3 tracks, 55 minutes, for ages 4+.' from the known facts only. */
export function factsSentence(f: Omit<DescriptionFacts, 'title' | 'episode' | 'setEpisodes'>): string {
  // A Creative Tonie holds the owner's recordings: the shop language says nothing about them.
  const inLanguage = f.languageName && f.category !== 'Creative Tonie' ? ` in ${f.languageName}` : '';
  const kind = `${CATEGORY_PHRASE[f.category]}${inLanguage}`;
  const facts: string[] = [];
  if (f.trackCount > 0) facts.push(`${f.trackCount} ${f.trackCount === 1 ? 'track' : 'tracks'}`);
  if (f.runtime !== null) facts.push(`${f.runtime} ${f.runtime === 1 ? 'minute' : 'minutes'}`);
  if (f.age !== null) facts.push(`for ages ${f.age}+`);
  return facts.length > 0 ? `${kind}: ${facts.join(', ')}.` : `${kind}.`;
}

/** A plain-text summary built only from facts in the data. */
export function buildDescription(f: DescriptionFacts): string {
  const parts = [sentence(f.title), factsSentence(f)];
  if (f.setEpisodes.length > 0) {
    const all = [f.episode, ...f.setEpisodes];
    parts.push(`A set of ${all.length}: ${all.join('; ')}.`);
  }
  return parts.join(' ');
}

// ---------------------------------------------------------------------------------------------
// Non-figures
// ---------------------------------------------------------------------------------------------

/** Why an entry is not a figure; the import summary counts skipped records by these. */
export const SKIP_REASONS = {
  system: 'system sound, not a figure',
  placeholder: 'shop placeholder, not a figure',
  dummy: 'dummy entry, not a figure',
  test: 'test product, not a figure',
  blocked: "blocked entry ('GESPERRT'), not a figure",
  bundle: 'Toniebox bundle, not a figure',
  articleCode: 'placeholder article code, not a figure',
} as const;

/**
 * The reason an entry is a shop or database artefact rather than a figure, or null. Looks at
 * whole words of the main entry's series and episode (and its category label), so titles that
 * merely contain such letters stay ('Mutprobe', 'Drohbriefe von Unbekannt', 'Testament').
 */
export function nonFigureReason(article: string, series: string, episode: string | null, category: string | null): string | null {
  const texts = [series, episode ?? ''];
  const any = (re: RegExp) => texts.some((t) => re.test(t));
  if (any(/\bplatzhalter\b|\bplaceholder\b|^coming soon\b/iu)) return SKIP_REASONS.placeholder;
  if (any(/\bdummy\b/iu)) return SKIP_REASONS.dummy;
  if (any(/\btest[ -]?products?\b|\btest[ -]?produkte?\b|\bdemo[ -]?tonies?\b|^test\b/iu) || /^demo\b/i.test(category ?? '')) return SKIP_REASONS.test;
  if (any(/^gesperrt\b/iu) || any(/\bGESPERRT\b/u)) return SKIP_REASONS.blocked;
  if (any(/\btoniebox\b/iu) && any(/\bbundle\b|\bstarter[ -]?set\b/iu)) return SKIP_REASONS.bundle;
  // Codes no product carries: one digit repeated ('00000000', '11111111'), a counted-up
  // '123456789', or a tool's word for nothing ('None', 'null').
  if (/^(\d)\1{5,}$/.test(article) || /^0?123456789$/.test(article) || /^(none|null|undefined|n\/a)$/i.test(article)) return SKIP_REASONS.articleCode;
  return null;
}

// ---------------------------------------------------------------------------------------------
// One article
// ---------------------------------------------------------------------------------------------

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path.filter((p) => typeof p === 'string').join('.');
  return field ? `${field} ${issue.message}` : issue.message;
}

/** The article code as the key: trimmed text of 1-64 characters, or null. */
function cleanArticle(raw: unknown): string | null {
  if (typeof raw !== 'string' && typeof raw !== 'number') return null;
  const value = cleanText(String(raw));
  if (!value || charLength(value) > 64) return null;
  return value;
}

/** Cleans one `{article, data}` record into a catalogue row, or says why it is skipped. */
export function cleanRecord(record: unknown, index: number, seriesAges?: ReadonlyMap<string, number>): CleanResult {
  const label = (article: string | null) => article ?? `(record #${index + 1} without article)`;
  if (typeof record !== 'object' || record === null || Array.isArray(record)) {
    return { ok: false, skipped: { article: label(null), reason: 'record is not an object' } };
  }
  const rawArticle = (record as Record<string, unknown>).article;
  const article = cleanArticle(rawArticle);
  if (!article) {
    const reason =
      rawArticle === undefined || rawArticle === null || (typeof rawArticle === 'string' && rawArticle.trim() === '') ? 'no article' : 'article is not a text of 1-64 characters';
    return { ok: false, skipped: { article: label(null), reason } };
  }
  const skip = (reason: string): CleanResult => ({ ok: false, skipped: { article, reason } });

  const data = (record as Record<string, unknown>).data;
  if (!Array.isArray(data)) return skip('data is not a list of entries');
  if (data.length === 0) return skip('no entries');

  const entries: SourceEntry[] = [];
  for (const [i, raw] of data.entries()) {
    const parsed = sourceEntrySchema.safeParse(raw);
    if (!parsed.success) {
      const where = data.length > 1 ? `entry ${i + 1}: ` : '';
      return skip(`${where}${typeof raw !== 'object' || raw === null ? 'entry is not an object' : describeIssue(parsed.error.issues[0]!)}`);
    }
    entries.push(parsed.data);
  }

  const withSeries = entries.filter((e) => cleanText(e.series) !== null);
  const main = withSeries[0];
  if (!main) return skip('no series');
  const others = withSeries.slice(1);

  const series = cleanText(main.series)!;
  const episode = cleanEpisode(series, main.episode ?? null);
  const category = normaliseCategory(main.category, `${series} ${episode ?? ''}`);
  if (category === 'system') return skip(SKIP_REASONS.system);
  const notAFigure = nonFigureReason(article, series, cleanText(main.episode), cleanText(main.category));
  if (notAFigure) return skip(notAFigure);

  const pick = <T>(get: (e: SourceEntry) => T | null): T | null => {
    for (const e of withSeries) {
      const v = get(e);
      if (v !== null) return v;
    }
    return null;
  };

  const origin = cleanText(main.origin)?.toLowerCase().slice(0, 32) ?? null;
  const tracks: string[] = [];
  const seenTracks = new Set<string>();
  let runtimeTotal: number | null = null;
  const setEpisodes: string[] = [];
  const seenEpisodes = new Set([(episode ?? series).toLowerCase()]);
  for (const e of withSeries) {
    for (const t of e['track-desc'] ?? []) {
      const title = cleanText(t);
      if (title && !seenTracks.has(title)) {
        seenTracks.add(title);
        tracks.push(truncate(title, 500));
      }
    }
    const minutes = cleanRuntime(e.runtime, cleanText(e.origin)?.toLowerCase() ?? null);
    if (minutes !== null) runtimeTotal = (runtimeTotal ?? 0) + minutes;
  }
  for (const e of others) {
    const ep = cleanEpisode(series, e.episode ?? null) ?? cleanText(e.episode) ?? cleanText(e.series)!;
    if (!seenEpisodes.has(ep.toLowerCase())) {
      seenEpisodes.add(ep.toLowerCase());
      setEpisodes.push(ep);
    }
  }

  const language = pick((e) => normaliseLanguage(e.language));
  const langName = languageName(language);
  // A missing age: the series' own, when its other Tonies in this language agree (seriesAgeKey).
  const age = pick((e) => cleanAge(e.age)) ?? (category === 'Creative Tonie' ? null : (seriesAges?.get(seriesAgeKey(series, language)) ?? null));

  const tags: string[] = [];
  const addTag = (name: string | null) => {
    if (name && !tags.some((t) => t.toLowerCase() === name.toLowerCase())) tags.push(name);
  };
  addTag(seriesTag(series));
  if (age !== null) addTag(ageTag(age));
  addTag(langName ? truncate(langName, TAG_NAME_MAX) : null);

  const name = tonieName(series, main.episode ?? null);
  const title = episode && name === `${series} – ${episode}` ? `${series}: ${episode}` : name;
  const row: CatalogueRow = {
    article,
    name,
    series: truncate(series, 300),
    episode: episode ? truncate(episode, 500) : null,
    image: pick((e) => cleanImageUrl(e.image)),
    category,
    description: buildDescription({
      title,
      episode: episode ?? series,
      category,
      languageName: langName,
      trackCount: tracks.length,
      runtime: runtimeTotal,
      age,
      setEpisodes,
    }),
    html_description: null,
    html_tracklist: tracklistHtml(tracks),
    url: pick((e) => cleanUrl(e.web)),
    runtime: runtimeTotal,
    language,
    song_count: tracks.length,
    release_date: pick((e) => releaseDate(e.release)),
    age_range: age !== null ? `${age}+` : null,
    age_min: age,
    origin,
    tags,
  };
  return { ok: true, row };
}

// ---------------------------------------------------------------------------------------------
// A whole file
// ---------------------------------------------------------------------------------------------

export class ImportFormatError extends Error {
  override name = 'ImportFormatError';
}

/**
 * Checks the overall shape (an array of {article, data} records) before anything is written.
 * Throws ImportFormatError with one clear line when the file is not in this format at all.
 * Individual bad records are not an error here: cleanRecord skips them with a reason.
 */
export function assertSourceShape(input: unknown): asserts input is unknown[] {
  if (!Array.isArray(input)) {
    const got = input === null ? 'null' : typeof input === 'object' ? 'an object' : `a ${typeof input}`;
    throw new ImportFormatError(`expected a JSON array of {article, data} records, got ${got}`);
  }
  const isRecord = (r: unknown) => typeof r === 'object' && r !== null && !Array.isArray(r);
  const notRecord = input.findIndex((r) => !isRecord(r));
  if (notRecord >= 0) {
    throw new ImportFormatError(`expected a JSON array of {article, data} records, but item #${notRecord + 1} is not an object`);
  }
  if (input.length > 0 && !input.some((r) => Array.isArray((r as Record<string, unknown>).data))) {
    throw new ImportFormatError('expected a JSON array of {article, data} records, but no record has a "data" list (is this the toniesV2.json format?)');
  }
}

interface CleanedCatalogue {
  rows: CatalogueRow[];
  skipped: SkippedRecord[];
  categories: Record<string, number>;
}

/** Tonies of one series in one language (regions apart: 'de', 'en') share an age. */
function seriesAgeKey(series: string, language: string | null): string {
  return `${titleKey(series)}|${(language ?? '').split('-')[0]}`;
}

/**
 * Series whose Tonies with a known age agree within a year (the lower one is taken): the age a
 * Tonie of that series without an age of its own gets. Series whose ages spread further (a
 * 'Best of' for 3+ beside stories for 8+) lend none.
 */
function agreedSeriesAges(rows: readonly CatalogueRow[]): Map<string, number> {
  const ranges = new Map<string, { min: number; max: number }>();
  for (const row of rows) {
    if (row.age_min === null || row.category === 'Creative Tonie') continue;
    const key = seriesAgeKey(row.series!, row.language);
    const range = ranges.get(key);
    if (!range) ranges.set(key, { min: row.age_min, max: row.age_min });
    else ranges.set(key, { min: Math.min(range.min, row.age_min), max: Math.max(range.max, row.age_min) });
  }
  const ages = new Map<string, number>();
  for (const [key, { min, max }] of ranges) if (max - min <= 1) ages.set(key, min);
  return ages;
}

/**
 * Cleans every record; later duplicates of an article are skipped. Tonies without an age take
 * their series' agreed age (agreedSeriesAges), so 'suits a child of N' finds them.
 */
export function cleanCatalogue(input: unknown): CleanedCatalogue {
  assertSourceShape(input);
  const rows: CatalogueRow[] = [];
  const indexes: number[] = [];
  const skipped: SkippedRecord[] = [];
  const seen = new Set<string>();
  const categories: Record<string, number> = {};
  input.forEach((record, index) => {
    const result = cleanRecord(record, index);
    if (!result.ok) {
      skipped.push(result.skipped);
      return;
    }
    if (seen.has(result.row.article)) {
      skipped.push({ article: result.row.article, reason: 'duplicate article (an earlier record has it)' });
      return;
    }
    seen.add(result.row.article);
    rows.push(result.row);
    indexes.push(index);
    categories[result.row.category] = (categories[result.row.category] ?? 0) + 1;
  });
  const seriesAges = agreedSeriesAges(rows);
  rows.forEach((row, i) => {
    if (row.age_min !== null || row.category === 'Creative Tonie' || !seriesAges.has(seriesAgeKey(row.series!, row.language))) return;
    const again = cleanRecord(input[indexes[i]!], indexes[i]!, seriesAges);
    if (again.ok) rows[i] = again.row;
  });
  return { rows, skipped, categories };
}
