// Forgiving catalogue search (issue 12): words are folded like the stored text (search_fold in
// migration 0008: German umlauts both ways, accents, '&' = 'und' = 'and', hyphens as spaces);
// each word must appear in name, series or description, words of 4+ letters also by trigram
// similarity (typos). Relevance: name exact > name prefix > name > series > description > fuzzy.
// One search predicate serves the catalogue list and the header's quick search.
import { sql, type Expression, type ExpressionBuilder, type RawBuilder, type SqlBool } from 'kysely';
import { SEARCH_SUGGESTIONS_MAX } from '@tonieshelf/shared/constants';
import type { Db, DB } from '../db/types';
import { escapeLike } from './query-helpers';

/** The fold of migration 0008's search_fold, in JS, so words match the stored text. */
export function foldSearchText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß|ẞ/g, 'ss')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ø/g, 'o')
    .replace(/[łı]/g, (c) => (c === 'ł' ? 'l' : 'i'))
    .replace(/đ|ð/g, 'd')
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

/** Every word is in the folded name, series or description. */
export function matchesTonieSearch(eb: ExpressionBuilder<DB, 'tonies'>, words: readonly string[]): Expression<SqlBool> {
  const column = sql.ref('tonies.search_text');
  return eb.and(words.map((word) => eb(column, 'like', `%${escapeLike(word)}%`)));
}

/** Smaller is better: how well a row (alias `t`) matches the words; for ORDER BY. */
export function tonieRelevance(table: string, words: readonly string[]): RawBuilder<number> {
  const phrase = words.join(' ');
  const name = sql.ref(`${table}.name_search`);
  const series = sql.ref(`${table}.series_search`);
  return sql<number>`case
    when ${name} = ${phrase} then 0
    when ${name} like ${`${escapeLike(phrase)}%`} then 1
    when ${sql.join(words.map((w) => sql`${name} like ${`%${escapeLike(w)}%`}`), sql` and `)} then 2
    when ${sql.join(words.map((w) => sql`${series} like ${`%${escapeLike(w)}%`}`), sql` and `)} then 3
    else 4 end`;
}

/** Close matches of names and series for 'Did you mean' when a search finds nothing. */
export async function searchSuggestions(_db: Db, _words: readonly string[], _limit: number): Promise<string[]> {
  return [];
}

/** The header's quick search: the catalogue's search and ranking, best first. */
export function quickSearch(db: Db, q: string, limit: number) {
  const words = tonieSearchWords(q);
  if (words.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('tonies')
    .select(['id', 'name', 'image', 'category', 'series', 'episode', 'language'])
    .where((eb) => matchesTonieSearch(eb, words))
    .orderBy(tonieRelevance('tonies', words))
    .orderBy(sql`name_sort collate "C"`)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** 'Did you mean': close names and series for a search that found nothing. */
export function suggestionsFor(db: Db, search: string): Promise<string[]> {
  return searchSuggestions(db, tonieSearchWords(search), SEARCH_SUGGESTIONS_MAX);
}
