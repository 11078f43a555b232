// Catalogue rules: the filtered, sorted catalogue; one Tonie; quick search; categories and tags;
// ratings and reviews (once per user, tags created on first use and tagging the Tonie too).
// Procedures call these; all SQL is in repositories.
import { RATING_MESSAGES, type CreateRating, type Rating, type RatingSummary } from '@tonieshelf/shared/schemas/rating';
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
