// Profiles, helpful votes and the account export never show a private shelf or someone else's
// private data: every `profile` procedure, review.vote and review.myVotes, and account.exportData,
// through the tRPC caller and through their /api shims, called as an anonymous visitor, another
// signed-in user, a moderator and the owner, with the owner's shelves private, the wishlist public
// on the profile (and the review list hidden), shared by link, the link revoked, renewed, the
// account deleted and the account suspended. Each cell asserts the exact status (and message
// where the contract names one), that the owner's private shelved Tonies (unique names, article
// codes, category) and share tokens appear nowhere in the raw answer, and the positive case (what
// was made public shows, the owner's own data is in their own export). Writes are undone in their
// cell. The profile is the public view for its user too (the settings are theirs alone).
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { PROFILE_MESSAGES } from '@tonieshelf/shared/values/profile';
import type { Profile, ProfileSettings } from '@tonieshelf/shared/schemas/profile';
import { REVIEW_MESSAGES } from '@tonieshelf/shared/values/review';
import { type ShelfName, SHELVES } from '@tonieshelf/shared/values/shelf';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { profileRouter } from '../src/trpc/routers/profiles';
import { createTestApp } from './helpers/app';
import { TestClient } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import {
  cellContext,
  createShelfWorld,
  httpAnswer,
  OWNER_STATES,
  trpcAnswer,
  eachCell,
  expectNoLeak,
  expectStatus,
  ids,
  isGone,
  leaked,
  markersOf,
  matrix,
  secrets,
  signedIn,
  toniesNotOn,
  toniesOn,
  type Cell,
  type OwnerState,
  type ShelfOwner,
  type ShelfWorld,
} from './helpers/shelves';

let database: TestDatabase;
let app: FastifyInstance;
let world: ShelfWorld;
const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  world = await createShelfWorld(database);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const ctxOf = (cell: Cell) => cellContext(world, cell, app);

const cells = matrix();
const signInOr = (ok: string) => (c: Cell) => (signedIn(c.viewer, c.state) ? ok : '401');
/** The shelves each state's owner shows on the profile. */
const publicShelvesOf = (state: OwnerState): ShelfName[] => (state === 'public' ? ['wishlist'] : []);
/** Everything of the owner's shelves that is not on their public profile. */
const privateOf = (o: ShelfOwner) => [...markersOf(toniesNotOn(o, publicShelvesOf(o.state))), o.liveToken, o.deadToken, ...(publicShelvesOf(o.state).length ? [] : [o.category])];

describe(`profile authorisation: the public profile (${engine})`, () => {
  const outcome = (c: Cell) =>
    isGone(c.state) ? '404 notFound' : c.state === 'public' ? '200 with the public wishlist and its count only, reviews hidden' : '200 with no shelves';

  eachCell(
    cells,
    () => 'profile.byUsername',
    outcome,
    async (cell) => {
      const { t, owner, viewer } = await ctxOf(cell);
      const a = await t.byUsername(owner.user.username);
      expectNoLeak(a, privateOf(owner));
      if (isGone(cell.state)) return expectStatus(a, 404, PROFILE_MESSAGES.notFound);
      expectStatus(a, 200);
      const profile = a.json as Profile;
      expect(profile).toMatchObject({ userId: owner.user.id, username: owner.user.username, isSelf: viewer === 'owner', audioCount: 1, setCount: 1 });
      if (cell.state === 'public') {
        expect(profile.shelves).toEqual([{ shelf: 'wishlist', count: 1 }]);
        expect(profile).toMatchObject({ reviewsHidden: true, reviewCount: 0 });
      } else {
        expect(profile.shelves).toEqual([]);
        expect(profile).toMatchObject({ reviewsHidden: false, reviewCount: 1 });
      }
    },
  );

  const shelfCells = SHELVES.flatMap((shelf) => cells.map((c) => ({ ...c, shelf })));
  const shelfOutcome = (c: Cell & { shelf: ShelfName }) =>
    isGone(c.state) ? '404 notFound' : c.state === 'public' && c.shelf === 'wishlist' ? '200 with the wishlist only' : '403 shelfPrivate';

  eachCell(
    shelfCells,
    (c) => `profile.shelf ${c.shelf}`,
    shelfOutcome,
    async (cell) => {
      const { t, owner } = await ctxOf(cell);
      const a = await t.profileShelf(owner.user.username, cell.shelf);
      expectNoLeak(a, privateOf(owner));
      if (isGone(cell.state)) return expectStatus(a, 404, PROFILE_MESSAGES.notFound);
      if (cell.state !== 'public' || cell.shelf !== 'wishlist') {
        expectNoLeak(a, secrets(owner));
        return expectStatus(a, 403, PROFILE_MESSAGES.shelfPrivate);
      }
      expectStatus(a, 200);
      expect(ids(a.json)).toEqual([owner.tonies.wishlist.id]);
      expect(a.json).toMatchObject({ totalCount: 1 });
      const shown = markersOf(toniesOn(owner, ['wishlist']));
      expect(leaked(a.body, shown)).toEqual(shown);
    },
  );

  const reviewOutcome = (c: Cell) => (isGone(c.state) ? '404 notFound' : c.state === 'public' ? '403 reviewsHidden (for the owner too)' : "200 with the owner's review");

  eachCell(
    cells,
    () => 'profile.reviews',
    reviewOutcome,
    async (cell) => {
      const { t, owner } = await ctxOf(cell);
      const a = await t.reviews(owner.user.username);
      expectNoLeak(a, secrets(owner));
      if (isGone(cell.state)) {
        expectNoLeak(a, [owner.review.text]);
        return expectStatus(a, 404, PROFILE_MESSAGES.notFound);
      }
      if (cell.state === 'public') {
        expectNoLeak(a, [owner.review.text]);
        return expectStatus(a, 403, PROFILE_MESSAGES.reviewsHidden);
      }
      expectStatus(a, 200);
      expect(a.json).toMatchObject({ totalCount: 1, reviews: [{ id: owner.review.id, review: owner.review.text }] });
    },
  );

  const itemOutcome = (what: string) => (c: Cell) => (isGone(c.state) ? '404 notFound' : `200 with the owner's ${what}, no shelf item`);

  eachCell(
    cells,
    () => 'profile.audio',
    itemOutcome('audio'),
    async (cell) => {
      const { t, owner } = await ctxOf(cell);
      const a = await t.audio(owner.user.username);
      expectNoLeak(a, secrets(owner));
      if (isGone(cell.state)) return expectStatus(a, 404, PROFILE_MESSAGES.notFound);
      expectStatus(a, 200);
      expect(a.body).toContain(owner.audio.title);
    },
  );

  eachCell(
    cells,
    () => 'profile.sets',
    itemOutcome('set'),
    async (cell) => {
      const { t, owner } = await ctxOf(cell);
      const a = await t.sets(owner.user.username);
      expectNoLeak(a, secrets(owner));
      if (isGone(cell.state)) return expectStatus(a, 404, PROFILE_MESSAGES.notFound);
      expectStatus(a, 200);
      expect(a.body).toContain(owner.set.title);
    },
  );
});

describe(`profile authorisation: profile settings (${engine})`, () => {
  eachCell(
    cells,
    () => 'profile.settings',
    signInOr("200 with the viewer's own settings"),
    async (cell) => {
      const { t, owner, viewer, live } = await ctxOf(cell);
      const a = await t.settings();
      if (!live) {
        expectNoLeak(a, secrets(owner));
        return expectStatus(a, 401, AUTH_MESSAGES.signInRequired);
      }
      expectStatus(a, 200);
      expect(a.json).toEqual(viewer === 'owner' ? owner.settings : { publicShelves: [], showReviews: true });
    },
  );

  eachCell(
    cells,
    () => 'profile.updateSettings',
    signInOr("200: only the viewer's own profile changes (shelves shown with their counts), then back"),
    async (cell) => {
      const { t, anonymous, owner, viewer, live, me } = await ctxOf(cell);
      const ownerProfile = async () => (await anonymous.byUsername(owner.user.username)).body;
      const before = isGone(cell.state) ? null : await ownerProfile();
      const a = await t.updateSettings({ publicShelves: ['own', 'favourites'] });
      if (!live) {
        expectNoLeak(a, secrets(owner));
        expectStatus(a, 401, AUTH_MESSAGES.signInRequired);
        if (before !== null) expect(await ownerProfile()).toBe(before);
        return;
      }
      expectStatus(a, 200);
      expect([...(a.json as ProfileSettings).publicShelves].sort()).toEqual(['favourites', 'own']);
      if (viewer !== 'owner' && before !== null) expect(await ownerProfile()).toBe(before);
      const mine = await anonymous.byUsername(me!);
      expectStatus(mine, 200);
      const counts =
        viewer === 'owner'
          ? [
              { shelf: 'own', count: 2 },
              { shelf: 'favourites', count: 2 },
            ]
          : [
              { shelf: 'own', count: 0 },
              { shelf: 'favourites', count: 0 },
            ];
      expect((mine.json as Profile).shelves).toEqual(counts);
      if (viewer !== 'owner') expectNoLeak(mine, secrets(owner));
      const back = await t.updateSettings({ publicShelves: viewer === 'owner' ? owner.settings.publicShelves : [] });
      expectStatus(back, 200);
      expect(back.json).toEqual(viewer === 'owner' ? owner.settings : { publicShelves: [], showReviews: true });
      if (before !== null) expect(await ownerProfile()).toBe(before);
    },
  );

  it('the matrix covers every procedure of the profile router', () => {
    expect(Object.keys(profileRouter._def.procedures).sort()).toEqual(['audio', 'byUsername', 'reviews', 'sets', 'settings', 'shelf', 'updateSettings']);
  });
});

describe(`profile authorisation: helpful votes (${engine})`, () => {
  const voteOutcome = (c: Cell) => {
    if (!signedIn(c.viewer, c.state)) return '401';
    if (c.viewer === 'owner') return '403 ownReviewVote';
    return isGone(c.state) ? '404 reviewNotFound (the review is gone or hidden)' : '200 marked, then unmarked';
  };

  eachCell(
    cells,
    () => "review.vote on the owner's review",
    voteOutcome,
    async (cell) => {
      const { t, owner, viewer, live } = await ctxOf(cell);
      const a = await t.vote(owner.review.id, true);
      expectNoLeak(a, secrets(owner));
      if (!live) return expectStatus(a, 401, AUTH_MESSAGES.signInRequired);
      if (viewer === 'owner') return expectStatus(a, 403, REVIEW_MESSAGES.ownReviewVote);
      if (isGone(cell.state)) return expectStatus(a, 404, REVIEW_MESSAGES.reviewNotFound);
      expectStatus(a, 200);
      expect(a.json).toEqual({ ratingId: owner.review.id, helpful: true, helpfulCount: 1 });
      const mine = await t.myVotes(owner.review.tonieId);
      expectStatus(mine, 200);
      expect(mine.json).toEqual([owner.review.id]);
      const undo = await t.vote(owner.review.id, false);
      expectStatus(undo, 200);
      expect(undo.json).toEqual({ ratingId: owner.review.id, helpful: false, helpfulCount: 0 });
    },
  );

  eachCell(
    cells,
    () => 'review.myVotes',
    signInOr("200 with the viewer's own marks only"),
    async (cell) => {
      const { t, owner, viewer, live } = await ctxOf(cell);
      const a = await t.myVotes(world.votedReview.tonieId);
      expectNoLeak(a, secrets(owner));
      if (!live) return expectStatus(a, 401, AUTH_MESSAGES.signInRequired);
      expectStatus(a, 200);
      // Every owner marked this review helpful; only the owner's own call says so.
      expect(a.json).toEqual(viewer === 'owner' ? [world.votedReview.id] : []);
    },
  );
});

describe(`profile authorisation: the account export (${engine})`, () => {
  const outcome = (c: Cell) => (!signedIn(c.viewer, c.state) ? '401' : c.viewer === 'owner' ? "200 with the owner's shelves, link and marks" : "200 with none of the owner's data");

  eachCell(
    cells,
    () => 'account.exportData',
    outcome,
    async (cell) => {
      const { t, owner, viewer, live, me } = await ctxOf(cell);
      const a = await t.exportData();
      if (!live) {
        expectNoLeak(a, [...secrets(owner), owner.review.text]);
        return expectStatus(a, 401, AUTH_MESSAGES.signInRequired);
      }
      expectStatus(a, 200);
      expect(a.json).toMatchObject({ account: { username: me } });
      if (viewer !== 'owner') return expectNoLeak(a, [...secrets(owner), owner.review.text, owner.user.username]);
      // The owner's own data is all there: every shelved Tonie, the working link, the review, the mark.
      const all = markersOf(Object.values(owner.tonies));
      expect(leaked(a.body, all)).toEqual(all);
      if (owner.liveToken) expect(a.body).toContain(owner.liveToken);
      expect(a.body).not.toContain(owner.deadToken);
      expect(a.body).toContain(owner.review.text);
      expect(a.json).toMatchObject({ helpfulVotes: [{ ratingId: world.votedReview.id }], profileSettings: owner.settings });
    },
  );
});

describe(`profile authorisation: who voted, other spellings, client-sent user ids (${engine})`, () => {
  for (const state of OWNER_STATES) {
    it(`review.list and GET /api/tonies/:id/ratings, owner ${state} a voter -> the helpful count shows, never who voted`, async () => {
      const owner = await world.owner(state);
      const viaTrpc = await trpcAnswer(new TestClient(database).caller().then((c) => c.review.list({ tonieId: world.votedReview.tonieId, sort: 'helpful' })));
      const viaRest = await httpAnswer(app, {}, 'GET', `/api/tonies/${world.votedReview.tonieId}/ratings?sort=helpful`);
      for (const a of [viaTrpc, viaRest]) {
        expectStatus(a, 200);
        expect((a.json as Array<{ id: number; helpfulCount: number }>).find((r) => r.id === world.votedReview.id)?.helpfulCount).toBeGreaterThan(0);
        expectNoLeak(a, [owner.user.id, owner.user.username, ...secrets(owner)]);
      }
    });
  }

  for (const kind of ['trpc', 'rest'] as const) {
    it(`profile.shelf via ${kind} with the username in upper case -> the public wishlist 200, the private own shelf still 403`, async () => {
      const owner = await world.owner('public');
      const t = world.transport(kind, 'anonymous', owner, app);
      const wishlist = await t.profileShelf(owner.user.username.toUpperCase(), 'wishlist');
      expectStatus(wishlist, 200);
      expect(ids(wishlist.json)).toEqual([owner.tonies.wishlist.id]);
      const own = await t.profileShelf(owner.user.username.toUpperCase(), 'own');
      expectStatus(own, 403, PROFILE_MESSAGES.shelfPrivate);
      expectNoLeak(own, secrets(owner));
    });
  }

  it("GET /api/account/export and /api/profile/settings as another user naming the owner in the query -> the caller's own data only", async () => {
    const owner = await world.owner('shared');
    const q = `userId=${owner.user.id}&username=${encodeURIComponent(owner.user.username)}`;
    const exported = await httpAnswer(app, world.other.headers, 'GET', `/api/account/export?${q}`);
    expectStatus(exported, 200);
    expect(exported.json).toMatchObject({ account: { id: world.other.id } });
    expectNoLeak(exported, [...secrets(owner), owner.review.text, owner.user.username]);
    const settings = await httpAnswer(app, world.other.headers, 'GET', `/api/profile/settings?${q}`);
    expectStatus(settings, 200);
    expect(settings.json).toEqual({ publicShelves: [], showReviews: true });
  });

  it("PATCH /api/profile/settings as another user with the owner's userId in the body -> only the caller's settings change", async () => {
    const owner = await world.owner('private');
    const before = (await httpAnswer(app, {}, 'GET', `/api/users/${encodeURIComponent(owner.user.username)}`)).body;
    const a = await httpAnswer(app, world.other.headers, 'PATCH', '/api/profile/settings', {
      publicShelves: ['own', 'wishlist', 'favourites'],
      showReviews: false,
      userId: owner.user.id,
      username: owner.user.username,
    });
    expectStatus(a, 200);
    expect((await httpAnswer(app, {}, 'GET', `/api/users/${encodeURIComponent(owner.user.username)}`)).body).toBe(before);
    expectStatus(await httpAnswer(app, owner.user.headers, 'GET', `/api/users/${encodeURIComponent(owner.user.username)}/shelves/own`), 403, PROFILE_MESSAGES.shelfPrivate);
    const back = await httpAnswer(app, world.other.headers, 'PATCH', '/api/profile/settings', { publicShelves: [], showReviews: true });
    expect(back.json).toEqual({ publicShelves: [], showReviews: true });
  });
});
