// Public profiles through the `profile` procedures (createCaller) and the /api/users and
// /api/profile shims (app.inject): the profile's fields and counts, usernames in any case,
// unknown and suspended users (404), public and private shelves, the review list (newest first,
// paged, hidden by its owner, never a review hidden by moderators), published visible audio and
// sets only, the settings round trip and bad input (400).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ShelfName, SHELF_MESSAGES } from '@tonieshelf/shared/values/shelf';
import { PROFILE_MESSAGES } from '@tonieshelf/shared/values/profile';
import { setSuspension } from '../src/repositories/moderation';
import { createTestApp } from './helpers/app';
import { failure, TestClient } from './helpers/auth';
import { backdate, insertAudio, insertReview, insertTonie, signedInUser, unique, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

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

const signUp = (firstName = 'Paula', lastName = 'Profile') => signedInUser(database, { firstName, lastName });
const anonymous = () => new TestClient(database).caller();
const day = (n: number) => new Date(Date.UTC(2026, 0, n));

/** Puts Tonies on the user's shelves as the shelf writes would (added on the given days). */
async function onShelf(userId: string, tonieId: number, shelf: ShelfName, at: Date) {
  const values =
    shelf === 'favourites' ? { user_id: userId, tonie_id: tonieId, favourite: true, favourite_at: at } : { user_id: userId, tonie_id: tonieId, status: shelf, status_at: at };
  await database.db
    .insertInto('shelf_items')
    .values(values)
    .onConflict((oc) => oc.columns(['user_id', 'tonie_id']).doUpdateSet(shelf === 'favourites' ? { favourite: true, favourite_at: at } : { status: shelf, status_at: at }))
    .execute();
}

/** A set row of the user (published by default). */
async function insertSet(userId: string, fields: { title?: string; status?: 'draft' | 'published'; hidden?: boolean; publishedAt?: Date } = {}) {
  const status = fields.status ?? 'published';
  const row = await database.db
    .insertInto('sets')
    .values({
      user_id: userId,
      title: fields.title ?? `Set ${unique()}`,
      status,
      published_at: status === 'published' ? (fields.publishedAt ?? new Date()) : null,
      hidden_at: fields.hidden ? new Date() : null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A review of a new Tonie by the user, written on `day`; the review's and the Tonie's ids. */
async function reviewOn(user: SignedInUser, at: Date, name = `Tonie ${unique()}`) {
  const tonieId = await insertTonie(database, name);
  const id = await insertReview(database, tonieId, user.id, `Review of ${name}`);
  await backdate(database, 'ratings', id, at);
  return { id, tonieId };
}

describe('profile.byUsername', () => {
  it('names, member since, counts of visible reviews, published visible audio and sets; isSelf for the user only; any case of the username', async () => {
    const user = await signUp('Greta', 'Grimm');
    await reviewOn(user, day(1));
    await reviewOn(user, day(2));
    const hiddenReview = await reviewOn(user, day(3));
    await database.db.updateTable('ratings').set({ hidden_at: new Date() }).where('id', '=', hiddenReview.id).execute();
    await insertAudio(database, user.id);
    await insertAudio(database, user.id, { status: 'draft' });
    const hiddenAudio = await insertAudio(database, user.id);
    await database.db.updateTable('audio_files').set({ hidden_at: new Date() }).where('id', '=', hiddenAudio).execute();
    await insertSet(user.id);
    await insertSet(user.id);
    await insertSet(user.id, { status: 'draft' });
    await insertSet(user.id, { hidden: true });
    const created = await database.db.selectFrom('users').select('created_at').where('id', '=', user.id).executeTakeFirstOrThrow();

    const profile = await (await anonymous()).profile.byUsername({ username: user.username.toUpperCase() });
    expect(profile).toEqual({
      userId: user.id,
      username: user.username,
      displayName: 'Greta Grimm',
      memberSince: created.created_at.toISOString(),
      reviewsHidden: false,
      reviewCount: 2,
      audioCount: 1,
      setCount: 2,
      shelves: [],
      isSelf: false,
    });
    expect((await (await user.call()).profile.byUsername({ username: user.username })).isSelf).toBe(true);
    expect((await (await (await signUp()).call()).profile.byUsername({ username: ` ${user.username} ` })).isSelf).toBe(false);
  });

  it('an unknown user and a suspended one -> NOT_FOUND (also every list of theirs); after the suspension the profile is back', async () => {
    const api = await anonymous();
    expect(await failure(api.profile.byUsername({ username: `nobody${unique()}` }))).toMatchObject({ code: 'NOT_FOUND', message: PROFILE_MESSAGES.notFound });
    const user = await signUp();
    await reviewOn(user, day(1));
    await database.db
      .updateTable('users')
      .set({ profile_shelves: ['own'] })
      .where('id', '=', user.id)
      .execute();
    await setSuspension(database.db, user.id, new Date(Date.now() + 86_400_000));
    const username = user.username;
    // Functions, each called inside the loop: a promise started early would reject before it is awaited.
    for (const call of [
      () => api.profile.byUsername({ username }),
      () => api.profile.reviews({ username }),
      () => api.profile.audio({ username }),
      () => api.profile.sets({ username }),
      () => api.profile.shelf({ username, shelf: 'own' }),
    ]) {
      expect(await failure(call())).toMatchObject({ code: 'NOT_FOUND', message: PROFILE_MESSAGES.notFound });
    }
    await setSuspension(database.db, user.id, null);
    expect((await api.profile.byUsername({ username })).reviewCount).toBe(1);
  });

  it('shelves: private by default (none listed, profile.shelf FORBIDDEN); public ones listed in SHELVES order with their counts', async () => {
    const user = await signUp();
    const [a, b, c] = [await insertTonie(database, 'Shelf A'), await insertTonie(database, 'Shelf B'), await insertTonie(database, 'Shelf C')];
    await onShelf(user.id, a, 'own', day(1));
    await onShelf(user.id, b, 'own', day(2));
    await onShelf(user.id, c, 'wishlist', day(3));
    await onShelf(user.id, a, 'favourites', day(4));
    const api = await anonymous();
    expect((await api.profile.byUsername({ username: user.username })).shelves).toEqual([]);
    for (const shelf of ['own', 'wishlist', 'favourites'] as const) {
      expect(await failure(api.profile.shelf({ username: user.username, shelf }))).toMatchObject({ code: 'FORBIDDEN', message: PROFILE_MESSAGES.shelfPrivate });
    }

    await (await user.call()).profile.updateSettings({ publicShelves: ['favourites', 'own'] });
    expect((await api.profile.byUsername({ username: user.username })).shelves).toEqual([
      { shelf: 'own', count: 2 },
      { shelf: 'favourites', count: 1 },
    ]);
    expect(await failure(api.profile.shelf({ username: user.username, shelf: 'wishlist' }))).toMatchObject({ code: 'FORBIDDEN', message: PROFILE_MESSAGES.shelfPrivate });
    // The user's own view is the public one: a private shelf is private there too.
    expect((await failure((await user.call()).profile.shelf({ username: user.username, shelf: 'wishlist' }))).code).toBe('FORBIDDEN');
    expect((await app.inject({ method: 'GET', url: `/api/users/${user.username}/shelves/wishlist` })).statusCode).toBe(403);
  });

  it('profile.shelf: a public shelf, newest added first, paged; REST GET /api/users/:username/shelves/:shelf', async () => {
    const user = await signUp();
    const ids = [];
    for (let i = 1; i <= 3; i++) {
      const id = await insertTonie(database, `Own ${i}`);
      await onShelf(user.id, id, 'own', day(i));
      ids.push(id);
    }
    await onShelf(user.id, await insertTonie(database, 'Wished'), 'wishlist', day(9));
    await database.db
      .updateTable('users')
      .set({ profile_shelves: ['own'] })
      .where('id', '=', user.id)
      .execute();
    const api = await anonymous();
    const first = await api.profile.shelf({ username: user.username, shelf: 'own', pageSize: 2 });
    expect(first.totalCount).toBe(3);
    expect(first.tonies.map((t) => t.id)).toEqual([ids[2], ids[1]]);
    expect((await api.profile.shelf({ username: user.username, shelf: 'own', pageSize: 2, page: 2 })).tonies.map((t) => t.id)).toEqual([ids[0]]);
    const res = await app.inject({ method: 'GET', url: `/api/users/${user.username.toUpperCase()}/shelves/own?page=1` });
    expect(res.statusCode).toBe(200);
    expect(res.json().tonies.map((t: { name: string }) => t.name)).toEqual(['Own 3', 'Own 2', 'Own 1']);
    // Favourites: by the date they became favourites.
    await onShelf(user.id, ids[2]!, 'favourites', day(20));
    await onShelf(user.id, ids[0]!, 'favourites', day(21));
    await (await user.call()).profile.updateSettings({ publicShelves: ['own', 'favourites'] });
    expect(await api.profile.shelf({ username: user.username, shelf: 'favourites' })).toMatchObject({ totalCount: 2, tonies: [{ id: ids[0] }, { id: ids[2] }] });
    expect(await failure(api.profile.shelf({ username: user.username, shelf: 'wishlist' }))).toMatchObject({ code: 'FORBIDDEN' });
    const bad = await app.inject({ method: 'GET', url: `/api/users/${user.username}/shelves/attic` });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(SHELF_MESSAGES.shelf);
  });
});

describe('profile.reviews', () => {
  it('visible reviews newest first, paged, with the Tonie; a review hidden by moderators is never listed; REST too', async () => {
    const user = await signUp('Rita', 'Reviewer');
    const r1 = await reviewOn(user, day(1), 'First Tonie');
    const r2 = await reviewOn(user, day(2), 'Second Tonie');
    const hidden = await reviewOn(user, day(3), 'Hidden Tonie');
    const r4 = await reviewOn(user, day(4), 'Fourth Tonie');
    await database.db.updateTable('ratings').set({ hidden_at: new Date() }).where('id', '=', hidden.id).execute();
    await database.db.updateTable('tonies').set({ image: 'https://example.com/4.png', language: 'de-DE' }).where('id', '=', r4.tonieId).execute();

    const api = await anonymous();
    const page1 = await api.profile.reviews({ username: user.username, pageSize: 2 });
    expect(page1.totalCount).toBe(3);
    expect(page1.reviews.map((r) => r.id)).toEqual([r4.id, r2.id]);
    expect(page1.reviews[0]).toMatchObject({
      tonieId: r4.tonieId,
      userId: user.id,
      username: user.username,
      userProfile: { firstName: 'Rita', lastName: 'Reviewer' },
      review: 'Review of Fourth Tonie',
      hiddenByModerators: false,
      helpfulCount: 0,
      tonie: { id: r4.tonieId, name: 'Fourth Tonie', image: 'https://example.com/4.png', language: 'de-DE' },
    });
    const page2 = await api.profile.reviews({ username: user.username, pageSize: 2, page: 2 });
    expect(page2.reviews.map((r) => r.id)).toEqual([r1.id]);
    expect((await api.profile.reviews({ username: user.username, page: 3, pageSize: 2 })).reviews).toEqual([]);
    // Even its author does not get the hidden review on the profile.
    expect((await (await user.call()).profile.reviews({ username: user.username })).reviews.map((r) => r.id)).not.toContain(hidden.id);

    const res = await app.inject({ method: 'GET', url: `/api/users/${user.username}/reviews?page=2` });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCount).toBe(3);
  });

  it('a hidden review list -> FORBIDDEN for everyone, the user too; the count is 0 and reviewsHidden; shown again -> listed', async () => {
    const user = await signUp();
    await reviewOn(user, day(1));
    await (await user.call()).profile.updateSettings({ showReviews: false });
    for (const api of [await anonymous(), await user.call(), await (await signUp()).call()]) {
      expect(await failure(api.profile.reviews({ username: user.username }))).toMatchObject({ code: 'FORBIDDEN', message: PROFILE_MESSAGES.reviewsHidden });
      expect(await api.profile.byUsername({ username: user.username })).toMatchObject({ reviewsHidden: true, reviewCount: 0 });
    }
    expect((await app.inject({ method: 'GET', url: `/api/users/${user.username}/reviews` })).statusCode).toBe(403);
    await (await user.call()).profile.updateSettings({ showReviews: true });
    expect((await (await anonymous()).profile.reviews({ username: user.username })).totalCount).toBe(1);
  });
});

describe('profile.audio and profile.sets', () => {
  it("only published, visible files and sets of the user, newest first, paged, with the viewer's likes", async () => {
    const user = await signUp();
    const other = await signUp();
    const old = await insertAudio(database, user.id, { title: 'Old song' });
    const recent = await insertAudio(database, user.id, { title: 'Recent song' });
    await backdate(database, 'audio_files', old, day(1));
    await backdate(database, 'audio_files', recent, day(5));
    await insertAudio(database, user.id, { title: 'Draft song', status: 'draft' });
    const hidden = await insertAudio(database, user.id, { title: 'Hidden song' });
    await database.db.updateTable('audio_files').set({ hidden_at: new Date() }).where('id', '=', hidden).execute();
    await insertAudio(database, other.id, { title: 'Someone else' });
    const oldSet = await insertSet(user.id, { title: 'Old set', publishedAt: day(1) });
    const newSet = await insertSet(user.id, { title: 'New set', publishedAt: day(5) });
    await insertSet(user.id, { title: 'Draft set', status: 'draft' });
    await insertSet(user.id, { title: 'Hidden set', hidden: true });
    await insertSet(other.id, { title: 'Other set' });
    await (await other.call()).audio.toggleLike({ id: recent });

    const anon = await anonymous();
    const files = await anon.profile.audio({ username: user.username });
    expect(files.totalCount).toBe(2);
    expect(files.audioFiles.map((f) => f.title)).toEqual(['Recent song', 'Old song']);
    expect(files.audioFiles[0]).toMatchObject({ id: recent, likeCount: 1, hasLiked: false });
    const seenByFan = await (await other.call()).profile.audio({ username: user.username, pageSize: 1 });
    expect(seenByFan).toMatchObject({ totalCount: 2, audioFiles: [{ id: recent, hasLiked: true }] });
    // The owner sees the public view too: no drafts, no hidden files.
    expect((await (await user.call()).profile.audio({ username: user.username })).audioFiles.map((f) => f.id)).toEqual([recent, old]);

    const sets = await anon.profile.sets({ username: user.username });
    expect(sets.totalCount).toBe(2);
    expect(sets.sets.map((s) => s.id)).toEqual([newSet, oldSet]);
    expect((await anon.profile.sets({ username: user.username, page: 2, pageSize: 1 })).sets.map((s) => s.id)).toEqual([oldSet]);

    const res = await app.inject({ method: 'GET', url: `/api/users/${user.username}/audio` });
    expect(res.statusCode).toBe(200);
    expect(res.json().totalCount).toBe(2);
    expect((await app.inject({ method: 'GET', url: `/api/users/${user.username}/sets?page=1` })).json().totalCount).toBe(2);
  });
});

describe('profile.settings', () => {
  it('defaults: no public shelves, reviews shown; updateSettings round trip (a field left out stays, duplicates once, SHELVES order); REST GET/PATCH', async () => {
    const user = await signUp();
    const api = await user.call();
    expect(await api.profile.settings()).toEqual({ publicShelves: [], showReviews: true });
    expect(await api.profile.updateSettings({ publicShelves: ['favourites', 'wishlist', 'favourites'] })).toEqual({ publicShelves: ['wishlist', 'favourites'], showReviews: true });
    expect(await api.profile.updateSettings({ showReviews: false })).toEqual({ publicShelves: ['wishlist', 'favourites'], showReviews: false });
    expect(await api.profile.updateSettings({})).toEqual({ publicShelves: ['wishlist', 'favourites'], showReviews: false });
    expect(await (await user.call()).profile.settings()).toEqual({ publicShelves: ['wishlist', 'favourites'], showReviews: false });
    expect(await api.profile.updateSettings({ publicShelves: [], showReviews: true })).toEqual({ publicShelves: [], showReviews: true });

    const patched = await app.inject({ method: 'PATCH', url: '/api/profile/settings', headers: user.headers, payload: { publicShelves: ['own'] } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ publicShelves: ['own'], showReviews: true });
    expect((await app.inject({ method: 'GET', url: '/api/profile/settings', headers: user.headers })).json()).toEqual({ publicShelves: ['own'], showReviews: true });
  });

  it('signed out -> 401; bad shelves, a non-boolean showReviews, bad usernames and pages -> 400 with the message', async () => {
    expect((await failure((await anonymous()).profile.settings())).code).toBe('UNAUTHORIZED');
    expect((await app.inject({ method: 'GET', url: '/api/profile/settings' })).statusCode).toBe(401);
    const user = await signUp();
    const api = await user.call();
    expect(await failure(api.profile.updateSettings({ publicShelves: ['attic' as ShelfName] }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(SHELF_MESSAGES.shelf),
    });
    expect(await failure(api.profile.updateSettings({ showReviews: 'yes' as unknown as boolean }))).toMatchObject({
      code: 'BAD_REQUEST',
      text: expect.stringContaining('showReviews must be true or false'),
    });
    const bad = await app.inject({ method: 'PATCH', url: '/api/profile/settings', headers: user.headers, payload: { publicShelves: 'own' } });
    expect(bad.statusCode).toBe(400);
    expect(await api.profile.settings()).toEqual({ publicShelves: [], showReviews: true });

    const anon = await anonymous();
    expect(await failure(anon.profile.byUsername({ username: '' }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(PROFILE_MESSAGES.username) });
    expect(await failure(anon.profile.byUsername({ username: 'x'.repeat(65) }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(PROFILE_MESSAGES.username),
    });
    expect((await failure(anon.profile.reviews({ username: user.username, page: 0 }))).code).toBe('BAD_REQUEST');
    expect((await failure(anon.profile.audio({ username: user.username, pageSize: 1000 }))).code).toBe('BAD_REQUEST');
    for (const url of [`/api/users/${user.username}/reviews?page=abc`, `/api/users/${user.username}/sets?page=-1`, `/api/users/${'x'.repeat(65)}`]) {
      expect((await app.inject({ method: 'GET', url })).statusCode).toBe(400);
    }
    expect((await app.inject({ method: 'GET', url: `/api/users/nobody${unique()}` })).statusCode).toBe(404);
  });
});
