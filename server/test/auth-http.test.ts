// The account REST shims of PRODUCT.md over HTTP: statuses, cookies, headers and bodies.
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createMemoryMailer } from '../src/mail/mailer';
import { MemorySmsTransport } from '../src/auth/sms';
import { testConfig, TEST_ORIGIN } from './helpers/app';
import { newUser, totpCode } from './helpers/auth';
import { en } from './helpers/messages';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;
let secureApp: FastifyInstance;
const sms = new MemorySmsTransport();

beforeAll(async () => {
  database = await createTestDatabase();
  app = await buildApp({ config: testConfig(), db: database.db, sms, mailer: createMemoryMailer() });
  secureApp = await buildApp({ config: testConfig({ publicOrigin: 'https://shelf.example' }), db: database.db, sms, mailer: createMemoryMailer() });
});
afterAll(async () => {
  await app?.close();
  await secureApp?.close();
  await database?.close();
});

/** A cookie jar over app.inject, sending our Origin on every state-changing call. */
class Browser {
  cookie = '';
  constructor(
    private readonly server = app,
    private readonly ip = '10.9.8.7',
  ) {}
  async call(method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const res = await this.server.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: {
        ...(method === 'GET' ? {} : { origin: this.server === app ? TEST_ORIGIN : 'https://shelf.example' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const set = res.cookies.find((c) => c.name.endsWith('tonieshelf_session'));
    if (set) this.cookie = set.value ? `${set.name}=${set.value}` : '';
    return res;
  }
}

describe('account shims', () => {
  it('POST /api/auth/register -> 201, HttpOnly SameSite=Lax session cookie, the user; GET /api/auth/me -> that user', async () => {
    const b = new Browser();
    const input = newUser();
    const res = await b.call('POST', '/api/auth/register', input);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ email: input.email, firstName: 'Mia', aal: 'aal1' });
    const cookie = res.cookies.find((c) => c.name === 'tonieshelf_session')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.secure).toBeUndefined();
    expect(new Date(cookie.expires!).getTime()).toBeGreaterThan(Date.now() + 29 * 86400_000);
    expect(res.body).not.toMatch(/password_hash|argon2/);
    const me = await b.call('GET', '/api/auth/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ email: input.email });
  });

  it('behind HTTPS: -> __Host- cookie with Secure', async () => {
    const b = new Browser(secureApp);
    const res = await b.call('POST', '/api/auth/register', newUser());
    expect(res.statusCode).toBe(201);
    const cookie = res.cookies.find((c) => c.name === '__Host-tonieshelf_session')!;
    expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: '/' });
    expect(res.headers['strict-transport-security']).toMatch(/max-age=/);
  });

  it('POST /api/auth/register without Origin -> 403 and no user created', async () => {
    const input = newUser();
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: input });
    expect(res.statusCode).toBe(403);
    expect(await database.db.selectFrom('users').select('id').where('email', '=', input.email).execute()).toEqual([]);
  });

  it('POST /api/auth/register with a foreign Origin -> 403', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: newUser(), headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
  });

  it('POST /api/auth/register twice -> 409 with a readable message', async () => {
    const input = newUser();
    await new Browser().call('POST', '/api/auth/register', input);
    const res = await new Browser().call('POST', '/api/auth/register', input);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'CONFLICT', message: 'An account with this email already exists. Please sign in instead.' });
  });

  it('POST /api/auth/register with bad fields -> 400 with field messages', async () => {
    const res = await new Browser().call('POST', '/api/auth/register', { ...newUser(), firstName: 'A', confirmPassword: 'nope-nope' });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fieldErrors.firstName).toContain('First name must be at least 2 characters');
    expect(body.fieldErrors.confirmPassword).toContain("Passwords don't match");
  });

  it('POST /api/auth/login with invalid JSON, an array, or no body -> 400, never 500', async () => {
    const b = new Browser();
    const broken = await b.call('POST', '/api/auth/login', '{"email":', { 'content-type': 'application/json' });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The body is not valid JSON.');
    const array = await b.call('POST', '/api/auth/login', [1, 2]);
    expect(array.statusCode).toBe(400);
    const none = await b.call('POST', '/api/auth/login');
    expect(none.statusCode).toBe(400);
    expect(none.json().fieldErrors.email).toBeDefined();
  });

  it('POST /api/auth/login wrong password -> 401; repeated -> 429 with Retry-After', async () => {
    const input = newUser();
    await new Browser().call('POST', '/api/auth/register', input);
    const b = new Browser(app, '10.1.1.1');
    const first = await b.call('POST', '/api/auth/login', { email: input.email, password: 'wrong-one' });
    expect(first.statusCode).toBe(401);
    expect(first.json().message).toBe('Invalid email or password.');
    await b.call('POST', '/api/auth/login', { email: input.email, password: 'wrong-two' });
    const third = await b.call('POST', '/api/auth/login', { email: input.email, password: input.password });
    expect(third.statusCode).toBe(429);
    expect(third.headers['retry-after']).toBe('1');
    expect(third.json().message).toMatch(/Too many sign-in attempts/);
  });

  it('a forged session cookie -> me is null and the cookie is cleared', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `tonieshelf_session=${'b'.repeat(32)}` } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('null');
    const cleared = res.cookies.find((c) => c.name === 'tonieshelf_session')!;
    expect(cleared.value).toBe('');
    expect(cleared.maxAge).toBe(0);
  });

  it('GET /api/auth/sessions signed out -> 401', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/auth/sessions' });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
  });

  it('POST /api/auth/logout -> cookie cleared, session gone', async () => {
    const b = new Browser();
    await b.call('POST', '/api/auth/register', newUser());
    const saved = b.cookie;
    const res = await b.call('POST', '/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(b.cookie).toBe('');
    const stale = await app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: saved } });
    expect(stale.body).toBe('null');
  });

  it('TOTP over REST: enrol, challenge, verify, then sign-in needs the second step', async () => {
    const b = new Browser();
    const input = newUser();
    await b.call('POST', '/api/auth/register', input);
    const enrol = await b.call('POST', '/api/auth/factors', { factor_type: 'totp', friendly_name: 'Phone app' });
    expect(enrol.statusCode).toBe(201);
    const { id, totp } = enrol.json();
    const ch = await b.call('POST', `/api/auth/factors/${id}/challenge`, {});
    expect(ch.statusCode).toBe(200);
    const firstCode = totpCode(totp.secret);
    const verify = await b.call('POST', `/api/auth/factors/${id}/verify`, { challenge_id: ch.json().id, code: firstCode });
    expect(verify.statusCode).toBe(200);
    expect(verify.json().recoveryCodes).toHaveLength(10);

    const other = new Browser();
    const login = await other.call('POST', '/api/auth/login', { email: input.email, password: input.password });
    expect(login.json()).toMatchObject({ aal: 'aal1', nextLevel: 'aal2' });
    expect((await other.call('GET', '/api/auth/sessions')).statusCode).toBe(401);
    const factors = await other.call('GET', '/api/auth/factors');
    expect(factors.json()).toEqual([expect.objectContaining({ id, status: 'verified' })]);
    const ch2 = await other.call('POST', `/api/auth/factors/${id}/challenge`, {});
    // The very code used above (made again, it may be the next 30 s step's, which is new).
    const reused = await other.call('POST', `/api/auth/factors/${id}/verify`, { challenge_id: ch2.json().id, code: firstCode });
    expect(reused.statusCode).toBe(401);
    const ok = await other.call('POST', `/api/auth/factors/${id}/verify`, { challenge_id: ch2.json().id, code: totpCode(totp.secret, 1) });
    expect(ok.statusCode).toBe(200);
    expect((await other.call('GET', '/api/auth/sessions')).json()).toHaveLength(2);

    const bad = await other.call('DELETE', `/api/auth/factors/${id}`, { code: '12' });
    expect(bad.statusCode).toBe(400);
    const removed = await other.call('DELETE', `/api/auth/factors/${id}`, { code: verify.json().recoveryCodes[0] });
    expect(removed.statusCode).toBe(200);
    expect((await other.call('GET', '/api/auth/factors')).json()).toEqual([]);
  });

  it('POST /api/auth/factors/{not a uuid}/verify -> 400; unknown uuid -> 404', async () => {
    const b = new Browser();
    await b.call('POST', '/api/auth/register', newUser());
    const notUuid = await b.call('POST', '/api/auth/factors/../../x/verify', { challenge_id: 'x', code: '123456' });
    expect([400, 404]).toContain(notUuid.statusCode);
    const bad = await b.call('POST', '/api/auth/factors/abc/verify', { challenge_id: 'x', code: '123456' });
    expect(bad.statusCode).toBe(400);
    const unknown = await b.call('POST', '/api/auth/factors/00000000-0000-4000-8000-000000000000/challenge', {});
    expect(unknown.statusCode).toBe(404);
  });

  it('phone over REST: the code goes through the SMS transport; password change signs out others', async () => {
    const b = new Browser();
    const input = newUser();
    await b.call('POST', '/api/auth/register', input);
    const enrol = await b.call('POST', '/api/auth/factors', { factor_type: 'phone', phone: '+15555550123' });
    const { id } = enrol.json();
    const ch = await b.call('POST', `/api/auth/factors/${id}/challenge`, { channel: 'sms' });
    const verify = await b.call('POST', `/api/auth/factors/${id}/verify`, { challenge_id: ch.json().id, code: sms.lastCode('+15555550123') });
    expect(verify.statusCode).toBe(200);

    const other = new Browser();
    await other.call('POST', '/api/auth/login', { email: input.email, password: input.password });
    const change = await b.call('POST', '/api/auth/password', {
      currentPassword: input.password,
      newPassword: 'quiet-harbour-lamp',
      confirmPassword: 'quiet-harbour-lamp',
    });
    expect(change.statusCode).toBe(200);
    expect(change.json()).toEqual({ signedOutSessions: 1 });
    expect((await other.call('GET', '/api/auth/me')).body).toBe('null');
    const others = await b.call('POST', '/api/auth/sessions/sign-out-others');
    expect(others.json()).toEqual({ count: 0 });
  });

  it('POST /api/auth/password with a wrong current password -> 400 with the message under currentPassword', async () => {
    const b = new Browser();
    await b.call('POST', '/api/auth/register', newUser());
    const res = await b.call('POST', '/api/auth/password', { currentPassword: 'not-my-password', newPassword: 'quiet-harbour-lamp', confirmPassword: 'quiet-harbour-lamp' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: en(AUTH_MESSAGES.wrongCurrentPassword), fieldErrors: { currentPassword: [en(AUTH_MESSAGES.wrongCurrentPassword)] } });
  });

  it('tRPC mutation auth.login over HTTP with our Origin -> sets the cookie like the shim', async () => {
    const input = newUser();
    await new Browser().call('POST', '/api/auth/register', input);
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: input.email, password: input.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'tonieshelf_session')?.httpOnly).toBe(true);
    expect(res.json().result.data).toMatchObject({ email: input.email });
  });

  it('tRPC validation error -> 400 with fieldErrors and no stack', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/trpc/auth.login',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: { email: 'bad', password: '1' },
    });
    expect(res.statusCode).toBe(400);
    const err = res.json().error;
    expect(err.data.fieldErrors.email).toContain('Please enter a valid email address');
    expect(err.data.fieldErrors.password).toContain('Password must be at least 6 characters');
    expect(err.data.stack).toBeUndefined();
  });
});
