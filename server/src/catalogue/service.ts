// Catalogue rules: the filtered, sorted catalogue; one Tonie; quick search; categories and tags;
// ratings and reviews (once per user; the author edits or deletes their own); review tags (a
// review's new tag describes that review only until REVIEW_TAG_MIN_USERS different users' visible
// reviews use it or a moderator approves it; then it tags the Tonies like a catalogue tag).
// Lists, summaries and averages show only visible reviews (not hidden, author not suspended).
// Procedures call these; all SQL is in repositories.
import {
  RATING_MESSAGES,
  type CreateRating,
  type DeleteRatingResult,
  type Rating,
  type RatingSummary,
  type ReviewSort,
  type UpdateRating,
  type VoteReviewResult,
} from '@tonieshelf/shared/schemas/rating';
import { REVIEW_TAG_MIN_USERS, type WaitingTag } from '@tonieshelf/shared/schemas/moderation';
import type { LanguageCounts, QuickSearchResult, SeriesSummary, Tonie, TonieList, TonieListQuery } from '@tonieshelf/shared/schemas/tonie';
import type { TagGroups } from '@tonieshelf/shared/schemas/tag';
import type { Transaction } from 'kysely';
import { isForeignKeyViolation } from '../db/foreign-key-violation';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Db, DB } from '../db/types';
import { CATALOGUE_MESSAGES } from '@tonieshelf/shared/values/tonie';
import { AppError } from '../errors';
import * as ratings from '../repositories/ratings';
import * as tags from '../repositories/tags';
import * as tonies from '../repositories/tonies';
import * as search from '../repositories/tonie-search';
import { toRating, toRatingSummary, toTonie, toTonieSummary } from './mappers';
import { groupTags } from './tag-groups';

const RATINGS_LIST_LIMIT = 100;

async function requireTonie(db: Db, id: number) {
  const tonie = await tonies.findTonieById(db, id);
  if (!tonie) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.tonieNotFound);
  return tonie;
}

/** One page of the catalogue, filtered and sorted across the whole catalogue. */
export async function listTonies(db: Db, query: TonieListQuery): Promise<TonieList> {
  const { rows, total } = await tonies.listTonies(db, query);
  const suggestions = total === 0 && query.search ? await search.suggestionsFor(db, query.search) : [];
  return { tonies: rows.map((r) => toTonieSummary(r, r.tag_names)), totalCount: total, suggestions };
}

/** A Tonie with every field; its HTML is sanitised. */
export async function tonieById(db: Db, id: number): Promise<Tonie> {
  const row = await tonies.findTonieWithTags(db, id);
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.tonieNotFound);
  return toTonie(row, row.tag_names);
}

/** The header's quick search: id, name, image and category of matching Tonies. */
export function quickSearch(db: Db, q: string, limit: number): Promise<QuickSearchResult> {
  return tonies.quickSearch(db, q, limit);
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

/** A Tonie's visible ratings and reviews, newest or most helpful first (then newest; the first 100). */
export async function listRatings(db: Db, tonieId: number, sort: ReviewSort = 'newest'): Promise<Rating[]> {
  await requireTonie(db, tonieId);
  return (await ratings.listRatings(db, tonieId, RATINGS_LIST_LIMIT, sort)).map(toRating);
}

/**
 * A (cached) list of reviews with their helpful counts as they are now, so a vote shows at once
 * without flushing the catalogue cache: ONE query by the reviews' ids. A review hidden since the
 * list was read is left out. The 'helpful' order itself is the cached one, so it may lag the
 * counts by the cache's time to live (a review that just passed another moves up on the next read).
 */
export async function withLiveHelpfulCounts(db: Db, list: Rating[]): Promise<Rating[]> {
  if (list.length === 0) return list;
  let counts: Awaited<ReturnType<typeof ratings.liveHelpfulCounts>>;
  try {
    counts = await ratings.liveHelpfulCounts(db, list.map((r) => r.id));
  } catch (err) {
    // While the database cannot be reached, the cached list is answered as it is (like every
    // cached read), with the counts it was read with.
    if (isDatabaseUnavailable(err)) return list;
    throw err;
  }
  const live = new Map(counts.map((r) => [r.id, r.helpful_count]));
  return list.flatMap((r) => {
    const count = live.get(r.id);
    return count === undefined ? [] : [{ ...r, helpfulCount: count }];
  });
}

/** The ids of a Tonie's reviews the user marked helpful (one query); NOT_FOUND for a Tonie that does not exist. */
export async function myVotes(db: Db, userId: string, tonieId: number): Promise<number[]> {
  const ids = await ratings.votedRatingIds(db, userId, tonieId);
  if (!ids) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.tonieNotFound);
  return ids;
}

/**
 * Marks a visible review helpful (helpful=true) or takes the mark back: once per user, also
 * under races (the primary key; a repeat changes nothing). NOT_FOUND for a review that does not
 * exist or others may not see; FORBIDDEN for the author's own. Two statements: the look-up with
 * the write, then the count read after the write and whether the user's mark is there.
 */
export async function voteReview(db: Db, userId: string, ratingId: number, helpful: boolean): Promise<VoteReviewResult> {
  let target: Awaited<ReturnType<typeof ratings.writeVote>>;
  try {
    target = await ratings.writeVote(db, ratingId, userId, helpful);
  } catch (err) {
    // The review was deleted while the vote was written.
    if (isForeignKeyViolation(err)) throw new AppError('NOT_FOUND', RATING_MESSAGES.reviewNotFound);
    throw err;
  }
  if (!target || !target.visible) throw new AppError('NOT_FOUND', RATING_MESSAGES.reviewNotFound);
  if (target.user_id === userId) throw new AppError('FORBIDDEN', RATING_MESSAGES.ownReviewVote);
  const state = await ratings.voteState(db, ratingId, userId);
  if (!state) throw new AppError('NOT_FOUND', RATING_MESSAGES.reviewNotFound);
  return { ratingId, helpful: state.helpful, helpfulCount: state.helpful_count };
}

/** Average, count, per-star counts and percentages, and the tags used in reviews (visible ones only). */
export async function ratingSummary(db: Db, tonieId: number): Promise<RatingSummary> {
  const row = await ratings.ratingSummaryOf(db, tonieId);
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.tonieNotFound);
  return toRatingSummary(row, new Map(row.stars.map((s) => [s.rating, Number(s.n)])), row.tags);
}

/** The user's own rating of a Tonie (hidden or not: then marked hiddenByModerators), or null. */
export async function myRating(db: Db, userId: string, tonieId: number): Promise<Rating | null> {
  const row = await ratings.findUserRating(db, tonieId, userId);
  return row ? toRating(row) : null;
}

/**
 * After a review's tags were set: its public tags (catalogue tags, approved review tags) tag the
 * Tonie; a waiting review tag that REVIEW_TAG_MIN_USERS different users' visible reviews now use
 * is approved and tags every Tonie whose visible reviews use it. In the caller's transaction.
 */
async function tagTonieFromReview(trx: Db, tonieId: number, tagIds: readonly number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await tags.linkPublicTagsToTonie(trx, tonieId, tagIds);
  const waiting = await tags.lockWaitingReviewTags(trx, tagIds);
  const users = await tags.reviewTagUserCounts(trx, waiting);
  const ready = waiting.filter((id) => (users.get(id) ?? 0) >= REVIEW_TAG_MIN_USERS);
  const approved = await tags.approveReviewTags(trx, ready);
  await tags.linkTagsToReviewedTonies(trx, approved.map((t) => t.id));
}

/** Runs `fn` in `db`'s transaction, or in a new one. */
function inTransaction<T>(db: Db, fn: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db as Transaction<DB>) : db.transaction().execute(fn);
}

/**
 * A moderator approves a review tag waiting for approval: it becomes a catalogue filter tag and
 * tags every Tonie whose visible reviews use it. The tag's name, or null when there is no such
 * waiting tag (unknown, from the catalogue, or approved already). For the moderation service,
 * which checks the role and writes the log.
 */
export function approveReviewTag(db: Db, tagId: number): Promise<string | null> {
  return inTransaction(db, async (trx) => {
    const [approved] = await tags.approveReviewTags(trx, [tagId]);
    if (!approved) return null;
    await tags.linkTagsToReviewedTonies(trx, [approved.id]);
    return approved.name;
  });
}

/** Review tags waiting for approval that at least one visible review uses, most users first (for moderators). */
export async function listWaitingReviewTags(db: Db): Promise<WaitingTag[]> {
  const rows = await tags.listWaitingReviewTags(db);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

/**
 * Rates (1-5) and optionally reviews a Tonie, once per user (CONFLICT on a second one, also
 * under races). Tags are created on first use (as review tags, waiting for approval); public
 * ones tag the Tonie too. Aggregates change in the same transaction (trigger).
 */
export async function createRating(db: Db, userId: string, input: CreateRating): Promise<Rating> {
  const id = await db.transaction().execute(async (trx) => {
    await requireTonie(trx, input.tonieId);
    const ratingId = await ratings.insertRatingOnce(trx, { tonieId: input.tonieId, userId, rating: input.rating, review: input.review });
    if (ratingId === null) throw new AppError('CONFLICT', RATING_MESSAGES.alreadyReviewed);
    const tagIds = await tags.ensureReviewTagIds(trx, input.tags);
    await ratings.linkRatingTags(trx, ratingId, tagIds);
    await tagTonieFromReview(trx, input.tonieId, tagIds);
    return ratingId;
  });
  const row = await ratings.findRating(db, id);
  if (!row) throw new AppError('NOT_FOUND', CATALOGUE_MESSAGES.tonieNotFound);
  return toRating(row);
}

/** NOT_FOUND for a change of a review the user has not written: the Tonie is gone, or they never reviewed it. */
async function notReviewed(db: Db, tonieId: number): Promise<AppError> {
  await requireTonie(db, tonieId);
  return new AppError('NOT_FOUND', RATING_MESSAGES.notReviewed);
}

/** Two lists of distinct ids hold the same ids. */
function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const inB = new Set(b);
  return a.length === b.length && a.every((id) => inB.has(id));
}

/**
 * The author changes their own review of a Tonie: stars, text and tags (a field left out keeps
 * its value). In one transaction, on the locked row: the rating is marked edited and its tags
 * replaced; the Tonie's aggregates follow (trigger). A change that changes nothing leaves the
 * review as it was (not marked edited).
 */
export async function updateRating(db: Db, userId: string, input: UpdateRating): Promise<Rating> {
  const id = await db.transaction().execute(async (trx) => {
    const current = await ratings.lockUserRating(trx, input.tonieId, userId);
    if (!current) throw await notReviewed(trx, input.tonieId);
    const rating = input.rating ?? current.rating;
    const review = input.review === undefined ? current.review : input.review;
    const tagIds = input.tags === undefined ? current.tag_ids : await tags.ensureReviewTagIds(trx, input.tags);
    const tagsChanged = !sameIds(tagIds, current.tag_ids);
    if (rating === current.rating && review === current.review && !tagsChanged) return current.id;
    await ratings.updateRating(trx, current.id, { rating, review });
    if (tagsChanged) {
      await ratings.replaceRatingTags(trx, current.id, tagIds);
      await tagTonieFromReview(trx, input.tonieId, tagIds);
    }
    return current.id;
  });
  const row = await ratings.findRating(db, id);
  if (!row) throw new AppError('NOT_FOUND', RATING_MESSAGES.notReviewed);
  return toRating(row);
}

/** The author deletes their own review of a Tonie, with its tags; the Tonie's aggregates follow (trigger). */
export async function deleteRating(db: Db, userId: string, tonieId: number): Promise<DeleteRatingResult> {
  const id = await ratings.deleteUserRating(db, tonieId, userId);
  if (id === null) throw await notReviewed(db, tonieId);
  return { ok: true, id, tonieId };
}
