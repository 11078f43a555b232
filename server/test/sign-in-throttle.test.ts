// Sign-in throttling against abuse: whose address counts (TRUST_PROXY and forged
// X-Forwarded-For), failures per account and client so nobody can lock the owner out (not after a
// typo, not behind a shared address with a known-device cookie), attempts counted atomically
// (parallel guesses, two app instances on one database).
import { TRPCError } from '@trpc/server';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { hashPassword } from '../src/auth/password';
import { createMemoryMailer } from '../src/mail/mailer';
import type { AppConfig } from '../src/config';
import { openDatabase, type Database } from '../src/db/database';
import { testConfig, TEST_ORIGIN } from './helpers/app';
import { newUser, TestClient } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
const apps: FastifyInstance[] = [];
const extraDatabases: Database[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  for (const db of extraDatabases) await db.close();
  await database?.close();
});

async function appWith(overrides: Partial<AppConfig> = {}, db = database.db): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), db, mailer: createMemoryMailer() });
  await app.ready();
  apps.push(app);
  return app;
}

/** A registered account (through the procedures, from an address of its own). */
async function account() {
  const input = newUser();
  await (await new TestClient(database).caller()).auth.register(input);
  return input;
}

async function login(app: FastifyInstance, remoteAddress: string, body: { email: string; password: string }, forwardedFor?: string, cookie?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress,
    headers: { origin: TEST_ORIGIN, ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}), ...(cookie ? { cookie } : {}) },
    payload: { email: body.email, password: body.password },
  });
}

/** The known-device cookie a sign-in answer sets, as a Cookie header. */
const deviceOf = (res: Awaited<ReturnType<typeof login>>) => {
  const c = res.cookies.find((x) => x.name.endsWith('tonieshelf_device'))!;
  return `${c.name}=${c.value}`;
};

/** The addresses the account's sessions list shows, signed in with `cookie`. */
async function sessionAddresses(app: FastifyInstance, cookie: string): Promise<(string | null)[]> {
  const res = await app.inject({ method: 'GET', url: '/api/auth/sessions', headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return res.json().map((s: { ip: string | null }) => s.ip);
}

const cookieOf = (res: Awaited<ReturnType<typeof login>>) => {
  const c = res.cookies.find((x) => x.name.endsWith('tonieshelf_session'))!;
  return `${c.name}=${c.value}`;
};

/** The code of a failed procedure call. */
async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'OK';
  } catch (err) {
    if (err instanceof TRPCError) return err.code;
    throw err;
  }
}

const tally = (codes: string[]) => {
  const t: Record<string, number> = {};
  for (const c of codes) t[c] = (t[c] ?? 0) + 1;
  return t;
};

describe('client address and X-Forwarded-For', () => {
  it('TRUST_PROXY off (the default, even with PUBLIC_ORIGIN): a forged X-Forwarded-For -> ignored by the sessions list', async () => {
    const app = await appWith();
    const input = await account();
    const res = await login(app, '192.0.2.20', input, '198.51.100.1');
    expect(res.statusCode).toBe(200);
    const addresses = await sessionAddresses(app, cookieOf(res));
    expect(addresses).toContain('192.0.2.20');
    expect(addresses).not.toContain('198.51.100.1');
  });

  it('TRUST_PROXY off: failures sent with X-Forwarded-For of someone else -> that address is not locked out', async () => {
    const app = await appWith();
    const victim = await account();
    // 22 wrong passwords (beyond the address's 20 free failures) "from" the victim's address.
    for (let i = 0; i < 22; i++) {
      const res = await login(app, '192.0.2.40', { email: `nobody${i}@example.com`, password: 'wrong-password' }, '192.0.2.99');
      expect([401, 429]).toContain(res.statusCode);
    }
    const own = await login(app, '192.0.2.99', victim);
    expect(own.statusCode).toBe(200);
  });

  it('TRUST_PROXY off: rotating X-Forwarded-For -> the real address is still counted', async () => {
    const app = await appWith();
    const statuses: number[] = [];
    for (let i = 0; i < 23; i++) {
      const res = await login(app, '192.0.2.41', { email: `ghost${i}@example.com`, password: 'wrong-password' }, `198.51.100.${i + 10}`);
      statuses.push(res.statusCode);
    }
    // 20 free failures of an address, the 21st without a wait, then it waits.
    expect(statuses.slice(0, 21).every((s) => s === 401)).toBe(true);
    expect(statuses[22]).toBe(429);
  });

  it('TRUST_PROXY=1: the nearest X-Forwarded-For entry is the client, for the sessions list and the throttle', async () => {
    const app = await appWith({ trustProxy: 1 });
    const input = await account();
    const res = await login(app, '127.0.0.1', input, '203.0.113.50, 198.51.100.77');
    expect(res.statusCode).toBe(200);
    expect(await sessionAddresses(app, cookieOf(res))).toContain('198.51.100.77');

    const wrong = { email: input.email, password: 'wrong-password' };
    expect((await login(app, '127.0.0.1', wrong, '198.51.100.80')).statusCode).toBe(401);
    expect((await login(app, '127.0.0.1', wrong, '198.51.100.80')).statusCode).toBe(401);
    // That client waits; another one behind the same proxy does not.
    expect((await login(app, '127.0.0.1', input, '198.51.100.80')).statusCode).toBe(429);
    expect((await login(app, '127.0.0.1', input, '198.51.100.81')).statusCode).toBe(200);
  });

  it('TRUST_PROXY=1: an absurdly long forwarded address -> still answered (201, 401), never 500', async () => {
    const app = await appWith({ trustProxy: 1 });
    const forwarded = `x${'1'.repeat(600)}`;
    const input = newUser();
    const registered = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: '127.0.0.1',
      headers: { origin: TEST_ORIGIN, 'x-forwarded-for': forwarded },
      payload: input,
    });
    expect(registered.statusCode).toBe(201);
    expect((await login(app, '127.0.0.1', { email: input.email, password: 'wrong-password' }, forwarded)).statusCode).toBe(401);
  });

  it('TRUST_PROXY=<proxy address>: believed only from that proxy', async () => {
    const app = await appWith({ trustProxy: ['127.0.0.1'] });
    const input = await account();
    const viaProxy = await login(app, '127.0.0.1', input, '198.51.100.90');
    expect(await sessionAddresses(app, cookieOf(viaProxy))).toContain('198.51.100.90');
    const direct = await login(app, '192.0.2.77', input, '198.51.100.91');
    const addresses = await sessionAddresses(app, cookieOf(direct));
    expect(addresses).toContain('192.0.2.77');
    expect(addresses).not.toContain('198.51.100.91');
  });
});

describe('failures per account and client', () => {
  it('two wrong passwords from elsewhere -> the owner’s right password still gets in', async () => {
    const input = await account();
    const attacker = await new TestClient(database).caller();
    expect(await codeOf(attacker.auth.login({ email: input.email, password: 'wrong-1' }))).toBe('UNAUTHORIZED');
    expect(await codeOf(attacker.auth.login({ email: input.email, password: 'wrong-2' }))).toBe('UNAUTHORIZED');
    expect(await codeOf(attacker.auth.login({ email: input.email, password: input.password }))).toBe('TOO_MANY_REQUESTS');
    const owner = await new TestClient(database).caller();
    await expect(owner.auth.login({ email: input.email, password: input.password })).resolves.toMatchObject({ email: input.email });
  });

  it('40 parallel wrong passwords from one client -> only 2 are checked, 38 answer TOO_MANY_REQUESTS; the owner elsewhere gets in', async () => {
    const input = await account();
    const attacker = await new TestClient(database).caller();
    const codes = await Promise.all(Array.from({ length: 40 }, (_, i) => codeOf(attacker.auth.login({ email: input.email, password: `wrong-${i}` }))));
    expect(tally(codes)).toEqual({ UNAUTHORIZED: 2, TOO_MANY_REQUESTS: 38 });
    const owner = await new TestClient(database).caller();
    await expect(owner.auth.login({ email: input.email, password: input.password })).resolves.toMatchObject({ email: input.email });
  });

  it('failures from many addresses -> the account locks every address that failed on it twice; the owner elsewhere gets in, also after a typo', async () => {
    const app = await appWith();
    const input = await account();
    const wrong = { email: input.email, password: 'wrong-password' };
    // One failure each: no address waits on its own, but the account has seen 12 (10 are free).
    for (let i = 1; i <= 12; i++) expect((await login(app, `198.51.100.${i}`, wrong)).statusCode).toBe(401);
    // An attacker's second failure is its last: then it waits, and still waits once its own wait is over.
    expect((await login(app, '198.51.100.1', wrong)).statusCode).toBe(401);
    expect((await login(app, '198.51.100.1', input)).statusCode).toBe(429);
    await sql`update login_throttle set locked_until = null where key = ${`pair:${input.email.toLowerCase()}|198.51.100.1`}`.execute(database.db);
    expect((await login(app, '198.51.100.1', input)).statusCode).toBe(429);
    // The owner, from an address of their own, with a typo first.
    expect((await login(app, '203.0.113.7', wrong)).statusCode).toBe(401);
    expect((await login(app, '203.0.113.7', input)).statusCode).toBe(200);
  });

  it("a known device (signed in there before) keeps its own budget: the account locked by others and 22 failures from its shared address -> the owner's typo, then the right password, gets in", async () => {
    const app = await appWith();
    const input = await account();
    const school = '192.0.2.170';
    const first = await login(app, school, input);
    expect(first.statusCode).toBe(200);
    const device = deviceOf(first);
    const wrong = { email: input.email, password: 'wrong-password' };
    for (let i = 1; i <= 12; i++) expect((await login(app, `198.51.100.${100 + i}`, wrong)).statusCode).toBe(401);
    for (let i = 0; i < 22; i++) expect([401, 429]).toContain((await login(app, school, { email: `pupil${i}@example.com`, password: 'wrong-password' })).statusCode);
    // Everyone else behind the school's address waits, the owner's browser does not.
    expect((await login(app, school, input)).statusCode).toBe(429);
    expect((await login(app, school, wrong, undefined, device)).statusCode).toBe(401);
    const again = await login(app, school, input, undefined, device);
    expect(again.statusCode).toBe(200);
    // The device's own budget: two failures in a row, then it waits too.
    const renewed = deviceOf(again);
    expect((await login(app, school, wrong, undefined, renewed)).statusCode).toBe(401);
    expect((await login(app, school, wrong, undefined, renewed)).statusCode).toBe(401);
    expect((await login(app, school, input, undefined, renewed)).statusCode).toBe(429);
  });

  it('a new password ends the device entries made with the old one: behind a locked address the old cookie waits like anyone', async () => {
    const app = await appWith();
    const input = await account();
    const school = '192.0.2.172';
    const device = deviceOf(await login(app, school, input));
    for (let i = 0; i < 22; i++) expect([401, 429]).toContain((await login(app, school, { email: `pupil-b${i}@example.com`, password: 'wrong-password' })).statusCode);
    expect((await login(app, school, input, undefined, device)).statusCode).toBe(200);
    const renewed = { ...input, password: 'a-new-password-after-reset' };
    await database.db
      .updateTable('users')
      .set({ password_hash: await hashPassword(renewed.password) })
      .where('email', '=', input.email)
      .execute();
    expect((await login(app, school, renewed, undefined, device)).statusCode).toBe(429);
  });

  it("a device cookie counts only for its own account, and only as signed: another account's or an altered one -> throttled as before", async () => {
    const app = await appWith();
    const [mine, victim] = [await account(), await account()];
    const address = '192.0.2.171';
    const device = deviceOf(await login(app, address, mine));
    const wrong = { email: victim.email, password: 'wrong-password' };
    expect((await login(app, address, wrong, undefined, device)).statusCode).toBe(401);
    expect((await login(app, address, wrong, undefined, device)).statusCode).toBe(401);
    expect((await login(app, address, victim, undefined, device)).statusCode).toBe(429);
    // The same cookie with the victim's id in place of the account's: its signature does not hold.
    const [name, value] = device.split('=') as [string, string];
    const [me] = await database.db.selectFrom('users').select('id').where('email', '=', mine.email).execute();
    const [them] = await database.db.selectFrom('users').select('id').where('email', '=', victim.email).execute();
    const forged = `${name}=${value.replace(me!.id, them!.id)}`;
    expect(forged).not.toBe(device);
    expect((await login(app, address, victim, undefined, forged)).statusCode).toBe(429);
  });
});

describe('successes give their count back', () => {
  it('25 right passwords to 25 accounts from one address (a household) -> none waits', async () => {
    const accounts = await Promise.all(Array.from({ length: 25 }, () => account()));
    const household = await new TestClient(database).caller();
    for (const input of accounts) {
      await expect(household.auth.login({ email: input.email, password: input.password })).resolves.toMatchObject({ email: input.email });
    }
  });

  it('a wrong then a right password -> the next wrong one does not wait', async () => {
    const input = await account();
    const c = await new TestClient(database).caller();
    expect(await codeOf(c.auth.login({ email: input.email, password: 'wrong-1' }))).toBe('UNAUTHORIZED');
    await c.auth.login({ email: input.email, password: input.password });
    expect(await codeOf(c.auth.login({ email: input.email, password: 'wrong-2' }))).toBe('UNAUTHORIZED');
    await expect(c.auth.login({ email: input.email, password: input.password })).resolves.toMatchObject({ email: input.email });
  });
});

describe('two app instances on one database', () => {
  it('40 parallel wrong passwords split over two instances -> counted together: 2 checked, 38 refused; the owner gets in on either', async () => {
    // A second instance has its own connection pool (on PostgreSQL); PGlite is one process's.
    let secondDb = database.db;
    if (database.url) {
      const second = await openDatabase({ url: database.url, poolSize: 5 });
      extraDatabases.push(second);
      secondDb = second.db;
    }
    const one = await appWith({}, database.db);
    const two = await appWith({}, secondDb);
    const input = await account();
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => login(i % 2 ? two : one, '192.0.2.150', { email: input.email, password: `wrong-${i}` })));
    expect(tally(results.map((r) => String(r.statusCode)))).toEqual({ '401': 2, '429': 38 });
    expect(results.find((r) => r.statusCode === 429)!.headers['retry-after']).toBeDefined();
    expect((await login(two, '192.0.2.151', input)).statusCode).toBe(200);
    expect((await login(one, '192.0.2.152', input)).statusCode).toBe(200);
  });
});
