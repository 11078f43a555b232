// Limits against abuse besides sign-in: new accounts per address, reset mails per mailbox, phone
// codes (cool-down, caps, one unfinished phone per account), downloads counted once per user and
// file, and the headers that keep private answers out of caches.
import { TRPCError } from '@trpc/server';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PHONE_CODE_LIMITS, REGISTRATION_LIMITS } from '../src/auth/rate-limit';
import { createMemoryMailer } from '../src/mail/mailer';
import { createTestApp, sameOrigin } from './helpers/app';
import { failure, newUser, TestClient } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const tally = (codes: string[]) => {
  const t: Record<string, number> = {};
  for (const c of codes) t[c] = (t[c] ?? 0) + 1;
  return t;
};

/** Moves every rate-limit event of keys like `pattern` back in time, as if `seconds` had passed. */
async function timePasses(pattern: string, seconds: number) {
  await sql`update rate_events set created_at = created_at - make_interval(secs => ${seconds}) where key like ${pattern}`.execute(database.db);
}

async function signedIn(ip?: string) {
  const client = new TestClient(database, ip);
  await (await client.caller()).auth.register(newUser());
  return client;
}

describe('registration per address', () => {
  it(`auth.register: ${REGISTRATION_LIMITS.perHour + 5} at once from one address -> ${REGISTRATION_LIMITS.perHour} accounts, the rest TOO_MANY_REQUESTS; another address still registers`, async () => {
    const ip = '192.0.2.200';
    const results = await Promise.all(
      Array.from({ length: REGISTRATION_LIMITS.perHour + 5 }, async () => {
        try {
          await (await new TestClient(database, ip).caller()).auth.register(newUser());
          return 'OK';
        } catch (err) {
          return err instanceof TRPCError ? err.code : 'THROWN';
        }
      }),
    );
    expect(tally(results)).toEqual({ OK: REGISTRATION_LIMITS.perHour, TOO_MANY_REQUESTS: 5 });
    const refused = await failure((await new TestClient(database, ip).caller()).auth.register(newUser()));
    expect(refused.text).toMatch(/^Too many new accounts were made from your network\. Please try again in (\d+ minutes?|1 hour)\.$/);
    expect(refused.retryAfter).toBeGreaterThan(3000);
    await expect((await new TestClient(database, '192.0.2.201').caller()).auth.register(newUser())).resolves.toBeTruthy();
  });

  it('POST /api/auth/register over the limit -> 429 with Retry-After', async () => {
    const ip = '192.0.2.202';
    await sql`insert into rate_events (key) select ${`register:ip:${ip}`} from generate_series(1, ${REGISTRATION_LIMITS.perHour})`.execute(database.db);
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', remoteAddress: ip, headers: sameOrigin, payload: newUser() });
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
  });
});

describe('password-reset mails', () => {
  it('20 parallel requests for one account from 20 addresses -> all answered, 3 mails; with no usable link left, 20 more -> exactly one mail', async () => {
    const input = newUser();
    await (await new TestClient(database).caller()).auth.register(input);
    const mailer = createMemoryMailer();
    const ask = (i: number) => new TestClient(database, `198.51.100.${i}`, undefined, { mailer }).caller().then((c) => c.account.requestPasswordReset({ email: input.email }));
    expect(await Promise.all(Array.from({ length: 20 }, (_, i) => ask(i + 1)))).toEqual(Array(20).fill({ ok: true }));
    expect(mailer.messages).toHaveLength(3);
    await sql`update email_links set expires_at = now() - interval '1 second' where email = ${input.email}`.execute(database.db);
    await Promise.all(Array.from({ length: 20 }, (_, i) => ask(i + 21)));
    expect(mailer.messages).toHaveLength(4);
  });
});

describe('phone codes', () => {
  async function phoneFactor(client: TestClient, phone = '+447700900123') {
    return (await client.caller()).auth.enrollFactor({ factor_type: 'phone', phone });
  }

  it(`auth.challenge: a second code within a minute -> TOO_MANY_REQUESTS "Please wait"; parallel requests send one text`, async () => {
    const client = await signedIn();
    const factor = await phoneFactor(client);
    const api = await client.caller();
    const codes = await Promise.all(
      Array.from({ length: 8 }, () =>
        api.auth.challenge({ factorId: factor.id }).then(
          () => 'OK',
          (e: TRPCError) => e.code,
        ),
      ),
    );
    expect(tally(codes)).toEqual({ OK: 1, TOO_MANY_REQUESTS: 7 });
    expect(client.sms.sent).toHaveLength(1);
    const wait = await failure(api.auth.challenge({ factorId: factor.id }));
    expect(wait.text).toMatch(/^Please wait (\d+ seconds|1 minute) before requesting another code\.$/);
    await timePasses('sms:%', 61);
    await expect(api.auth.challenge({ factorId: factor.id })).resolves.toMatchObject({ type: 'phone' });
  });

  it(`auth.challenge: more than ${PHONE_CODE_LIMITS.perUserHour} codes an hour or ${PHONE_CODE_LIMITS.perUserDay} a day per account -> TOO_MANY_REQUESTS "Too many codes"`, async () => {
    const client = await signedIn();
    const factor = await phoneFactor(client);
    const api = await client.caller();
    for (let i = 0; i < PHONE_CODE_LIMITS.perUserHour; i++) {
      await api.auth.challenge({ factorId: factor.id });
      await timePasses(`sms:user:%`, 61);
    }
    const hourly = await failure(api.auth.challenge({ factorId: factor.id }));
    expect(hourly).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(hourly.text).toMatch(/^Too many codes were requested\. Please try again in (\d+ minutes?|1 hour)\.$/);
    await timePasses('sms:user:%', 3600);
    for (let i = PHONE_CODE_LIMITS.perUserHour; i < PHONE_CODE_LIMITS.perUserDay; i++) {
      await api.auth.challenge({ factorId: factor.id });
      await timePasses(`sms:user:%`, 61);
    }
    await timePasses('sms:user:%', 3600);
    const daily = await failure(api.auth.challenge({ factorId: factor.id }));
    expect(daily.text).toMatch(/^Too many codes were requested\. Please try again in \d+ hours?\.$/);
    expect(client.sms.sent).toHaveLength(PHONE_CODE_LIMITS.perUserDay);
  });

  it(`auth.challenge: more than ${PHONE_CODE_LIMITS.perAddressHour} codes an hour from one address, over several accounts -> TOO_MANY_REQUESTS`, async () => {
    const ip = '192.0.2.210';
    const clients = await Promise.all([signedIn(ip), signedIn(ip), signedIn(ip)]);
    let sent = 0;
    for (const client of clients) {
      const factor = await phoneFactor(client);
      const api = await client.caller();
      for (let i = 0; i < PHONE_CODE_LIMITS.perUserHour && sent < PHONE_CODE_LIMITS.perAddressHour; i++, sent++) {
        await api.auth.challenge({ factorId: factor.id });
        await timePasses(`sms:user:%`, 61);
      }
      if (sent === PHONE_CODE_LIMITS.perAddressHour) {
        expect((await failure(api.auth.challenge({ factorId: factor.id }))).code).toBe('TOO_MANY_REQUESTS');
      }
    }
    expect(sent).toBe(PHONE_CODE_LIMITS.perAddressHour);
  });

  it('auth.enrollFactor phone twice -> one unfinished phone (the newer number); parallel enrolments never leave two', async () => {
    const client = await signedIn();
    await phoneFactor(client, '+447700900111');
    await phoneFactor(client, '+447700900222');
    const api = await client.caller();
    const phones = (await api.auth.factors()).filter((f) => f.factor_type === 'phone');
    expect(phones).toHaveLength(1);
    expect(phones[0]!.phone).toMatch(/22$/);

    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        phoneFactor(client, `+44770090030${i}`).then(
          () => 'OK',
          (e: TRPCError) => e.code,
        ),
      ),
    );
    expect(results.every((r) => r === 'OK' || r === 'CONFLICT')).toBe(true);
    expect((await api.auth.factors()).filter((f) => f.factor_type === 'phone' && f.status === 'unverified')).toHaveLength(1);
  });
});

describe('downloads', () => {
  it('audio.download: one user many times -> counted once; another user -> twice', async () => {
    const owner = await signedIn();
    const me = await (await owner.caller()).auth.me();
    const file = await database.db
      .insertInto('audio_files')
      .values({ user_id: me!.id, title: 'Counted once', status: 'published', file_path: `audio/${me!.id}/once.mp3`, file_name: 'once.mp3', file_size: 1, mime_type: 'audio/mpeg' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const fanApi = await (await signedIn()).caller();
    await Promise.all(Array.from({ length: 10 }, () => fanApi.audio.download({ id: file.id })));
    expect((await fanApi.audio.byId({ id: file.id })).downloadCount).toBe(1);
    await (await owner.caller()).audio.download({ id: file.id });
    expect((await fanApi.audio.byId({ id: file.id })).downloadCount).toBe(2);
  });
});

describe('headers', () => {
  it('private JSON answers -> Cache-Control: no-store; every answer -> Permissions-Policy', async () => {
    const client = await signedIn();
    const cookie = `tonieshelf_session=${client.token}`;
    for (const url of [
      '/api/auth/me',
      '/api/auth/sessions',
      '/api/audio-files/liked/' + (await (await client.caller()).auth.me())!.id,
      '/trpc/auth.me',
      `/trpc/audio.mine?input=${encodeURIComponent('{}')}`,
    ]) {
      const res = await app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.headers['permissions-policy'], url).toMatch(/camera=\(\)/);
    }
    const page = await app.inject({ method: 'GET', url: '/healthz' });
    expect(page.headers['permissions-policy']).toMatch(/geolocation=\(\)/);
    expect(page.headers['permissions-policy']).toMatch(/microphone=\(\)/);
  });
});
