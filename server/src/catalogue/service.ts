// Catalogue rules: the filtered, sorted catalogue; one Tonie; quick search; categories, languages
// and tags; a series' summary. Reviews of a Tonie are reviews/service.ts. Procedures call these;
// all SQL is in repositories.
import type { LanguageCounts, QuickSearchResult, SeriesSummary, Tonie, TonieList, TonieListQuery } from '@tonieshelf/shared/schemas/tonie';
import type { TagGroups } from '@tonieshelf/shared/schemas/tag';
import { CATALOGUE_MESSAGES, SEARCH_SUGGESTIONS_MAX } from '@tonieshelf/shared/values/tonie';
import type { Db } from '../db/types';
import { AppError } from '../errors';
import * as tags from '../repositories/tags';
import * as tonies from '../repositories/tonies';
import * as search from '../repositories/tonie-search';
import type { CatalogueSearch } from '../search/catalogue-search';
import { averageRatingOf, toTonie, toTonieSummary } from './mappers';
import { groupTags } from './tag-groups';

/** NOT_FOUND for a Tonie that does not exist (any more). */
export function tonieNotFound(): AppError {
  return new AppError('NOT_FOUND', CATALOGUE_MESSAGES.tonieNotFound);
}

/** The Tonie, or NOT_FOUND. */
export async function requireTonie(db: Db, id: number) {
  const tonie = await tonies.findTonieById(db, id);
  if (!tonie) throw tonieNotFound();
  return tonie;
}

/**
 * One page of the catalogue, filtered and sorted across the whole catalogue. A search is answered
 * by the search index once it is ready (SQL then reads the page's rows), before that by SQL.
 */
export async function listTonies(db: Db, query: TonieListQuery, index?: CatalogueSearch): Promise<TonieList> {
  const matched = query.search ? index?.search(query.search) : null;
  const { rows, total } = matched ? await tonies.listMatched(db, query, matched) : await tonies.listTonies(db, query);
  const suggestions = total === 0 && query.search ? await suggestionsFor(db, query.search, index) : [];
  return { tonies: rows.map((r) => toTonieSummary(r, r.tag_names)), totalCount: total, suggestions };
}

/** Tonies looked at for 'Did you mean' (each gives its series and its name). */
const SUGGESTION_SOURCES = 4 * SEARCH_SUGGESTIONS_MAX;

/**
 * 'Did you mean' for a search that found nothing: the series and names of the Tonies the index
 * finds closest to any of its words, each once (texts that fold alike are one); SQL's close names
 * and series until the index is ready.
 */
async function suggestionsFor(db: Db, text: string, index: CatalogueSearch | undefined): Promise<string[]> {
  const closest = index?.closest(text, SUGGESTION_SOURCES);
  if (!closest) return search.suggestionsFor(db, text);
  const labels = new Map<string, string>();
  for (const tonie of await tonies.namesAndSeries(db, closest)) {
    for (const label of [tonie.series, tonie.name]) {
      if (!label) continue;
      const folded = search.foldSearchText(label);
      if (!labels.has(folded)) labels.set(folded, label);
    }
  }
  return [...labels.values()].slice(0, SEARCH_SUGGESTIONS_MAX);
}

/** A Tonie with every field; its HTML is sanitised. */
export async function tonieById(db: Db, id: number): Promise<Tonie> {
  const row = await tonies.findTonieWithTags(db, id);
  if (!row) throw tonieNotFound();
  return toTonie(row, row.tag_names);
}

/** What a shared Tonie's address shows before the app has loaded: its name and picture; undefined when there is no such Tonie. */
export async function toniePreview(db: Db, id: number): Promise<ToniePreview | undefined> {
  const row = await tonies.findTonieById(db, id);
  return (
    row && {
      id: row.id,
      name: row.name,
      image: row.image,
      description: row.description,
      averageRating: averageRatingOf(row.rating_avg),
      totalRatings: row.rating_count,
    }
  );
}

/** A Tonie as its shared address (and a link preview of it) shows it. */
export interface ToniePreview {
  id: number;
  name: string;
  image: string | null;
  /** The catalogue's plain description (in the Tonie's own language). */
  description: string;
  averageRating: number;
  totalRatings: number;
}

/** The header's quick search: id, name, image and category of matching Tonies (from the search index once it is ready). */
export function quickSearch(db: Db, q: string, limit: number, index?: CatalogueSearch): Promise<QuickSearchResult> {
  const matched = index?.search(q);
  return matched ? tonies.quickSearchRows(db, matched.slice(0, limit)) : tonies.quickSearch(db, q, limit);
}

export const listCategories = tonies.listCategories;

/** The language filter's choices: every catalogue language with its Tonie count, most first. */
export function listLanguages(db: Db): Promise<LanguageCounts> {
  return tonies.listLanguages(db);
}

/** A series' page header: its episode count, its rating over all episodes and its languages. */
export async function seriesSummary(db: Db, series: string): Promise<SeriesSummary> {
  const row = await tonies.findSeries(db, series);
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.seriesNotFound);
  return {
    series,
    episodeCount: row.episodes,
    averageRating: row.rating_count === 0 ? 0 : Math.round((row.rating_sum / row.rating_count) * 100) / 100,
    totalRatings: row.rating_count,
    languages: [...row.languages].sort(),
  };
}

/** The catalogue tags in groups (series, age, language, topics from reviews, other) with counts. */
export async function listTagGroups(db: Db): Promise<TagGroups> {
  const [counts, known] = await Promise.all([tags.listTonieTagCounts(db), tonies.distinctSeriesAndLanguages(db)]);
  return groupTags(counts, known.series, known.languages);
}

/** Catalogue tags that at least one Tonie carries, A to Z. */
export async function listTags(db: Db): Promise<{ tags: string[] }> {
  return { tags: await tags.listTonieTagNames(db) };
}
