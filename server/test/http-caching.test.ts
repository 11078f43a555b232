// HTTP caching any proxy or CDN can use (http/caching.ts): precompressed client files by
// Accept-Encoding, compressed dynamic answers (never audio or ranges), body-derived ETags with
// 304s (the same on two instances), Cache-Control by the policy each query procedure declares
// (`.meta({ cache })`) on the /api shims, tRPC GET batches and feeds, read-your-writes for a
// signed-in viewer, and every query procedure declaring one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContextInner } from '../src/trpc/context';
import { appRouter, createCaller } from '../src/trpc/router';
import { createCallerFactory, publicProcedure, router } from '../src/trpc/trpc';
import { createTestApp, createTestStorage, removeTestStorage, sameOrigin, testConfig } from './helpers/app';
import { insertAudio, insertTonie, signedInUser, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { insertSet, storedAudio } from './helpers/sets';
import type { LocalStorage } from '../src/storage/local';

const PUBLIC = 'public, max-age=0, s-maxage=30, stale-while-revalidate=60';

let database: TestDatabase;
let storage: LocalStorage;
let app: FastifyInstance;
let dist: string;
let viewer: SignedInUser;
let tonieId: number;

/** The files the client build writes: each asset with its .br and .gz forms (distinct bytes, so the test sees which was sent). */
const FILES: Record<string, string> = {
  // Above the compression threshold, as the real page is.
  'index.html': `<!doctype html><head><title>TonieShelf</title></head><div id="root"></div>${'<p hidden>padding</p>'.repeat(60)}`,
  'assets/a-1234.js': 'console.log("identity")',
  'assets/a-1234.js.br': 'BR-BYTES',
  'assets/a-1234.js.gz': 'GZ-BYTES',
  'favicon.svg': '<svg xmlns="http://www.w3.org/2000/svg"/>',
};

beforeAll(async () => {
  database = await createTestDatabase();
  storage = await createTestStorage('http-caching');
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-dist-caching-'));
  for (const [name, body] of Object.entries(FILES)) {
    fs.mkdirSync(path.dirname(path.join(dist, name)), { recursive: true });
    fs.writeFileSync(path.join(dist, name), body);
  }
  app = await createTestApp(database, { clientDist: dist }, undefined, storage);
  viewer = await signedInUser(database);
  tonieId = await insertTonie(database, 'The Gruffalo');
  // Enough Tonies for a list page well above the compression threshold.
  for (let i = 0; i < 30; i += 1) await insertTonie(database, `Tonie number ${i} with a long enough name`, 'Audio play');
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await removeTestStorage(storage);
  fs.rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
const trpcInput = (input: unknown) => encodeURIComponent(JSON.stringify(input));
const batch = (paths: string[], inputs: unknown[]) => `/trpc/${paths.join(',')}?batch=1&input=${trpcInput(Object.fromEntries(inputs.map((v, i) => [String(i), v])))}`;
const varyOf = (res: { headers: Record<string, unknown> }) =>
  String(res.headers.vary ?? '')
    .toLowerCase()
    .split(',')
    .map((v) => v.trim());

describe('precompressed client files', () => {
  it('an asset: br when accepted, gzip when only gzip is, the file itself otherwise; Vary and immutable caching on each', async () => {
    const br = await get('/assets/a-1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.body).toBe('BR-BYTES');
    expect(br.headers['content-type']).toMatch(/javascript/);

    const gz = await get('/assets/a-1234.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body).toBe('GZ-BYTES');

    const plain = await get('/assets/a-1234.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('console.log("identity")');

    for (const res of [br, gz, plain]) {
      expect(varyOf(res)).toContain('accept-encoding');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('HEAD of an asset: the headers of the chosen form, no body', async () => {
    const res = await app.inject({ method: 'HEAD', url: '/assets/a-1234.js', headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-length']).toBe(String('BR-BYTES'.length));
    expect(res.body).toBe('');
  });

  it('index.html (the root and a client route), made per request with the head of its address: no-cache, Vary, compressed when accepted', async () => {
    for (const url of ['/', '/catalog']) {
      const gz = await get(url, { 'accept-encoding': 'gzip' });
      expect(gz.statusCode).toBe(200);
      expect(gz.headers['cache-control']).toBe('no-cache');
      expect(varyOf(gz)).toEqual(expect.arrayContaining(['accept-language', 'cookie', 'accept-encoding']));
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toContain('<meta property="og:title" content="TonieShelf">');
      const plain = await get(url);
      expect(plain.headers['cache-control']).toBe('no-cache');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toContain('<div id="root">');
    }
  });
});

describe('compressed dynamic answers', () => {
  it('a catalogue page above 1 KB: gzip or br by Accept-Encoding, the same JSON once decoded; identity without it', async () => {
    const url = '/api/tonies?pageSize=30';
    const plain = await get(url);
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(varyOf(gz)).toContain('accept-encoding');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length);

    const br = await get(url, { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
  });

  it('a small answer goes out as it is', async () => {
    const res = await get('/api/tonies/categories', { 'accept-encoding': 'gzip, br' });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBeLessThan(1024);
    expect(res.headers['content-encoding']).toBeUndefined();
  });

  it('audio is never compressed, whole or by range (the range stays 206 with its Content-Range)', async () => {
    const a = await storedAudio(database, storage, viewer.id, { bytes: Buffer.from('x'.repeat(8000)) });
    const setId = await insertSet(database, viewer.id, [a.id]);
    const feed = await get(`/feeds/sets/${setId}.rss`);
    const enclosure = /url="https?:\/\/[^/"]+(\/feeds\/audio\/[^"]+)"/.exec(feed.body)![1]!;

    const whole = await get(enclosure, { 'accept-encoding': 'gzip, br' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-encoding']).toBeUndefined();
    expect(whole.rawPayload.equals(a.bytes)).toBe(true);

    const part = await get(enclosure, { 'accept-encoding': 'gzip, br', range: 'bytes=10-19' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.headers['content-range']).toBe(`bytes 10-19/${a.bytes.length}`);
    expect(part.body).toBe('x'.repeat(10));
  });
});

describe('ETags and 304', () => {
  it('a public REST read: a weak ETag of its body; If-None-Match of it -> 304 without a body, also when compressed', async () => {
    const url = `/api/tonies/${tonieId}`;
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    const tag = String(first.headers.etag);
    expect(tag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe(PUBLIC);

    const again = await get(url, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(tag);

    const gz = await get('/api/tonies?pageSize=30', { 'accept-encoding': 'gzip' });
    const gz304 = await get('/api/tonies?pageSize=30', { 'accept-encoding': 'gzip', 'if-none-match': String(gz.headers.etag) });
    expect(gz304.statusCode).toBe(304);
    expect(gz304.rawPayload.length).toBe(0);

    const stale = await get(url, { 'if-none-match': 'W/"something-else"' });
    expect(stale.statusCode).toBe(200);
  });

  it('a cacheable read says Vary: Accept-Encoding compressed or not, and its 304 says what its 200 said (REST and tRPC)', async () => {
    const trpcUrl = batch(['tonie.byId', 'review.summary'], [{ id: tonieId }, { tonieId }]);
    for (const url of [`/api/tonies/${tonieId}`, '/api/tonies?pageSize=30', trpcUrl]) {
      for (const encoding of [undefined, 'gzip']) {
        const headers: Record<string, string> = encoding ? { 'accept-encoding': encoding } : {};
        const ok = await get(url, headers);
        expect(ok.statusCode, url).toBe(200);
        expect(varyOf(ok), `${url} ${encoding}`).toEqual(expect.arrayContaining(['cookie', 'accept-encoding']));
        // tRPC answers also vary by the stream/JSON choice tRPC itself names.
        if (url === trpcUrl) expect(varyOf(ok), `${url} ${encoding}`).toEqual(expect.arrayContaining(['trpc-accept', 'accept']));
        const notModified = await get(url, { ...headers, 'if-none-match': String(ok.headers.etag) });
        expect(notModified.statusCode, url).toBe(304);
        expect(varyOf(notModified).sort(), `${url} ${encoding} 304`).toEqual(varyOf(ok).sort());
        expect(notModified.headers['cache-control']).toBe(ok.headers['cache-control']);
      }
    }
  });

  it('the ETag comes from the body: a second instance on the same database gives the same one; a change gives another', async () => {
    const url = `/api/tonies/${tonieId}/ratings/summary`;
    const second = await createTestApp(database, {}, undefined, storage);
    try {
      const [a, b] = [await get(url), await second.inject({ method: 'GET', url })];
      expect(a.headers.etag).toBeDefined();
      expect(b.headers.etag).toBe(a.headers.etag);
      const rater = await signedInUser(database);
      const rated = await second.inject({ method: 'POST', url: `/api/tonies/${tonieId}/ratings`, headers: rater.headers, payload: { rating: 2 } });
      expect(rated.statusCode).toBe(201);
      const after = await get(url, { 'if-none-match': String(a.headers.etag) });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(a.headers.etag);
      expect(after.json()).toMatchObject({ totalRatings: 1, averageRating: 2 });
    } finally {
      await second.close();
    }
  });

  it('read-your-writes: a signed-in viewer gets private, no-cache; after their rating the same If-None-Match gets the new summary', async () => {
    const id = await insertTonie(database, 'Rated by the viewer');
    const url = `/trpc/review.summary?input=${trpcInput({ tonieId: id })}`;
    const before = await get(url, viewer.headers);
    expect(before.statusCode).toBe(200);
    expect(before.headers['cache-control']).toBe('private, no-cache');
    expect(varyOf(before)).not.toContain('cookie');
    const tag = String(before.headers.etag);
    expect((await get(url, { ...viewer.headers, 'if-none-match': tag })).statusCode).toBe(304);

    const rated = await app.inject({
      method: 'POST',
      url: '/trpc/review.create',
      headers: { ...viewer.headers, 'content-type': 'application/json' },
      payload: { tonieId: id, rating: 5 },
    });
    expect(rated.statusCode).toBe(200);
    expect(rated.headers['cache-control']).toBe('no-store');

    const after = await get(url, { ...viewer.headers, 'if-none-match': tag });
    expect(after.statusCode).toBe(200);
    expect(after.json().result.data).toMatchObject({ totalRatings: 1, averageRating: 5 });
  });
});

describe('Cache-Control by the declared policies', () => {
  it('REST reads: public for visitors (Vary: Cookie), private, no-cache with a session, no-store for the account', async () => {
    const anon = await get('/api/tags');
    expect(anon.headers['cache-control']).toBe(PUBLIC);
    expect(varyOf(anon)).toContain('cookie');
    expect((await get('/api/tags', viewer.headers)).headers['cache-control']).toBe('private, no-cache');
    expect((await get('/api/auth/me', viewer.headers)).headers['cache-control']).toBe('no-store');
    expect((await get('/api/shelves/summary', viewer.headers)).headers['cache-control']).toBe('no-store');
    // An expired or unknown session cookie is still a session cookie: never public.
    expect((await get('/api/tags', { cookie: 'tonieshelf_session=not-a-session' })).headers['cache-control']).toBe('private, no-cache');
  });

  it('REST errors and writes: no-store', async () => {
    const missing = await get('/api/tonies/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
    const bad = await get('/api/tonies?page=-1');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['cache-control']).toBe('no-store');
    const put = await app.inject({ method: 'PUT', url: `/api/shelves/wishlist/${tonieId}`, headers: viewer.headers });
    expect(put.statusCode).toBe(200);
    expect(put.headers['cache-control']).toBe('no-store');
  });

  it('Discover: public for a visitor, the viewer’s own (with their likes) when signed in', async () => {
    await insertAudio(database, viewer.id, { title: 'Discover me' });
    const url = `/trpc/audio.list?input=${trpcInput({})}`;
    const anon = await get(url);
    expect(anon.statusCode).toBe(200);
    expect(anon.headers['cache-control']).toBe(PUBLIC);
    expect(anon.headers.etag).toBeDefined();
    const mine = await get(url, viewer.headers);
    expect(mine.headers['cache-control']).toBe('private, no-cache');
    expect((await get('/api/audio-files', viewer.headers)).headers['cache-control']).toBe('private, no-cache');
    expect((await get('/api/audio-tags')).headers['cache-control']).toBe(PUBLIC);
  });

  it('a tRPC GET batch is public only when every call is; one private call or one error makes it no-store', async () => {
    const pub = await get(batch(['tonie.byId', 'review.summary', 'tonie.categories'], [{ id: tonieId }, { tonieId }, undefined]));
    expect(pub.statusCode).toBe(200);
    expect(pub.headers['cache-control']).toBe(PUBLIC);
    expect(varyOf(pub)).toContain('cookie');
    expect((await get(batch(['tonie.byId', 'review.summary'], [{ id: tonieId }, { tonieId }]), { 'if-none-match': String(pub.headers.etag) })).statusCode).toBe(200);
    const same = await get(batch(['tonie.byId', 'review.summary', 'tonie.categories'], [{ id: tonieId }, { tonieId }, undefined]), { 'if-none-match': String(pub.headers.etag) });
    expect(same.statusCode).toBe(304);

    const withPrivate = await get(batch(['tonie.byId', 'auth.me'], [{ id: tonieId }, undefined]));
    expect(withPrivate.headers['cache-control']).toBe('no-store');
    // Shared and anonymous: public for a visitor, the viewer's own when signed in.
    const mixed = batch(['tonie.byId', 'audio.list'], [{ id: tonieId }, {}]);
    expect((await get(mixed)).headers['cache-control']).toBe(PUBLIC);
    expect((await get(mixed, viewer.headers)).headers['cache-control']).toBe('private, no-cache');
    expect((await get(batch(['audio.list', 'auth.me'], [{}, undefined]), viewer.headers)).headers['cache-control']).toBe('no-store');

    const withError = await get(batch(['tonie.byId', 'tonie.byId'], [{ id: tonieId }, { id: 999999 }]));
    expect(withError.headers['cache-control']).toBe('no-store');
    const single404 = await get(`/trpc/tonie.byId?input=${trpcInput({ id: 999999 })}`);
    expect(single404.statusCode).toBe(404);
    expect(single404.headers['cache-control']).toBe('no-store');
    expect((await get('/trpc/no.such')).headers['cache-control']).toBe('no-store');
  });

  it('a tRPC mutation: no-store', async () => {
    const res = await app.inject({ method: 'POST', url: '/trpc/auth.logout', headers: { ...sameOrigin, 'content-type': 'application/json' }, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('feeds: public, with an ETag and 304', async () => {
    const res = await get('/feeds/tags/bedtime.rss');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(res.headers.etag).toBeDefined();
    expect((await get('/feeds/tags/bedtime.rss', { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(304);
    const missing = await get('/feeds/users/nobody-at-all.rss');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['cache-control']).toBe('no-store');
  });
});

describe('the declared policies', () => {
  /** Every procedure's path ('tonie.list', ...), from the router's record as its type declares it. */
  function procedurePaths(record: object, prefix = ''): string[] {
    return Object.entries(record).flatMap(([key, value]) => {
      if (key === '_def' || key === 'createCaller') return [];
      return typeof value === 'function' ? [prefix + key] : procedurePaths(value as object, `${prefix}${key}.`);
    });
  }

  it('every query procedure declares one (a query without one would fail here)', async () => {
    const declared: string[] = [];
    const undeclared: string[] = [];
    for (const path of procedurePaths(appRouter)) {
      // Signed out and without input: the policy is recorded before the procedure checks either.
      const ctx = createContextInner({ db: database.db, config: testConfig() });
      let call: unknown = createCaller(ctx);
      for (const part of path.split('.')) call = (call as Record<string, unknown>)[part];
      const error = await (call as (input?: unknown) => Promise<unknown>)(undefined).then(
        () => null,
        (err: Error) => err,
      );
      if (error?.message.includes('declares no cache policy')) undeclared.push(path);
      else if (ctx.readPolicy.policy !== null) declared.push(path);
    }
    expect(undeclared).toEqual([]);
    expect(declared.length).toBeGreaterThan(40);
    expect(declared).toEqual(expect.arrayContaining(['tonie.list', 'audio.list', 'auth.me', 'moderation.queue']));
  });

  it('a query without one fails, and names the query', async () => {
    const probe = router({
      undeclared: publicProcedure.query(() => 'answer'),
      declared: publicProcedure.meta({ cache: 'anonymous' }).query(() => 'answer'),
    });
    const ctx = createContextInner({ db: database.db, config: testConfig() });
    const caller = createCallerFactory(probe)(ctx);
    await expect(caller.undeclared()).rejects.toThrow(/The query undeclared declares no cache policy/);
    expect(ctx.readPolicy.policy).toBeNull();
    await expect(caller.declared()).resolves.toBe('answer');
    expect(ctx.readPolicy.policy).toBe('anonymous');
  });

  it('a /api shim answers with the policy of the procedure it calls, as tRPC does', async () => {
    const pairs: [string, string][] = [
      [`/api/tonies/${tonieId}`, `/trpc/tonie.byId?input=${trpcInput({ id: tonieId })}`],
      ['/api/audio-files', `/trpc/audio.list?input=${trpcInput({})}`],
      [`/api/users/${viewer.username}/audio`, `/trpc/profile.audio?input=${trpcInput({ username: viewer.username })}`],
      ['/api/auth/me', '/trpc/auth.me'],
      ['/api/shelves/summary', '/trpc/shelf.summary'],
    ];
    const seen = new Set<string>();
    for (const [api, trpc] of pairs) {
      for (const headers of [{}, viewer.headers]) {
        const [a, t] = [await get(api, headers), await get(trpc, headers)];
        expect(a.statusCode, api).toBe(t.statusCode);
        expect(a.headers['cache-control'], api).toBe(t.headers['cache-control']);
        seen.add(String(a.headers['cache-control']));
      }
    }
    expect([...seen].sort()).toEqual([PUBLIC, 'no-store', 'private, no-cache'].sort());
  });
});

describe('request bodies', () => {
  it('are not decompressed: a gzip-encoded JSON body is refused as not JSON (inflated, it would be a sign-in attempt: 401)', async () => {
    const body = JSON.stringify({ email: 'nobody-here@example.com', password: 'a long enough password 123' });
    const login = (payload: Buffer | string, encoding?: string) =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: { ...sameOrigin, 'content-type': 'application/json', ...(encoding ? { 'content-encoding': encoding } : {}) },
        payload,
      });
    expect((await login(body)).statusCode).toBe(401);
    const gz = await login(gzipSync(Buffer.from(body)), 'gzip');
    expect(gz.statusCode).toBe(400);
    expect(gz.headers['cache-control']).toBe('no-store');
  });
});
