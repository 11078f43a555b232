// Review rules: a Tonie's stars (1-5) and optional text, once per user (the author edits or
// deletes their own); helpful votes (once per user, never the author's own); review tags (a
// review's new tag describes that review only until REVIEW_TAG_MIN_USERS different users' visible
// reviews use it or a moderator approves it; then it tags the Tonies like a catalogue tag).
// Lists, summaries and averages show only visible reviews (not hidden, author not suspended).
// Procedures call these; all SQL is in repositories.
import { REVIEW_MESSAGES, type ReviewSort } from '@tonieshelf/shared/values/review';
import type { CreateReview, DeleteReviewResult, Review, ReviewSummary, UpdateReview, VoteReviewResult } from '@tonieshelf/shared/schemas/review';
import { REVIEW_TAG_MIN_USERS } from '@tonieshelf/shared/values/moderation';
import type { WaitingTag } from '@tonieshelf/shared/schemas/moderation';
import type { Transaction } from 'kysely';
import { requireTonie, tonieNotFound } from '../catalogue/service';
import { isForeignKeyViolation } from '../db/foreign-key-violation';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { Db, DB } from '../db/types';
import { AppError } from '../errors';
import * as reviews from '../repositories/reviews';
import * as tags from '../repositories/tags';
import { toReview, toReviewSummary } from './mappers';

const REVIEWS_LIST_LIMIT = 100;

/** A Tonie's visible reviews, newest or most helpful first (then newest; the first 100). */
export async function listReviews(db: Db, tonieId: number, sort: ReviewSort = 'newest'): Promise<Review[]> {
  await requireTonie(db, tonieId);
  return (await reviews.listReviews(db, tonieId, REVIEWS_LIST_LIMIT, sort)).map(toReview);
}

/**
 * A (cached) list of reviews with their helpful counts as they are now, so a vote shows at once
 * without flushing the catalogue cache: ONE query by the reviews' ids. A review hidden since the
 * list was read is left out. The 'helpful' order itself is the cached one, so it may lag the
 * counts by the cache's time to live (a review that just passed another moves up on the next read).
 */
export async function withLiveHelpfulCounts(db: Db, list: Review[]): Promise<Review[]> {
  if (list.length === 0) return list;
  let counts: Awaited<ReturnType<typeof reviews.liveHelpfulCounts>>;
  try {
    counts = await reviews.liveHelpfulCounts(
      db,
      list.map((r) => r.id),
    );
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
  const ids = await reviews.votedReviewIds(db, userId, tonieId);
  if (!ids) throw tonieNotFound();
  return ids;
}

/**
 * Marks a visible review helpful (helpful=true) or takes the mark back: once per user, also
 * under races (the primary key; a repeat changes nothing). NOT_FOUND for a review that does not
 * exist or others may not see; FORBIDDEN for the author's own. Two statements: the look-up with
 * the write, then the count read after the write and whether the user's mark is there.
 */
export async function voteReview(db: Db, userId: string, reviewId: number, helpful: boolean): Promise<VoteReviewResult> {
  let target: Awaited<ReturnType<typeof reviews.writeVote>>;
  try {
    target = await reviews.writeVote(db, reviewId, userId, helpful);
  } catch (err) {
    // The review was deleted while the vote was written.
    if (isForeignKeyViolation(err)) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.reviewNotFound);
    throw err;
  }
  if (!target?.visible) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.reviewNotFound);
  if (target.user_id === userId) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.ownReviewVote);
  const state = await reviews.voteState(db, reviewId, userId);
  if (!state) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.reviewNotFound);
  return { ratingId: reviewId, helpful: state.helpful, helpfulCount: state.helpful_count };
}

/** Average, count, per-star counts and percentages, and the tags used in reviews (visible ones only). */
export async function reviewSummary(db: Db, tonieId: number): Promise<ReviewSummary> {
  const row = await reviews.reviewSummaryOf(db, tonieId);
  if (!row) throw tonieNotFound();
  return toReviewSummary(row, new Map(row.stars.map((s) => [s.rating, Number(s.n)])), row.tags);
}

/** The user's own review of a Tonie (hidden or not: then marked hiddenByModerators), or null. */
export async function myReview(db: Db, userId: string, tonieId: number): Promise<Review | null> {
  const row = await reviews.findUserReview(db, tonieId, userId);
  return row ? toReview(row) : null;
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
  await tags.linkTagsToReviewedTonies(
    trx,
    approved.map((t) => t.id),
  );
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
export async function createReview(db: Db, userId: string, input: CreateReview): Promise<Review> {
  const id = await db.transaction().execute(async (trx) => {
    await requireTonie(trx, input.tonieId);
    const reviewId = await reviews.insertReviewOnce(trx, { tonieId: input.tonieId, userId, rating: input.rating, review: input.review });
    if (reviewId === null) throw new AppError('CONFLICT', REVIEW_MESSAGES.alreadyReviewed);
    const tagIds = await tags.ensureReviewTagIds(trx, input.tags);
    await reviews.linkReviewTags(trx, reviewId, tagIds);
    await tagTonieFromReview(trx, input.tonieId, tagIds);
    return reviewId;
  });
  const row = await reviews.findReview(db, id);
  if (!row) throw tonieNotFound();
  return toReview(row);
}

/** NOT_FOUND for a change of a review the user has not written: the Tonie is gone, or they never reviewed it. */
async function notReviewed(db: Db, tonieId: number): Promise<AppError> {
  await requireTonie(db, tonieId);
  return new AppError('NOT_FOUND', REVIEW_MESSAGES.notReviewed);
}

/** Two lists of distinct ids hold the same ids. */
function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const inB = new Set(b);
  return a.length === b.length && a.every((id) => inB.has(id));
}

/**
 * The author changes their own review of a Tonie: stars, text and tags (a field left out keeps
 * its value). In one transaction, on the locked row: the review is marked edited and its tags
 * replaced; the Tonie's aggregates follow (trigger). A change that changes nothing leaves the
 * review as it was (not marked edited).
 */
export async function updateReview(db: Db, userId: string, input: UpdateReview): Promise<Review> {
  const id = await db.transaction().execute(async (trx) => {
    const current = await reviews.lockUserReview(trx, input.tonieId, userId);
    if (!current) throw await notReviewed(trx, input.tonieId);
    const rating = input.rating ?? current.rating;
    const review = input.review === undefined ? current.review : input.review;
    const tagIds = input.tags === undefined ? current.tag_ids : await tags.ensureReviewTagIds(trx, input.tags);
    const tagsChanged = !sameIds(tagIds, current.tag_ids);
    if (rating === current.rating && review === current.review && !tagsChanged) return current.id;
    await reviews.updateReview(trx, current.id, { rating, review });
    if (tagsChanged) {
      await reviews.replaceReviewTags(trx, current.id, tagIds);
      await tagTonieFromReview(trx, input.tonieId, tagIds);
    }
    return current.id;
  });
  const row = await reviews.findReview(db, id);
  if (!row) throw new AppError('NOT_FOUND', REVIEW_MESSAGES.notReviewed);
  return toReview(row);
}

/** The author deletes their own review of a Tonie, with its tags; the Tonie's aggregates follow (trigger). */
export async function deleteReview(db: Db, userId: string, tonieId: number): Promise<DeleteReviewResult> {
  const id = await reviews.deleteUserReview(db, tonieId, userId);
  if (id === null) throw await notReviewed(db, tonieId);
  return { ok: true, id, tonieId };
}
