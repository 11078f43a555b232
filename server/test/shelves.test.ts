// Shelves (issue 14): own and wishlist exclude each other, favourites combine with either; every
// write is idempotent, also under parallel requests; states in one indexed query; totals; the
// catalogue within a shelf; CSV import; share links. Runs on PGlite, and on PostgreSQL with
// TEST_DATABASE_URL.
import { CATALOGUE_FILTER_MESSAGES, CATALOGUE_MESSAGES } from '@tonieshelf/shared/values/tonie';
import { SHELF_MESSAGES } from '@tonieshelf/shared/values/shelf';
import type { FastifyInstance } from 'fastify';
import { CompiledQuery } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as shelves from '../src/shelves/service';
import { en } from './helpers/messages';
import { createTestApp, sameOrigin } from './helpers/app';
import { failure } from './helpers/auth';
import { signedInUser, unique, type SignedInUser } from './helpers/content';
import { countingStatements, createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;

interface TonieFields {
  name?: string;
  category?: string;
  language?: string | null;
  runtime?: number | null;
  series?: string | null;
  article?: string;
  release_date?: string | null;
}

/** A Tonie of the catalogue with these fields; its id and article code. */
async function tonie(fields: TonieFields = {}): Promise<{ id: number; article: string }> {
  const article = fields.article ?? `A-${unique()}`;
  const row = await database.db
    .insertInto('tonies')
    .values({
      article,
      name: fields.name ?? `Tonie ${unique()}`,
      category: fields.category ?? 'Audio play',
      language: fields.language === undefined ? 'de-DE' : fields.language,
      runtime: fields.runtime === undefined ? 60 : fields.runtime,
      series: fields.series ?? null,
      release_date: fields.release_date ?? null,
    })
    .returning(['id', 'article'])
    .executeTakeFirstOrThrow();
  return row;
}

async function rowsOf(userId: string, tonieId?: number) {
  let q = database.db.selectFrom('shelf_items').selectAll().where('user_id', '=', userId);
  if (tonieId !== undefined) q = q.where('tonie_id', '=', tonieId);
  return q.execute();
}

const put = (user: SignedInUser, shelf: string, tonieId: number | string) => app.inject({ method: 'PUT', url: `/api/shelves/${shelf}/${tonieId}`, headers: user.headers });
const del = (user: SignedInUser, shelf: string, tonieId: number | string) => app.inject({ method: 'DELETE', url: `/api/shelves/${shelf}/${tonieId}`, headers: user.headers });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('shelf.set', () => {
  it('shelf.set: own twice -> one row, status own, the first date kept', async () => {
    const user = await signedInUser(database);
    const t = await tonie();
    const first = await (await user.call()).shelf.set({ tonieId: t.id, shelf: 'own', on: true });
    const [before] = await rowsOf(user.id, t.id);
    await sleep(5);
    const second = await (await user.call()).shelf.set({ tonieId: t.id, shelf: 'own', on: true });
    expect(first).toEqual({ tonieId: t.id, status: 'own', favourite: false });
    expect(second).toEqual(first);
    const rows = await rowsOf(user.id, t.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe('own');
    expect(rows[0]!.status_at!.getTime()).toBe(before!.status_at!.getTime());
  });

  it('shelf.set: wishlist on an owned Tonie -> status wishlist (off own, new date); own on again -> own', async () => {
    const user = await signedInUser(database);
    const t = await tonie();
    const call = await user.call();
    await call.shelf.set({ tonieId: t.id, shelf: 'own', on: true });
    const [owned] = await rowsOf(user.id, t.id);
    await sleep(5);
    expect(await call.shelf.set({ tonieId: t.id, shelf: 'wishlist', on: true })).toEqual({ tonieId: t.id, status: 'wishlist', favourite: false });
    const [wished] = await rowsOf(user.id, t.id);
    expect(wished!.status_at!.getTime()).toBeGreaterThan(owned!.status_at!.getTime());
    expect(await call.shelf.set({ tonieId: t.id, shelf: 'own', on: true })).toEqual({ tonieId: t.id, status: 'own', favourite: false });
    expect(await rowsOf(user.id, t.id)).toHaveLength(1);
  });

  it('shelf.set: favourites combine with own and with wishlist; favourites off keeps the status', async () => {
    const user = await signedInUser(database);
    const t = await tonie();
    const call = await user.call();
    await call.shelf.set({ tonieId: t.id, shelf: 'favourites', on: true });
    const [fav] = await rowsOf(user.id, t.id);
    expect(await call.shelf.set({ tonieId: t.id, shelf: 'own', on: true })).toEqual({ tonieId: t.id, status: 'own', favourite: true });
    expect(await call.shelf.set({ tonieId: t.id, shelf: 'wishlist', on: true })).toEqual({ tonieId: t.id, status: 'wishlist', favourite: true });
    await call.shelf.set({ tonieId: t.id, shelf: 'favourites', on: true });
    const [still] = await rowsOf(user.id, t.id);
    expect(still!.favourite_at!.getTime()).toBe(fav!.favourite_at!.getTime());
    expect(await call.shelf.set({ tonieId: t.id, shelf: 'favourites', on: false })).toEqual({ tonieId: t.id, status: 'wishlist', favourite: false });
    const [after] = await rowsOf(user.id, t.id);
    expect(after).toMatchObject({ status: 'wishlist', favourite: false, favourite_at: null });
  });

  it('shelf.set: own off on a wishlist Tonie -> nothing changes', async () => {
    const user = await signedInUser(database);
    const t = await tonie();
    const call = await user.call();
    await call.shelf.set({ tonieId: t.id, shelf: 'wishlist', on: true });
    const [before] = await rowsOf(user.id, t.id);
    expect(await call.shelf.set({ tonieId: t.id, shelf: 'own', on: false })).toEqual({ tonieId: t.id, status: 'wishlist', favourite: false });
    const [after] = await rowsOf(user.id, t.id);
    expect(after).toEqual(before);
  });

  it('shelf.set: off twice, and off of a Tonie never shelved -> no row, no error', async () => {
    const user = await signedInUser(database);
    const t = await tonie();
    const never = await tonie();
    const call = await user.call();
    await call.shelf.set({ tonieId: t.id, shelf: 'own', on: true });
    expect(await call.shelf.set({ tonieId: t.id, shelf: 'own', on: false })).toEqual({ tonieId: t.id, status: null, favourite: false });
    expect(await call.shelf.set({ tonieId: t.id, shelf: 'own', on: false })).toEqual({ tonieId: t.id, status: null, favourite: false });
    expect(await call.shelf.set({ tonieId: never.id, shelf: 'favourites', on: false })).toEqual({ tonieId: never.id, status: null, favourite: false });
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('shelf.set: an unknown Tonie -> NOT_FOUND "This Tonie does not exist (any more)." (on and off), over HTTP 404', async () => {
    const user = await signedInUser(database);
    const call = await user.call();
    for (const on of [true, false]) {
      expect(await failure(call.shelf.set({ tonieId: 987654321, shelf: 'own', on }))).toMatchObject({ code: 'NOT_FOUND', text: 'This Tonie does not exist (any more).' });
    }
    const res = await put(user, 'wishlist', 987654321);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('This Tonie does not exist (any more).');
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('PUT/DELETE /api/shelves/:shelf/:tonieId: a bad shelf or id -> 400, signed out -> 401', async () => {
    const user = await signedInUser(database);
    const t = await tonie();
    const bad = await put(user, 'shoebox', t.id);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(en(SHELF_MESSAGES.shelf));
    expect((await put(user, 'own', 'abc')).statusCode).toBe(400);
    expect((await app.inject({ method: 'PUT', url: `/api/shelves/own/${t.id}`, headers: sameOrigin })).statusCode).toBe(401);
    expect((await del(user, 'own', t.id)).statusCode).toBe(200);
  });
});

describe('shelf.states', () => {
  it("shelf.states: only the caller's Tonies that are on a shelf; an empty row left by a race is not shown", async () => {
    const [me, other] = [await signedInUser(database), await signedInUser(database)];
    const [a, b, c, d] = [await tonie(), await tonie(), await tonie(), await tonie()];
    await (await me.call()).shelf.set({ tonieId: a.id, shelf: 'own', on: true });
    await (await me.call()).shelf.set({ tonieId: b.id, shelf: 'favourites', on: true });
    await (await other.call()).shelf.set({ tonieId: c.id, shelf: 'wishlist', on: true });
    await database.db.insertInto('shelf_items').values({ user_id: me.id, tonie_id: d.id, status: null, favourite: false }).execute();
    const states = await (await me.call()).shelf.states({ tonieIds: [a.id, b.id, c.id, d.id] });
    expect(states).toEqual([
      { tonieId: a.id, status: 'own', favourite: false },
      { tonieId: b.id, status: null, favourite: true },
    ]);
    expect(await (await other.call()).shelf.states({ tonieIds: [a.id, b.id, c.id] })).toEqual([{ tonieId: c.id, status: 'wishlist', favourite: false }]);
    const http = await app.inject({ method: 'GET', url: `/api/shelves/states?tonieIds=${a.id},${c.id}`, headers: me.headers });
    expect(http.json()).toEqual([{ tonieId: a.id, status: 'own', favourite: false }]);
  });

  it('shelf.states: more than 100 ids -> BAD_REQUEST; signed out -> UNAUTHORIZED', async () => {
    const me = await signedInUser(database);
    const ids = Array.from({ length: 101 }, (_, i) => i + 1);
    expect(await failure((await me.call()).shelf.states({ tonieIds: ids }))).toMatchObject({ code: 'BAD_REQUEST' });
    const res = await app.inject({ method: 'GET', url: '/api/shelves/states?tonieIds=1,2' });
    expect(res.statusCode).toBe(401);
  });

  it('shelf.states: a 100-id page is ONE statement, and it uses shelf_items_pkey', async () => {
    const me = await signedInUser(database);
    const page = await Promise.all(Array.from({ length: 100 }, () => tonie()));
    for (const t of page.slice(0, 30)) await shelves.setShelf(database.db, me.id, { tonieId: t.id, shelf: 'own', on: true });
    const { db, statements } = counting();
    const states = await shelves.states(
      db,
      me.id,
      page.map((t) => t.id),
    );
    expect(states).toHaveLength(30);
    expect(statements).toHaveLength(1);
    const plan = await database.db.transaction().execute(async (trx) => {
      await trx.executeQuery(CompiledQuery.raw('SET LOCAL enable_seqscan = off'));
      const res = await trx.executeQuery<Record<string, string>>(CompiledQuery.raw(`EXPLAIN ${statements[0]!.sql}`, [...statements[0]!.parameters]));
      return res.rows.map((r) => Object.values(r)[0]).join('\n');
    });
    expect(plan).toContain('shelf_items_pkey');
  });
});

const counting = () => countingStatements(database);

describe('shelf.set statements', () => {
  it('shelf.set: on, off the only shelf, off one of two shelves, off a Tonie on no shelf, off an unknown Tonie -> ONE statement each, with the right state', async () => {
    const me = await signedInUser(database);
    const [a, b, never] = [await tonie(), await tonie(), await tonie()];
    const set = async (tonieId: number, shelf: 'own' | 'wishlist' | 'favourites', on: boolean) => {
      const { db, statements } = counting();
      const state = await shelves.setShelf(db, me.id, { tonieId, shelf, on });
      return { state, statements: statements.length };
    };

    expect(await set(a.id, 'own', true)).toEqual({ state: { tonieId: a.id, status: 'own', favourite: false }, statements: 1 });
    expect(await set(a.id, 'favourites', true)).toEqual({ state: { tonieId: a.id, status: 'own', favourite: true }, statements: 1 });
    // Off one of two shelves: the other stays.
    expect(await set(a.id, 'own', false)).toEqual({ state: { tonieId: a.id, status: null, favourite: true }, statements: 1 });
    expect(await rowsOf(me.id, a.id)).toMatchObject([{ status: null, status_at: null, favourite: true }]);
    // Off the only shelf: the row is gone.
    expect(await set(a.id, 'favourites', false)).toEqual({ state: { tonieId: a.id, status: null, favourite: false }, statements: 1 });
    expect(await rowsOf(me.id, a.id)).toEqual([]);
    // Favourites off of a wishlist + favourite Tonie keeps the wishlist.
    await set(b.id, 'wishlist', true);
    await set(b.id, 'favourites', true);
    expect(await set(b.id, 'favourites', false)).toEqual({ state: { tonieId: b.id, status: 'wishlist', favourite: false }, statements: 1 });
    // Off a shelf it is not on (own off of a wishlist Tonie): nothing changes, the state is answered.
    expect(await set(b.id, 'own', false)).toEqual({ state: { tonieId: b.id, status: 'wishlist', favourite: false }, statements: 1 });
    expect(await rowsOf(me.id, b.id)).toMatchObject([{ status: 'wishlist', favourite: false }]);
    // Off a Tonie on no shelf: no row written, the empty state.
    expect(await set(never.id, 'wishlist', false)).toEqual({ state: { tonieId: never.id, status: null, favourite: false }, statements: 1 });
    expect(await rowsOf(me.id, never.id)).toEqual([]);
    // An unknown Tonie: NOT_FOUND, off and on, in one statement too.
    for (const on of [false, true]) {
      const { db, statements } = counting();
      await expect(shelves.setShelf(db, me.id, { tonieId: 987654321, shelf: 'own', on })).rejects.toMatchObject({ code: 'NOT_FOUND', message: CATALOGUE_MESSAGES.tonieNotFound });
      expect(statements).toHaveLength(1);
    }
  });
});

describe('shelf.summary', () => {
  it('shelf.summary: counts, minutes (unknown runtime 0) and breakdowns, largest first, match the hand-computed figures', async () => {
    const me = await signedInUser(database);
    const other = await signedInUser(database);
    const a = await tonie({ category: 'Audio play', language: 'de-DE', runtime: 60 });
    const b = await tonie({ category: 'Audio play', language: 'en-GB', runtime: 45 });
    const c = await tonie({ category: 'Music', language: null, runtime: null });
    const d = await tonie({ category: 'Knowledge', language: 'de-DE', runtime: 30 });
    const call = await me.call();
    for (const t of [a, b, c]) await call.shelf.set({ tonieId: t.id, shelf: 'own', on: true });
    await call.shelf.set({ tonieId: d.id, shelf: 'wishlist', on: true });
    await call.shelf.set({ tonieId: a.id, shelf: 'favourites', on: true });
    await call.shelf.set({ tonieId: d.id, shelf: 'favourites', on: true });
    await (await other.call()).shelf.set({ tonieId: b.id, shelf: 'wishlist', on: true });

    expect(await call.shelf.summary()).toEqual([
      {
        shelf: 'own',
        count: 3,
        runtimeMinutes: 105,
        byCategory: [
          { key: 'Audio play', count: 2 },
          { key: 'Music', count: 1 },
        ],
        byLanguage: [
          { key: 'de-DE', count: 1 },
          { key: 'en-GB', count: 1 },
          { key: null, count: 1 },
        ],
      },
      { shelf: 'wishlist', count: 1, runtimeMinutes: 30, byCategory: [{ key: 'Knowledge', count: 1 }], byLanguage: [{ key: 'de-DE', count: 1 }] },
      {
        shelf: 'favourites',
        count: 2,
        runtimeMinutes: 90,
        byCategory: [
          { key: 'Audio play', count: 1 },
          { key: 'Knowledge', count: 1 },
        ],
        byLanguage: [{ key: 'de-DE', count: 2 }],
      },
    ]);
  });

  it('shelf.summary: a user with empty shelves -> three zero totals', async () => {
    const me = await signedInUser(database);
    const summary = await (await me.call()).shelf.summary();
    expect(summary.map((s) => [s.shelf, s.count, s.runtimeMinutes, s.byCategory.length])).toEqual([
      ['own', 0, 0, 0],
      ['wishlist', 0, 0, 0],
      ['favourites', 0, 0, 0],
    ]);
  });
});

describe('tonie.list within shelves', () => {
  let me: SignedInUser;
  let word: string;
  let zebra: number;
  let apple: number;
  let mango: number;
  let loose: number;

  beforeAll(async () => {
    me = await signedInUser(database);
    word = `shelfword${unique().replace(/x/g, '')}`;
    // Names sort apple < mango < zebra; releases zebra newest; added: apple, then zebra, then mango.
    apple = (await tonie({ name: `Apple ${word}`, release_date: '2020-01-01', category: 'Music' })).id;
    zebra = (await tonie({ name: `Zebra ${word}`, release_date: '2024-01-01' })).id;
    mango = (await tonie({ name: `Mango ${word}`, release_date: '2022-01-01' })).id;
    loose = (await tonie({ name: `Loose ${word}` })).id;
    const call = await me.call();
    await call.shelf.set({ tonieId: apple, shelf: 'own', on: true });
    await sleep(5);
    await call.shelf.set({ tonieId: zebra, shelf: 'own', on: true });
    await sleep(5);
    await call.shelf.set({ tonieId: mango, shelf: 'wishlist', on: true });
    await call.shelf.set({ tonieId: mango, shelf: 'favourites', on: true });
    await sleep(5);
    await call.shelf.set({ tonieId: apple, shelf: 'favourites', on: true });
  });

  const ids = (list: { tonies: { id: number }[] }) => list.tonies.map((t) => t.id);

  it("tonie.list shelf 'own': newest added first by default, search and the catalogue's sorts work within it, total counts the shelf", async () => {
    const call = await me.call();
    const own = await call.tonie.list({ shelf: 'own', search: word });
    expect(ids(own)).toEqual([zebra, apple]);
    expect(own.totalCount).toBe(2);
    expect(ids(await call.tonie.list({ shelf: 'own', search: word, sort: 'az' }))).toEqual([apple, zebra]);
    expect(ids(await call.tonie.list({ shelf: 'own', search: word, sort: 'newest' }))).toEqual([zebra, apple]);
    expect(ids(await call.tonie.list({ shelf: 'own', search: word, sort: 'added', pageSize: 1, page: 2 }))).toEqual([apple]);
    const music = await call.tonie.list({ shelf: 'own', search: word, category: 'Music' });
    expect([ids(music), music.totalCount]).toEqual([[apple], 1]);
  });

  it("tonie.list shelf 'wishlist' and 'favourites': their Tonies, favourites newest favourite first", async () => {
    const call = await me.call();
    expect(ids(await call.tonie.list({ shelf: 'wishlist', search: word }))).toEqual([mango]);
    const favs = await call.tonie.list({ shelf: 'favourites', search: word });
    expect([ids(favs), favs.totalCount]).toEqual([[apple, mango], 2]);
    expect(ids(await call.tonie.list({ shelf: 'favourites', search: word, sort: 'az' }))).toEqual([apple, mango]);
  });

  it("tonie.list shelf 'none': only Tonies on none of the viewer's shelves; another user sees them all", async () => {
    const none = await (await me.call()).tonie.list({ shelf: 'none', search: word });
    expect([ids(none), none.totalCount]).toEqual([[loose], 1]);
    const other = await signedInUser(database);
    const theirs = await (await other.call()).tonie.list({ shelf: 'none', search: word, sort: 'az' });
    expect(ids(theirs)).toEqual([apple, loose, mango, zebra]);
  });

  it("GET /api/tonies?shelf=wishlist: the viewer's list; signed out -> 401 with the sign-in message; sort=added without a shelf -> 400", async () => {
    const res = await app.inject({ method: 'GET', url: `/api/tonies?shelf=wishlist&search=${word}`, headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json().tonies.map((t: { id: number }) => t.id)).toEqual([mango]);
    const out = await app.inject({ method: 'GET', url: `/api/tonies?shelf=own` });
    expect(out.statusCode).toBe(401);
    expect(out.json().message).toBe(en(CATALOGUE_FILTER_MESSAGES.signInForShelf));
    const added = await app.inject({ method: 'GET', url: `/api/tonies?sort=added`, headers: me.headers });
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toContain(en(CATALOGUE_FILTER_MESSAGES.addedNeedsShelf));
    const addedNone = await app.inject({ method: 'GET', url: `/api/tonies?sort=added&shelf=none`, headers: me.headers });
    expect(addedNone.statusCode).toBe(400);
  });

  it('tonie.list without shelf: the whole catalogue as before (the shelf Tonies and the loose one)', async () => {
    const all = await (await me.call()).tonie.list({ search: word, sort: 'az' });
    expect([ids(all), all.totalCount]).toEqual([[apple, loose, mango, zebra], 4]);
  });
});

describe('shelf.import', () => {
  it("shelf.import: a ';' file with a BOM and an 'Artikelnummer' header -> that column; unknown codes reported in file order, once", async () => {
    const me = await signedInUser(database);
    const [a, b, c] = [await tonie(), await tonie(), await tonie()];
    const csv = `\uFEFFName;Artikelnummer;Preis\r\n"Bär; der Große";${a.article};9,99\r\nX;UNKNOWN-2;1\r\n\r\nY; ${b.article} ;2\r\nZ;UNKNOWN-1;3\r\nW;UNKNOWN-2;4\r\nV;${c.article.toLowerCase()};5\r\nU;;6\r\n`;
    const result = await (await me.call()).shelf.import({ shelf: 'own', csv });
    expect(result).toEqual({ added: 3, alreadyThere: 0, skippedOwned: 0, unknownCodes: ['UNKNOWN-2', 'UNKNOWN-1'] });
    const rows = await rowsOf(me.id);
    expect(rows.map((r) => [r.tonie_id, r.status]).sort()).toEqual([a.id, b.id, c.id].sort().map((id) => [id, 'own']));
  });

  it("shelf.import: a ',' file without a header -> the first column; a second import -> alreadyThere", async () => {
    const me = await signedInUser(database);
    const [a, b] = [await tonie(), await tonie()];
    const csv = `${a.article},"Some, name"\n${b.article},other\nNOPE,x\n`;
    const call = await me.call();
    expect(await call.shelf.import({ shelf: 'favourites', csv })).toEqual({ added: 2, alreadyThere: 0, skippedOwned: 0, unknownCodes: ['NOPE'] });
    expect(await call.shelf.import({ shelf: 'favourites', csv })).toEqual({ added: 0, alreadyThere: 2, skippedOwned: 0, unknownCodes: ['NOPE'] });
    expect((await rowsOf(me.id)).every((r) => r.favourite && r.status === null)).toBe(true);
  });

  it("shelf.import: Excel's 'sep=;' first line names the delimiter; an 'Art.-Nr.' header picks its column", async () => {
    const me = await signedInUser(database);
    const [a, b] = [await tonie(), await tonie()];
    const csv = `sep=;\r\nTitel, Untertitel;Art.-Nr.\r\nEins, zwei;${a.article}\r\nDrei;${b.article}\r\n`;
    expect(await (await me.call()).shelf.import({ shelf: 'own', csv })).toEqual({ added: 2, alreadyThere: 0, skippedOwned: 0, unknownCodes: [] });
  });

  it('shelf.import: a tab-separated file with an "article" header works too', async () => {
    const me = await signedInUser(database);
    const a = await tonie();
    const result = await (await me.call()).shelf.import({ shelf: 'wishlist', csv: `name\tArticle\nFoo\t${a.article}\n` });
    expect(result).toEqual({ added: 1, alreadyThere: 0, skippedOwned: 0, unknownCodes: [] });
  });

  it('shelf.import into the wishlist: owned Tonies stay owned (skippedOwned), wished ones stay (alreadyThere), the rest added; favourites kept', async () => {
    const me = await signedInUser(database);
    const [owned, wished, fresh] = [await tonie(), await tonie(), await tonie()];
    const call = await me.call();
    await call.shelf.set({ tonieId: owned.id, shelf: 'own', on: true });
    await call.shelf.set({ tonieId: owned.id, shelf: 'favourites', on: true });
    await call.shelf.set({ tonieId: wished.id, shelf: 'wishlist', on: true });
    const result = await call.shelf.import({ shelf: 'wishlist', csv: `code\n${owned.article}\n${wished.article}\n${fresh.article}\n` });
    expect(result).toEqual({ added: 1, alreadyThere: 1, skippedOwned: 1, unknownCodes: [] });
    expect(await call.shelf.states({ tonieIds: [owned.id, wished.id, fresh.id] })).toEqual([
      { tonieId: owned.id, status: 'own', favourite: true },
      { tonieId: wished.id, status: 'wishlist', favourite: false },
      { tonieId: fresh.id, status: 'wishlist', favourite: false },
    ]);
  });

  it('shelf.import into own: wished Tonies move to own (as shelf.set does)', async () => {
    const me = await signedInUser(database);
    const wished = await tonie();
    const call = await me.call();
    await call.shelf.set({ tonieId: wished.id, shelf: 'wishlist', on: true });
    expect(await call.shelf.import({ shelf: 'own', csv: wished.article })).toEqual({ added: 1, alreadyThere: 0, skippedOwned: 0, unknownCodes: [] });
    expect(await call.shelf.states({ tonieIds: [wished.id] })).toEqual([{ tonieId: wished.id, status: 'own', favourite: false }]);
  });

  it('shelf.import: an empty file, a header only or blank lines -> BAD_REQUEST importEmpty; an unclosed quote -> importUnreadable; too many codes -> importTooManyCodes', async () => {
    const me = await signedInUser(database);
    const call = await me.call();
    for (const csv of ['', '\uFEFF', 'Artikelnummer;Name\n', '\n\n  \n']) {
      expect(await failure(call.shelf.import({ shelf: 'own', csv }))).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(SHELF_MESSAGES.importEmpty) });
    }
    expect(await failure(call.shelf.import({ shelf: 'own', csv: 'article\n"abc\nxyz' }))).toMatchObject({ code: 'BAD_REQUEST', message: SHELF_MESSAGES.importUnreadable });
    const many = Array.from({ length: shelves.SHELF_IMPORT_MAX_CODES + 1 }, (_, i) => `C${i}`).join('\n');
    expect(await failure(call.shelf.import({ shelf: 'own', csv: many }))).toMatchObject({ code: 'BAD_REQUEST', message: SHELF_MESSAGES.importTooManyCodes });
    const res = await app.inject({ method: 'POST', url: '/api/shelves/own/import', headers: me.headers, payload: { csv: 'article\n"abc' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(en(SHELF_MESSAGES.importUnreadable));
  });

  it("POST /api/shelves/own/import with no csv ({}, or none at all) -> 400 'The file holds no article codes.' for csv", async () => {
    const me = await signedInUser(database);
    for (const payload of [{}, undefined]) {
      const res = await app.inject({ method: 'POST', url: '/api/shelves/own/import', headers: me.headers, ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(`csv: ${en(SHELF_MESSAGES.importEmpty)}`);
      expect(res.json().fieldErrors).toEqual({ csv: [en(SHELF_MESSAGES.importEmpty)] });
    }
  });
});

describe('share links', () => {
  it('shelf.setSharing on -> a 32-byte base64url token (kept when turned on again); shelf.shared shows the owner and the page newest first', async () => {
    const owner = await signedInUser(database, { firstName: 'Greta', lastName: 'Grandchild' });
    const [a, b] = [await tonie({ name: 'First wish' }), await tonie({ name: 'Second wish' })];
    const call = await owner.call();
    await call.shelf.set({ tonieId: a.id, shelf: 'wishlist', on: true });
    await sleep(5);
    await call.shelf.set({ tonieId: b.id, shelf: 'wishlist', on: true });
    await call.shelf.set({ tonieId: a.id, shelf: 'favourites', on: true });
    const sharing = await call.shelf.setSharing({ shelf: 'wishlist', enabled: true });
    const token = sharing.find((s) => s.shelf === 'wishlist')!.token!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(sharing.filter((s) => s.shelf !== 'wishlist')).toEqual([
      { shelf: 'own', token: null, sharedSince: null },
      { shelf: 'favourites', token: null, sharedSince: null },
    ]);
    expect((await call.shelf.setSharing({ shelf: 'wishlist', enabled: true })).find((s) => s.shelf === 'wishlist')!.token).toBe(token);
    expect(await call.shelf.sharing()).toEqual(sharing);

    const res = await app.inject({ method: 'GET', url: `/api/shared-shelves/${token}` });
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page.shelf).toBe('wishlist');
    expect(page.owner).toEqual({ username: owner.username, displayName: 'Greta Grandchild' });
    expect(page.tonies.map((t: { id: number }) => t.id)).toEqual([b.id, a.id]);
    expect(page.totalCount).toBe(2);
    const second = await app.inject({ method: 'GET', url: `/api/shared-shelves/${token}?page=2&pageSize=1` });
    expect(second.json().tonies.map((t: { id: number }) => t.id)).toEqual([a.id]);
  });

  it('shelf.shared: 404 after the link is turned off, the old link 404 after renew (the new one works), and while the owner is suspended', async () => {
    const owner = await signedInUser(database);
    const a = await tonie();
    const call = await owner.call();
    await call.shelf.set({ tonieId: a.id, shelf: 'own', on: true });
    const first = (await call.shelf.setSharing({ shelf: 'own', enabled: true }))[0]!.token!;
    const open = (token: string) => app.inject({ method: 'GET', url: `/api/shared-shelves/${encodeURIComponent(token)}` });
    expect((await open(first)).statusCode).toBe(200);

    const renewed = (await call.shelf.renewLink({ shelf: 'own' }))[0]!.token!;
    expect(renewed).not.toBe(first);
    const dead = await open(first);
    expect(dead.statusCode).toBe(404);
    expect(dead.json().message).toBe(en(SHELF_MESSAGES.shareNotFound));
    expect((await open(renewed)).statusCode).toBe(200);

    await database.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() + 86_400_000) })
      .where('id', '=', owner.id)
      .execute();
    expect((await open(renewed)).statusCode).toBe(404);
    await database.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000) })
      .where('id', '=', owner.id)
      .execute();
    expect((await open(renewed)).statusCode).toBe(200);

    expect((await call.shelf.setSharing({ shelf: 'own', enabled: false }))[0]).toEqual({ shelf: 'own', token: null, sharedSince: null });
    expect((await open(renewed)).statusCode).toBe(404);
    expect((await open('x')).statusCode).toBe(404);
    // Longer than any token (over 100 characters): unknown like any other, 404 and not 400.
    for (const long of [`${renewed}${'A'.repeat(60)}`, 'x'.repeat(2000)]) {
      const res = await open(long);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe(en(SHELF_MESSAGES.shareNotFound));
    }
    for (const token of ['', '   ', 'y'.repeat(101)]) {
      expect(await failure(call.shelf.shared({ token }))).toMatchObject({ code: 'NOT_FOUND', message: SHELF_MESSAGES.shareNotFound });
    }
    expect(await failure(call.shelf.renewLink({ shelf: 'own' }))).toMatchObject({ code: 'BAD_REQUEST', message: SHELF_MESSAGES.notShared });
  });

  it('share routes: PUT/DELETE /api/shelves/:shelf/share and POST .../share/renew answer the sharing; signed out 401', async () => {
    const owner = await signedInUser(database);
    const on = await app.inject({ method: 'PUT', url: '/api/shelves/favourites/share', headers: owner.headers });
    expect(on.statusCode).toBe(200);
    const token = on.json().find((s: { shelf: string }) => s.shelf === 'favourites').token;
    const renew = await app.inject({ method: 'POST', url: '/api/shelves/favourites/share/renew', headers: owner.headers });
    expect(renew.json().find((s: { shelf: string }) => s.shelf === 'favourites').token).not.toBe(token);
    const off = await app.inject({ method: 'DELETE', url: '/api/shelves/favourites/share', headers: owner.headers });
    expect(off.json().find((s: { shelf: string }) => s.shelf === 'favourites').token).toBeNull();
    expect((await app.inject({ method: 'PUT', url: '/api/shelves/favourites/share', headers: sameOrigin })).statusCode).toBe(401);
  });
});

describe('concurrency', () => {
  it('shelf.set: taking two shelves off one Tonie at once, and own off racing favourites on -> the outcome of both, in either order', async () => {
    const me = await signedInUser(database);
    const both = await Promise.all(Array.from({ length: 8 }, () => tonie()));
    const owned = await Promise.all(Array.from({ length: 8 }, () => tonie()));
    for (const t of both) {
      await put(me, 'own', t.id);
      await put(me, 'favourites', t.id);
    }
    for (const t of owned) await put(me, 'own', t.id);
    const answers = await Promise.all([
      ...both.flatMap((t) => [del(me, 'own', t.id), del(me, 'favourites', t.id)]),
      ...owned.flatMap((t) => [del(me, 'own', t.id), put(me, 'favourites', t.id)]),
    ]);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    const rows = await rowsOf(me.id);
    expect(rows.filter((r) => both.some((t) => t.id === r.tonie_id))).toEqual([]);
    const left = rows.filter((r) => owned.some((t) => t.id === r.tonie_id));
    expect(left.map((r) => [r.tonie_id, r.status, r.favourite]).sort()).toEqual(owned.map((t) => [t.id, null, true]).sort());
  });

  it('shelf.set: 24 parallel identical PUT requests -> all 200, exactly one row, status own', async () => {
    const me = await signedInUser(database);
    const t = await tonie();
    const answers = await Promise.all(Array.from({ length: 24 }, () => put(me, 'own', t.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(24).fill(200));
    expect(answers.every((a) => a.json().status === 'own')).toBe(true);
    const rows = await rowsOf(me.id, t.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'own', favourite: false });
  });

  it('shelf.set: 20 parallel identical callers (favourites on) -> one row, favourite', async () => {
    const me = await signedInUser(database);
    const t = await tonie();
    const callers = await Promise.all(Array.from({ length: 20 }, () => me.call()));
    const results = await Promise.allSettled(callers.map((c) => c.shelf.set({ tonieId: t.id, shelf: 'favourites', on: true })));
    expect(results.filter((r) => r.status === 'rejected')).toEqual([]);
    const rows = await rowsOf(me.id, t.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: null, favourite: true });
  });

  it('shelf.set: parallel own-on and wishlist-on -> all 200, one row holding one of the two', async () => {
    const me = await signedInUser(database);
    const t = await tonie();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => put(me, i % 2 ? 'own' : 'wishlist', t.id)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const rows = await rowsOf(me.id, t.id);
    expect(rows).toHaveLength(1);
    expect(['own', 'wishlist']).toContain(rows[0]!.status);
    expect(rows[0]!.status_at).not.toBeNull();
  });

  it('shelf.set: parallel on and off of one shelf -> all 200, at most one row, never an empty one', async () => {
    const me = await signedInUser(database);
    const t = await tonie();
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? put(me, 'own', t.id) : del(me, 'own', t.id))));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const rows = await rowsOf(me.id, t.id);
    expect(rows.length).toBeLessThanOrEqual(1);
    for (const row of rows) expect(row.status).toBe('own');
  });

  it('parallel imports and toggles of the same Tonies -> no 500, no duplicate rows, every Tonie on a shelf', async () => {
    const me = await signedInUser(database);
    const list = await Promise.all(Array.from({ length: 12 }, () => tonie()));
    const csv = `article\n${list.map((t) => t.article).join('\n')}\n`;
    const requests = [
      ...Array.from({ length: 6 }, (_, i) => app.inject({ method: 'POST', url: `/api/shelves/${i % 2 ? 'wishlist' : 'own'}/import`, headers: me.headers, payload: { csv } })),
      ...list.map((t, i) => put(me, i % 3 === 0 ? 'favourites' : i % 3 === 1 ? 'own' : 'wishlist', t.id)),
      ...list.map((t) => del(me, 'favourites', t.id)),
    ];
    const answers = await Promise.all(requests);
    expect(answers.filter((a) => a.statusCode !== 200).map((a) => a.body)).toEqual([]);
    const rows = await rowsOf(me.id);
    expect(rows).toHaveLength(list.length);
    expect(new Set(rows.map((r) => r.tonie_id)).size).toBe(list.length);
    // Every import put each Tonie on own or wishlist, and no write takes a status off.
    expect(rows.every((r) => r.status === 'own' || r.status === 'wishlist')).toBe(true);
  });
});
