// The app on a database that cannot be reached (nothing listens on its port): liveness answers,
// readiness and every request that needs the database answer 503 with Retry-After and a
// readable message, never 500, never as if a signed-in visitor were signed out. (Real restarts,
// terminated connections and the read cache are in server/test/faults/.)
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createMemoryMailer } from '../src/mail/mailer';
import { generateToken } from '../src/auth/tokens';
import { openDatabase, type Database } from '../src/db/database';
import { ERROR_MESSAGES } from '../src/errors';
import { en } from './helpers/messages';
import { sameOrigin, testConfig } from './helpers/app';

let database: Database;
let app: FastifyInstance;
// A well-formed token (a malformed one is "signed out" without asking the database).
const cookie = `tonieshelf_session=${generateToken()}`;

beforeAll(async () => {
  // Port 1 on loopback: connection refused at once.
  database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:1/tonieshelf', poolSize: 2 });
  app = await buildApp({ config: testConfig(), db: database.db, mailer: createMemoryMailer() });
  await app.ready();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

function expectUnavailable(res: { statusCode: number; headers: Record<string, unknown>; body: string }) {
  expect(res.statusCode, res.body).toBe(503);
  expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  expect(res.body).toContain(en(ERROR_MESSAGES.unavailable));
  expect(res.body).not.toMatch(/ECONNREFUSED|stack|\.ts:\d+/);
}

describe('database unreachable', () => {
  it('GET /healthz: -> 200 (the process lives)', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /readyz: -> 503 naming the database, with Retry-After', async () => {
    const res = await app.inject({ method: 'GET', url: '/readyz' });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.json()).toEqual({ status: 'unavailable', database: 'unavailable', storage: 'ok', search: 'off' });
  });

  it('GET /api/tonies: -> 503 with Retry-After and a readable message', async () => {
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/tonies' }));
  });

  it('GET /trpc/tonie.list: -> 503 with Retry-After and a readable message', async () => {
    const res = await app.inject({ method: 'GET', url: `/trpc/tonie.list?input=${encodeURIComponent('{}')}` });
    expectUnavailable(res);
    expect(res.json().error.data.code).toBe('SERVICE_UNAVAILABLE');
  });

  it('GET /api/auth/me with a session cookie: -> 503, not "signed out"', async () => {
    expectUnavailable(await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } }));
  });

  it('GET /trpc/auth.me with a session cookie: -> 503, not "signed out"', async () => {
    expectUnavailable(await app.inject({ method: 'GET', url: '/trpc/auth.me', headers: { cookie } }));
  });

  it('POST /api/auth/login: -> 503', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: sameOrigin,
      payload: { email: 'mia@example.com', password: 'blue-giraffe-sings' },
    });
    expectUnavailable(res);
  });

  it('POST /trpc/review.create with a session cookie: -> 503, the write never runs as signed out', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/review.create',
      headers: { ...sameOrigin, cookie },
      payload: { tonieId: 1, rating: 5 },
    });
    expectUnavailable(res);
  });

  it('a tRPC batch of a cached read and a session read with a cookie: -> 503 for both (nothing cached)', async () => {
    const input = encodeURIComponent(JSON.stringify({ 0: {}, 1: {} }));
    const res = await app.inject({ method: 'GET', url: `/trpc/tag.list,auth.me?batch=1&input=${input}`, headers: { cookie } });
    expect(res.statusCode).toBe(503);
    expect(res.json().map((r: { error: { data: { code: string } } }) => r.error.data.code)).toEqual(['SERVICE_UNAVAILABLE', 'SERVICE_UNAVAILABLE']);
  });
});
