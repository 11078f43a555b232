// The author edits and deletes their own review (issue "Accounts for real life", Reviews): stars,
// text and tags change in one go and the review reads 'Edited'; the Tonie's count, average, sort
// position, summary and tags follow at once, also through the read cache; another user's review
// is never touched. A review whose author's account is gone shows as 'Anonymous'.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from './helpers/app';
import { failure, newUser, TestClient } from './helpers/auth';
import { insertTonie } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;

const addTonie = (name: string) => insertTonie(database, name, 'Review Edits');

/** A registered, signed-in client and its user id. */
async function signedIn(names: { firstName?: string; lastName?: string } = {}) {
  const client = new TestClient(database);
  const me = await (await client.caller()).auth.register(newUser(names));
  return { client, id: me.id, call: () => client.caller() };
}

const anonymous = () => new TestClient(database).caller();

async function aggregates(tonieId: number) {
  return database.db.selectFrom('tonies').select(['rating_count', 'rating_sum', 'rating_avg']).where('id', '=', tonieId).executeTakeFirstOrThrow();
}

async function ratingTagNames(ratingId: number): Promise<string[]> {
  const rows = await database.db
    .selectFrom('rating_tags')
    .innerJoin('tags', 'tags.id', 'rating_tags.tag_id')
    .select('tags.name')
    .where('rating_tags.rating_id', '=', ratingId)
    .orderBy('tags.name')
    .execute();
  return rows.map((r) => r.name);
}

/** A session cookie for HTTP calls to `target`, of a freshly registered user. */
async function httpUser(target: FastifyInstance = app) {
  const reg = await target.inject({ method: 'POST', url: '/api/auth/register', headers: { origin: TEST_ORIGIN }, payload: newUser() });
  expect(reg.statusCode).toBe(201);
  const cookie = `tonieshelf_session=${reg.cookies.find((c) => c.name === 'tonieshelf_session')!.value}`;
  return { id: reg.json().id as string, headers: { origin: TEST_ORIGIN, cookie } };
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe(`review.update (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('review.update: new stars, text and tags -> the review changes, is marked edited, its tags are replaced; aggregates follow', async () => {
    const tonieId = await addTonie('Edit Me');
    const author = await signedIn({ firstName: 'Ada', lastName: 'Lovelace' });
    const other = await signedIn();
    const created = await (await author.call()).review.create({ tonieId, rating: 2, review: 'Meh', tags: ['Loud', 'Short'] });
    await (await other.call()).review.create({ tonieId, rating: 4, review: 'Great', tags: ['Loud'] });
    expect(created.editedAt).toBeNull();
    expect(await aggregates(tonieId)).toMatchObject({ rating_count: 2, rating_sum: 6, rating_avg: 3 });

    // 'Sleepy Time' is a catalogue tag (from the import); 'Calming' is new, a review tag waiting for approval.
    await sql`INSERT INTO tags (name) VALUES ('Sleepy Time') ON CONFLICT (lower(name)) DO UPDATE SET origin = 'catalogue'`.execute(database.db);
    const before = Date.now();
    const updated = await (await author.call()).review.update({ tonieId, rating: 5, review: '  Grew on us.  ', tags: ['Calming', 'short', ' Sleepy   Time '] });
    expect(updated).toMatchObject({
      id: created.id,
      tonieId,
      userId: author.id,
      rating: 5,
      review: 'Grew on us.',
      // 'short' is the existing tag 'Short': its first spelling wins.
      tags: ['Calming', 'Short', 'Sleepy Time'],
      createdAt: created.createdAt,
      userProfile: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(updated.editedAt).not.toBeNull();
    expect(Date.parse(updated.editedAt!)).toBeGreaterThanOrEqual(before - 5_000);
    expect(await ratingTagNames(created.id)).toEqual(['Calming', 'Short', 'Sleepy Time']);

    expect(await aggregates(tonieId)).toMatchObject({ rating_count: 2, rating_sum: 9, rating_avg: 4.5 });
    const c = await anonymous();
    expect(await c.tonie.byId({ id: tonieId })).toMatchObject({ averageRating: 4.5, totalRatings: 2 });
    const summary = await c.review.summary({ tonieId });
    expect(summary.distribution.find((d) => d.stars === 5)).toEqual({ stars: 5, count: 1, percentage: 50 });
    expect(summary.distribution.find((d) => d.stars === 2)).toEqual({ stars: 2, count: 0, percentage: 0 });
    expect(summary.tags).toEqual([
      { name: 'Calming', count: 1 },
      { name: 'Loud', count: 1 },
      { name: 'Short', count: 1 },
      { name: 'Sleepy Time', count: 1 },
    ]);
    // A catalogue tag added by the edit tags the Tonie, as a new review's does; the new review tag does not (yet).
    expect((await c.tonie.list({ tags: ['sleepy time'] })).tonies.map((t) => t.id)).toEqual([tonieId]);
    expect((await c.tonie.list({ tags: ['calming'] })).totalCount).toBe(0);

    // The other user's review is untouched.
    const list = await c.review.list({ tonieId });
    const theirs = list.find((r) => r.userId === other.id)!;
    expect(theirs).toMatchObject({ rating: 4, review: 'Great', tags: ['Loud'], editedAt: null });
    expect(list.find((r) => r.id === created.id)).toEqual(updated);
    expect(await (await author.call()).review.mine({ tonieId })).toEqual(updated);
  });

  it('review.update: fields left out keep their value; an empty text and an empty tag list remove them', async () => {
    const tonieId = await addTonie('Partial');
    const author = await signedIn();
    await (await author.call()).review.create({ tonieId, rating: 3, review: 'Fine', tags: ['Cosy'] });
    const c = await author.call();
    expect(await c.review.update({ tonieId, rating: 4 })).toMatchObject({ rating: 4, review: 'Fine', tags: ['Cosy'] });
    expect(await c.review.update({ tonieId, review: 'Better' })).toMatchObject({ rating: 4, review: 'Better', tags: ['Cosy'] });
    const cleared = await c.review.update({ tonieId, review: '   ', tags: [] });
    expect(cleared).toMatchObject({ rating: 4, review: null, tags: [] });
    expect(await aggregates(tonieId)).toMatchObject({ rating_count: 1, rating_sum: 4 });
  });

  it('review.update: nothing changed -> the review is not marked edited', async () => {
    const tonieId = await addTonie('Same Again');
    const author = await signedIn();
    await (await author.call()).review.create({ tonieId, rating: 3, review: 'Fine', tags: ['Cosy', 'Calm'] });
    const same = await (await author.call()).review.update({ tonieId, rating: 3, review: ' Fine ', tags: ['calm', 'COSY'] });
    expect(same).toMatchObject({ rating: 3, review: 'Fine', tags: ['Calm', 'Cosy'], editedAt: null });
  });

  it('review.update: anonymous -> UNAUTHORIZED; nothing changes', async () => {
    const tonieId = await addTonie('Locked');
    const author = await signedIn();
    await (await author.call()).review.create({ tonieId, rating: 3 });
    expect((await failure((await anonymous()).review.update({ tonieId, rating: 1 }))).code).toBe('UNAUTHORIZED');
    expect((await failure((await anonymous()).review.delete({ tonieId }))).code).toBe('UNAUTHORIZED');
    expect(await aggregates(tonieId)).toMatchObject({ rating_count: 1, rating_sum: 3 });
  });

  it("review.update / delete: no review of one's own -> NOT_FOUND 'You have not reviewed this Tonie.'; another user's review is untouched", async () => {
    const tonieId = await addTonie('Not Yours');
    const author = await signedIn();
    const stranger = await signedIn();
    const theirs = await (await author.call()).review.create({ tonieId, rating: 5, review: 'Mine', tags: ['Keep'] });
    const c = await stranger.call();
    expect(await failure(c.review.update({ tonieId, rating: 1, review: 'hijacked' }))).toMatchObject({ code: 'NOT_FOUND', text: 'You have not reviewed this Tonie.' });
    expect(await failure(c.review.delete({ tonieId }))).toMatchObject({ code: 'NOT_FOUND', text: 'You have not reviewed this Tonie.' });
    // Sending the author's ids changes nothing: the session decides whose review.
    await failure(c.review.update({ tonieId, rating: 1, userId: author.id, id: theirs.id } as never));
    expect(await (await author.call()).review.mine({ tonieId })).toMatchObject({ rating: 5, review: 'Mine', tags: ['Keep'], editedAt: null });
    expect(await aggregates(tonieId)).toMatchObject({ rating_count: 1, rating_sum: 5 });
  });

  it('review.update / delete: unknown Tonie -> NOT_FOUND', async () => {
    const author = await signedIn();
    expect(await failure((await author.call()).review.update({ tonieId: 987_654, rating: 3 }))).toMatchObject({ code: 'NOT_FOUND', text: 'This Tonie does not exist (any more).' });
    expect((await failure((await author.call()).review.delete({ tonieId: 987_654 }))).code).toBe('NOT_FOUND');
  });

  it.each([
    [{ rating: 0 }, 'Please select a star rating'],
    [{ rating: 6 }, 'The rating is at most 5 stars'],
    [{ rating: 2.5 }, 'Please select a star rating'],
    [{ rating: 'five' }, 'Please select a star rating'],
    [{ review: 'x'.repeat(5001) }, 'A review has at most 5,000 characters'],
    [{ tags: ['x'.repeat(41)] }, 'A tag has at most 40 characters'],
    [{ tags: ['fun, loud'] }, 'A tag cannot contain a comma'],
    [{ tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'Add at most 10 tags'],
    [{ tonieId: 'abc' }, 'tonieId'],
  ])('review.update: %o -> BAD_REQUEST; nothing changes', async (input, message) => {
    const tonieId = await addTonie('Bad Input');
    const author = await signedIn();
    await (await author.call()).review.create({ tonieId, rating: 3, review: 'Fine' });
    const f = await failure((await author.call()).review.update({ tonieId, ...input } as never));
    expect(f.code).toBe('BAD_REQUEST');
    expect(f.text).toContain(message);
    expect(await (await author.call()).review.mine({ tonieId })).toMatchObject({ rating: 3, review: 'Fine', editedAt: null });
  });

  it('review.update: a changed average moves the Tonie in the highest and lowest sort orders', async () => {
    const category = `Sorting ${Date.now()}`;
    const ids: number[] = [];
    for (const name of ['Sort A', 'Sort B']) ids.push(await insertTonie(database, name, category));
    const [a, b] = ids as [number, number];
    const author = await signedIn();
    await (await author.call()).review.create({ tonieId: a, rating: 5 });
    await (await author.call()).review.create({ tonieId: b, rating: 3 });
    const order = async (sort: 'highest' | 'lowest') => (await (await anonymous()).tonie.list({ category, sort })).tonies.map((t) => t.id);
    expect(await order('highest')).toEqual([a, b]);
    await (await author.call()).review.update({ tonieId: a, rating: 1 });
    expect(await order('highest')).toEqual([b, a]);
    expect(await order('lowest')).toEqual([a, b]);
    await (await author.call()).review.delete({ tonieId: b });
    // Unrated Tonies come last in both orders.
    expect(await order('highest')).toEqual([a, b]);
    expect(await order('lowest')).toEqual([a, b]);
  });
});

describe('review.delete', () => {
  it('review.delete -> the review and its tag links are gone; count and average go back; the user can review again', async () => {
    const tonieId = await addTonie('Delete Me');
    const author = await signedIn();
    const other = await signedIn();
    const mine = await (await author.call()).review.create({ tonieId, rating: 1, review: 'No', tags: ['Scary', 'Loud'] });
    await (await other.call()).review.create({ tonieId, rating: 5, tags: ['Loud'] });
    expect(await aggregates(tonieId)).toMatchObject({ rating_count: 2, rating_sum: 6 });

    expect(await (await author.call()).review.delete({ tonieId })).toEqual({ ok: true, id: mine.id, tonieId });

    expect(await ratingTagNames(mine.id)).toEqual([]);
    expect(await database.db.selectFrom('ratings').select('id').where('id', '=', mine.id).executeTakeFirst()).toBeUndefined();
    expect(await aggregates(tonieId)).toMatchObject({ rating_count: 1, rating_sum: 5, rating_avg: 5 });
    const c = await anonymous();
    const summary = await c.review.summary({ tonieId });
    expect(summary).toMatchObject({ averageRating: 5, totalRatings: 1, tags: [{ name: 'Loud', count: 1 }] });
    expect(summary.distribution.find((d) => d.stars === 1)).toEqual({ stars: 1, count: 0, percentage: 0 });
    expect((await c.review.list({ tonieId })).map((r) => r.userId)).toEqual([other.id]);
    expect(await (await author.call()).review.mine({ tonieId })).toBeNull();
    expect((await failure((await author.call()).review.delete({ tonieId }))).code).toBe('NOT_FOUND');

    // Deleted, the user may write a new review.
    expect(await (await author.call()).review.create({ tonieId, rating: 4 })).toMatchObject({ rating: 4, editedAt: null });
    expect(await aggregates(tonieId)).toMatchObject({ rating_count: 2, rating_sum: 9 });
  });

  it('review.delete of the only review -> the Tonie is unrated again (average 0, no count)', async () => {
    const tonieId = await addTonie('Only One');
    const author = await signedIn();
    await (await author.call()).review.create({ tonieId, rating: 4 });
    await (await author.call()).review.delete({ tonieId });
    expect(await aggregates(tonieId)).toEqual({ rating_count: 0, rating_sum: 0, rating_avg: null });
    expect(await (await anonymous()).tonie.byId({ id: tonieId })).toMatchObject({ averageRating: 0, totalRatings: 0 });
  });

  it('concurrent edits and a delete of one review -> the aggregates match the rows left', async () => {
    const tonieId = await addTonie('Races');
    const author = await signedIn();
    await (await author.call()).review.create({ tonieId, rating: 3 });
    const c = await author.call();
    await Promise.allSettled([c.review.update({ tonieId, rating: 5 }), c.review.delete({ tonieId }), c.review.update({ tonieId, rating: 1 })]);
    const rows = await database.db.selectFrom('ratings').select('rating').where('tonie_id', '=', tonieId).execute();
    expect(await aggregates(tonieId)).toMatchObject({ rating_count: rows.length, rating_sum: rows.reduce((s, r) => s + r.rating, 0) });
  });
});

describe('anonymous reviews (the account is gone)', () => {
  it("a review without a user -> 'Anonymous' in review.list and the API's userProfile; still counted", async () => {
    const tonieId = await addTonie('Orphans');
    const leaving = await signedIn({ firstName: 'Gone', lastName: 'Soon' });
    const staying = await signedIn({ firstName: 'Still', lastName: 'Here' });
    const kept = await (await leaving.call()).review.create({ tonieId, rating: 2, review: 'Kept after I leave', tags: ['Kept'] });
    await (await staying.call()).review.create({ tonieId, rating: 4 });
    // What the account deletion does before it deletes the user.
    await sql`UPDATE ratings SET user_id = NULL WHERE user_id = ${leaving.id}`.execute(database.db);
    await database.db.deleteFrom('users').where('id', '=', leaving.id).execute();

    const list = await (await anonymous()).review.list({ tonieId });
    const orphan = list.find((r) => r.id === kept.id)!;
    expect(orphan).toEqual({
      id: kept.id,
      tonieId,
      userId: null,
      username: null,
      rating: 2,
      review: 'Kept after I leave',
      tags: ['Kept'],
      createdAt: kept.createdAt,
      editedAt: null,
      userProfile: { firstName: 'Anonymous', lastName: '' },
      hiddenByModerators: false,
      decisionId: null,
      helpfulCount: 0,
    });
    expect(list.find((r) => r.userId === staying.id)!.userProfile).toEqual({ firstName: 'Still', lastName: 'Here' });
    expect(await (await anonymous()).review.summary({ tonieId })).toMatchObject({ totalRatings: 2, averageRating: 3, tags: [{ name: 'Kept', count: 1 }] });

    const res = await app.inject({ method: 'GET', url: `/api/tonies/${tonieId}/ratings` });
    expect(res.statusCode).toBe(200);
    expect(res.json().find((r: { id: number }) => r.id === kept.id)).toMatchObject({ userId: null, userProfile: { firstName: 'Anonymous', lastName: '' } });
  });

  it('several authorless reviews of one Tonie may stay; no one can edit or delete them', async () => {
    const tonieId = await addTonie('Many Orphans');
    const users = [await signedIn(), await signedIn()];
    for (const u of users) await (await u.call()).review.create({ tonieId, rating: 3 });
    await sql`UPDATE ratings SET user_id = NULL WHERE tonie_id = ${tonieId}`.execute(database.db);
    expect(await aggregates(tonieId)).toMatchObject({ rating_count: 2, rating_sum: 6 });
    const someone = await signedIn();
    expect((await failure((await someone.call()).review.update({ tonieId, rating: 1 }))).code).toBe('NOT_FOUND');
    expect((await failure((await someone.call()).review.delete({ tonieId }))).code).toBe('NOT_FOUND');
    expect(await aggregates(tonieId)).toMatchObject({ rating_count: 2, rating_sum: 6 });
  });
});

describe('REST shims: /api/tonies/{id}/ratings/mine', () => {
  it('GET, PATCH, DELETE /api/tonies/{id}/ratings/mine -> 200 with the review, the edited review, {ok, id, tonieId}; then 404', async () => {
    const tonieId = await addTonie('Shim');
    const user = await httpUser();
    const url = `/api/tonies/${tonieId}/ratings/mine`;
    expect((await app.inject({ method: 'GET', url, headers: user.headers })).json()).toBeNull();
    const created = await app.inject({ method: 'POST', url: `/api/tonies/${tonieId}/ratings`, headers: user.headers, payload: { rating: 2, review: 'Hm', tags: ['Odd'] } });
    expect(created.statusCode).toBe(201);

    const patched = await app.inject({
      method: 'PATCH',
      url,
      headers: user.headers,
      payload: { rating: 4, review: 'Better on a second listen', tags: ['Funny'], userId: 'someone-else' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({ id: created.json().id, userId: user.id, rating: 4, review: 'Better on a second listen', tags: ['Funny'] });
    expect(typeof patched.json().editedAt).toBe('string');
    expect((await app.inject({ method: 'GET', url, headers: user.headers })).json()).toEqual(patched.json());
    expect((await app.inject({ method: 'GET', url: `/api/tonies/${tonieId}/ratings/summary` })).json()).toMatchObject({ averageRating: 4, totalRatings: 1 });

    const deleted = await app.inject({ method: 'DELETE', url, headers: user.headers });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ ok: true, id: created.json().id, tonieId });
    expect((await app.inject({ method: 'GET', url: `/api/tonies/${tonieId}/ratings/summary` })).json()).toMatchObject({ averageRating: 0, totalRatings: 0 });

    const again = await app.inject({ method: 'DELETE', url, headers: user.headers });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('You have not reviewed this Tonie.');
    expect((await app.inject({ method: 'PATCH', url, headers: user.headers, payload: { rating: 3 } })).statusCode).toBe(404);
  });

  it('PATCH / DELETE .../ratings/mine: signed out -> 401; bad input -> 400 with field errors; bad id -> 400; unknown Tonie -> 404; no Origin -> 403', async () => {
    const tonieId = await addTonie('Shim Errors');
    const user = await httpUser();
    const url = `/api/tonies/${tonieId}/ratings/mine`;
    await app.inject({ method: 'POST', url: `/api/tonies/${tonieId}/ratings`, headers: user.headers, payload: { rating: 3 } });

    expect((await app.inject({ method: 'PATCH', url, headers: { origin: TEST_ORIGIN }, payload: { rating: 1 } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url, headers: { origin: TEST_ORIGIN } })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url })).statusCode).toBe(401);

    const noStars = await app.inject({ method: 'PATCH', url, headers: user.headers, payload: { rating: 0 } });
    expect(noStars.statusCode).toBe(400);
    expect(noStars.json().fieldErrors.rating).toEqual(['Please select a star rating']);
    const long = await app.inject({ method: 'PATCH', url, headers: user.headers, payload: { review: 'x'.repeat(5001) } });
    expect(long.statusCode).toBe(400);
    expect(long.json().fieldErrors.review).toEqual(['A review has at most 5,000 characters']);

    expect((await app.inject({ method: 'PATCH', url: '/api/tonies/abc/ratings/mine', headers: user.headers, payload: { rating: 3 } })).statusCode).toBe(400);
    expect((await app.inject({ method: 'DELETE', url: '/api/tonies/abc/ratings/mine', headers: user.headers })).statusCode).toBe(400);
    expect((await app.inject({ method: 'PATCH', url: '/api/tonies/987654/ratings/mine', headers: user.headers, payload: { rating: 3 } })).statusCode).toBe(404);

    const { origin: _origin, ...noOrigin } = user.headers;
    expect((await app.inject({ method: 'PATCH', url, headers: noOrigin, payload: { rating: 1 } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'DELETE', url, headers: noOrigin })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url, headers: user.headers })).json()).toMatchObject({ rating: 3, editedAt: null });
  });
});

describe('read cache', () => {
  it('with the read cache on: an edit and a delete through this app are shown at once by cached lists, details and summaries', async () => {
    const cached = await createTestApp(database, { cacheTtlMs: 60_000 });
    try {
      const tonieId = await addTonie('Cached');
      const category = encodeURIComponent('Review Edits');
      const user = await httpUser(cached);
      const url = `/api/tonies/${tonieId}/ratings/mine`;
      const rated = await cached.inject({ method: 'POST', url: `/api/tonies/${tonieId}/ratings`, headers: user.headers, payload: { rating: 2, review: 'First take' } });
      expect(rated.statusCode).toBe(201);

      const read = async () => {
        const [list, tonie, summary, ratings] = await Promise.all(
          [`/api/tonies/category/${category}?pageSize=100`, `/api/tonies/${tonieId}`, `/api/tonies/${tonieId}/ratings/summary`, `/api/tonies/${tonieId}/ratings`].map(
            async (path) => (await cached.inject({ method: 'GET', url: path })).json(),
          ),
        );
        return { card: list.tonies.find((t: { id: number }) => t.id === tonieId), tonie, summary, ratings };
      };
      const before = await read();
      expect(before.card).toMatchObject({ averageRating: 2, totalRatings: 1 });
      expect(before.summary).toMatchObject({ averageRating: 2, totalRatings: 1 });

      // A change the app does not know of stays unseen: the reads above are cached.
      await database.db.updateTable('tonies').set({ description: 'changed behind the cache' }).where('id', '=', tonieId).execute();
      expect((await read()).tonie.description).toBe(before.tonie.description);

      expect((await cached.inject({ method: 'PATCH', url, headers: user.headers, payload: { rating: 5, review: 'Second take' } })).statusCode).toBe(200);
      const edited = await read();
      expect(edited.card).toMatchObject({ averageRating: 5, totalRatings: 1 });
      expect(edited.tonie).toMatchObject({ averageRating: 5, description: 'changed behind the cache' });
      expect(edited.summary).toMatchObject({ averageRating: 5, totalRatings: 1 });
      expect(edited.ratings).toEqual([expect.objectContaining({ rating: 5, review: 'Second take', editedAt: expect.any(String) })]);

      expect((await cached.inject({ method: 'DELETE', url, headers: user.headers })).statusCode).toBe(200);
      const deleted = await read();
      expect(deleted.card).toMatchObject({ averageRating: 0, totalRatings: 0 });
      expect(deleted.summary).toMatchObject({ averageRating: 0, totalRatings: 0 });
      expect(deleted.ratings).toEqual([]);
    } finally {
      await cached.close();
    }
  });
});
