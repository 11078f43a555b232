// Private shelves never leak: every `shelf` procedure, tonie.list with each `shelf` filter, the
// shelf exports and the feeds, through the tRPC caller and through their /api shims (or HTTP
// routes), called as an anonymous visitor, another signed-in user, a moderator and the owner, with
// the owner's shelves private, the wishlist public on the profile, shared by link, the link
// revoked, renewed (the old link), the account deleted and the account suspended (the owner's
// session then no way in). Each cell asserts the exact status (and message where the contract
// names one), that the owner's shelved Tonies (unique names, article codes, category) appear in
// no answer that is not the owner's own or made public, and the positive case: the owner, or the
// link's holder, does see them. Writes by others use Tonies of their own and are shown to leave
// the owner's rows alone; every write is undone in its cell, so cells do not depend on each other.
import { CATALOGUE_FILTER_MESSAGES } from '@tonieshelf/shared/values/tonie';
import { PROFILE_MESSAGES } from '@tonieshelf/shared/values/profile';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { SHELF_MESSAGES, SHELVES, type ShelfName } from '@tonieshelf/shared/values/shelf';
import type { ShelfSharing, ShelfState, ShelfSummary } from '@tonieshelf/shared/schemas/shelf';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shelfRouter } from '../src/trpc/routers/shelves';
import { createTestApp } from './helpers/app';
import { signedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import {
  cellContext,
  createShelfWorld,
  eachCell,
  expectNoLeak,
  expectStatus,
  ids,
  secrets,
  sorted,
  httpAnswer,
  isGone,
  leaked,
  markersOf,
  matrix,
  OWNER_STATES,
  signedIn,
  STATE_OF,
  toniesNotOn,
  toniesOn,
  trpcAnswer,
  type Answer,
  type Cell,
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

const tokenOf = (json: unknown, shelf: ShelfName) => (json as ShelfSharing).find((s) => s.shelf === shelf)?.token ?? null;

const cells = matrix();
const signInOr = (ok: string) => (c: Cell) => (signedIn(c.viewer, c.state) ? ok : '401');

describe(`shelf authorisation: the signed-in user's own shelves (${engine})`, () => {
  eachCell(
    cells,
    () => 'shelf.states',
    signInOr("200 with the viewer's states only"),
    async (cell) => {
      const { t, owner, viewer, live } = await ctxOf(cell);
      const a = await t.states(Object.values(owner.tonies).map((x) => x.id));
      expectNoLeak(a, [owner.category]);
      if (!live) return expectStatus(a, 401, AUTH_MESSAGES.signInRequired);
      expectStatus(a, 200);
      if (viewer === 'owner') {
        const expected = (Object.keys(owner.tonies) as Array<keyof typeof owner.tonies>).map((k) => ({ tonieId: owner.tonies[k].id, ...STATE_OF[k] }));
        expect([...(a.json as ShelfState[])].sort((x, y) => x.tonieId - y.tonieId)).toEqual(expected.sort((x, y) => x.tonieId - y.tonieId));
      } else {
        expect(a.json).toEqual([]);
      }
    },
  );

  eachCell(
    cells,
    () => 'shelf.summary',
    signInOr("200 with the viewer's totals only"),
    async (cell) => {
      const { t, owner, viewer, live } = await ctxOf(cell);
      const a = await t.summary();
      if (!live) {
        expectNoLeak(a, secrets(owner));
        return expectStatus(a, 401, AUTH_MESSAGES.signInRequired);
      }
      expectStatus(a, 200);
      const summary = a.json as ShelfSummary;
      expect(summary.map((s) => s.shelf)).toEqual([...SHELVES]);
      if (viewer === 'owner') {
        expect(Object.fromEntries(summary.map((s) => [s.shelf, s.count]))).toEqual({ own: 2, wishlist: 1, favourites: 2 });
        expect(summary.find((s) => s.shelf === 'own')!.byCategory).toContainEqual({ key: owner.category, count: 2 });
      } else {
        expectNoLeak(a, secrets(owner));
      }
    },
  );

  eachCell(
    cells,
    () => 'shelf.set',
    signInOr("200 on the viewer's shelf, the owner's rows untouched"),
    async (cell) => {
      const { t, owner, live } = await ctxOf(cell);
      const before = await world.rowsOf(owner.user.id);
      const spare = world.spare.set.id;
      const on = await t.set('wishlist', spare, true);
      expectNoLeak(on, secrets(owner));
      if (!live) {
        expectStatus(on, 401, AUTH_MESSAGES.signInRequired);
        expect(await world.rowsOf(owner.user.id)).toEqual(before);
        return;
      }
      expectStatus(on, 200);
      expect(on.json).toEqual({ tonieId: spare, status: 'wishlist', favourite: false });
      if (cell.viewer !== 'owner') expect(await world.rowsOf(owner.user.id)).toEqual(before);
      const own = await t.set('own', spare, true);
      expectStatus(own, 200);
      expect(own.json).toEqual({ tonieId: spare, status: 'own', favourite: false });
      const off = await t.set('own', spare, false);
      expectStatus(off, 200);
      expect(off.json).toEqual({ tonieId: spare, status: null, favourite: false });
      expectNoLeak(off, secrets(owner));
      expect(await world.rowsOf(owner.user.id)).toEqual(before);
    },
  );

  eachCell(
    cells,
    () => 'shelf.import',
    signInOr("200 into the viewer's shelf, the unknown code reported"),
    async (cell) => {
      const { t, owner, live } = await ctxOf(cell);
      const before = await world.rowsOf(owner.user.id);
      const unknown = `NOPE-${cell.kind}-${cell.viewer}-${cell.state}`;
      const a = await t.importCsv('favourites', `article\n${world.spare.import.article}\n${unknown}\n`);
      expectNoLeak(a, secrets(owner));
      if (!live) {
        expectStatus(a, 401, AUTH_MESSAGES.signInRequired);
        expect(await world.rowsOf(owner.user.id)).toEqual(before);
        return;
      }
      expectStatus(a, 200);
      const result = a.json as { added: number; alreadyThere: number; unknownCodes: string[] };
      expect(result.unknownCodes).toEqual([unknown]);
      expect(result.added + result.alreadyThere).toBe(1);
      if (cell.viewer !== 'owner') expect(await world.rowsOf(owner.user.id)).toEqual(before);
      expectStatus(await t.set('favourites', world.spare.import.id, false), 200);
      expect(await world.rowsOf(owner.user.id)).toEqual(before);
    },
  );

  eachCell(
    cells,
    () => 'shelf.sharing',
    signInOr("200 with the viewer's links only"),
    async (cell) => {
      const { t, owner, viewer, live } = await ctxOf(cell);
      const a = await t.sharing();
      if (!live) {
        expectNoLeak(a, secrets(owner));
        return expectStatus(a, 401, AUTH_MESSAGES.signInRequired);
      }
      expectStatus(a, 200);
      const sharing = a.json as ShelfSharing;
      expect(sharing.map((s) => s.shelf)).toEqual([...SHELVES]);
      if (viewer === 'owner') {
        expect(Object.fromEntries(sharing.map((s) => [s.shelf, s.token]))).toEqual({ own: null, wishlist: owner.liveToken, favourites: null });
        expectNoLeak(a, [owner.deadToken]);
      } else {
        expect(sharing.every((s) => s.token === null)).toBe(true);
        expectNoLeak(a, secrets(owner));
      }
    },
  );

  eachCell(
    cells,
    () => 'shelf.setSharing',
    signInOr("200: the viewer's own link made and revoked (404 after), the owner's link untouched"),
    async (cell) => {
      const { t, owner, viewer, live, me } = await ctxOf(cell);
      const on = await t.setSharing('favourites', true);
      if (!live) {
        expectNoLeak(on, secrets(owner));
        expectStatus(on, 401, AUTH_MESSAGES.signInRequired);
        if (owner.liveToken && !isGone(cell.state)) expectStatus(await t.shared(owner.liveToken), 200);
        return;
      }
      expectStatus(on, 200);
      const token = tokenOf(on.json, 'favourites');
      expect(token).toEqual(expect.any(String));
      expect([owner.liveToken, owner.deadToken]).not.toContain(token);
      if (viewer === 'owner') {
        expect(tokenOf(on.json, 'wishlist')).toBe(owner.liveToken);
        if (owner.liveToken) {
          // Turning on a shelf that is shared keeps its link.
          const again = await t.setSharing('wishlist', true);
          expectStatus(again, 200);
          expect(tokenOf(again.json, 'wishlist')).toBe(owner.liveToken);
        }
      } else {
        expectNoLeak(on, secrets(owner));
      }
      if (owner.liveToken && !isGone(cell.state)) expectStatus(await t.shared(owner.liveToken), 200);
      const open = await t.shared(token!);
      expectStatus(open, 200);
      expect(open.json).toMatchObject({ shelf: 'favourites', owner: { username: me } });
      // The favourites link shows the favourites, nothing of the other shelves.
      if (viewer === 'owner') expect(ids(open.json)).toEqual(sorted(toniesOn(owner, ['favourites']).map((x) => x.id)));
      else expectNoLeak(open, secrets(owner));
      const off = await t.setSharing('favourites', false);
      expectStatus(off, 200);
      expect(tokenOf(off.json, 'favourites')).toBeNull();
      const gone = await t.shared(token!);
      expectStatus(gone, 404, SHELF_MESSAGES.shareNotFound);
      expectNoLeak(gone, secrets(owner));
    },
  );

  eachCell(
    cells,
    () => 'shelf.renewLink',
    signInOr('400 while not shared; once shared a new link, the old one 404'),
    async (cell) => {
      const { t, owner, viewer, live, me } = await ctxOf(cell);
      const notShared = await t.renewLink('own');
      expectNoLeak(notShared, secrets(owner));
      if (!live) return expectStatus(notShared, 401, AUTH_MESSAGES.signInRequired);
      expectStatus(notShared, 400, SHELF_MESSAGES.notShared);
      const on = await t.setSharing('own', true);
      expectStatus(on, 200);
      const first = tokenOf(on.json, 'own');
      expect(first).toEqual(expect.any(String));
      const renewed = await t.renewLink('own');
      expectStatus(renewed, 200);
      const second = tokenOf(renewed.json, 'own');
      expect(second).toEqual(expect.any(String));
      expect(second).not.toBe(first);
      if (viewer === 'owner') expect(tokenOf(renewed.json, 'wishlist')).toBe(owner.liveToken);
      else expectNoLeak(renewed, secrets(owner));
      const old = await t.shared(first!);
      expectStatus(old, 404, SHELF_MESSAGES.shareNotFound);
      expectNoLeak(old, secrets(owner));
      const fresh = await t.shared(second!);
      expectStatus(fresh, 200);
      expect(fresh.json).toMatchObject({ shelf: 'own', owner: { username: me } });
      if (viewer === 'owner') expect(ids(fresh.json)).toEqual(sorted(toniesOn(owner, ['own']).map((x) => x.id)));
      else expectNoLeak(fresh, secrets(owner));
      if (owner.liveToken && !isGone(cell.state)) expectStatus(await t.shared(owner.liveToken), 200);
      expectStatus(await t.setSharing('own', false), 200);
      expectStatus(await t.shared(second!), 404, SHELF_MESSAGES.shareNotFound);
    },
  );

  it('the matrix covers every procedure of the shelf router', () => {
    expect(Object.keys(shelfRouter._def.procedures).sort()).toEqual(['import', 'renewLink', 'set', 'setSharing', 'shared', 'sharing', 'states', 'summary']);
  });
});

/** The share link each state's cells open: the working one only while shared (a suspended owner's too: 404). */
const LINK_OUTCOME: Record<(typeof OWNER_STATES)[number], string> = {
  private: '404 (no link was ever made)',
  public: '404 (a public profile shelf has no link)',
  shared: '200 with the wishlist only',
  revoked: '404 shareNotFound',
  renewed: '404 for the old link, 200 for the new one',
  deleted: '404 shareNotFound',
  suspended: '404 shareNotFound',
};

describe(`shelf authorisation: share links (${engine})`, () => {
  /** The shared wishlist as anyone with its link sees it: the wishlist's Tonie, none of the others. */
  function expectSharedWishlist(a: Answer, owner: ShelfOwner) {
    expectStatus(a, 200);
    expect(a.json).toMatchObject({ shelf: 'wishlist', owner: { username: owner.user.username, displayName: owner.displayName }, totalCount: 1 });
    expect(ids(a.json)).toEqual([owner.tonies.wishlist.id]);
    expect(leaked(a.body, markersOf(toniesOn(owner, ['wishlist'])))).toEqual(markersOf(toniesOn(owner, ['wishlist'])));
    expectNoLeak(a, [...markersOf(toniesNotOn(owner, ['wishlist'])), owner.deadToken]);
  }

  eachCell(
    cells,
    () => 'shelf.shared',
    (c) => LINK_OUTCOME[c.state],
    async (cell) => {
      const { t, owner } = await ctxOf(cell);
      if (cell.state === 'shared') return expectSharedWishlist(await t.shared(owner.liveToken!), owner);
      const token = cell.state === 'suspended' ? owner.liveToken! : owner.deadToken;
      const a = await t.shared(token);
      expectStatus(a, 404, SHELF_MESSAGES.shareNotFound);
      expectNoLeak(
        a,
        secrets(owner).filter((s) => s !== token),
      );
      if (cell.state === 'renewed') expectSharedWishlist(await t.shared(owner.liveToken!), owner);
    },
  );

  for (const kind of ['trpc', 'rest'] as const) {
    it(`shelf.shared via ${kind}: a wishlist Tonie the owner then marks as owned -> gone from the shared wishlist at once (own is private), back once wished again`, async () => {
      const owner = await world.owner('shared');
      const t = world.transport(kind, 'owner', owner, app);
      const anonymous = world.transport(kind, 'anonymous', owner, app);
      const wish = owner.tonies.wishlist;
      try {
        expectStatus(await t.set('own', wish.id, true), 200);
        const a = await anonymous.shared(owner.liveToken!);
        expectStatus(a, 200);
        expect(a.json).toMatchObject({ shelf: 'wishlist', totalCount: 0, tonies: [] });
        expectNoLeak(
          a,
          secrets(owner).filter((x) => x !== owner.liveToken),
        );
      } finally {
        expectStatus(await t.set('wishlist', wish.id, true), 200);
      }
      const back = await anonymous.shared(owner.liveToken!);
      expect(ids(back.json)).toEqual([wish.id]);
    });

    it(`profile.shelf via ${kind}: a public wishlist's Tonie the owner then marks as owned -> gone from the profile's wishlist and count at once`, async () => {
      const owner = await world.owner('public');
      const t = world.transport(kind, 'owner', owner, app);
      const anonymous = world.transport(kind, 'anonymous', owner, app);
      const wish = owner.tonies.wishlist;
      try {
        expectStatus(await t.set('own', wish.id, true), 200);
        const a = await anonymous.profileShelf(owner.user.username, 'wishlist');
        expectStatus(a, 200);
        expect(a.json).toMatchObject({ totalCount: 0, tonies: [] });
        expectNoLeak(a, secrets(owner));
        const profile = await anonymous.byUsername(owner.user.username);
        expect(profile.json).toMatchObject({ shelves: [{ shelf: 'wishlist', count: 0 }] });
      } finally {
        expectStatus(await t.set('wishlist', wish.id, true), 200);
      }
    });
  }

  for (const state of OWNER_STATES) {
    it(`GET /api/shared-shelves/:token, owner ${state} -> Cache-Control no-store (a revoked link is not answered from a cache)`, async () => {
      const owner = await world.owner(state);
      const res = await app.inject({ method: 'GET', url: `/api/shared-shelves/${encodeURIComponent(owner.liveToken ?? owner.deadToken)}` });
      expect(String(res.headers['cache-control'] ?? ''), res.body).toMatch(/no-store/);
    });
  }
});

const FILTERS = ['own', 'wishlist', 'favourites', 'none'] as const;
type Filter = (typeof FILTERS)[number];

describe(`shelf authorisation: the catalogue's shelf filter (${engine})`, () => {
  const listCells = FILTERS.flatMap((shelf) => cells.map((c) => ({ ...c, shelf })));
  const outcome = (c: Cell & { shelf: Filter }) => {
    if (!signedIn(c.viewer, c.state)) return '401 signInForShelf';
    if (c.viewer === 'owner') return c.shelf === 'none' ? "200 without the owner's shelved Tonies" : "200 with exactly the owner's Tonies on it";
    return c.shelf === 'none' ? "200 with the owner's Tonies (not on the viewer's shelves)" : "200 without the owner's Tonies";
  };

  eachCell(
    listCells,
    (c) => `tonie.list shelf=${c.shelf}`,
    outcome,
    async (cell) => {
      const { t, owner, viewer, live } = await ctxOf(cell);
      const a = await t.list(cell.shelf);
      const mine = Object.values(owner.tonies).map((x) => x.id);
      if (!live) {
        expectNoLeak(a, secrets(owner));
        return expectStatus(a, 401, CATALOGUE_FILTER_MESSAGES.signInForShelf);
      }
      expectStatus(a, 200);
      const got = ids(a.json);
      if (viewer === 'owner') {
        if (cell.shelf === 'none') {
          expect(got.filter((id) => mine.includes(id))).toEqual([]);
          expect(got).toContain(world.spare.set.id);
        } else {
          expect(got).toEqual(sorted(toniesOn(owner, [cell.shelf]).map((x) => x.id)));
        }
      } else if (cell.shelf === 'none') {
        expect(got).toEqual(expect.arrayContaining(mine));
      } else {
        expectNoLeak(a, secrets(owner));
      }
    },
  );
});

describe(`shelf authorisation: exports (${engine})`, () => {
  const exportCells = (['csv', 'json'] as const).flatMap((format) => SHELVES.flatMap((shelf) => matrix(['rest']).map((c) => ({ ...c, shelf, format }))));
  const outcome = (c: Cell) =>
    !signedIn(c.viewer, c.state) ? '401' : c.viewer === 'owner' ? "200 with exactly the owner's Tonies on that shelf" : "200 with the viewer's own shelf only";

  eachCell(
    exportCells,
    (c) => `GET /api/shelves/${c.shelf}/export.${c.format}`,
    outcome,
    async (cell) => {
      const owner = await world.owner(cell.state);
      const a = await httpAnswer(app, world.headers(cell.viewer, owner), 'GET', `/api/shelves/${cell.shelf}/export.${cell.format}`);
      if (!signedIn(cell.viewer, cell.state)) {
        expectNoLeak(a, secrets(owner));
        return expectStatus(a, 401);
      }
      expectStatus(a, 200);
      if (cell.viewer !== 'owner') return expectNoLeak(a, secrets(owner));
      const on = toniesOn(owner, [cell.shelf]);
      expect(leaked(a.body, markersOf(on))).toEqual(markersOf(on));
      expectNoLeak(a, markersOf(toniesNotOn(owner, [cell.shelf])));
      if (cell.format === 'json') expect((a.json as Array<{ article: string }>).map((r) => r.article).sort()).toEqual(on.map((x) => x.article).sort());
    },
  );
});

describe(`shelf authorisation: feeds never carry shelf items (${engine})`, () => {
  for (const state of OWNER_STATES) {
    const gone = isGone(state);
    it(`/feeds/users/{username}.rss, owner ${state} -> ${gone ? '404' : "200 with the owner's audio, no shelf item"}`, async () => {
      const owner = await world.owner(state);
      const a = await httpAnswer(app, {}, 'GET', `/feeds/users/${encodeURIComponent(owner.user.username)}.rss`);
      expectNoLeak(a, secrets(owner));
      if (gone) return expectStatus(a, 404);
      expectStatus(a, 200);
      expect(a.body).toContain(owner.audio.title);
    });

    it(`/feeds/sets/{id}.rss, owner ${state} -> ${gone ? '404' : "200 with the set's audio, no shelf item"}`, async () => {
      const owner = await world.owner(state);
      const a = await httpAnswer(app, {}, 'GET', `/feeds/sets/${owner.set.id}.rss`);
      expectNoLeak(a, secrets(owner));
      if (gone) return expectStatus(a, 404);
      expectStatus(a, 200);
      expect(a.body).toContain(owner.audio.title);
    });

    it(`/feeds/tags/{tag}.rss, owner ${state} -> 200 ${gone ? 'without' : 'with'} the owner's audio, no shelf item`, async () => {
      const owner = await world.owner(state);
      const a = await httpAnswer(app, {}, 'GET', `/feeds/tags/${encodeURIComponent(owner.audio.tag)}.rss`);
      expectStatus(a, 200);
      expectNoLeak(a, secrets(owner));
      if (gone) expect(a.body).not.toContain(owner.audio.title);
      else expect(a.body).toContain(owner.audio.title);
    });
  }
});

describe(`shelf authorisation: forged links and client-sent user ids (${engine})`, () => {
  /** Links that are not the shared wishlist's: cut, lengthened, in another case, SQL wildcards, the owner's id or name. */
  const FORGERIES: Array<[string, (o: ShelfOwner) => string]> = [
    ['the link cut by one character', (o) => o.liveToken!.slice(0, -1)],
    ['the link with one character more', (o) => `${o.liveToken!}A`],
    ['the link in another case', (o) => (o.liveToken!.toUpperCase() === o.liveToken ? o.liveToken!.toLowerCase() : o.liveToken!.toUpperCase())],
    ["the link's first 20 characters and a % wildcard", (o) => `${o.liveToken!.slice(0, 20)}%`],
    ['20 % wildcards', () => '%'.repeat(20)],
    ['43 _ wildcards', () => '_'.repeat(43)],
    ["the owner's user id", (o) => o.user.id],
    ["the owner's username", (o) => o.user.username],
  ];

  for (const kind of ['trpc', 'rest'] as const) {
    for (const [label, forge] of FORGERIES) {
      it(`shelf.shared via ${kind} as anonymous with ${label} -> 404 shareNotFound, nothing of the shelf`, async () => {
        const owner = await world.owner('shared');
        const a = await world.transport(kind, 'anonymous', owner, app).shared(forge(owner));
        expectStatus(a, 404, SHELF_MESSAGES.shareNotFound);
        expectNoLeak(a, secrets(owner));
      });
    }
  }

  /** Requests of another user that name the owner (as userId, username): the server takes the user from the session only. */
  const namingTheOwner = (o: ShelfOwner) => `userId=${o.user.id}&username=${encodeURIComponent(o.user.username)}&user=${o.user.id}`;
  const reads: Array<[string, (o: ShelfOwner) => string, (a: Answer, o: ShelfOwner) => void]> = [
    ['GET /api/shelves/own/export.json', (o) => `/api/shelves/own/export.json?${namingTheOwner(o)}`, (a) => expect(a.json).toEqual([])],
    [
      'GET /api/shelves/states',
      (o) =>
        `/api/shelves/states?tonieIds=${Object.values(o.tonies)
          .map((x) => x.id)
          .join(',')}&${namingTheOwner(o)}`,
      (a) => expect(a.json).toEqual([]),
    ],
    ['GET /api/tonies?shelf=own', (o) => `/api/tonies?shelf=own&pageSize=100&${namingTheOwner(o)}`, (a) => expect(ids(a.json)).toEqual([])],
    ['GET /api/shelves/summary', (o) => `/api/shelves/summary?${namingTheOwner(o)}`, (a) => expect((a.json as ShelfSummary).every((s) => s.count === 0)).toBe(true)],
    ['GET /api/shelves/sharing', (o) => `/api/shelves/sharing?${namingTheOwner(o)}`, (a) => expect((a.json as ShelfSharing).every((s) => s.token === null)).toBe(true)],
  ];
  for (const [name, url, check] of reads) {
    it(`${name} as another user naming the owner in the query -> 200 with the caller's own (empty) shelf`, async () => {
      const owner = await world.owner('shared');
      const a = await httpAnswer(app, world.other.headers, 'GET', url(owner));
      expectStatus(a, 200);
      expectNoLeak(a, secrets(owner));
      check(a, owner);
    });
  }

  it("PUT /api/shelves/wishlist/:tonieId as another user with the owner's userId in the body -> 200 on the caller's shelf, the owner's rows untouched", async () => {
    const owner = await world.owner('shared');
    const before = await world.rowsOf(owner.user.id);
    const spare = world.spare.set.id;
    const a = await httpAnswer(app, world.other.headers, 'PUT', `/api/shelves/wishlist/${spare}`, { userId: owner.user.id, username: owner.user.username });
    expectStatus(a, 200);
    expect(await world.rowsOf(owner.user.id)).toEqual(before);
    expect((await world.rowsOf(world.other.id)).map((r) => r.tonie_id)).toContain(spare);
    expectStatus(await httpAnswer(app, world.other.headers, 'DELETE', `/api/shelves/wishlist/${spare}`, { userId: owner.user.id }), 200);
    expect(await world.rowsOf(world.other.id)).toEqual([]);
  });

  it("shelf.states via trpc as another user with the owner's userId in the input -> 200 with none of the owner's states", async () => {
    const owner = await world.owner('shared');
    const api = await world.other.call();
    const input = { tonieIds: Object.values(owner.tonies).map((x) => x.id), userId: owner.user.id } as { tonieIds: number[] };
    expect(await api.shelf.states(input)).toEqual([]);
  });

  it('a session waiting for its second step (account with a verified factor) -> 401 on every shelf read, the export and the shelf filter, nothing of its shelves', async () => {
    const half = await signedInUser(database);
    const name = `Halfway Tonie ${half.username}`;
    const article = `HW-${half.username}`;
    const { id: tonieId } = await database.db.insertInto('tonies').values({ article, name, category: 'Audio Play' }).returning('id').executeTakeFirstOrThrow();
    await database.db
      .insertInto('shelf_items')
      .values({ user_id: half.id, tonie_id: tonieId, status: 'own', status_at: new Date(), favourite: false, favourite_at: null })
      .execute();
    await database.db
      .insertInto('auth_factors')
      .values({ user_id: half.id, factor_type: 'totp', status: 'verified', totp_secret: Buffer.alloc(20, 7) })
      .execute();
    const markers = [name, article];
    const headers = half.headers;
    const answers: Array<[string, Answer]> = [
      ['GET /api/shelves/own/export.csv', await httpAnswer(app, headers, 'GET', '/api/shelves/own/export.csv')],
      ['GET /api/shelves/own/export.json', await httpAnswer(app, headers, 'GET', '/api/shelves/own/export.json')],
      ['GET /api/tonies?shelf=own', await httpAnswer(app, headers, 'GET', '/api/tonies?shelf=own')],
      ['GET /api/shelves/states', await httpAnswer(app, headers, 'GET', `/api/shelves/states?tonieIds=${tonieId}`)],
      ['GET /api/shelves/summary', await httpAnswer(app, headers, 'GET', '/api/shelves/summary')],
      ['GET /api/shelves/sharing', await httpAnswer(app, headers, 'GET', '/api/shelves/sharing')],
      ['PUT /api/shelves/own/:id', await httpAnswer(app, headers, 'PUT', `/api/shelves/own/${tonieId}`)],
      ['shelf.states', await trpcAnswer(half.call().then((c) => c.shelf.states({ tonieIds: [tonieId] })))],
      ['tonie.list shelf=own', await trpcAnswer(half.call().then((c) => c.tonie.list({ shelf: 'own' })))],
    ];
    for (const [name, a] of answers) {
      expect(a.status, `${name}: ${a.body}`).toBe(401);
      expect(leaked(a.body, markers), name).toEqual([]);
    }
  });
});

describe(`shelf authorisation: with the read cache on (${engine})`, () => {
  let cached: FastifyInstance;
  beforeAll(async () => {
    cached = await createTestApp(database, { cacheTtlMs: 60_000 });
  });
  afterAll(async () => {
    await cached?.close();
  });

  it("GET /api/tonies?shelf=own, the owner first, then another user and a visitor -> the owner's Tonies to the owner only (never served from the cache)", async () => {
    const owner = await world.owner('private');
    const url = '/api/tonies?shelf=own&pageSize=100';
    const mine = await httpAnswer(cached, owner.user.headers, 'GET', url);
    expectStatus(mine, 200);
    expect(ids(mine.json)).toEqual(sorted(toniesOn(owner, ['own']).map((x) => x.id)));
    const theirs = await httpAnswer(cached, world.other.headers, 'GET', url);
    expectStatus(theirs, 200);
    expectNoLeak(theirs, secrets(owner));
    const visitor = await httpAnswer(cached, {}, 'GET', url);
    expectStatus(visitor, 401, CATALOGUE_FILTER_MESSAGES.signInForShelf);
    expectNoLeak(visitor, secrets(owner));
  });

  it('a link opened, then revoked -> 404 at the very next open', async () => {
    const owner = await world.owner('private');
    const on = await httpAnswer(cached, owner.user.headers, 'PUT', '/api/shelves/favourites/share');
    expectStatus(on, 200);
    const token = tokenOf(on.json, 'favourites')!;
    const open = await httpAnswer(cached, {}, 'GET', `/api/shared-shelves/${token}`);
    expectStatus(open, 200);
    expect(ids(open.json)).toEqual(sorted(toniesOn(owner, ['favourites']).map((x) => x.id)));
    expectStatus(await httpAnswer(cached, owner.user.headers, 'DELETE', '/api/shelves/favourites/share'), 200);
    const gone = await httpAnswer(cached, {}, 'GET', `/api/shared-shelves/${token}`);
    expectStatus(gone, 404, SHELF_MESSAGES.shareNotFound);
    expectNoLeak(gone, secrets(owner));
  });

  it('a shelf made public, then private again -> gone from the profile at the very next view', async () => {
    const owner = await world.owner('private');
    const u = encodeURIComponent(owner.user.username);
    expectStatus(await httpAnswer(cached, owner.user.headers, 'PATCH', '/api/profile/settings', { publicShelves: ['own'] }), 200);
    const shown = await httpAnswer(cached, {}, 'GET', `/api/users/${u}/shelves/own`);
    expectStatus(shown, 200);
    expect(ids(shown.json)).toEqual(sorted(toniesOn(owner, ['own']).map((x) => x.id)));
    expect((await httpAnswer(cached, {}, 'GET', `/api/users/${u}`)).json).toMatchObject({ shelves: [{ shelf: 'own', count: 2 }] });
    expectStatus(await httpAnswer(cached, owner.user.headers, 'PATCH', '/api/profile/settings', { publicShelves: [] }), 200);
    const hidden = await httpAnswer(cached, {}, 'GET', `/api/users/${u}/shelves/own`);
    expectStatus(hidden, 403, PROFILE_MESSAGES.shelfPrivate);
    expectNoLeak(hidden, secrets(owner));
    const profile = await httpAnswer(cached, {}, 'GET', `/api/users/${u}`);
    expect(profile.json).toMatchObject({ shelves: [] });
    expectNoLeak(profile, secrets(owner));
  });
});
