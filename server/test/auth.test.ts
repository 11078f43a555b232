// Accounts, called in-process as the client does: registration, sign-in, throttling, sessions,
// second factors, recovery codes and password changes, with the bad inputs and abuse cases.
import { TRPCError } from '@trpc/server';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatKey } from '@tonieshelf/shared/i18n/messages';
import { digest } from '../src/auth/tokens';
import { AppError } from '../src/errors';
import { en } from './helpers/messages';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { newUser, TestClient, totpCode } from './helpers/auth';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

/** The error a promise rejects with, as { code, message, fieldErrors }. */
async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (err) {
    if (!(err instanceof TRPCError)) throw err;
    // In English, as an answer to a request without a language says them.
    const cause = err.cause as { issues?: { path: PropertyKey[]; message: string }[] } | undefined;
    const fieldErrors: Record<string, string[]> = {};
    for (const issue of cause?.issues ?? []) (fieldErrors[String(issue.path[0])] ??= []).push(formatKey(issue.message, 'en'));
    const message = err instanceof AppError ? en(err.messageRef) : err.message;
    return { code: err.code, message, fieldErrors, retryAfter: (err as { retryAfter?: number }).retryAfter };
  }
  throw new Error('expected the call to fail');
}

async function countUsers() {
  const row = await database.db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

async function registered(overrides = {}) {
  const client = new TestClient(database);
  const input = newUser(overrides);
  const me = await (await client.caller()).auth.register(input);
  return { client, input, me };
}

/** Registers, enrols and verifies a TOTP factor; returns the secret and recovery codes. */
async function withTotp() {
  const { client, input, me } = await registered();
  const api = await client.caller();
  const factor = await api.auth.enrollFactor({ factor_type: 'totp', friendly_name: 'Phone app' });
  const challenge = await api.auth.challenge({ factorId: factor.id });
  const usedCode = totpCode(factor.totp!.secret);
  const verified = await api.auth.verify({ factorId: factor.id, challenge_id: challenge.id, code: usedCode });
  return { client, input, me, factorId: factor.id, secret: factor.totp!.secret, usedCode, recoveryCodes: verified.recoveryCodes! };
}

describe('auth.register', () => {
  it('auth.register: valid input -> user, session cookie, username from email, argon2id hash', async () => {
    const client = new TestClient(database);
    const input = newUser({ email: 'Anna.Berg@Example.com' });
    const me = await (await client.caller()).auth.register(input);
    expect(me).toMatchObject({ firstName: 'Mia', lastName: 'Tester', email: 'Anna.Berg@Example.com', username: 'anna.berg', aal: 'aal1', nextLevel: 'aal1' });
    expect(me).not.toHaveProperty('password_hash');
    expect(client.token).toMatch(/^[a-z2-7]{32}$/);
    const row = await database.db.selectFrom('users').selectAll().where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const session = await database.db.selectFrom('sessions').selectAll().where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(session.id).toBe(digest(client.token!));
    expect(await (await client.caller()).auth.me()).toEqual(me);
  });

  it('auth.register: same local part twice -> second username gets a numeric suffix', async () => {
    const a = await registered({ email: 'sam@one.example' });
    const b = await registered({ email: 'sam@two.example' });
    expect(a.me.username).toBe('sam');
    expect(b.me.username).toBe('sam2');
  });

  it('auth.register: chosen username -> kept; taken username -> CONFLICT', async () => {
    const a = await registered({ username: 'captain_pebble' });
    expect(a.me.username).toBe('captain_pebble');
    const f = await failure(new TestClient(database).caller().then((c) => c.auth.register(newUser({ username: 'Captain_Pebble' }))));
    expect(f).toMatchObject({ code: 'CONFLICT', message: en(AUTH_MESSAGES.usernameTaken) });
  });

  it('auth.register: email already registered in another case -> CONFLICT, no second user', async () => {
    const { input } = await registered();
    const before = await countUsers();
    const f = await failure(new TestClient(database).caller().then((c) => c.auth.register({ ...input, email: input.email.toUpperCase() })));
    expect(f).toMatchObject({ code: 'CONFLICT', message: en(AUTH_MESSAGES.emailTaken) });
    expect(await countUsers()).toBe(before);
  });

  it('auth.register: two concurrent registrations of one email -> exactly one user', async () => {
    const input = newUser();
    const before = await countUsers();
    const results = await Promise.allSettled([
      new TestClient(database).caller().then((c) => c.auth.register(input)),
      new TestClient(database).caller().then((c) => c.auth.register(input)),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect((rejected.reason as TRPCError).code).toBe('CONFLICT');
    expect(await countUsers()).toBe(before + 1);
  });

  it.each([
    [{ firstName: 'A' }, 'firstName', 'First name must be at least 2 characters'],
    [{ lastName: ' B ' }, 'lastName', 'Last name must be at least 2 characters'],
    [{ email: 'not-an-email' }, 'email', 'Please enter a valid email address'],
    [{ password: 'abc', confirmPassword: 'abc' }, 'password', 'Password must be at least 6 characters'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Please confirm your password'],
    [{ confirmPassword: 'another-password' }, 'confirmPassword', "Passwords don't match"],
    [{ password: 'iloveyou', confirmPassword: 'iloveyou' }, 'password', en(AUTH_MESSAGES.commonPassword)],
    [{ password: 'x'.repeat(10_000), confirmPassword: 'x'.repeat(10_000) }, 'password', en(AUTH_MESSAGES.passwordTooLong)],
    [{ firstName: 'x'.repeat(10_000) }, 'firstName', en(AUTH_MESSAGES.nameTooLong)],
    [{ email: `${'x'.repeat(10_000)}@example.com` }, 'email', en(AUTH_MESSAGES.emailTooLong)],
    [{ username: 'no spaces!' }, 'username', en(AUTH_MESSAGES.usernameInvalid)],
  ])('auth.register: %o -> BAD_REQUEST naming %s', async (overrides, field, message) => {
    const before = await countUsers();
    const f = await failure(new TestClient(database).caller().then((c) => c.auth.register(newUser(overrides))));
    expect(f.code).toBe('BAD_REQUEST');
    expect(f.fieldErrors[field]).toContain(message);
    expect(await countUsers()).toBe(before);
  });

  it('auth.register: wrong types and unknown fields -> BAD_REQUEST', async () => {
    const c = await new TestClient(database).caller();
    expect((await failure(c.auth.register({ ...newUser(), email: 42 } as never))).code).toBe('BAD_REQUEST');
    expect((await failure(c.auth.register({ ...newUser(), isAdmin: true } as never))).code).toBe('BAD_REQUEST');
    expect((await failure(c.auth.register(null as never))).code).toBe('BAD_REQUEST');
  });
});

describe('auth.login / logout / me', () => {
  it('auth.login: wrong password and unknown email -> the same UNAUTHORIZED message', async () => {
    const { input } = await registered();
    const c = await new TestClient(database, '198.51.100.1').caller();
    const wrong = await failure(c.auth.login({ email: input.email, password: 'wrong-password' }));
    const unknown = await failure(c.auth.login({ email: 'nobody@example.com', password: 'wrong-password' }));
    expect(wrong).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid email or password.' });
    expect(unknown).toMatchObject({ code: 'UNAUTHORIZED', message: 'Invalid email or password.' });
  });

  it('auth.login: right password -> a new session each time, the previous one ended', async () => {
    const { client, input, me } = await registered();
    const first = client.token!;
    const again = await (await client.caller()).auth.login({ email: input.email.toUpperCase(), password: input.password });
    expect(again.id).toBe(me.id);
    expect(client.token).not.toBe(first);
    const ids = (await database.db.selectFrom('sessions').select('id').where('user_id', '=', me.id).execute()).map((r) => r.id);
    expect(ids).toEqual([digest(client.token!)]);
  });

  it('auth.login: bad inputs -> BAD_REQUEST with the spec messages', async () => {
    const c = await new TestClient(database).caller();
    expect((await failure(c.auth.login({ email: 'nope', password: 'secret1' }))).fieldErrors.email).toContain('Please enter a valid email address');
    expect((await failure(c.auth.login({ email: 'a@b.co', password: '123' }))).fieldErrors.password).toContain('Password must be at least 6 characters');
    expect((await failure(c.auth.login({ email: 'a@b.co', password: 'secret1', extra: 1 } as never))).code).toBe('BAD_REQUEST');
  });

  it('auth.logout: -> session deleted, cookie cleared, me answers null', async () => {
    const { client, me } = await registered();
    await (await client.caller()).auth.logout();
    expect(client.token).toBeNull();
    expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
    expect(await (await client.caller()).auth.me()).toBeNull();
  });

  it('auth.me: forged token -> null; expired session -> null and deleted', async () => {
    const forged = new TestClient(database);
    forged.token = 'a'.repeat(32);
    expect(await (await forged.caller()).auth.me()).toBeNull();
    forged.token = '<script>';
    expect(await (await forged.caller()).auth.me()).toBeNull();

    const { client, me } = await registered();
    await database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', me.id)
      .execute();
    expect(await (await client.caller()).auth.me()).toBeNull();
    expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
  });

  it('auth.me: session past its 90-day absolute lifetime -> null even if recently used', async () => {
    const { client, me } = await registered();
    await database.db
      .updateTable('sessions')
      .set({ absolute_expires_at: new Date(Date.now() - 1000), expires_at: new Date(Date.now() + 86400_000) })
      .where('user_id', '=', me.id)
      .execute();
    expect(await (await client.caller()).auth.me()).toBeNull();
  });

  it('sessions: used after more than an hour -> expiry slides to 30 days; within the hour -> unchanged', async () => {
    const { client, me } = await registered();
    const stale = new Date(Date.now() + 29 * 86400_000);
    await database.db.updateTable('sessions').set({ expires_at: stale }).where('user_id', '=', me.id).execute();
    await (await client.caller()).auth.me();
    const slid = await database.db.selectFrom('sessions').select('expires_at').where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(slid.expires_at.getTime()).toBeGreaterThan(Date.now() + 29.9 * 86400_000);
    await (await client.caller()).auth.me();
    const same = await database.db.selectFrom('sessions').select('expires_at').where('user_id', '=', me.id).executeTakeFirstOrThrow();
    expect(same.expires_at.getTime()).toBe(slid.expires_at.getTime());
  });

  it('protected procedures: signed out -> UNAUTHORIZED with a readable message', async () => {
    const c = await new TestClient(database).caller();
    expect(await failure(c.auth.sessions())).toMatchObject({ code: 'UNAUTHORIZED', message: 'Please sign in to continue.' });
    expect((await failure(c.auth.enrollFactor({ factor_type: 'totp' }))).code).toBe('UNAUTHORIZED');
    expect((await failure(c.auth.factors())).code).toBe('UNAUTHORIZED');
  });
});

describe('sign-in throttling', () => {
  it('auth.login: repeated failures -> TOO_MANY_REQUESTS with retryAfter; success after the wait resets', async () => {
    const { input } = await registered();
    const c = await new TestClient(database, '192.0.2.50').caller();
    await failure(c.auth.login({ email: input.email, password: 'wrong-1' })); // 1st: no wait
    await failure(c.auth.login({ email: input.email, password: 'wrong-2' })); // 2nd: 1 s
    const throttled = await failure(c.auth.login({ email: input.email, password: input.password }));
    expect(throttled.code).toBe('TOO_MANY_REQUESTS');
    expect(throttled.retryAfter).toBe(1);
    expect(throttled.message).toBe('Too many sign-in attempts. Please wait 1 second and try again.');
    await new Promise((r) => setTimeout(r, 1100));
    await c.auth.login({ email: input.email, password: input.password });
    // The account's count was reset: one more failure does not lock it.
    await failure(c.auth.login({ email: input.email, password: 'wrong-3' }));
    await expect(c.auth.login({ email: input.email, password: input.password })).resolves.toMatchObject({ email: input.email });
  });

  it('auth.login: failures for unknown emails -> throttled per email too', async () => {
    const c = await new TestClient(database, '192.0.2.51').caller();
    await failure(c.auth.login({ email: 'ghost@example.com', password: 'wrong-1' }));
    await failure(c.auth.login({ email: 'ghost@example.com', password: 'wrong-2' }));
    expect((await failure(c.auth.login({ email: 'ghost@example.com', password: 'wrong-3' }))).code).toBe('TOO_MANY_REQUESTS');
  });
});

describe('second factors: TOTP', () => {
  it('auth.enrollFactor totp -> unverified factor with QR code, secret and otpauth URI', async () => {
    const { client, me } = await registered();
    const factor = await (await client.caller()).auth.enrollFactor({ factor_type: 'totp' });
    expect(factor.type).toBe('totp');
    expect(factor.totp!.qr_code).toMatch(/^data:image\/svg\+xml/);
    expect(factor.totp!.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(factor.totp!.uri).toContain('otpauth://totp/TonieShelf:');
    expect(factor.totp!.uri).toContain(encodeURIComponent(me.email));
    const listed = await (await client.caller()).auth.factors();
    expect(listed).toEqual([expect.objectContaining({ id: factor.id, factor_type: 'totp', status: 'unverified' })]);
  });

  it('auth.enrollFactor: the name the user gives it, else none (no English default the German page would show)', async () => {
    const { client } = await registered();
    const api = await client.caller();
    const named = await api.auth.enrollFactor({ factor_type: 'totp', friendly_name: '  Tablet  ' });
    const unnamed = await api.auth.enrollFactor({ factor_type: 'totp' });
    expect(named.friendly_name).toBe('Tablet');
    expect(unnamed.friendly_name).toBeNull();
    expect((await api.auth.factors()).map((f) => f.friendly_name)).toEqual(['Tablet', null]);
  });

  it('auth.verify: wrong code -> UNAUTHORIZED, factor stays unverified', async () => {
    const { client } = await registered();
    const api = await client.caller();
    const factor = await api.auth.enrollFactor({ factor_type: 'totp' });
    const ch = await api.auth.challenge({ factorId: factor.id });
    const wrong = totpCode(factor.totp!.secret, 5);
    expect(await failure(api.auth.verify({ factorId: factor.id, challenge_id: ch.id, code: wrong }))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: en(AUTH_MESSAGES.wrongCode),
    });
    expect((await api.auth.factors())[0]!.status).toBe('unverified');
  });

  it('auth.verify: right code -> verified, ten recovery codes once, session aal2', async () => {
    const { client, recoveryCodes, factorId } = await withTotp();
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    const me = await (await client.caller()).auth.me();
    expect(me).toMatchObject({ aal: 'aal2', nextLevel: 'aal2' });
    const stored = await database.db.selectFrom('recovery_codes').select('code_hash').execute();
    expect(stored.map((r) => r.code_hash)).toEqual(expect.arrayContaining(recoveryCodes.map(digest)));
    expect((await (await client.caller()).auth.factors()).find((f) => f.id === factorId)!.status).toBe('verified');
  });

  it('auth.verify: the same code twice -> second UNAUTHORIZED (a used code is never accepted again)', async () => {
    const { client, factorId, usedCode, input } = await withTotp();
    await (await client.caller()).auth.logout();
    await (await client.caller()).auth.login({ email: input.email, password: input.password });
    const api = await client.caller();
    const ch = await api.auth.challenge({ factorId });
    // The enrolment's code is spent (made again it may be the next 30 s step's, which is new).
    const reused = await failure(api.auth.verify({ factorId, challenge_id: ch.id, code: usedCode }));
    expect(reused.code).toBe('UNAUTHORIZED');
    expect(reused.message).toMatch(/already used/);
  });

  it('auth.login with a verified factor -> aal1 needing aal2; protected calls refused until a code', async () => {
    const { client, factorId, secret, input } = await withTotp();
    const c0 = await client.caller();
    await c0.auth.logout();
    const me = await (await client.caller()).auth.login({ email: input.email, password: input.password });
    expect(me).toMatchObject({ aal: 'aal1', nextLevel: 'aal2' });
    const pending = await client.caller();
    expect(await failure(pending.auth.sessions())).toMatchObject({ code: 'UNAUTHORIZED', message: en(AUTH_MESSAGES.secondFactorRequired) });
    expect(await pending.auth.factors()).toEqual([expect.objectContaining({ id: factorId, status: 'verified' })]);
    const ch = await pending.auth.challenge({ factorId });
    const bad = await failure(pending.auth.verify({ factorId, challenge_id: ch.id, code: totpCode(secret, 7) }));
    expect(bad.code).toBe('UNAUTHORIZED');
    const ok = await pending.auth.verify({ factorId, challenge_id: ch.id, code: totpCode(secret, 1) });
    expect(ok.me).toMatchObject({ aal: 'aal2' });
    expect(ok.recoveryCodes).toBeNull();
    await expect((await client.caller()).auth.sessions()).resolves.toHaveLength(1);
  });

  it('auth.verifyRecoveryCode: pending sign-in -> aal2 once; the same code again -> UNAUTHORIZED', async () => {
    const { client, recoveryCodes, input } = await withTotp();
    await (await client.caller()).auth.logout();
    await (await client.caller()).auth.login({ email: input.email, password: input.password });
    const res = await (await client.caller()).auth.verifyRecoveryCode({ code: recoveryCodes[0]!.toUpperCase() });
    expect(res.me.aal).toBe('aal2');
    expect(res.remaining).toBe(9);
    expect(await (await client.caller()).auth.recoveryCodeCount()).toEqual({ remaining: 9 });
    await (await client.caller()).auth.logout();
    await (await client.caller()).auth.login({ email: input.email, password: input.password });
    const again = await failure((await client.caller()).auth.verifyRecoveryCode({ code: recoveryCodes[0]! }));
    expect(again.code).toBe('UNAUTHORIZED');
  });

  it('auth.challenge: another user’s factor id -> NOT_FOUND', async () => {
    const { factorId } = await withTotp();
    const { client } = await registered();
    expect((await failure((await client.caller()).auth.challenge({ factorId }))).code).toBe('NOT_FOUND');
  });

  it('auth.removeFactor: wrong code -> UNAUTHORIZED; current code -> removed with the recovery codes', async () => {
    const { client, factorId, secret, me } = await withTotp();
    const api = await client.caller();
    expect((await failure(api.auth.removeFactor({ factorId, code: '000000' }))).code).toBe('UNAUTHORIZED');
    expect((await failure(api.auth.removeFactor({ factorId, code: 'wrong-words' }))).code).toBe('UNAUTHORIZED');
    await api.auth.removeFactor({ factorId, code: totpCode(secret, 1) });
    expect(await api.auth.factors()).toEqual([]);
    expect(await database.db.selectFrom('recovery_codes').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
    expect(await (await client.caller()).auth.me()).toMatchObject({ nextLevel: 'aal1' });
  });

  it('auth.removeFactor: an unfinished setup -> removed without a code; a verified factor without one -> BAD_REQUEST', async () => {
    const { client, factorId } = await withTotp();
    const api = await client.caller();
    expect(await failure(api.auth.removeFactor({ factorId }))).toMatchObject({ code: 'BAD_REQUEST', message: en(AUTH_MESSAGES.codeOrRecoveryCode) });
    const unfinished = await api.auth.enrollFactor({ factor_type: 'totp' });
    await api.auth.removeFactor({ factorId: unfinished.id });
    expect((await api.auth.factors()).map((f) => f.id)).toEqual([factorId]);
  });

  it('auth.removeFactor: a recovery code stands in for the factor’s code', async () => {
    const { client, factorId, recoveryCodes } = await withTotp();
    await (await client.caller()).auth.removeFactor({ factorId, code: recoveryCodes[3]! });
    expect(await (await client.caller()).auth.factors()).toEqual([]);
  });

  it('auth.regenerateRecoveryCodes -> ten new codes; the old ones stop working', async () => {
    const { client, recoveryCodes, input } = await withTotp();
    const { recoveryCodes: fresh } = await (await client.caller()).auth.regenerateRecoveryCodes();
    expect(fresh).toHaveLength(10);
    await (await client.caller()).auth.logout();
    await (await client.caller()).auth.login({ email: input.email, password: input.password });
    expect((await failure((await client.caller()).auth.verifyRecoveryCode({ code: recoveryCodes[0]! }))).code).toBe('UNAUTHORIZED');
    await expect((await client.caller()).auth.verifyRecoveryCode({ code: fresh[0]! })).resolves.toMatchObject({ remaining: 9 });
  });
});

describe('second factors: phone', () => {
  it('phone factor: challenge sends a code; right code verifies; wrong codes -> 5 tries then TOO_MANY_REQUESTS', async () => {
    const { client } = await registered();
    const api = await client.caller();
    const factor = await api.auth.enrollFactor({ factor_type: 'phone', phone: '+44 7700 900123' });
    expect(factor.phone).toMatch(/^\+44•+23$/);
    const ch = await api.auth.challenge({ factorId: factor.id, channel: 'sms' });
    const code = client.sms.lastCode('+447700900123');
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === '111111' ? '222222' : '111111';
    for (let i = 0; i < 5; i++) {
      expect((await failure(api.auth.verify({ factorId: factor.id, challenge_id: ch.id, code: wrong }))).code).toBe('UNAUTHORIZED');
    }
    // The mfa throttle waits after repeated failures; clear it to reach the per-challenge limit.
    await database.db.deleteFrom('login_throttle').where('key', 'like', 'mfa:%').execute();
    expect((await failure(api.auth.verify({ factorId: factor.id, challenge_id: ch.id, code: code! }))).code).toBe('TOO_MANY_REQUESTS');

    // A minute later (the cool-down between phone codes), a new code.
    await database.db
      .updateTable('rate_events')
      .set({ created_at: new Date(Date.now() - 61_000) })
      .where('key', 'like', 'sms:%')
      .execute();
    const ch2 = await api.auth.challenge({ factorId: factor.id });
    const res = await api.auth.verify({ factorId: factor.id, challenge_id: ch2.id, code: client.sms.lastCode()! });
    expect(res.recoveryCodes).toHaveLength(10);
  });

  it('phone factor: expired code -> UNAUTHORIZED "expired"', async () => {
    const { client } = await registered();
    const api = await client.caller();
    const factor = await api.auth.enrollFactor({ factor_type: 'phone', phone: '+4930123456789' });
    const ch = await api.auth.challenge({ factorId: factor.id });
    await database.db
      .updateTable('auth_challenges')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', ch.id)
      .execute();
    const f = await failure(api.auth.verify({ factorId: factor.id, challenge_id: ch.id, code: client.sms.lastCode()! }));
    expect(f).toMatchObject({ code: 'UNAUTHORIZED', message: en(AUTH_MESSAGES.codeExpired) });
  });

  it('phone factor: bad phone number -> BAD_REQUEST', async () => {
    const { client } = await registered();
    const f = await failure((await client.caller()).auth.enrollFactor({ factor_type: 'phone', phone: '12345' }));
    expect(f.code).toBe('BAD_REQUEST');
    expect(f.fieldErrors.phone?.[0]).toMatch(/international format/);
  });
});

describe('sessions and password', () => {
  it('auth.sessions / signOutOtherSessions / revokeSession -> list own, end others, keep current', async () => {
    const { client, input } = await registered();
    const other1 = new TestClient(database);
    const other2 = new TestClient(database);
    await (await other1.caller()).auth.login({ email: input.email, password: input.password });
    await (await other2.caller()).auth.login({ email: input.email, password: input.password });
    const api = await client.caller();
    const list = await api.auth.sessions();
    expect(list).toHaveLength(3);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const target = digest(other1.token!);
    await api.auth.revokeSession({ sessionId: target });
    expect(await (await other1.caller()).auth.me()).toBeNull();
    expect((await failure(api.auth.revokeSession({ sessionId: target }))).code).toBe('NOT_FOUND');
    expect(await api.auth.signOutOtherSessions()).toEqual({ count: 1 });
    expect(await (await other2.caller()).auth.me()).toBeNull();
    expect(await (await client.caller()).auth.me()).not.toBeNull();
  });

  it('auth.revokeSession: another user’s session id -> NOT_FOUND, that session lives on', async () => {
    const a = await registered();
    const b = await registered();
    const f = await failure((await a.client.caller()).auth.revokeSession({ sessionId: digest(b.client.token!) }));
    expect(f.code).toBe('NOT_FOUND');
    expect(await (await b.client.caller()).auth.me()).not.toBeNull();
  });

  it('auth.changePassword: wrong current -> BAD_REQUEST; right -> new password works, other sessions end', async () => {
    const { client, input } = await registered();
    const other = new TestClient(database);
    await (await other.caller()).auth.login({ email: input.email, password: input.password });
    const api = await client.caller();
    const wrong = await failure(api.auth.changePassword({ currentPassword: 'not-it', newPassword: 'purple-otter-runs', confirmPassword: 'purple-otter-runs' }));
    expect(wrong).toMatchObject({ code: 'BAD_REQUEST', message: en(AUTH_MESSAGES.wrongCurrentPassword) });
    const common = await failure(api.auth.changePassword({ currentPassword: input.password, newPassword: 'password1', confirmPassword: 'password1' }));
    expect(common.fieldErrors.newPassword).toContain(en(AUTH_MESSAGES.commonPassword));
    const res = await api.auth.changePassword({ currentPassword: input.password, newPassword: 'purple-otter-runs', confirmPassword: 'purple-otter-runs' });
    expect(res.signedOutSessions).toBe(1);
    expect(await (await other.caller()).auth.me()).toBeNull();
    const fresh = new TestClient(database);
    expect((await failure((await fresh.caller()).auth.login({ email: input.email, password: input.password }))).code).toBe('UNAUTHORIZED');
    // Two failures on this account (the wrong current password, the old password) mean a 1 s wait.
    await new Promise((r) => setTimeout(r, 1100));
    await expect((await fresh.caller()).auth.login({ email: input.email, password: 'purple-otter-runs' })).resolves.toBeTruthy();
  });
});
