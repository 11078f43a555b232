// The generated bad-input run: seeded inputs (BAD_INPUT_SEED) over every tRPC procedure and every
// route, anonymous, signed in and as a moderator, through the whole app (origin check, parsers,
// procedures, services, the database). None may answer 5xx. CI's PostgreSQL pass sends 30,000;
// the embedded database, where each costs twice the CPU, 2,000 (BAD_INPUT_COUNT overrides both).
// BAD_INPUT_LOG=<file> writes each 5xx request there in full, to replay it.
import { appendFileSync } from 'node:fs';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mulberry32 } from '../src/seed/prng';
import { appRouter } from '../src/trpc/router';
import { createTestApp, TEST_ORIGIN } from './helpers/app';
import { newUser, TestClient } from './helpers/auth';
import { fieldVocabulary, InputGenerator, routesOf } from './helpers/bad-input';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const SEED = Number(process.env.BAD_INPUT_SEED ?? 20261207);
const COUNT = Number(process.env.BAD_INPUT_COUNT ?? (process.env.TEST_DATABASE_URL ? 30_000 : 2000));
const IN_FLIGHT = 8;

/** Procedure paths of the router: its sub-routers and procedures are its public properties. */
function procedurePaths(record: object, prefix = ''): string[] {
  return Object.entries(record).flatMap(([key, value]) => {
    if (key.startsWith('_')) return [];
    if (typeof value === 'function') return [`${prefix}${key}`];
    return value && typeof value === 'object' ? procedurePaths(value, `${prefix}${key}.`) : [];
  });
}

interface Procedure {
  path: string;
  method: 'GET' | 'POST';
  fields: string[];
}

let database: TestDatabase;
let app: FastifyInstance;
const cookies: Record<'anonymous' | 'user' | 'moderator', string | null> = { anonymous: null, user: null, moderator: null };

async function signIn(role: 'user' | 'moderator'): Promise<string> {
  const client = new TestClient(database);
  const me = await (await client.caller()).auth.register(newUser());
  await database.db.updateTable('users').set({ role, email_verified_at: new Date() }).where('id', '=', me.id).execute();
  return `tonieshelf_session=${client.token}`;
}

const withInput = (path: string, input: unknown) => (input === undefined ? `/trpc/${path}` : `/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input) ?? 'null')}`);

/** Each procedure's method (a mutation answers GET with 405) and the fields an empty input is told it lacks. */
async function learn(path: string): Promise<Procedure> {
  const headers = { cookie: cookies.user!, origin: TEST_ORIGIN };
  const probe = await app.inject({ method: 'GET', url: withInput(path, {}), headers });
  const method = probe.statusCode === 405 ? 'POST' : 'GET';
  const res = method === 'GET' ? probe : await app.inject({ method: 'POST', url: `/trpc/${path}`, headers, payload: {} });
  const fieldErrors = (res.json() as { error?: { data?: { fieldErrors?: Record<string, unknown> } } }).error?.data?.fieldErrors ?? {};
  return { path, method, fields: Object.keys(fieldErrors) };
}

interface Outcome {
  request: string;
  status: number;
  body: string;
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database, { registrationLimits: { perHour: 1000, perDay: 1000 } });
  cookies.user = await signIn('user');
  cookies.moderator = await signIn('moderator');
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

describe(`bad input over the whole surface (seed ${SEED}, ${COUNT} inputs)`, () => {
  it('no input answers 5xx; every procedure and route got its share', async () => {
    const random = mulberry32(SEED);
    const gen = new InputGenerator(random, fieldVocabulary());
    const procedures: Procedure[] = [];
    for (const path of procedurePaths(appRouter)) procedures.push(await learn(path));
    const routes = routesOf(app.printRoutes({ commonPrefix: false })).filter((r) => r.method !== 'HEAD');
    expect(procedures.length).toBeGreaterThan(80);
    expect(routes.length).toBeGreaterThan(80);

    const sent = new Map<string, number>();
    const failures: Outcome[] = [];
    const identity = () => gen.pick(['anonymous', 'user', 'user', 'moderator'] as const);

    // Procedures and routes in turn (each gets its share at any count), with generated inputs.
    let nextProcedure = 0;
    let nextRoute = 0;
    const trpcRequest = (): [string, InjectOptions] => {
      const p = procedures[nextProcedure++ % procedures.length]!;
      const input = gen.input(p.fields);
      const cookie = cookies[identity()];
      const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...(random() < 0.9 ? { origin: TEST_ORIGIN } : {}) };
      // Now and then the other method, a batch, or a body that is not JSON.
      const r = random();
      if (r < 0.05) return [p.path, { method: p.method === 'GET' ? 'POST' : 'GET', url: withInput(p.path, input), headers }];
      if (r < 0.08) return [p.path, { method: 'GET', url: `/trpc/${p.path},${p.path}?batch=1&input=${encodeURIComponent(JSON.stringify({ 0: input, 1: gen.bad() }))}`, headers }];
      if (p.method === 'GET') return [p.path, { method: 'GET', url: withInput(p.path, input), headers }];
      if (r < 0.12) return [p.path, { method: 'POST', url: `/trpc/${p.path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: '{"a":' }];
      return [p.path, { method: 'POST', url: `/trpc/${p.path}`, headers: { ...headers, 'content-type': 'application/json' }, payload: JSON.stringify(input ?? null) }];
    };

    const CONTENT_TYPES = [
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'multipart/form-data; boundary=x',
      `multipart/form-data; boundary=${'b'.repeat(80)}`,
      'text/csv',
      '',
    ];
    const restRequest = (): [string, InjectOptions] => {
      const route = routes[nextRoute++ % routes.length]!;
      const url = route.path.replace(/:[A-Za-z]+|\*/g, () => gen.segment()) + gen.query();
      const cookie = cookies[identity()];
      const headers: Record<string, string> = { ...(cookie ? { cookie } : {}), ...(random() < 0.9 ? { origin: TEST_ORIGIN } : {}) };
      if (random() < 0.2) headers['accept-language'] = gen.pick(['de', 'en', '*', 'xx-YY;q=abc', 'de-DE,de;q=0.9']);
      if (random() < 0.1) headers.range = gen.pick(['bytes=0-', 'bytes=-1', 'bytes=999999999-', 'bytes=5-1', 'items=0-1']);
      if (random() < 0.05) headers['if-none-match'] = gen.pick(['*', 'W/"x"', '"\u00ff"']);
      const key = `${route.method} ${route.path}`;
      if (route.method === 'GET' || route.method === 'DELETE') return [key, { method: route.method, url, headers }];
      const type = gen.pick(CONTENT_TYPES);
      const body = random() < 0.7 ? JSON.stringify(gen.input(gen.names.filter(() => random() < 0.02))) : String(gen.bad()).slice(0, 5000);
      return [key, { method: route.method as InjectOptions['method'], url, headers: { ...headers, ...(type ? { 'content-type': type } : {}) }, payload: body ?? '' }];
    };

    const send = async ([key, options]: [string, InjectOptions]) => {
      sent.set(key, (sent.get(key) ?? 0) + 1);
      const res = await app.inject(options);
      if (res.statusCode >= 500 && process.env.BAD_INPUT_LOG) appendFileSync(process.env.BAD_INPUT_LOG, `${JSON.stringify({ options, body: res.body })}\n`);
      if (res.statusCode >= 500)
        failures.push({
          request: `${options.method} ${String(options.url).slice(0, 300)} ${String(options.payload ?? '').slice(0, 300)}`,
          status: res.statusCode,
          body: res.body.slice(0, 300),
        });
    };

    let done = 0;
    const worker = async () => {
      while (done < COUNT) {
        done += 1;
        // Now and then the signed-in sessions are made again (a generated call may have signed one out).
        if (done % 2000 === 0) cookies.user = await signIn('user');
        await send(random() < 0.55 ? trpcRequest() : restRequest());
      }
    };
    await Promise.all(Array.from({ length: IN_FLIGHT }, worker));

    expect(failures.slice(0, 20), `${failures.length} answers were 5xx (seed ${SEED})`).toEqual([]);
    expect([...sent.values()].reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(COUNT);
    for (const p of procedures) expect(sent.get(p.path) ?? 0, p.path).toBeGreaterThan(COUNT / procedures.length / 4);
    for (const r of routes) expect(sent.get(`${r.method} ${r.path}`) ?? 0, `${r.method} ${r.path}`).toBeGreaterThan(COUNT / routes.length / 8);
  }, 600_000);
});
