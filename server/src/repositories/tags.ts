// Catalogue tags: the filter list, and review tags. A tag a review makes (origin 'review') is
// stored on the review only until it is approved (by a moderator, or automatically once enough
// different users' visible reviews use it); then it tags the Tonies whose visible reviews use it,
// like a catalogue tag (origin 'catalogue', from the import or the demo seed).
import { sql, type Expression, type ExpressionBuilder, type SqlBool } from 'kysely';
import type { DB, Db } from '../db/types';
import { findTagIds } from './query-helpers';
import { visibleReview } from './reviews';

/** Names of the catalogue tags that at least one Tonie carries, A to Z. */
export async function listTonieTagNames(db: Db): Promise<string[]> {
  const rows = await db
    .selectFrom('tags')
    .select('tags.name')
    .where(({ exists, selectFrom }) => exists(selectFrom('tonie_tags').select('tonie_tags.tag_id').whereRef('tonie_tags.tag_id', '=', 'tags.id')))
    .orderBy('tags.name')
    .execute();
  return rows.map((r) => r.name);
}

/** The catalogue tags that at least one Tonie carries, with how many Tonies and the tag's origin. */
export async function listTonieTagCounts(db: Db): Promise<{ name: string; origin: 'catalogue' | 'review'; count: number }[]> {
  const rows = await db
    .selectFrom('tags')
    .innerJoin('tonie_tags', 'tonie_tags.tag_id', 'tags.id')
    .select(['tags.name', 'tags.origin', (eb) => eb.fn.countAll<number>().as('count')])
    .groupBy(['tags.id', 'tags.name', 'tags.origin'])
    .execute();
  return rows.map((r) => ({ name: r.name, origin: r.origin, count: Number(r.count) }));
}

/** A tag that may tag Tonies: from the catalogue, or an approved review tag. */
function isPublicTag<TB extends keyof DB>(eb: ExpressionBuilder<DB, TB>): Expression<SqlBool> {
  const e = eb as unknown as ExpressionBuilder<DB, 'tags'>;
  return e.or([e('tags.origin', '=', 'catalogue'), e('tags.approved_at', 'is not', null)]);
}

/**
 * Ids of these review tag names, creating the missing ones as review tags (waiting for
 * approval); names are compared case-insensitively, so an existing spelling (and origin) wins.
 */
export async function ensureReviewTagIds(db: Db, names: readonly string[]): Promise<number[]> {
  if (names.length === 0) return [];
  await db
    .insertInto('tags')
    .values(names.map((name) => ({ name, origin: 'review' as const })))
    .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
    .execute();
  return (await findTagIds(db, 'tonies', names)) ?? [];
}

/** Tags the Tonie with those of `tagIds` that are public (catalogue tags, approved review tags). */
export async function linkPublicTagsToTonie(db: Db, tonieId: number, tagIds: readonly number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insertInto('tonie_tags')
    .columns(['tonie_id', 'tag_id'])
    .expression((eb) =>
      eb
        .selectFrom('tags')
        .select([sql<number>`cast(${tonieId} as integer)`.as('tonie_id'), 'tags.id as tag_id'])
        .where('tags.id', 'in', tagIds)
        .where(isPublicTag),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/**
 * Those of `tagIds` that are review tags waiting for approval, locked until this transaction
 * ends (so two reviews adding a tag at once count each other: the second waits, then counts).
 */
export async function lockWaitingReviewTags(db: Db, tagIds: readonly number[]): Promise<number[]> {
  if (tagIds.length === 0) return [];
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where('id', 'in', tagIds)
    .where('origin', '=', 'review')
    .where('approved_at', 'is', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  return rows.map((r) => r.id);
}

/** How many different users' visible reviews use each of these tags. */
export async function reviewTagUserCounts(db: Db, tagIds: readonly number[]): Promise<Map<number, number>> {
  if (tagIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('rating_tags')
    .innerJoin('ratings', 'ratings.id', 'rating_tags.rating_id')
    .select(['rating_tags.tag_id', (eb) => eb.fn.count<number>('ratings.user_id').distinct().as('users')])
    .where('rating_tags.tag_id', 'in', tagIds)
    .where(visibleReview)
    .groupBy('rating_tags.tag_id')
    .execute();
  return new Map(rows.map((r) => [r.tag_id, Number(r.users)]));
}

/** Approves waiting review tags now; the approved ones (id, name). */
export function approveReviewTags(db: Db, tagIds: readonly number[]): Promise<{ id: number; name: string }[]> {
  if (tagIds.length === 0) return Promise.resolve([]);
  return db
    .updateTable('tags')
    .set({ approved_at: sql<Date>`now()` })
    .where('id', 'in', tagIds)
    .where('origin', '=', 'review')
    .where('approved_at', 'is', null)
    .returning(['id', 'name'])
    .execute();
}

/** Tags every Tonie whose visible reviews use one of these tags with it. */
export async function linkTagsToReviewedTonies(db: Db, tagIds: readonly number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insertInto('tonie_tags')
    .columns(['tonie_id', 'tag_id'])
    .expression((eb) =>
      eb
        .selectFrom('rating_tags')
        .innerJoin('ratings', 'ratings.id', 'rating_tags.rating_id')
        .select(['ratings.tonie_id', 'rating_tags.tag_id'])
        .distinct()
        .where('rating_tags.tag_id', 'in', tagIds)
        .where(visibleReview),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Review tags waiting for approval that at least one visible review uses, most users first. */
export async function listWaitingReviewTags(db: Db) {
  const rows = await db
    .selectFrom('tags')
    .innerJoin('rating_tags', 'rating_tags.tag_id', 'tags.id')
    .innerJoin('ratings', 'ratings.id', 'rating_tags.rating_id')
    .select([
      'tags.id',
      'tags.name',
      'tags.created_at',
      (eb) => eb.fn.count<number>('ratings.user_id').distinct().as('user_count'),
      (eb) => eb.fn.count<number>('ratings.id').distinct().as('review_count'),
    ])
    .where('tags.origin', '=', 'review')
    .where('tags.approved_at', 'is', null)
    .where(visibleReview)
    .groupBy(['tags.id', 'tags.name', 'tags.created_at'])
    .orderBy('user_count', 'desc')
    .orderBy('review_count', 'desc')
    .orderBy('tags.name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, createdAt: r.created_at, userCount: Number(r.user_count), reviewCount: Number(r.review_count) }));
}
