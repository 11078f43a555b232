// The HTTP shell: health, JSON 404s, the one error path, security headers, the origin check and
// the served client with its SPA fallback.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { COLOR_SCHEME_SCRIPT } from '@tonieshelf/shared/color-scheme-script';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, sameOrigin, TEST_ORIGIN } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;
let dist: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-dist-'));
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>TonieShelf</title><div id="root"></div>');
  fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  app = await createTestApp(database, { clientDist: dist });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

describe('http shell', () => {
  it('GET /healthz: database answers -> 200 ok', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
  });

  it('GET /api/unknown: -> JSON 404 naming the path', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/does-not-exist?x=1' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND', message: 'No such endpoint: GET /api/does-not-exist' });
  });

  it('GET /api/tags: -> 200 with a tags array', async () => {
    await database.db.insertInto('tonies').values({ article: 'T-1', name: 'Tagged', category: 'Music' }).execute();
    const tag = await database.db.insertInto('tags').values({ name: 'Bedtime' }).returning('id').executeTakeFirstOrThrow();
    const tonie = await database.db.selectFrom('tonies').select('id').where('article', '=', 'T-1').executeTakeFirstOrThrow();
    await database.db.insertInto('tonie_tags').values({ tonie_id: tonie.id, tag_id: tag.id }).execute();
    await database.db.insertInto('tags').values({ name: 'Unused' }).execute();
    const res = await app.inject({ method: 'GET', url: '/api/tags' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tags: ['Bedtime'] });
  });

  it('every response: -> security headers with a content security policy', async () => {
    const res = await app.inject({ method: 'GET', url: '/healthz' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    // Scripts: our own files and index.html's colour scheme script, by the hash of its exact text.
    const scriptSrc = String(res.headers['content-security-policy']).match(/script-src ([^;]*)/)?.[1];
    expect(scriptSrc).toBe(`'self' 'sha256-${createHash('sha256').update(COLOR_SCHEME_SCRIPT).digest('base64')}'`);
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('POST without Origin: -> 403 with a readable message', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/tags', payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/did not come from a TonieShelf page/);
  });

  it('POST with a foreign Origin: -> 403', async () => {
    const res = await app.inject({ method: 'POST', url: '/trpc/auth.me', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
  });

  it('POST with Sec-Fetch-Site cross-site and no Origin: -> 403; same-origin -> passes the check', async () => {
    const cross = await app.inject({ method: 'DELETE', url: '/api/nothing', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(cross.statusCode).toBe(403);
    const same = await app.inject({ method: 'DELETE', url: '/api/nothing', headers: { 'sec-fetch-site': 'same-origin' } });
    expect(same.statusCode).toBe(404);
  });

  it('POST with our Origin: -> passes the check (unknown route answers 404)', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/nothing', headers: sameOrigin, payload: {} });
    expect(res.statusCode).toBe(404);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(TEST_ORIGIN).toBe(sameOrigin.origin);
  });

  it('POST with invalid JSON: -> 400 readable, not 500', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      payload: '{"broken":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ statusCode: 400, error: 'BAD_REQUEST', message: 'The body is not valid JSON.', messageCode: 'http.invalidJson' });
  });

  it('POST with a body over 1 MB: -> 413', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { ...sameOrigin, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'x'.repeat(1_100_000) }),
    });
    expect(res.statusCode).toBe(413);
  });

  it('GET /trpc/tag.list: -> tRPC result with the tags', async () => {
    const res = await app.inject({ method: 'GET', url: '/trpc/tag.list' });
    expect(res.statusCode).toBe(200);
    expect(res.json().result.data).toEqual({ tags: ['Bedtime'] });
  });

  it('GET /trpc/unknown.procedure: -> 404 with no stack trace in any mode', async () => {
    const res = await app.inject({ method: 'GET', url: '/trpc/nope.nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/stack|at .*\.ts:\d+/);
  });

  it('tRPC batch over the cap: -> 400, not processed', async () => {
    const names = Array.from({ length: 11 }, () => 'tag.list').join(',');
    const res = await app.inject({ method: 'GET', url: `/trpc/${names}?batch=1&input={}` });
    expect(res.statusCode).toBe(400);
  });

  it('database failure: -> 500 with a generic message, no SQL, no stack (REST and tRPC)', async () => {
    await sql`alter table tonie_tags rename to tonie_tags_gone`.execute(database.db);
    try {
      const rest = await app.inject({ method: 'GET', url: '/api/tags' });
      expect(rest.statusCode).toBe(500);
      expect(rest.json()).toEqual({
        statusCode: 500,
        error: 'INTERNAL_SERVER_ERROR',
        message: 'Something went wrong on our side. Please try again later.',
        messageCode: 'error.internal',
      });
      const rpc = await app.inject({ method: 'GET', url: '/trpc/tag.list' });
      expect(rpc.statusCode).toBe(500);
      expect(rpc.body).not.toMatch(/tonie_tags|select|relation|stack/i);
      expect(rpc.json().error.message).toBe('Something went wrong on our side. Please try again later.');
    } finally {
      await sql`alter table tonie_tags_gone rename to tonie_tags`.execute(database.db);
    }
  });

  it('GET /catalog (a client route): -> index.html, not cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/catalog?search=x', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('GET / : -> index.html, not cached', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<div id="root">');
  });

  it('GET /assets/<hashed file>: -> long-lived immutable caching', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('GET /assets/missing.js: -> 404, never index.html', async () => {
    const res = await app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<div id="root">');
  });
});
