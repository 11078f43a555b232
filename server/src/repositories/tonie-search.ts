// Forgiving catalogue search (issue 12): words are folded like the stored text (search_fold in
// migration 0008: German umlauts both ways, accents, '&' = 'und' = 'and', hyphens as
// spaces); each word must appear in name, series or description, or, for words of 4+ letters,
// be close to a word of the name or the series (pg_trgm's strict word similarity, `<<%`, at its
// default threshold 0.5, served by the trigram indexes on name_search and series_search:
// 'benjmin' finds 'Benjamin'). Typos are not looked for in descriptions: there a close word is
// mostly chance, and comparing every long text is what made a common word's typo slow (see
// BENCHMARKS.md).
// Relevance: name exact > name prefix > name > name and series > description > typo-only (by
// similarity). One search predicate and rank serve the catalogue list and the header's quick
// search; 'Did you mean' offers close names and series when a search finds nothing.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { SEARCH_SUGGESTIONS_MAX } from '@tonieshelf/shared/values/tonie';
import type { Db, DB } from '../db/types';
import { escapeLike } from './query-helpers';

/** Words this long or longer also match close words of the name or the series (typos); shorter ones only as written. */
export const FUZZY_MIN_LENGTH = 4;

// The accented letters search_fold translates, and their plain letters (same order, same length).
const ACCENTED = 'àáâãåāăąäçćčďđèéêëēėęěìíîïīįıłñńňòóôõōőöøùúûūůűųüýÿžźżšśşșťţțð';
const PLAIN = 'aaaaaaaaacccddeeeeeeeeiiiiiiilnnnoooooooouuuuuuuuyyzzzsssstttd';
const PLAIN_OF = new Map([...ACCENTED].map((c, i) => [c, PLAIN[i]!]));

/**
 * migration 0008's search_fold in JS, step for step, so search words fold exactly like the
 * stored text: lower case; accents dropped; ß to ss, æ/œ to ae/oe; ae/oe/ue to a/o/u; the
 * words 'und' and 'and' dropped; anything not a-z or 0-9 (hyphens, '&', '%', '_') one space.
 */
export function foldSearchText(text: string): string {
  return [...text.toLowerCase()]
    .map((c) => PLAIN_OF.get(c) ?? c)
    .join('')
    .replace(/ß/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ẞ/g, 'ss')
    .replace(/([aou])e/g, '$1')
    .replace(/(^|[^a-z0-9])(und|and)(?=[^a-z0-9]|$)/g, '$1 ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** The folded search words (at most 8, duplicates dropped). */
export function tonieSearchWords(search: string | undefined): string[] {
  if (!search) return [];
  return [...new Set(foldSearchText(search).split(' ').filter(Boolean))].slice(0, 8);
}

const contains = (column: RawBuilder<unknown>, word: string) => sql<SqlBool>`${column} like ${`%${escapeLike(word)}%`}`;
const fuzzy = (word: string) => word.length >= FUZZY_MIN_LENGTH;

/** Every word is in the folded name, series or description, or (4+ letters) close to a word of the name or series. */
export function matchesTonieSearch(eb: ExpressionBuilder<DB, 'tonies'>, words: readonly string[]): Expression<SqlBool> {
  const text = sql.ref('tonies.search_text');
  const name = sql.ref('tonies.name_search');
  const series = sql.ref('tonies.series_search');
  return eb.and(
    words.map((word) => {
      const exact = eb(text, 'like', `%${escapeLike(word)}%`);
      return fuzzy(word) ? eb.or([exact, sql<SqlBool>`${word} <<% ${name}`, sql<SqlBool>`${word} <<% ${series}`]) : exact;
    }),
  );
}

/**
 * Smaller is better: how well a row of `table` matches the words; for ORDER BY. 0 the name is
 * the search, 1 the name starts with it, 2 every word is in the name, 3 in the name or the
 * series, 4 anywhere (description); rows found only through a typo (some word matches by
 * similarity alone) come after all of these, from 5 (close) to 6, by the words' mean similarity,
 * where a word in (or close to one in) the name counts fully, in the series 0.98, as written in
 * the description 0.96.
 */
export function tonieRelevance(table: string, words: readonly string[]): RawBuilder<number> {
  const phrase = words.join(' ');
  const name = sql.ref(`${table}.name_search`);
  const series = sql.ref(`${table}.series_search`);
  const text = sql.ref(`${table}.search_text`);
  const every = (test: (word: string) => RawBuilder<SqlBool>) => sql.join(words.map(test), sql` and `);
  const closeness = (column: RawBuilder<unknown>, word: string) => sql`case when ${contains(column, word)} then 1 else strict_word_similarity(${word}, ${column}) end`;
  const similarity = sql.join(
    words.map((w) => sql`greatest(${closeness(name, w)}, 0.98 * ${closeness(series, w)}, case when ${contains(text, w)} then 0.96 else 0 end)`),
    sql` + `,
  );
  return sql<number>`(case
    when ${name} = ${phrase} then 0
    when ${name} like ${`${escapeLike(phrase)}%`} then 1
    when ${every((w) => contains(name, w))} then 2
    when ${every((w) => sql<SqlBool>`(${contains(name, w)} or ${contains(series, w)})`)} then 3
    when ${every((w) => contains(text, w))} then 4
    else 6 - (${similarity}) / ${words.length}
  end)::float8`;
}

/** Brings the search's statistics and trigram indexes up to date after a bulk change of the
 * catalogue (an import): without it PGlite (no autovacuum) keeps planning sequential scans and
 * its GIN indexes' pending lists grow. Not inside a transaction (VACUUM cannot run in one). */
export async function refreshSearchIndexes(db: Db): Promise<void> {
  // The word tables of the one-word search (migration 0015) too: PGlite has no autovacuum, and
  // their index-only reads need the visibility map a vacuum sets.
  await sql`vacuum analyze tonies, tonie_search_words, search_vocabulary`.execute(db);
}

/**
 * Close matches of names and series for 'Did you mean' when a search finds nothing: trigram
 * similarity of the whole search with each folded name and series (pg_trgm's `%`, threshold
 * 0.3) or with a part of it (`<%`, word similarity 0.6), both served by trigram indexes; each
 * text once (names that fold alike are one, in their most common spelling), best first (ties:
 * the shorter, then A to Z).
 */
async function searchSuggestions(db: Db, words: readonly string[], limit: number): Promise<string[]> {
  const phrase = words.join(' ');
  if (phrase.length < 3 || limit < 1) return [];
  const { rows } = await sql<{ label: string }>`
    select mode() within group (order by label) as label from (
      select name as label, name_search as folded,
             greatest(similarity(name_search, ${phrase}), word_similarity(${phrase}, name_search)) as score
        from tonies where name_search % ${phrase} or ${phrase} <% name_search
      union all
      select series, series_search, greatest(similarity(series_search, ${phrase}), word_similarity(${phrase}, series_search))
        from tonies where series is not null and (series_search % ${phrase} or ${phrase} <% series_search)
    ) close_matches
    group by folded
    order by max(score) desc, min(length(label)), folded
    limit ${limit}`.execute(db);
  return rows.map((r) => r.label);
}

/** The header's quick search: the catalogue's search and ranking (then newest release, newest added). */
export function quickSearch(db: Db, q: string, limit: number) {
  const words = tonieSearchWords(q);
  if (words.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tonies')
    .select(['id', 'name', 'image', 'category', 'series', 'episode', 'language'])
    .where((eb) => matchesTonieSearch(eb, words))
    .orderBy(tonieRelevance('tonies', words))
    .orderBy(sql`release_date desc nulls last`)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** 'Did you mean': close names and series for a search that found nothing. */
export function suggestionsFor(db: Db, search: string): Promise<string[]> {
  return searchSuggestions(db, tonieSearchWords(search), SEARCH_SUGGESTIONS_MAX);
}
