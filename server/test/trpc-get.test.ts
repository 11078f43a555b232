// GET queries answered without tRPC's adapter (http/trpc-get.ts) answer exactly as the adapter
// does: every request is sent to an app with the path on and to one with it off, and the status,
// every header (but Date) and the body bytes must be the same. A spy on the adapter's handler
// shows which requests took the path and which were left to the adapter (mutations, POST, HEAD,
// unknown procedures, too-large batches, bad JSON, streaming, ...).
import { initTRPC, TRPCError } from '@trpc/server';
import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/database';
import { registerHttpCaching } from '../src/http/caching';
import { trpcPlugin } from '../src/http/trpc-get';
import { createMemoryMailer } from '../src/mail/mailer';
import { generateToken } from '../src/auth/tokens';
import { sameOrigin, testConfig } from './helpers/app';
import { insertReview, insertTonie, signedInUser, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const adapter = vi.hoisted(() => ({ calls: 0 }));
vi.mock('@trpc/server/adapters/fastify', async (importOriginal) => {
  const original = await importOriginal<typeof import('@trpc/server/adapters/fastify')>();
  return {
    ...original,
    fastifyRequestHandler: (opts: Parameters<typeof original.fastifyRequestHandler>[0]) => {
      adapter.calls += 1;
      return original.fastifyRequestHandler(opts);
    },
  };
});

interface Pair {
  fast: FastifyInstance;
  slow: FastifyInstance;
}

/** Two apps on one database: one answering GET queries by the path, one always by the adapter. */
async function appPair(build: (fastPath: boolean) => Promise<FastifyInstance>): Promise<Pair> {
  return { fast: await build(true), slow: await build(false) };
}

async function closePair(pair: Pair | undefined): Promise<void> {
  await pair?.fast.close();
  await pair?.slow.close();
}

/** The whole app on `db`, with the path on or off. */
async function appOn(db: Database['db'], trpcGetFastPath: boolean): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(), db, mailer: createMemoryMailer(), trpcGetFastPath });
  await app.ready();
  return app;
}

/** The request on both apps: their answers must be the same; says whether the fast one used the adapter. */
async function compare(pair: Pair, request: InjectOptions) {
  const before = adapter.calls;
  const fast = await pair.fast.inject(request);
  const fastUsedAdapter = adapter.calls > before;
  const slow = await pair.slow.inject(request);
  expect(adapter.calls - before, 'the app without the path always uses the adapter').toBe(fastUsedAdapter ? 2 : 1);
  const headers = (h: Record<string, unknown>) => Object.entries(h).filter(([k]) => k !== 'date');
  expect(fast.statusCode, fast.body).toBe(slow.statusCode);
  expect(fast.rawPayload.equals(slow.rawPayload), `${fast.body}\n---\n${slow.body}`).toBe(true);
  expect(headers(fast.headers)).toEqual(headers(slow.headers));
  return { res: fast, fastPath: !fastUsedAdapter };
}

const q = (input: unknown) => encodeURIComponent(JSON.stringify(input));

describe('the app: GET queries with and without the path', () => {
  let database: TestDatabase;
  let pair: Pair;
  let viewer: SignedInUser;
  let tonieId: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    pair = await appPair((fast) => appOn(database.db, fast));
    viewer = await signedInUser(database);
    tonieId = await insertTonie(database, 'The Gruffalo');
    await insertReview(database, tonieId, viewer.id);
    for (let i = 0; i < 30; i++) await insertTonie(database, `Tonie with a long enough name to compress ${i}`);
  });

  afterAll(async () => {
    await closePair(pair);
    await database?.close();
  });

  const fastCases: [string, () => InjectOptions, number][] = [
    ['one query', () => ({ method: 'GET', url: `/trpc/tonie.byId?input=${q({ id: tonieId })}` }), 200],
    ['a batch of two', () => ({ method: 'GET', url: `/trpc/tonie.byId,review.summary?batch=1&input=${q({ 0: { id: tonieId }, 1: { tonieId } })}` }), 200],
    ['a batch of one (httpBatchLink)', () => ({ method: 'GET', url: `/trpc/tonie.byId?batch=1&input=${q({ 0: { id: tonieId } })}` }), 200],
    ['a batch without input', () => ({ method: 'GET', url: '/trpc/tonie.categories,tonie.languages?batch=1' }), 200],
    ['no input at all', () => ({ method: 'GET', url: '/trpc/tonie.categories' }), 200],
    ['a list big enough to compress (br)', () => ({ method: 'GET', url: `/trpc/tonie.list?input=${q({})}`, headers: { 'accept-encoding': 'br, gzip' } }), 200],
    ['a list big enough to compress (gzip)', () => ({ method: 'GET', url: `/trpc/tonie.list?batch=1&input=${q({ 0: {} })}`, headers: { 'accept-encoding': 'gzip' } }), 200],
    ['not found, in German', () => ({ method: 'GET', url: `/trpc/tonie.byId?input=${q({ id: 99_999_999 })}`, headers: { 'accept-language': 'de-DE,de;q=0.9' } }), 404],
    ['a mixed batch (success and not found)', () => ({ method: 'GET', url: `/trpc/tonie.byId,tonie.byId?batch=1&input=${q({ 0: { id: tonieId }, 1: { id: 99_999_999 } })}` }), 207],
    ['a validation error (German cookie)', () => ({ method: 'GET', url: `/trpc/tonie.byId?input=${q({ id: 'abc' })}`, headers: { cookie: 'tonieshelf_lang=de' } }), 400],
    ['a validation error in a batch', () => ({ method: 'GET', url: `/trpc/tonie.list,tonie.byId?batch=1&input=${q({ 0: { page: -3 }, 1: { id: tonieId } })}` }), 207],
    ['two errors of one status', () => ({ method: 'GET', url: `/trpc/tonie.list,tonie.list?batch=1&input=${q({ 0: { page: -3 }, 1: { page: 'x' } })}` }), 400],
    ['unauthorized', () => ({ method: 'GET', url: '/trpc/auth.sessions' }), 401],
    ['unauthorized beside a public read', () => ({ method: 'GET', url: '/trpc/auth.sessions,tonie.categories?batch=1' }), 207],
    ['signed in, private', () => ({ method: 'GET', url: '/trpc/auth.sessions,auth.me?batch=1', headers: viewer.headers }), 200],
    ['signed in, a public read (private, no-cache)', () => ({ method: 'GET', url: `/trpc/tonie.byId?input=${q({ id: tonieId })}`, headers: viewer.headers }), 200],
    ['a session cookie that is not valid (cleared)', () => ({ method: 'GET', url: '/trpc/auth.me', headers: { cookie: `tonieshelf_session=${generateToken()}` } }), 200],
    ['a public and an anonymous read', () => ({ method: 'GET', url: `/trpc/tonie.byId,audio.list?batch=1&input=${q({ 0: { id: tonieId }, 1: {} })}` }), 200],
    ['input with + and spaces', () => ({ method: 'GET', url: `/trpc/tonie.quickSearch?input=${encodeURIComponent('{"q":"gruf').replaceAll('%20', '+')}+fa%22%7D` }), 200],
    ['a repeated input parameter (the first counts)', () => ({ method: 'GET', url: `/trpc/tonie.byId?input=${q({ id: tonieId })}&input=${q({ id: 1 })}` }), 200],
    ['an encoded path', () => ({ method: 'GET', url: `/trpc/tonie%2EbyId?input=${q({ id: tonieId })}` }), 200],
    ['a batch of exactly maxBatchSize', () => ({ method: 'GET', url: `/trpc/${Array(10).fill('tonie.categories').join(',')}?batch=1` }), 200],
  ];

  it.each(fastCases)('%s: the same answer, without the adapter', async (_name, request, status) => {
    const { res, fastPath } = await compare(pair, request());
    expect(res.statusCode).toBe(status);
    expect(fastPath).toBe(true);
  });

  it('a German validation message is the localized one', async () => {
    const { res } = await compare(pair, { method: 'GET', url: `/trpc/tonie.byId?input=${q({ id: 'abc' })}`, headers: { cookie: 'tonieshelf_lang=de' } });
    const body = res.json();
    expect(body.error.data.messageCode).not.toBeNull();
    expect(body.error.message).not.toMatch(/Expected|Invalid input/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('an ETag of the path revalidates to 304 on both', async () => {
    const url = `/trpc/tonie.byId?input=${q({ id: tonieId })}`;
    const first = await pair.fast.inject({ method: 'GET', url });
    expect(first.headers.etag).toMatch(/^W\//);
    expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=60');
    expect(first.headers.vary).toMatch(/Cookie/);
    const { res, fastPath } = await compare(pair, { method: 'GET', url, headers: { 'if-none-match': String(first.headers.etag) } });
    expect(res.statusCode).toBe(304);
    expect(fastPath).toBe(true);
  });

  const adapterCases: [string, () => InjectOptions, number][] = [
    ['an unknown procedure', () => ({ method: 'GET', url: '/trpc/nope.nothing' }), 404],
    ['an unknown procedure in a batch', () => ({ method: 'GET', url: '/trpc/tonie.categories,nope.nothing?batch=1' }), 207],
    ['a mutation via GET', () => ({ method: 'GET', url: '/trpc/auth.logout' }), 405],
    ['a query via POST', () => ({ method: 'POST', url: '/trpc/tonie.byId', headers: { ...sameOrigin, 'content-type': 'application/json' }, payload: JSON.stringify({ id: tonieId }) }), 405],
    ['a mutation via POST', () => ({ method: 'POST', url: '/trpc/auth.logout', headers: { ...sameOrigin, 'content-type': 'application/json' }, payload: '{}' }), 200],
    ['a POST without a Content-Type', () => ({ method: 'POST', url: '/trpc/auth.logout', headers: sameOrigin }), 415],
    ['a batch over maxBatchSize', () => ({ method: 'GET', url: `/trpc/${Array(11).fill('tonie.categories').join(',')}?batch=1` }), 400],
    ['input that is not JSON', () => ({ method: 'GET', url: '/trpc/tonie.byId?input=%7Bnope' }), 400],
    ['a batch whose input is not an object', () => ({ method: 'GET', url: `/trpc/tonie.byId?batch=1&input=${q([1])}` }), 400],
    ['HEAD', () => ({ method: 'HEAD', url: `/trpc/tonie.byId?input=${q({ id: tonieId })}` }), 204],
    ['a GET with a Content-Type', () => ({ method: 'GET', url: `/trpc/tonie.byId?input=${q({ id: tonieId })}`, headers: { 'content-type': 'application/octet-stream' } }), 405],
    ['streaming (trpc-accept: application/jsonl)', () => ({ method: 'GET', url: `/trpc/tonie.byId?batch=1&input=${q({ 0: { id: tonieId } })}`, headers: { 'trpc-accept': 'application/jsonl' } }), 200],
    ['a path tRPC cannot decode', () => ({ method: 'GET', url: '/trpc/tonie.byId%25E0%25A4%25A' }), 400],
    ['connectionParams', () => ({ method: 'GET', url: `/trpc/tonie.categories?connectionParams=1&input=${q({})}` }), 400],
  ];

  it.each(adapterCases)('%s: left to the adapter', async (_name, request, status) => {
    const { res, fastPath } = await compare(pair, request());
    expect(res.statusCode).toBe(status);
    expect(fastPath).toBe(false);
  });
});

describe('the app on a database that cannot be reached', () => {
  let database: Database;
  let pair: Pair;
  const cookie = `tonieshelf_session=${generateToken()}`;

  beforeAll(async () => {
    database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/tonieshelf', poolSize: 2 });
    pair = await appPair((fast) => appOn(database.db, fast));
  });

  afterAll(async () => {
    await closePair(pair);
    await database?.close();
  });

  it.each([
    ['a catalogue read', `/trpc/tonie.list?input=${q({})}`, {}],
    ['a batch, signed in', `/trpc/tonie.list,auth.me?batch=1&input=${q({ 0: {} })}`, { cookie }],
    ['a private read, signed in, in German', '/trpc/auth.sessions', { cookie, 'accept-language': 'de' }],
  ])('%s: 503 with Retry-After, the same on both', async (_name, url, headers) => {
    const { res, fastPath } = await compare(pair, { method: 'GET', url, headers });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(fastPath).toBe(true);
  });
});

describe('the plugin on a router of its own (answers the app never gives)', () => {
  class Limited extends TRPCError {
    constructor(readonly retryAfter: number) {
      super({ code: 'TOO_MANY_REQUESTS', message: 'Slow down' });
    }
  }
  // Not isDev: an error's shape would carry its stack, which differs between any two paths.
  const t = initTRPC.context<{ fail: boolean }>().create({ isDev: false });
  const router = t.router({
    ok: t.procedure.query(() => ({ fine: true })),
    nothing: t.procedure.query(() => undefined),
    limited: t.procedure.query(() => {
      throw new Limited(42);
    }),
    crash: t.procedure.query(() => {
      throw new Error('secret detail');
    }),
    // Data a plain JSON answer cannot carry (it needs httpBatchStreamLink).
    streamy: t.procedure.query(() => ({ later: Promise.resolve(1) })),
    write: t.procedure.mutation(() => 'written'),
  });
  let pair: Pair;
  const errors: string[] = [];

  beforeAll(async () => {
    const make = async (getFastPath: boolean) => {
      const app = Fastify();
      await registerHttpCaching(app);
      await app.register(trpcPlugin<typeof router>, {
        prefix: '/trpc',
        getFastPath,
        trpcOptions: {
          router,
          createContext: ({ req }) => {
            if (req.headers['x-fail'] === '1') throw new Error('no context');
            return { fail: false };
          },
          maxBatchSize: 3,
          onError: ({ error, path, type }) => errors.push(`${getFastPath}:${type}:${path}:${error.code}`),
          responseMeta: ({ errors: errs, paths, type }) => {
            const retryAfter = Math.max(0, ...errs.map((e) => (e instanceof Limited ? e.retryAfter : 0)));
            const headers: Record<string, string | string[]> = { 'Cache-Control': errs.length ? 'no-store' : 'public, max-age=5', 'X-Paths': paths?.join(' ') ?? '', 'X-Type': type, 'X-Many': ['a', 'b'] };
            if (retryAfter) headers['Retry-After'] = String(retryAfter);
            return { headers, ...(paths?.includes('nothing') ? { status: 299 } : {}) };
          },
        },
      });
      await app.ready();
      return app;
    };
    pair = await appPair(make);
  });

  afterAll(() => closePair(pair));

  it.each([
    ['ok', '/trpc/ok', 200],
    ['a status from responseMeta, undefined data', '/trpc/nothing', 299],
    ['429 with Retry-After', '/trpc/limited', 429],
    ['429 in a batch', '/trpc/ok,limited?batch=1', 207],
    ['an unexpected error (500)', '/trpc/crash', 500],
    ['stream-like data', '/trpc/streamy', 415],
    ['stream-like data in a batch', '/trpc/ok,streamy?batch=1', 207],
  ])('%s: the same answer and the same onError calls, without the adapter', async (_name, url, status) => {
    errors.length = 0;
    const { res, fastPath } = await compare(pair, { method: 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(fastPath).toBe(true);
    expect(errors.filter((e) => e.startsWith('true:')).map((e) => e.slice(5))).toEqual(errors.filter((e) => e.startsWith('false:')).map((e) => e.slice(6)));
  });

  it('a context that cannot be made is left to the adapter, which answers its error', async () => {
    const { res, fastPath } = await compare(pair, { method: 'GET', url: '/trpc/ok', headers: { 'x-fail': '1' } });
    expect(res.statusCode).toBe(500);
    expect(fastPath).toBe(false);
  });

  it('a mutation via GET is left to the adapter', async () => {
    const { res, fastPath } = await compare(pair, { method: 'GET', url: '/trpc/write' });
    expect(res.statusCode).toBe(405);
    expect(fastPath).toBe(false);
  });
});
