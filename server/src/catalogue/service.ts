// Catalogue rules: the filtered, sorted catalogue; one Tonie; quick search; categories and tags;
// ratings and reviews (once per user, tags created on first use and tagging the Tonie too; the
// author edits or deletes their own).
// Procedures call these; all SQL is in repositories.
import {
  RATING_MESSAGES,
  type CreateRating,
  type DeleteRatingResult,
  type Rating,
  type RatingSummary,
  type UpdateRating,
} from '@tonieshelf/shared/schemas/rating';
import type { QuickSearchResult, Tonie, TonieList, TonieListQuery } from '@tonieshelf/shared/schemas/tonie';
import type { Db } from '../db/types';
import { AppError } from '../errors';
import { ensureTagIds } from '../repositories/query-helpers';
import * as ratings from '../repositories/ratings';
import { listTonieTagNames } from '../repositories/tags';
import * as tonies from '../repositories/tonies';
import { toRating, toRatingSummary, toTonie, toTonieSummary } from './mappers';

const TONIE_NOT_FOUND = 'This Tonie does not exist (any more).';
const RATINGS_LIST_LIMIT = 100;

async function requireTonie(db: Db, id: number) {
  const tonie = await tonies.findTonieById(db, id);
  if (!tonie) throw new AppError('NOT_FOUND', TONIE_NOT_FOUND);
  return tonie;
}

/** One page of the catalogue, filtered and sorted across the whole catalogue. */
export async function listTonies(db: Db, query: TonieListQuery): Promise<TonieList> {
  const { rows, total } = await tonies.listTonies(db, query);
  return { tonies: rows.map((r) => toTonieSummary(r, r.tag_names)), totalCount: total };
}

/** A Tonie with every field; its HTML is sanitised. */
export async function tonieById(db: Db, id: number): Promise<Tonie> {
  const row = await tonies.findTonieWithTags(db, id);
  if (!row) throw new AppError('NOT_FOUND', TONIE_NOT_FOUND);
  return toTonie(row, row.tag_names);
}

/** The header's quick search: id, name, image and category of matching Tonies. */
export function quickSearch(db: Db, q: string, limit: number): Promise<QuickSearchResult> {
  return tonies.quickSearch(db, q, limit);
}

export const listCategories = tonies.listCategories;

/** Catalogue tags that at least one Tonie carries, A to Z. */
export async function listTags(db: Db): Promise<{ tags: string[] }> {
  return { tags: await listTonieTagNames(db) };
}

/** A Tonie's ratings and reviews, newest first (the newest 100). */
export async function listRatings(db: Db, tonieId: number): Promise<Rating[]> {
  await requireTonie(db, tonieId);
  return (await ratings.listRatings(db, tonieId, RATINGS_LIST_LIMIT)).map(toRating);
}

/** Average, count, per-star counts and percentages, and the tags used in reviews. */
export async function ratingSummary(db: Db, tonieId: number): Promise<RatingSummary> {
  const tonie = await requireTonie(db, tonieId);
  const [stars, tags] = await Promise.all([ratings.starCounts(db, tonie.id), ratings.reviewTagCounts(db, tonie.id)]);
  return toRatingSummary(tonie, stars, tags);
}

/** The user's own rating of a Tonie, or null. */
export async function myRating(db: Db, userId: string, tonieId: number): Promise<Rating | null> {
  const row = await ratings.findUserRating(db, tonieId, userId);
  return row ? toRating(row) : null;
}

/**
 * Rates (1-5) and optionally reviews a Tonie, once per user (CONFLICT on a second one, also
 * under races). Tags are created on first use and also tag the Tonie. Aggregates change in the
 * same transaction (trigger).
 */
export async function createRating(db: Db, userId: string, input: CreateRating): Promise<Rating> {
  const id = await db.transaction().execute(async (trx) => {
    await requireTonie(trx, input.tonieId);
    const ratingId = await ratings.insertRatingOnce(trx, { tonieId: input.tonieId, userId, rating: input.rating, review: input.review });
    if (ratingId === null) throw new AppError('CONFLICT', RATING_MESSAGES.alreadyReviewed);
    await ratings.linkRatingTags(trx, ratingId, input.tonieId, await ensureTagIds(trx, 'tonies', input.tags));
    return ratingId;
  });
  const row = await ratings.findRating(db, id);
  if (!row) throw new AppError('NOT_FOUND', TONIE_NOT_FOUND);
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
    const tagIds = input.tags === undefined ? current.tag_ids : await ensureTagIds(trx, 'tonies', input.tags);
    const tagsChanged = !sameIds(tagIds, current.tag_ids);
    if (rating === current.rating && review === current.review && !tagsChanged) return current.id;
    await ratings.updateRating(trx, current.id, { rating, review });
    if (tagsChanged) await ratings.replaceRatingTags(trx, current.id, input.tonieId, tagIds);
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
