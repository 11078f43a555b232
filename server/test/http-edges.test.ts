// Requests no browser of ours sends but any client can: each gets a 4xx with a message, never a
// 500 (issue 32, item 5).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from './helpers/app';
import { newUser } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;
let cookie: string;
const ip = '10.77.0.1';

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: newUser(), headers: { origin: TEST_ORIGIN }, remoteAddress: ip });
  expect(res.statusCode).toBe(201);
  const c = res.cookies.find((k) => k.name.endsWith('tonieshelf_session'))!;
  cookie = `${c.name}=${c.value}`;
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe('odd requests answer 4xx', () => {
  it.each([70, 254, 1000])('an upload whose multipart boundary is %i characters long -> 400 with a message', async (length) => {
    const boundary = 'b'.repeat(length);
    const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.wav"\r\nContent-Type: audio/wav\r\n\r\nRIFF\r\n--${boundary}--\r\n`;
    const res = await app.inject({
      method: 'POST',
      url: '/api/uploads/audio',
      payload,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, cookie, origin: TEST_ORIGIN },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
    expect(res.json().messageCode).toEqual(expect.any(String));
  });

  it.each(['POST', 'PATCH', 'PUT', 'DELETE', 'OPTIONS'] as const)('%s /trpc/... with a multipart or text body -> 415, never 500', async (method) => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=x', 'text/plain']) {
      const res = await app.inject({
        method,
        url: '/trpc/set.create',
        payload: '{"title":"x"}',
        headers: { 'content-type': type, cookie, origin: TEST_ORIGIN },
        remoteAddress: ip,
      });
      expect(res.statusCode, `${type}: ${res.body}`).toBe(415);
      expect(res.json().messageCode).toBe('http.unsupportedType');
    }
  });

  it.each(['TRACE', 'CONNECT'] as const)('%s /trpc/... with the site Origin -> 4xx with a message', async (method) => {
    const res = await app.inject({ method: method as 'GET', url: '/trpc/tonie.list', headers: { origin: TEST_ORIGIN }, remoteAddress: ip });
    expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});
