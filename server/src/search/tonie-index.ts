// The catalogue's search index in the server process (issue 33; decision 0015): MiniSearch over
// name, series, tags and description with per-field weights. Text is folded as the stored search
// text is (foldSearchText: umlauts three ways, accents, ß, '&'/'und'/'and', hyphens) at index and
// query time; typos and prefixes are MiniSearch's (not in descriptions). Every word must match
// (AND); ties go to the newest release, then the newest Tonie. No SQL here: catalogue-search.ts
// feeds it.
import MiniSearch, { type Query } from 'minisearch';
import { foldSearchText } from '../repositories/tonie-search';

/** A Tonie as the index holds it. */
export interface TonieSearchDoc {
  id: number;
  name: string;
  series: string | null;
  description: string;
  /** ISO date (yyyy-mm-dd) or null. */
  releaseDate: string | null;
  tags: readonly string[];
}

/** How much a word found in each field counts. */
const FIELD_BOOST = { name: 4, series: 3, tags: 1.5, description: 1 };
const FIELDS = Object.keys(FIELD_BOOST);

/** At most this many words of a search count (as the SQL search's). */
const MAX_QUERY_WORDS = 8;

/**
 * Words that, beside others, only narrow a search to the Tonies that contain them too: nearly every
 * German or English text has them, and the index scores every Tonie a word is in. Alone, a search
 * for one is kept.
 */
const STOP_WORDS = new Set('der die das den dem des ein eine einer the a an of to im am zum zur mit von le la les'.split(' '));

/**
 * How the series 'Die drei ???' and 'Die drei !!!' are spoken, and so typed: their marks are words
 * to the index (the fold would drop them).
 */
const SPOKEN_MARKS: [RegExp, string][] = [
  [/\?{3}/g, ' fragezeichen '],
  [/!{3}/g, ' ausrufezeichen '],
];

/** The index's words of a text: spoken marks, then the search fold. */
function words(text: string): string[] {
  const spoken = SPOKEN_MARKS.reduce((t, [marks, word]) => t.replace(marks, word), text);
  return foldSearchText(spoken).split(' ').filter(Boolean);
}

/**
 * The words of a search that count, each once: never a single letter (the 's' of "Laura's"; a
 * digit counts), stop words only when there is nothing else.
 */
export function queryWords(search: string): string[] {
  const all = [...new Set(words(search))].filter((word) => word.length > 1 || /\d/.test(word)).slice(0, MAX_QUERY_WORDS);
  const content = all.filter((word) => !STOP_WORDS.has(word));
  return content.length > 0 ? content : all;
}

/** Typos allowed in a search word: none under 4 letters, one up to 7, two from 8; none in a number ('2019' is not '2018'). */
function typosAllowed(word: string): number {
  if (/^\d+$/.test(word)) return 0;
  return word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0;
}

/** The fields where a word may have typos or be unfinished; in descriptions only as written (as the SQL search). */
const TITLE_FIELDS = ['name', 'series', 'tags'];

/**
 * A search's query: every word (AND); each found in the name, series or tags with its typos, the
 * last word also unfinished (typing; from 2 letters), or as written in the description. Close or
 * partial words in long descriptions are mostly chance, and the dearest part to look up.
 */
function searchQuery(words: readonly string[], combineWith: 'AND' | 'OR' = 'AND'): Query {
  return {
    combineWith,
    queries: words.map((word, i) => ({
      combineWith: 'OR',
      queries: [
        { queries: [word], fields: TITLE_FIELDS, prefix: i === words.length - 1 && word.length >= 2, fuzzy: typosAllowed(word) },
        { queries: [word], fields: ['description'], prefix: false, fuzzy: false },
      ],
    })),
  };
}

/** Release date as days for the tie-break (unknown: before every known date). */
function releaseOrder(date: string | null): number {
  const ms = date ? Date.parse(date) : Number.NaN;
  return Number.isNaN(ms) ? Number.NEGATIVE_INFINITY : ms / 86_400_000;
}

export class TonieIndex {
  readonly #index = new MiniSearch<TonieSearchDoc>({
    fields: FIELDS,
    idField: 'id',
    tokenize: words,
    processTerm: (term) => term || null,
    extractField: (doc, field) => (field === 'tags' ? doc.tags.join(' ') : ((doc[field as keyof TonieSearchDoc] as string | null) ?? '')),
    searchOptions: { boost: FIELD_BOOST },
  });
  /** Each Tonie's release day, for the tie-break. */
  readonly #release = new Map<number, number>();

  get size(): number {
    return this.#release.size;
  }

  /** Adds Tonies, or replaces those already held. */
  put(docs: readonly TonieSearchDoc[]): void {
    for (const doc of docs) {
      if (this.#release.has(doc.id)) this.#index.replace(doc);
      else this.#index.add(doc);
      this.#release.set(doc.id, releaseOrder(doc.releaseDate));
    }
  }

  /** Forgets these Tonies (those not held are ignored). */
  remove(ids: readonly number[]): void {
    for (const id of ids) {
      if (!this.#release.delete(id)) continue;
      this.#index.discard(id);
    }
  }

  /** Every Tonie matching the search, best first (ties: newest release, then newest Tonie). */
  search(search: string): number[] {
    return this.#ranked(queryWords(search), 'AND');
  }

  /**
   * 'Did you mean': the Tonies closest to any word of the search (at least 3 letters in all), best
   * first, at most `limit`; their names and series are the suggestions.
   */
  closest(search: string, limit: number): number[] {
    const words = queryWords(search);
    if (words.join(' ').length < 3) return [];
    return this.#ranked(words, 'OR').slice(0, limit);
  }

  #ranked(words: readonly string[], combineWith: 'AND' | 'OR'): number[] {
    if (words.length === 0) return [];
    const results = this.#index.search(searchQuery(words, combineWith));
    const release = (id: number) => this.#release.get(id) ?? Number.NEGATIVE_INFINITY;
    results.sort((a, b) => b.score - a.score || release(b.id) - release(a.id) || b.id - a.id);
    return results.map((r) => r.id as number);
  }
}
