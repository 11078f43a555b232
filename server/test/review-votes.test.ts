// Helpful votes on reviews through review.vote / review.myVotes / review.list (createCaller) and
// the REST shims (app.inject): vote, unvote, repeats, the author's own review, hidden and unknown
// reviews, the count and the 'helpful' order on the Tonie's list, the user's marks, and races
// (one user voting many times at once, many users at once, vote and unvote racing).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REVIEW_MESSAGES } from '@tonieshelf/shared/values/review';
import * as reviews from '../src/reviews/service';
import { openDatabase } from '../src/db/database';
import { setSuspension } from '../src/repositories/moderation';
import { createTestApp } from './helpers/app';
import { failure, TestClient } from './helpers/auth';
import { backdate, insertReview, insertTonie, signedInUser, type SignedInUser } from './helpers/content';
import { countingStatements, createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const signUp = () => signedInUser(database);

const counting = () => countingStatements(database);
const anonymous = () => new TestClient(database).caller();

/** The vote rows of a review and its stored count. */
async function votesOf(ratingId: number) {
  const rows = await database.db.selectFrom('review_votes').select('user_id').where('rating_id', '=', ratingId).execute();
  const { helpful_count } = await database.db.selectFrom('ratings').select('helpful_count').where('id', '=', ratingId).executeTakeFirstOrThrow();
  return { rows: rows.length, count: helpful_count };
}

/** A Tonie with one review by a new author; the author, the Tonie and the review. */
async function reviewed(): Promise<{ author: SignedInUser; tonieId: number; ratingId: number }> {
  const author = await signUp();
  const tonieId = await insertTonie(database, 'Helpful Tonie');
  const ratingId = await insertReview(database, tonieId, author.id);
  return { author, tonieId, ratingId };
}

describe('review.vote', () => {
  it('vote -> helpful true, count 1; the same vote again -> still 1; unvote -> 0; unvote again -> 0', async () => {
    const { ratingId } = await reviewed();
    const voter = await signUp();
    const api = await voter.call();
    expect(await api.review.vote({ ratingId, helpful: true })).toEqual({ ratingId, helpful: true, helpfulCount: 1 });
    expect(await api.review.vote({ ratingId, helpful: true })).toEqual({ ratingId, helpful: true, helpfulCount: 1 });
    expect(await votesOf(ratingId)).toEqual({ rows: 1, count: 1 });
    expect(await api.review.vote({ ratingId, helpful: false })).toEqual({ ratingId, helpful: false, helpfulCount: 0 });
    expect(await api.review.vote({ ratingId, helpful: false })).toEqual({ ratingId, helpful: false, helpfulCount: 0 });
    expect(await votesOf(ratingId)).toEqual({ rows: 0, count: 0 });
  });

  it('toggling twice (vote, unvote, vote, unvote) -> ends unmarked with count 0; two voters -> 2', async () => {
    const { ratingId } = await reviewed();
    const [a, b] = [await signUp(), await signUp()];
    for (const helpful of [true, false, true, false]) await (await a.call()).review.vote({ ratingId, helpful });
    expect(await votesOf(ratingId)).toEqual({ rows: 0, count: 0 });
    await (await a.call()).review.vote({ ratingId, helpful: true });
    expect(await (await b.call()).review.vote({ ratingId, helpful: true })).toEqual({ ratingId, helpful: true, helpfulCount: 2 });
  });

  it("the author's own review -> FORBIDDEN, no vote stored", async () => {
    const { author, ratingId } = await reviewed();
    expect(await failure((await author.call()).review.vote({ ratingId, helpful: true }))).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.ownReviewVote });
    expect(await votesOf(ratingId)).toEqual({ rows: 0, count: 0 });
  });

  it('a review hidden by moderators, one whose author is suspended, and an unknown one -> NOT_FOUND', async () => {
    const hidden = await reviewed();
    await database.db.updateTable('ratings').set({ hidden_at: new Date() }).where('id', '=', hidden.ratingId).execute();
    const suspended = await reviewed();
    await setSuspension(database.db, suspended.author.id, new Date(Date.now() + 86_400_000));
    const voter = await signUp();
    for (const ratingId of [hidden.ratingId, suspended.ratingId, 2_000_000_000]) {
      expect(await failure((await voter.call()).review.vote({ ratingId, helpful: true }))).toMatchObject({ code: 'NOT_FOUND', message: REVIEW_MESSAGES.reviewNotFound });
    }
    expect(await votesOf(hidden.ratingId)).toEqual({ rows: 0, count: 0 });
    expect(await votesOf(suspended.ratingId)).toEqual({ rows: 0, count: 0 });
  });

  it('signed out -> UNAUTHORIZED; bad ids and a missing helpful -> BAD_REQUEST', async () => {
    const { ratingId } = await reviewed();
    expect((await failure((await anonymous()).review.vote({ ratingId, helpful: true }))).code).toBe('UNAUTHORIZED');
    const api = await (await signUp()).call();
    for (const bad of [0, -1, 1.5, 'abc', 2_147_483_648]) {
      expect(await failure(api.review.vote({ ratingId: bad as number, helpful: true }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: expect.stringContaining(REVIEW_MESSAGES.invalidReviewId),
      });
    }
    expect((await failure(api.review.vote({ ratingId } as never))).code).toBe('BAD_REQUEST');
  });
});

describe('review.list and review.myVotes', () => {
  it('helpfulCount on every review; sort helpful -> most helpful first, ties newest first; newest (the default) -> newest first', async () => {
    const tonieId = await insertTonie(database, 'Sorted Tonie');
    const authors = [await signUp(), await signUp(), await signUp()];
    const ids: number[] = [];
    for (const [i, a] of authors.entries()) {
      const id = await insertReview(database, tonieId, a.id, `Review ${i}`);
      await backdate(database, 'ratings', id, new Date(Date.UTC(2026, 0, 1 + i)));
      ids.push(id);
    }
    const voters = [await signUp(), await signUp()];
    // Review 0 (oldest): two votes; review 1: none; review 2 (newest): one.
    for (const v of voters) await (await v.call()).review.vote({ ratingId: ids[0]!, helpful: true });
    await (await voters[0]!.call()).review.vote({ ratingId: ids[2]!, helpful: true });

    const api = await anonymous();
    const helpful = await api.review.list({ tonieId, sort: 'helpful' });
    expect(helpful.map((r) => [r.id, r.helpfulCount])).toEqual([
      [ids[0], 2],
      [ids[2], 1],
      [ids[1], 0],
    ]);
    expect((await api.review.list({ tonieId })).map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await api.review.list({ tonieId, sort: 'newest' })).map((r) => r.id)).toEqual([ids[2], ids[1], ids[0]]);
    expect((await failure(api.review.list({ tonieId, sort: 'best' as never }))).message).toContain(REVIEW_MESSAGES.reviewSort);

    expect(await (await voters[0]!.call()).review.myVotes({ tonieId })).toEqual([ids[0], ids[2]].sort((a, b) => a! - b!));
    expect(await (await voters[1]!.call()).review.myVotes({ tonieId })).toEqual([ids[0]]);
    expect(await (await authors[0]!.call()).review.myVotes({ tonieId })).toEqual([]);
    expect((await failure(api.review.myVotes({ tonieId }))).code).toBe('UNAUTHORIZED');
  });

  it('review.myVotes: an unknown Tonie -> NOT_FOUND (GET /api/tonies/:id/ratings/votes 404); a known one is ONE statement', async () => {
    const { tonieId, ratingId } = await reviewed();
    const voter = await signUp();
    const api = await voter.call();
    expect(await failure(api.review.myVotes({ tonieId: 2_000_000_000 }))).toMatchObject({ code: 'NOT_FOUND', text: 'This Tonie does not exist (any more).' });
    const res = await app.inject({ method: 'GET', url: '/api/tonies/2000000000/ratings/votes', headers: voter.headers });
    expect(res.statusCode).toBe(404);
    const { db, statements } = counting();
    expect(await reviews.myVotes(db, voter.id, tonieId)).toEqual([]);
    await api.review.vote({ ratingId, helpful: true });
    expect(await reviews.myVotes(db, voter.id, tonieId)).toEqual([ratingId]);
    expect(statements).toHaveLength(2);
  });

  it('a vote and an unvote -> TWO statements each (the look-up with the write, then the count)', async () => {
    const { ratingId } = await reviewed();
    const voter = await signUp();
    for (const helpful of [true, false]) {
      const { db, statements } = counting();
      expect(await reviews.voteReview(db, voter.id, ratingId, helpful)).toEqual({ ratingId, helpful, helpfulCount: helpful ? 1 : 0 });
      expect(statements).toHaveLength(2);
    }
  });

  it("unvote of a vote given before the review was hidden -> NOT_FOUND, the vote stays; unvote of one's own review -> FORBIDDEN", async () => {
    const { author, ratingId } = await reviewed();
    const voter = await signUp();
    await (await voter.call()).review.vote({ ratingId, helpful: true });
    await database.db.updateTable('ratings').set({ hidden_at: new Date() }).where('id', '=', ratingId).execute();
    expect(await failure((await voter.call()).review.vote({ ratingId, helpful: false }))).toMatchObject({ code: 'NOT_FOUND', message: REVIEW_MESSAGES.reviewNotFound });
    expect(await votesOf(ratingId)).toEqual({ rows: 1, count: 1 });
    await database.db.updateTable('ratings').set({ hidden_at: null }).where('id', '=', ratingId).execute();
    expect(await failure((await author.call()).review.vote({ ratingId, helpful: false }))).toMatchObject({ code: 'FORBIDDEN', message: REVIEW_MESSAGES.ownReviewVote });
    expect(await votesOf(ratingId)).toEqual({ rows: 1, count: 1 });
  });
});

describe('helpful votes with the read cache on', () => {
  let cached: FastifyInstance;
  beforeAll(async () => {
    cached = await createTestApp(database, { cacheTtlMs: 60_000 });
  });
  afterAll(async () => {
    await cached?.close();
  });
  const get = (url: string) => cached.inject({ method: 'GET', url });

  it('a vote shows at once on the cached review.list (both sorts), and an unvote too', async () => {
    const { tonieId, ratingId } = await reviewed();
    const voter = await signUp();
    for (const sort of ['newest', 'helpful']) expect((await get(`/api/tonies/${tonieId}/ratings?sort=${sort}`)).json()[0]).toMatchObject({ id: ratingId, helpfulCount: 0 });
    expect((await cached.inject({ method: 'PUT', url: `/api/ratings/${ratingId}/helpful`, headers: voter.headers })).statusCode).toBe(200);
    for (const sort of ['newest', 'helpful']) expect((await get(`/api/tonies/${tonieId}/ratings?sort=${sort}`)).json()[0]).toMatchObject({ id: ratingId, helpfulCount: 1 });
    expect((await cached.inject({ method: 'DELETE', url: `/api/ratings/${ratingId}/helpful`, headers: voter.headers })).statusCode).toBe(200);
    expect((await get(`/api/tonies/${tonieId}/ratings`)).json()[0]).toMatchObject({ id: ratingId, helpfulCount: 0 });
  });

  it('a vote, and a refused one, leave the cached catalogue alone (a Tonie read before is still served from the cache)', async () => {
    const { author, tonieId, ratingId } = await reviewed();
    const voter = await signUp();
    expect((await get(`/api/tonies/${tonieId}`)).json().name).toBe('Helpful Tonie');
    await database.db.updateTable('tonies').set({ name: 'Renamed behind the cache' }).where('id', '=', tonieId).execute();
    expect((await cached.inject({ method: 'PUT', url: `/api/ratings/${ratingId}/helpful`, headers: voter.headers })).statusCode).toBe(200);
    expect((await cached.inject({ method: 'PUT', url: `/api/ratings/${ratingId}/helpful`, headers: author.headers })).statusCode).toBe(403);
    expect((await get(`/api/tonies/${tonieId}`)).json().name).toBe('Helpful Tonie');
  });

  it('a review hidden after the list was cached is left out of the next answer', async () => {
    const { tonieId, ratingId } = await reviewed();
    expect((await get(`/api/tonies/${tonieId}/ratings`)).json().map((r: { id: number }) => r.id)).toEqual([ratingId]);
    await database.db.updateTable('ratings').set({ hidden_at: new Date() }).where('id', '=', ratingId).execute();
    expect((await get(`/api/tonies/${tonieId}/ratings`)).json()).toEqual([]);
  });

  it('database unreachable while the counts are read live -> the cached list as it was, not a 503', async () => {
    const { tonieId, ratingId } = await reviewed();
    const list = await reviews.listReviews(database.db, tonieId);
    // A database nobody listens on (port 1): the connection is refused.
    const down = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/none', poolSize: 1 });
    try {
      expect(await reviews.withLiveHelpfulCounts(down.db, list)).toEqual(list);
      expect(list.map((r) => r.id)).toEqual([ratingId]);
    } finally {
      await down.close();
    }
  });
});

describe('REST', () => {
  it('PUT and DELETE /api/ratings/:id/helpful, GET /api/tonies/:id/ratings?sort=helpful and /ratings/votes; 401 signed out, 400 for bad ids and sorts, 404 unknown, 403 own', async () => {
    const { author, tonieId, ratingId } = await reviewed();
    const voter = await signUp();
    const put = await app.inject({ method: 'PUT', url: `/api/ratings/${ratingId}/helpful`, headers: voter.headers });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ ratingId, helpful: true, helpfulCount: 1 });
    const votes = await app.inject({ method: 'GET', url: `/api/tonies/${tonieId}/ratings/votes`, headers: voter.headers });
    expect(votes.json()).toEqual([ratingId]);
    const list = await app.inject({ method: 'GET', url: `/api/tonies/${tonieId}/ratings?sort=helpful` });
    expect(list.statusCode).toBe(200);
    expect(list.json()[0]).toMatchObject({ id: ratingId, helpfulCount: 1 });
    const del = await app.inject({ method: 'DELETE', url: `/api/ratings/${ratingId}/helpful`, headers: voter.headers });
    expect(del.json()).toEqual({ ratingId, helpful: false, helpfulCount: 0 });

    expect((await app.inject({ method: 'PUT', url: `/api/ratings/${ratingId}/helpful`, headers: { origin: voter.headers.origin! } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/tonies/${tonieId}/ratings/votes` })).statusCode).toBe(401);
    const bad = await app.inject({ method: 'PUT', url: '/api/ratings/abc/helpful', headers: voter.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(REVIEW_MESSAGES.invalidReviewId);
    expect((await app.inject({ method: 'GET', url: `/api/tonies/${tonieId}/ratings?sort=best` })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: '/api/ratings/2000000000/helpful', headers: voter.headers })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PUT', url: `/api/ratings/${ratingId}/helpful`, headers: author.headers })).statusCode).toBe(403);
  });
});

describe('races', () => {
  it('25 identical votes by one user at once -> one row, count 1', async () => {
    const { ratingId } = await reviewed();
    const voter = await signUp();
    const callers = await Promise.all(Array.from({ length: 25 }, () => voter.call()));
    const results = await Promise.all(callers.map((c) => c.review.vote({ ratingId, helpful: true })));
    expect(results.every((r) => r.helpful)).toBe(true);
    expect(await votesOf(ratingId)).toEqual({ rows: 1, count: 1 });
  });

  it('10 users voting at once -> 10 rows, count 10; then all unvoting at once -> 0', async () => {
    const { ratingId } = await reviewed();
    const voters = await Promise.all(Array.from({ length: 10 }, () => signUp()));
    const callers = await Promise.all(voters.map((v) => v.call()));
    await Promise.all(callers.map((c) => c.review.vote({ ratingId, helpful: true })));
    expect(await votesOf(ratingId)).toEqual({ rows: 10, count: 10 });
    await Promise.all(callers.map((c) => c.review.vote({ ratingId, helpful: false })));
    expect(await votesOf(ratingId)).toEqual({ rows: 0, count: 0 });
  });

  it('votes and unvotes racing (5 users, 8 calls each) -> the count equals the rows, at most 5', async () => {
    const { ratingId } = await reviewed();
    const voters = await Promise.all(Array.from({ length: 5 }, () => signUp()));
    const callers = await Promise.all(voters.flatMap((v) => Array.from({ length: 8 }, () => v.call())));
    await Promise.all(callers.map((c, i) => c.review.vote({ ratingId, helpful: i % 2 === 0 })));
    const { rows, count } = await votesOf(ratingId);
    expect(count).toBe(rows);
    expect(rows).toBeLessThanOrEqual(5);
  });
});
