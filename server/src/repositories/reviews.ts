// Reviews of a Tonie (stars, optional text) in the table `ratings` (docs/decisions/0013), their
// tags, and the per-star summary; the author's edit and deletion of their own review. A review
// whose author's account is gone has no user_id.
// Visibility: a review shows to others only when no moderator hid it and its author is not
// suspended (visibleReview); its author always sees it (review.mine, "Download my data").
// Helpful votes: one row per review and user (review_votes' primary key makes a vote idempotent,
// also under races); ratings.helpful_count is kept by trigger.
import { sql, type Expression, type ExpressionBuilder, type InferResult, type SqlBool } from 'kysely';
import type { ReviewSort } from '@tonieshelf/shared/values/review';
import type { DB, Db } from '../db/types';
import { anyOf, hidingDecisionOf, tagNamesOf } from './query-helpers';

/** The reviews others may see: not hidden by moderators, author not suspended. */
export function visibleReview<TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<DB, 'ratings'>;
  return e.and([e('ratings.hidden_at', 'is', null), e('ratings.owner_suspended', '=', false)]);
}

function reviewsQuery(db: Db) {
  return (
    db
      .selectFrom('ratings')
      // A left join: a review outlives its author's account (user_id NULL, names NULL).
      .leftJoin('users', 'users.id', 'ratings.user_id')
      .select([
        'ratings.id',
        'ratings.tonie_id',
        'ratings.user_id',
        'users.username',
        'users.first_name',
        'users.last_name',
        'ratings.rating',
        'ratings.review',
        'ratings.created_at',
        'ratings.edited_at',
        'ratings.hidden_at',
        'ratings.owner_suspended',
        'ratings.helpful_count',
      ])
      .select(tagNamesOf('ratings', 'ratings.id').as('tags'))
      .select(hidingDecisionOf('review', 'ratings').as('decision_id'))
  );
}

/** A review with its author's names and its tags, as reviewsQuery reads it. */
export type ReviewRow = InferResult<ReturnType<typeof reviewsQuery>>[number];

/** Every review of a user (hidden ones too) with the Tonie's name, oldest first ("Download my data"). */
export function listUserReviews(db: Db, userId: string) {
  return reviewsQuery(db)
    .innerJoin('tonies', 'tonies.id', 'ratings.tonie_id')
    .select('tonies.name as tonie_name')
    .where('ratings.user_id', '=', userId)
    .orderBy('ratings.created_at')
    .orderBy('ratings.id')
    .execute();
}

/** A Tonie's visible reviews, newest first or most helpful first (then newest; ratings_tonie_helpful_idx). */
export function listReviews(db: Db, tonieId: number, limit: number, sort: ReviewSort = 'newest'): Promise<ReviewRow[]> {
  let q = reviewsQuery(db).where('ratings.tonie_id', '=', tonieId).where(visibleReview);
  if (sort === 'helpful') q = q.orderBy('ratings.helpful_count', 'desc');
  return q.orderBy('ratings.created_at', 'desc').orderBy('ratings.id', 'desc').limit(limit).execute();
}

/** One page of a user's visible reviews, newest first, each with its Tonie's id, name, image and language (a profile). */
export function listVisibleUserReviews(db: Db, userId: string, page: { limit: number; offset: number }) {
  return reviewsQuery(db)
    .innerJoin('tonies', 'tonies.id', 'ratings.tonie_id')
    .select(['tonies.name as tonie_name', 'tonies.image as tonie_image', 'tonies.language as tonie_language'])
    .where('ratings.user_id', '=', userId)
    .where(visibleReview)
    .orderBy('ratings.created_at', 'desc')
    .orderBy('ratings.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many visible reviews a user has (ratings_user_created_idx). */
export async function countVisibleUserReviews(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('ratings')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('ratings.user_id', '=', userId)
    .where(visibleReview)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function findUserReview(db: Db, tonieId: number, userId: string): Promise<ReviewRow | undefined> {
  return reviewsQuery(db).where('ratings.tonie_id', '=', tonieId).where('ratings.user_id', '=', userId).executeTakeFirst();
}

export function findReview(db: Db, id: number): Promise<ReviewRow | undefined> {
  return reviewsQuery(db).where('ratings.id', '=', id).executeTakeFirst();
}

/**
 * A Tonie's review summary in ONE statement (one round trip, not three): its aggregates, how many
 * visible reviews of each star value it has, and the tags of its visible reviews with how often
 * (most used first, then A to Z; the first `tagLimit`). Undefined when the Tonie does not exist.
 */
export async function reviewSummaryOf(db: Db, tonieId: number, tagLimit = 30) {
  return reviewSummaryStatement(db, tonieId, tagLimit).executeTakeFirst();
}

function reviewSummaryStatement(db: Db, tonieId: number, tagLimit: number) {
  return db
    .selectFrom('tonies')
    .select(['tonies.id', 'tonies.rating_avg', 'tonies.rating_count'])
    .select((eb) =>
      sql<Array<{ rating: number; n: number }>>`(
        select coalesce(json_agg(json_build_object('rating', s.rating, 'n', s.n)), '[]'::json)
          from (${eb
            .selectFrom('ratings')
            .select(['ratings.rating', (e) => e.fn.countAll<number>().as('n')])
            .whereRef('ratings.tonie_id', '=', 'tonies.id')
            .where(visibleReview)
            .groupBy('ratings.rating')}) s)`.as('stars'),
    )
    .select((eb) =>
      sql<Array<{ name: string; count: number }>>`(
        select coalesce(json_agg(json_build_object('name', t.name, 'count', t.count) order by t.count desc, t.name), '[]'::json)
          from (${eb
            .selectFrom('rating_tags')
            .innerJoin('ratings', 'ratings.id', 'rating_tags.rating_id')
            .innerJoin('tags', 'tags.id', 'rating_tags.tag_id')
            .select(['tags.name', (e) => e.fn.countAll<number>().as('count')])
            .whereRef('ratings.tonie_id', '=', 'tonies.id')
            .where(visibleReview)
            .groupBy('tags.name')
            .orderBy('count', 'desc')
            .orderBy('tags.name')
            .limit(tagLimit)}) t)`.as('tags'),
    )
    .where('tonies.id', '=', tonieId);
}

/** Inserts the review unless the user already reviewed the Tonie; returns its id or null. */
export async function insertReviewOnce(db: Db, row: { tonieId: number; userId: string; rating: number; review: string | null }): Promise<number | null> {
  const inserted = await db
    .insertInto('ratings')
    .values({ tonie_id: row.tonieId, user_id: row.userId, rating: row.rating, review: row.review })
    .onConflict((oc) => oc.constraint('ratings_one_per_user').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** The user's own review of a Tonie with its tag ids, locked for a change (FOR UPDATE); undefined when none. */
export function lockUserReview(db: Db, tonieId: number, userId: string) {
  return db
    .selectFrom('ratings')
    .select(['id', 'rating', 'review'])
    .select((eb) =>
      eb.fn
        .coalesce(
          eb.selectFrom('rating_tags').select(sql<number[]>`array_agg(tag_id order by tag_id)`.as('ids')).whereRef('rating_tags.rating_id', '=', 'ratings.id'),
          sql<number[]>`'{}'::int[]`,
        )
        .as('tag_ids'),
    )
    .where('tonie_id', '=', tonieId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
}

/** The author's change of stars and text; marks the review edited now. */
export async function updateReview(db: Db, id: number, values: { rating: number; review: string | null }): Promise<void> {
  await db.updateTable('ratings').set({ rating: values.rating, review: values.review, edited_at: sql<Date>`now()`, updated_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Makes a review's tags exactly `tagIds` (whether they tag the Tonie is the reviews service's rule). */
export async function replaceReviewTags(db: Db, reviewId: number, tagIds: readonly number[]): Promise<void> {
  let removed = db.deleteFrom('rating_tags').where('rating_id', '=', reviewId);
  if (tagIds.length > 0) removed = removed.where('tag_id', 'not in', tagIds);
  await removed.execute();
  await linkReviewTags(db, reviewId, tagIds);
}

/** Deletes the user's own review of a Tonie (its tag links go with it); its id, or null when there was none. */
export async function deleteUserReview(db: Db, tonieId: number, userId: string): Promise<number | null> {
  const deleted = await db.deleteFrom('ratings').where('tonie_id', '=', tonieId).where('user_id', '=', userId).returning('id').executeTakeFirst();
  return deleted?.id ?? null;
}

/** Adds tags to a review (whether they tag the Tonie is the reviews service's rule). */
export async function linkReviewTags(db: Db, reviewId: number, tagIds: readonly number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insertInto('rating_tags')
    .values(tagIds.map((tag_id) => ({ rating_id: reviewId, tag_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Marks the review helpful for the user (helpful) or takes the mark back, in ONE statement with
 * the look-up of the review: the write happens only while the review is visible and not the
 * user's own; a repeat (or a racing twin) changes nothing (the primary key). Answers the review's
 * author and visibility as the statement found them, so the caller can say why nothing changed;
 * undefined when there is no such review.
 */
export async function writeVote(db: Db, reviewId: number, userId: string, helpful: boolean): Promise<{ user_id: string | null; visible: boolean } | undefined> {
  const votable = sql`t.visible and t.user_id is distinct from ${userId}::uuid`;
  const write = helpful
    ? sql`insert into review_votes (rating_id, user_id)
          select t.id, ${userId}::uuid from target t where ${votable}
          on conflict (rating_id, user_id) do nothing
          returning rating_id`
    : sql`delete from review_votes v using target t
           where v.rating_id = t.id and v.user_id = ${userId}::uuid and ${votable}
          returning v.rating_id`;
  const target = db
    .selectFrom('ratings')
    .select(['id', 'user_id'])
    .select((eb) => sql<boolean>`${visibleReview(eb)}`.as('visible'))
    .where('id', '=', reviewId);
  const result = await sql<{ user_id: string | null; visible: boolean }>`
    with target as (${target}), w as (${write})
    select user_id, visible from target`.execute(db);
  return result.rows[0];
}

/** The review's helpful count and whether the user marked it. */
export function voteState(db: Db, reviewId: number, userId: string) {
  return db
    .selectFrom('ratings')
    .select('helpful_count')
    .select((eb) =>
      eb
        .exists(eb.selectFrom('review_votes').select('review_votes.rating_id').where('review_votes.rating_id', '=', reviewId).where('review_votes.user_id', '=', userId))
        .$castTo<boolean>()
        .as('helpful'),
    )
    .where('id', '=', reviewId)
    .executeTakeFirst();
}

/** The helpful counts of these reviews as they are now, for those still visible (one query by primary key). */
export function liveHelpfulCounts(db: Db, reviewIds: readonly number[]): Promise<Array<{ id: number; helpful_count: number }>> {
  if (reviewIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('ratings').select(['id', 'helpful_count']).where('id', '=', anyOf(reviewIds)).where(visibleReview).execute();
}

/**
 * The ids of a Tonie's reviews the user marked helpful (ONE query: review_votes_user_idx, then the
 * reviews by key); undefined when the Tonie does not exist.
 */
export async function votedReviewIds(db: Db, userId: string, tonieId: number): Promise<number[] | undefined> {
  const row = await db
    .selectFrom('tonies')
    .select((eb) =>
      eb.fn
        .coalesce(
          eb
            .selectFrom('review_votes')
            .innerJoin('ratings', 'ratings.id', 'review_votes.rating_id')
            .select(sql<number[]>`array_agg(ratings.id order by ratings.id)`.as('ids'))
            .where('review_votes.user_id', '=', userId)
            .whereRef('ratings.tonie_id', '=', 'tonies.id'),
          sql<number[]>`'{}'::int[]`,
        )
        .as('ids'),
    )
    .where('tonies.id', '=', tonieId)
    .executeTakeFirst();
  return row?.ids.map(Number);
}
