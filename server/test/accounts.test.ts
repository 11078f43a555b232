// Accounts for real life: verification links, password reset, changing the address, the data
// export and deleting an account (reviews kept as 'Anonymous' or deleted, audio and stored files
// gone, counts consistent, storage failures retried); SPEC §7's register shape (username = email).
import { ACCOUNT_MESSAGES, REFUSAL_REASONS } from '@tonieshelf/shared/values/account';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../src/deps';
import { createMemoryMailer, type MailMessage } from '../src/mail/mailer';
import { removeDueDeletions } from '../src/storage/deletions';
import type { LocalStorage } from '../src/storage/local';
import type { Storage } from '../src/storage/storage';
import { createTestApp, createTestStorage, removeTestStorage, sameOrigin } from './helpers/app';
import { failure, newUser, TestClient, totpCode } from './helpers/auth';
import { en } from './helpers/messages';
import { insertTonie, storePendingUpload } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let storage: LocalStorage;
let app: FastifyInstance;
const appMail = createMemoryMailer();

beforeAll(async () => {
  database = await createTestDatabase();
  storage = await createTestStorage('accounts');
  app = await createTestApp(database, {}, appMail, storage);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await removeTestStorage(storage);
});

/** The token of the newest link to `pathPrefix` in the client's mail (to `to`, when given). */
function linkToken(mails: readonly MailMessage[], pathPrefix: string, to?: string): string {
  const mail = [...mails].reverse().find((m) => (!to || m.to === to) && m.text.includes(pathPrefix));
  if (!mail) throw new Error(`no mail with a link to ${pathPrefix}`);
  const url = new URL(mail.text.match(new RegExp(`https?://\\S+${pathPrefix.replace(/\//g, '\\/')}\\S*`))![0]);
  return url.searchParams.get('token')!;
}

async function registered(overrides = {}) {
  const client = new TestClient(database, undefined, storage);
  const input = newUser(overrides);
  const me = await (await client.caller()).auth.register(input);
  return { client, input, me, api: () => client.caller() };
}

async function signIn(email: string, password: string) {
  const client = new TestClient(database, undefined, storage);
  await (await client.caller()).auth.login({ email, password });
  return client;
}

async function verified(overrides = {}) {
  const r = await registered(overrides);
  await (await r.api()).account.verifyEmail({ token: linkToken(r.client.mailer.messages, '/auth/verify-email') });
  return r;
}

/** A file the upload routes would have stored for the user: bytes in storage plus the pending row. */
const pendingUpload = (userId: string, kind: 'audio' | 'cover') => storePendingUpload(database, storage, userId, kind, { duration: 60 });

const aTonie = () => insertTonie(database, 'Account Tonie', 'Hörspiele');
const tonieCounts = async (id: number) => database.db.selectFrom('tonies').select(['rating_count', 'rating_sum']).where('id', '=', id).executeTakeFirstOrThrow();
const exists = async (key: string) => (await storage.stat(key)) !== null;

describe('verified email', () => {
  it('auth.register -> a verification mail with a link; account.verifyEmail -> verified; the link works once; a forged or expired link is refused', async () => {
    const { client, me, api } = await registered();
    expect(me.emailVerified).toBe(false);
    const mail = client.mailer.messages.at(-1)!;
    expect(mail.to).toBe(me.email);
    // Greeted by the first name, not the username.
    expect(mail.text.split('\n')[0]).toBe(`Hello ${me.firstName},`);
    expect(me.firstName).not.toBe(me.username);
    expect(mail.text).toContain('TonieShelf');
    expect(mail.text).toContain('http://tonieshelf.test/auth/verify-email?token=');
    expect(mail.html).toContain('http://tonieshelf.test/auth/verify-email?token=');
    const token = linkToken(client.mailer.messages, '/auth/verify-email');
    // Only the token's hash is stored.
    const stored = await database.db.selectFrom('email_links').select('token_hash').where('user_id', '=', me.id).execute();
    expect(stored.map((r) => r.token_hash)).not.toContain(token);

    expect(await (await api()).account.verifyEmail({ token })).toEqual({ email: me.email });
    expect((await (await api()).auth.me())!.emailVerified).toBe(true);
    expect(await failure((await api()).account.verifyEmail({ token }))).toMatchObject({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.linkUsed });
    expect(await failure((await api()).account.verifyEmail({ token: 'a'.repeat(32) }))).toMatchObject({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.linkInvalid });
    expect(await failure((await api()).account.verifyEmail({ token: 'not a token' }))).toMatchObject({ code: 'BAD_REQUEST' });
    expect(await failure((await api()).account.resendVerification())).toMatchObject({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.alreadyVerified });

    const other = await registered();
    await sql`update email_links set expires_at = now() - interval '1 minute' where user_id = ${other.me.id}`.execute(database.db);
    const expired = linkToken(other.client.mailer.messages, '/auth/verify-email');
    expect(await failure((await other.api()).account.verifyEmail({ token: expired }))).toMatchObject({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.linkExpired });
  });

  it('account.verifyEmail works signed out (the link opened in another browser)', async () => {
    const { client, me } = await registered();
    const stranger = new TestClient(database);
    await (await stranger.caller()).account.verifyEmail({ token: linkToken(client.mailer.messages, '/auth/verify-email') });
    const row = await database.db.selectFrom('users').select('email_verified_at').where('id', '=', me.id).executeTakeFirstOrThrow();
    expect(row.email_verified_at).toBeInstanceOf(Date);
  });

  it('account.resendVerification -> a new link (the old one is no longer valid); at once again -> 429 with Retry-After', async () => {
    const { client, api } = await registered();
    const first = linkToken(client.mailer.messages, '/auth/verify-email');
    await (await api()).account.resendVerification();
    const second = linkToken(client.mailer.messages, '/auth/verify-email');
    expect(second).not.toBe(first);
    const again = await failure((await api()).account.resendVerification());
    expect(again).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(again.retryAfter).toBeGreaterThan(0);
    expect(await failure((await api()).account.verifyEmail({ token: first }))).toMatchObject({ message: ACCOUNT_MESSAGES.linkInvalid });
    await (await api()).account.verifyEmail({ token: second });
  });

  it('a mail server that is down: registration still succeeds; "send the link again" answers 503 with a readable message', async () => {
    const client = new TestClient(database);
    client.mailer.failWith = new Error('connect ECONNREFUSED 127.0.0.1:2525');
    const me = await (await client.caller()).auth.register(newUser());
    expect(me.emailVerified).toBe(false);
    const refused = await failure((await client.caller()).account.resendVerification());
    expect(refused.code).toBe('SERVICE_UNAVAILABLE');
    expect(refused.text).toMatch(/could not send the email/);
  });

  it('publishing needs a verified address: a published create or publishing a draft -> 403 EMAIL_UNVERIFIED; drafts are fine; after verifying it works', async () => {
    const { client, me, api } = await registered();
    const refused = await failure(
      (await api()).audio.create({
        title: 'Bedtime song',
        tags: [],
        status: 'published',
        licence: 'cc-by-4.0',
        rightsConfirmed: true,
        filePath: await pendingUpload(me.id, 'audio'),
      }),
    );
    expect(refused).toMatchObject({ code: 'FORBIDDEN', message: ACCOUNT_MESSAGES.emailUnverified, reason: REFUSAL_REASONS.emailUnverified });
    const draft = await (await api()).audio.create({
      title: 'Bedtime song',
      tags: [],
      status: 'draft',
      licence: 'cc-by-4.0',
      rightsConfirmed: true,
      filePath: await pendingUpload(me.id, 'audio'),
    });
    expect(await failure((await api()).audio.update({ id: draft.id, status: 'published' }))).toMatchObject({ code: 'FORBIDDEN', reason: REFUSAL_REASONS.emailUnverified });
    // The REST body carries the reason too.
    const cookie = `tonieshelf_session=${client.token}`;
    const res = await app.inject({ method: 'PATCH', url: `/api/audio-files/${draft.id}`, headers: { ...sameOrigin, cookie }, payload: { status: 'published' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ reason: 'EMAIL_UNVERIFIED', message: en(ACCOUNT_MESSAGES.emailUnverified), messageCode: ACCOUNT_MESSAGES.emailUnverified });

    await (await api()).account.verifyEmail({ token: linkToken(client.mailer.messages, '/auth/verify-email') });
    expect(await (await api()).audio.update({ id: draft.id, status: 'published' })).toMatchObject({ status: 'published' });
  });
});

describe('SPEC §7 register shape', () => {
  it('username = the email (or any email address) -> no username chosen: derived from the email, never the address', async () => {
    const client = new TestClient(database);
    const input = newUser();
    const me = await (await client.caller()).auth.register({ ...input, username: input.email.toUpperCase() });
    expect(me.username).not.toContain('@');
    expect(input.email.startsWith(me.username)).toBe(true);

    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: sameOrigin,
      remoteAddress: '192.0.2.77',
      payload: { ...newUser(), username: 'someone.else@example.org' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().username).toMatch(/^mia\./);
    // A username that is not an email and breaks the rules is still refused.
    const bad = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: sameOrigin,
      remoteAddress: '192.0.2.78',
      payload: { ...newUser(), username: 'no spaces!' },
    });
    expect(bad.statusCode).toBe(400);
  });
});

describe('password reset', () => {
  it('the same answer for an address with and without an account; only the account gets a mail', async () => {
    const { input } = await registered();
    const asker = new TestClient(database);
    expect(await (await asker.caller()).account.requestPasswordReset({ email: 'nobody-here@example.com' })).toEqual({ ok: true });
    expect(asker.mailer.messages).toHaveLength(0);
    expect(await (await asker.caller()).account.requestPasswordReset({ email: input.email.toUpperCase() })).toEqual({ ok: true });
    expect(asker.mailer.messages).toHaveLength(1);
    expect(asker.mailer.messages[0]!.to).toBe(input.email);
    expect(asker.mailer.messages[0]!.text.split('\n')[0]).toBe(`Hello ${input.firstName},`);
    expect(asker.mailer.messages[0]!.text).toContain('http://tonieshelf.test/auth/reset-password?token=');
  });

  it('a new password from the link: every other session ends, the user is signed in, the link works once, the old password no longer does', async () => {
    const { input, me } = await registered();
    const laptop = await signIn(input.email, input.password);
    const asker = new TestClient(database);
    await (await asker.caller()).account.requestPasswordReset({ email: input.email });
    const token = linkToken(asker.mailer.messages, '/auth/reset-password');

    const weak = await failure((await asker.caller()).account.resetPassword({ token, newPassword: 'password123', confirmPassword: 'password123' }));
    expect(weak).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining(AUTH_MESSAGES.commonPassword) });
    const mismatch = await failure((await asker.caller()).account.resetPassword({ token, newPassword: 'purple-otter-hums', confirmPassword: 'purple-otter-hum' }));
    expect(mismatch.code).toBe('BAD_REQUEST');

    const signedIn = await (await asker.caller()).account.resetPassword({ token, newPassword: 'purple-otter-hums', confirmPassword: 'purple-otter-hums' });
    expect(signedIn).toMatchObject({ id: me.id, aal: 'aal1', nextLevel: 'aal1', emailVerified: true });
    expect((await (await asker.caller()).auth.me())!.id).toBe(me.id);
    expect(await (await laptop.caller()).auth.me()).toBeNull();
    expect(asker.mailer.messages.at(-1)!.subject).toMatch(/password/i);

    expect(await failure((await asker.caller()).account.resetPassword({ token, newPassword: 'another-otter-hums', confirmPassword: 'another-otter-hums' }))).toMatchObject({
      message: ACCOUNT_MESSAGES.linkUsed,
    });
    expect(await failure(new TestClient(database).caller().then((c) => c.auth.login({ email: input.email, password: input.password })))).toMatchObject({ code: 'UNAUTHORIZED' });
    await signIn(input.email, 'purple-otter-hums');
  });

  it('an expired link (over an hour) and a forged one are refused; a newer link makes the older one invalid', async () => {
    const { input, me } = await registered();
    const asker = new TestClient(database);
    await (await asker.caller()).account.requestPasswordReset({ email: input.email });
    const older = linkToken(asker.mailer.messages, '/auth/reset-password');
    await (await asker.caller()).account.requestPasswordReset({ email: input.email });
    const newer = linkToken(asker.mailer.messages, '/auth/reset-password');
    const body = { newPassword: 'purple-otter-hums', confirmPassword: 'purple-otter-hums' };
    expect(await failure((await asker.caller()).account.resetPassword({ token: older, ...body }))).toMatchObject({ message: ACCOUNT_MESSAGES.linkInvalid });
    expect(await failure((await asker.caller()).account.resetPassword({ token: 'b'.repeat(32), ...body }))).toMatchObject({ message: ACCOUNT_MESSAGES.linkInvalid });
    await sql`update email_links set expires_at = now() - interval '1 second' where user_id = ${me.id} and purpose = 'reset'`.execute(database.db);
    expect(await failure((await asker.caller()).account.resetPassword({ token: newer, ...body }))).toMatchObject({ message: ACCOUNT_MESSAGES.linkExpired });
    const link = await database.db
      .selectFrom('email_links')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', me.id)
      .where('purpose', '=', 'reset')
      .executeTakeFirstOrThrow();
    expect(link.created_at.getTime() - Date.now()).toBeLessThan(0);
  });

  it('links are valid for one hour', async () => {
    const { input, me } = await registered();
    await (await new TestClient(database).caller()).account.requestPasswordReset({ email: input.email });
    const link = await database.db
      .selectFrom('email_links')
      .select(['created_at', 'expires_at'])
      .where('user_id', '=', me.id)
      .where('purpose', '=', 'reset')
      .executeTakeFirstOrThrow();
    expect(Math.round((link.expires_at.getTime() - link.created_at.getTime()) / 60000)).toBe(60);
  });

  it('throttled per asking client and address (whether or not it has an account): the 4th request within an hour -> 429, also over REST with Retry-After', async () => {
    for (const email of ['throttle-nobody@example.com', (await registered()).input.email]) {
      const asker = new TestClient(database);
      for (let i = 0; i < 3; i++) await (await asker.caller()).account.requestPasswordReset({ email });
      const refused = await failure((await asker.caller()).account.requestPasswordReset({ email }));
      expect(refused).toMatchObject({
        code: 'TOO_MANY_REQUESTS',
        text: expect.stringMatching(/^Too many reset links were requested\. Please try again in \d+ (minutes?|hours?)\.$/),
      });
    }
    const forgot = () =>
      app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: sameOrigin, remoteAddress: '192.0.2.90', payload: { email: 'throttle-nobody@example.com' } });
    for (let i = 0; i < 3; i++) expect((await forgot()).statusCode).toBe(200);
    const res = await forgot();
    expect(res.statusCode).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });

  it("others' requests never block the owner's: an attacker address and a botnet -> the owner's own request answers 200, the mailbox gets 3 mails, the newest link works", async () => {
    const { input } = await registered();
    const forgot = (remoteAddress: string) => app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: sameOrigin, remoteAddress, payload: { email: input.email } });
    const mails = () => appMail.messages.filter((m) => m.to === input.email);
    const attacker = [];
    for (let i = 0; i < 12; i++) attacker.push((await forgot('192.0.2.60')).statusCode);
    expect(attacker).toEqual([200, 200, 200, ...Array(9).fill(429)]);
    for (let i = 1; i <= 9; i++) expect((await forgot(`198.51.100.${i}`)).statusCode).toBe(200);
    expect(mails()).toHaveLength(3);

    // The owner asks from an address of their own: the same answer, no fourth mail, and the newest one works.
    expect((await forgot('203.0.113.5')).statusCode).toBe(200);
    expect(mails()).toHaveLength(3);
    const token = linkToken(mails(), '/auth/reset-password');
    const body = { newPassword: 'purple-otter-hums', confirmPassword: 'purple-otter-hums' };
    await expect((await new TestClient(database).caller()).account.resetPassword({ token, ...body })).resolves.toMatchObject({ email: input.email });

    // With no usable link left, a request past the cap still mails one; the next waits for it to be used or expire.
    expect((await forgot('203.0.113.6')).statusCode).toBe(200);
    expect(mails()).toHaveLength(4);
    expect((await forgot('198.51.100.10')).statusCode).toBe(200);
    expect(mails()).toHaveLength(4);
    expect(linkToken(mails(), '/auth/reset-password')).not.toBe(token);
  });

  it('opening a link checks it without using it: a usable link -> ok (still usable after); used, expired, forged -> the refusal resetPassword gives', async () => {
    const { input, me } = await registered();
    const asker = new TestClient(database);
    await (await asker.caller()).account.requestPasswordReset({ email: input.email });
    const token = linkToken(asker.mailer.messages, '/auth/reset-password');
    const api = await asker.caller();
    expect(await api.account.checkResetLink({ token })).toEqual({ ok: true });
    expect(await api.account.checkResetLink({ token })).toEqual({ ok: true });
    await api.account.resetPassword({ token, newPassword: 'purple-otter-hums', confirmPassword: 'purple-otter-hums' });
    expect(await failure(api.account.checkResetLink({ token }))).toMatchObject({ code: 'BAD_REQUEST', message: ACCOUNT_MESSAGES.linkUsed, field: 'token' });
    expect(await failure(api.account.checkResetLink({ token: 'b'.repeat(32) }))).toMatchObject({ message: ACCOUNT_MESSAGES.linkInvalid });

    await api.account.requestPasswordReset({ email: input.email });
    const expiring = linkToken(asker.mailer.messages, '/auth/reset-password');
    await sql`update email_links set expires_at = now() - interval '1 second' where user_id = ${me.id} and purpose = 'reset' and used_at is null`.execute(database.db);
    expect(await failure(api.account.checkResetLink({ token: expiring }))).toMatchObject({ message: ACCOUNT_MESSAGES.linkExpired });
    // Over HTTP (a GET the browser sends on opening the page): the refusal and its code, never stored by a cache.
    const res = await app.inject({ method: 'GET', url: `/trpc/account.checkResetLink?input=${encodeURIComponent(JSON.stringify({ token }))}` });
    expect(res.statusCode).toBe(400);
    expect(res.headers['cache-control']).toMatch(/no-store|private/);
  });

  it('with a second factor: after the reset the session still needs the second step', async () => {
    const { client, input, api } = await verified();
    const factor = await (await api()).auth.enrollFactor({ factor_type: 'totp' });
    const challenge = await (await api()).auth.challenge({ factorId: factor.id });
    await (await api()).auth.verify({ factorId: factor.id, challenge_id: challenge.id, code: totpCode(factor.totp!.secret) });
    const asker = new TestClient(database);
    await (await asker.caller()).account.requestPasswordReset({ email: input.email });
    const me = await (await asker.caller()).account.resetPassword({
      token: linkToken(asker.mailer.messages, '/auth/reset-password'),
      newPassword: 'purple-otter-hums',
      confirmPassword: 'purple-otter-hums',
    });
    expect(me).toMatchObject({ aal: 'aal1', nextLevel: 'aal2' });
    expect(await failure((await asker.caller()).account.emailStatus())).toMatchObject({ code: 'UNAUTHORIZED', message: AUTH_MESSAGES.secondFactorRequired });
    expect(await (await client.caller()).auth.me()).toBeNull();
  });

  it('REST: POST /api/auth/forgot-password and /api/auth/reset-password', async () => {
    const { input } = await registered();
    const before = appMail.messages.length;
    const asked = await app.inject({ method: 'POST', url: '/api/auth/forgot-password', headers: sameOrigin, payload: { email: input.email } });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toEqual({ ok: true });
    expect(appMail.messages.length).toBe(before + 1);
    const token = linkToken(appMail.messages, '/auth/reset-password', input.email);
    const reset = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: sameOrigin,
      payload: { token, newPassword: 'purple-otter-hums', confirmPassword: 'purple-otter-hums' },
    });
    expect(reset.statusCode).toBe(200);
    expect(reset.cookies.some((c) => c.name.endsWith('tonieshelf_session') && c.value)).toBe(true);
    const again = await app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: sameOrigin,
      payload: { token, newPassword: 'purple-otter-hums', confirmPassword: 'purple-otter-hums' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: en(ACCOUNT_MESSAGES.linkUsed), messageCode: ACCOUNT_MESSAGES.linkUsed, fieldErrors: { token: [en(ACCOUNT_MESSAGES.linkUsed)] } });
  });
});

describe('changing the email address', () => {
  it("needs the password; the new address gets a link and becomes the account's when opened; the old address is told", async () => {
    const { client, input, me, api } = await verified();
    const newEmail = `new.${me.username}@example.net`;
    expect(await failure((await api()).account.changeEmail({ newEmail, password: 'wrong-password' }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: ACCOUNT_MESSAGES.wrongPassword,
      field: 'password',
    });
    expect(await failure((await api()).account.changeEmail({ newEmail: input.email.toUpperCase(), password: input.password }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: ACCOUNT_MESSAGES.sameEmail,
    });
    const taken = (await registered()).input.email;
    expect(await failure((await api()).account.changeEmail({ newEmail: taken, password: input.password }))).toMatchObject({ code: 'CONFLICT', message: AUTH_MESSAGES.emailTaken });

    // The wrong password above waits a second before the next check.
    await new Promise((r) => setTimeout(r, 1100));
    const status = await (await api()).account.changeEmail({ newEmail, password: input.password });
    expect(status).toEqual({ email: input.email, verified: true, pendingEmail: newEmail });
    expect(client.mailer.messages.at(-1)!.to).toBe(newEmail);
    // Not yet: sign-in still uses the old address.
    await signIn(input.email, input.password);

    const stranger = new TestClient(database);
    await (await stranger.caller()).account.verifyEmail({ token: linkToken(client.mailer.messages, '/auth/verify-email', newEmail) });
    expect(await (await api()).account.emailStatus()).toEqual({ email: newEmail, verified: true, pendingEmail: null });
    const notice = stranger.mailer.messages.at(-1)!;
    expect(notice.to).toBe(input.email);
    expect(notice.text).toContain(newEmail);
    await signIn(newEmail, input.password);
  });

  it('REST: GET and POST /api/account/email; signed out -> 401', async () => {
    const { client, input } = await verified();
    const cookie = `tonieshelf_session=${client.token}`;
    const got = await app.inject({ method: 'GET', url: '/api/account/email', headers: { cookie } });
    expect(got.json()).toEqual({ email: input.email, verified: true, pendingEmail: null });
    const wrong = await app.inject({
      method: 'POST',
      url: '/api/account/email',
      headers: { ...sameOrigin, cookie },
      payload: { newEmail: 'x@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual({ password: [en(ACCOUNT_MESSAGES.wrongPassword)] });
    expect((await app.inject({ method: 'GET', url: '/api/account/email' })).statusCode).toBe(401);
  });
});

describe('download my data', () => {
  it('account.exportData and GET /api/account/export: the account, ratings with reviews and tags, audio with file links, likes; no password hash', async () => {
    const { client, me, api } = await verified();
    const tonieId = await aTonie();
    await (await api()).review.create({ tonieId, rating: 4, review: 'Lovely voices', tags: ['Calm'] });
    const song = await (await api()).audio.create({
      title: 'Bedtime song',
      tags: ['Sleep'],
      status: 'published',
      licence: 'cc-by-4.0',
      rightsConfirmed: true,
      filePath: await pendingUpload(me.id, 'audio'),
      coverPath: await pendingUpload(me.id, 'cover'),
    });
    await (await api()).audio.toggleLike({ id: song.id });

    const data = await (await api()).account.exportData();
    expect(data.account).toMatchObject({ id: me.id, username: me.username, email: me.email, emailVerified: true });
    expect(data.ratings).toEqual([expect.objectContaining({ tonieId, tonieName: 'Account Tonie', rating: 4, review: 'Lovely voices', tags: ['Calm'], editedAt: null })]);
    expect(data.audio).toEqual([expect.objectContaining({ id: song.id, title: 'Bedtime song', status: 'published', tags: ['Sleep'], likeCount: 1 })]);
    expect(data.audio[0]!.fileUrl).toMatch(/^http:\/\/tonieshelf\.test\/.+\.mp3$/);
    expect(data.audio[0]!.coverUrl).toMatch(/^http:\/\/tonieshelf\.test\/.+\.png$/);
    expect(data.likes).toEqual([expect.objectContaining({ audioId: song.id, title: 'Bedtime song' })]);

    const res = await app.inject({ method: 'GET', url: '/api/account/export', headers: { cookie: `tonieshelf_session=${client.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="tonieshelf-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.json"$`));
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).not.toMatch(/argon2|password/i);
    expect(JSON.parse(res.body).ratings).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
  });

  it('account.exportData: the shelves (Tonie, article, shelf, added date), share links, profile settings and helpful votes given', async () => {
    const { me, api } = await verified();
    const author = await verified();
    const [owned, wished] = [await aTonie(), await insertTonie(database, 'Wished Tonie', 'Hörspiele')];
    const added = new Date('2026-03-01T10:00:00.000Z');
    const favAt = new Date('2026-03-02T10:00:00.000Z');
    await database.db
      .insertInto('shelf_items')
      .values([
        { user_id: me.id, tonie_id: owned, status: 'own', status_at: added, favourite: true, favourite_at: favAt },
        { user_id: me.id, tonie_id: wished, status: 'wishlist', status_at: added },
      ])
      .execute();
    const token = 'a'.repeat(43);
    await database.db.insertInto('shelf_shares').values({ user_id: me.id, shelf: 'wishlist', token }).execute();
    await (await api()).profile.updateSettings({ publicShelves: ['favourites', 'own'], showReviews: false });
    const review = await (await author.api()).review.create({ tonieId: wished, rating: 5, review: 'Our favourite' });
    await (await api()).review.vote({ ratingId: review.id, helpful: true });
    const article = async (id: number) => (await database.db.selectFrom('tonies').select('article').where('id', '=', id).executeTakeFirstOrThrow()).article;

    const data = await (await api()).account.exportData();
    expect(data.shelves).toEqual([
      { shelf: 'own', tonieId: owned, tonieName: 'Account Tonie', article: await article(owned), addedAt: added.toISOString() },
      { shelf: 'wishlist', tonieId: wished, tonieName: 'Wished Tonie', article: await article(wished), addedAt: added.toISOString() },
      { shelf: 'favourites', tonieId: owned, tonieName: 'Account Tonie', article: await article(owned), addedAt: favAt.toISOString() },
    ]);
    expect(data.shareLinks).toEqual([{ shelf: 'wishlist', token, url: `http://tonieshelf.test/shared/${token}`, sharedSince: expect.any(String) }]);
    expect(data.profileSettings).toEqual({ publicShelves: ['own', 'favourites'], showReviews: false });
    expect(data.helpfulVotes).toEqual([{ ratingId: review.id, tonieId: wished, tonieName: 'Wished Tonie', votedAt: expect.any(String) }]);
    // Nothing of that for an account that has none of it.
    const empty = await (await (await verified()).api()).account.exportData();
    expect(empty).toMatchObject({ shelves: [], shareLinks: [], profileSettings: { publicShelves: [], showReviews: true }, helpfulVotes: [] });
  });
});

describe('deleting an account', () => {
  async function withContent() {
    const owner = await verified();
    const fan = await verified();
    const tonieId = await aTonie();
    await (await owner.api()).review.create({ tonieId, rating: 2, review: 'Too loud for bedtime', tags: ['Loud'] });
    await (await fan.api()).review.create({ tonieId, rating: 5 });
    const ownFile = await (await owner.api()).audio.create({
      title: 'Owner song',
      tags: [],
      status: 'published',
      licence: 'cc-by-4.0',
      rightsConfirmed: true,
      filePath: await pendingUpload(owner.me.id, 'audio'),
      coverPath: await pendingUpload(owner.me.id, 'cover'),
    });
    const fanFile = await (await fan.api()).audio.create({
      title: 'Fan song',
      tags: [],
      status: 'published',
      licence: 'cc-by-4.0',
      rightsConfirmed: true,
      filePath: await pendingUpload(fan.me.id, 'audio'),
    });
    await (await owner.api()).audio.toggleLike({ id: fanFile.id });
    await (await fan.api()).audio.toggleLike({ id: ownFile.id });
    const unattached = await pendingUpload(owner.me.id, 'audio');
    const row = await database.db.selectFrom('audio_files').select(['file_path', 'cover_path']).where('id', '=', ownFile.id).executeTakeFirstOrThrow();
    return { owner, fan, tonieId, ownFile, fanFile, keys: [row.file_path, row.cover_path!, unattached] };
  }

  it('a wrong password -> 400 on the password field; nothing is deleted', async () => {
    const { api, me } = await verified();
    expect(await failure((await api()).account.deleteAccount({ password: 'not-my-password', keepReviews: true }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: ACCOUNT_MESSAGES.wrongPassword,
      field: 'password',
    });
    expect(await database.db.selectFrom('users').select('id').where('id', '=', me.id).executeTakeFirst()).toBeDefined();
  });

  it("keeping the reviews: they stay as 'Anonymous' with the Tonie's counts unchanged; sessions, factors, audio, stored files and likes go, counts follow", async () => {
    const { owner, fan, tonieId, ownFile, fanFile, keys } = await withContent();
    const other = await signIn(owner.input.email, owner.input.password);
    expect(await tonieCounts(tonieId)).toEqual({ rating_count: 2, rating_sum: 7 });
    for (const key of keys) expect(await exists(key)).toBe(true);

    expect(await (await owner.api()).account.deleteAccount({ password: owner.input.password, keepReviews: true })).toEqual({ ok: true });
    expect(owner.client.token).toBeNull();
    expect(await (await other.caller()).auth.me()).toBeNull();
    expect(await database.db.selectFrom('users').select('id').where('id', '=', owner.me.id).executeTakeFirst()).toBeUndefined();
    expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', owner.me.id).execute()).toEqual([]);
    expect(await tonieCounts(tonieId)).toEqual({ rating_count: 2, rating_sum: 7 });
    const reviews = await (await fan.api()).review.list({ tonieId });
    const kept = reviews.find((r) => r.review === 'Too loud for bedtime');
    expect(kept).toBeDefined();
    expect(JSON.stringify(kept)).not.toContain(owner.me.username);
    expect(JSON.stringify(kept)).toContain('Anonymous');
    expect(await database.db.selectFrom('audio_files').select('id').where('id', '=', ownFile.id).executeTakeFirst()).toBeUndefined();
    for (const key of keys) expect(await exists(key)).toBe(false);
    expect(await database.db.selectFrom('storage_deletions').select('key').where('key', 'in', keys).execute()).toEqual([]);
    expect((await (await fan.api()).audio.byId({ id: fanFile.id })).likeCount).toBe(0);
    // The address is free again.
    await registered({ email: owner.input.email });
  });

  it('shelves, share links and helpful votes go with the account; the helpful count of the review it voted for drops; votes on its kept reviews stay', async () => {
    const { owner, fan, tonieId } = await withContent();
    const reviews = await (await fan.api()).review.list({ tonieId });
    const fanReview = reviews.find((r) => r.userId === fan.me.id)!;
    const ownerReview = reviews.find((r) => r.userId === owner.me.id)!;
    await (await owner.api()).review.vote({ ratingId: fanReview.id, helpful: true });
    await (await fan.api()).review.vote({ ratingId: ownerReview.id, helpful: true });
    await database.db.insertInto('shelf_items').values({ user_id: owner.me.id, tonie_id: tonieId, status: 'own', status_at: new Date() }).execute();
    await database.db
      .insertInto('shelf_shares')
      .values({ user_id: owner.me.id, shelf: 'own', token: 'b'.repeat(43) })
      .execute();
    const helpful = async (id: number) => (await database.db.selectFrom('ratings').select('helpful_count').where('id', '=', id).executeTakeFirstOrThrow()).helpful_count;
    expect(await helpful(fanReview.id)).toBe(1);

    await (await owner.api()).account.deleteAccount({ password: owner.input.password, keepReviews: true });
    expect(await helpful(fanReview.id)).toBe(0);
    expect(await database.db.selectFrom('review_votes').select('rating_id').where('user_id', '=', owner.me.id).execute()).toEqual([]);
    expect(await database.db.selectFrom('shelf_items').select('tonie_id').where('user_id', '=', owner.me.id).execute()).toEqual([]);
    expect(await database.db.selectFrom('shelf_shares').select('shelf').where('user_id', '=', owner.me.id).execute()).toEqual([]);
    // The kept ('Anonymous') review keeps the fan's vote.
    expect(await helpful(ownerReview.id)).toBe(1);
    expect((await (await fan.api()).review.list({ tonieId, sort: 'helpful' }))[0]).toMatchObject({ id: ownerReview.id, helpfulCount: 1, username: null });
  });

  it("deleting the reviews: they go and the Tonie's counts follow", async () => {
    const { owner, tonieId } = await withContent();
    await (await owner.api()).account.deleteAccount({ password: owner.input.password, keepReviews: false });
    expect(await tonieCounts(tonieId)).toEqual({ rating_count: 1, rating_sum: 5 });
    expect(await database.db.selectFrom('ratings').select('id').where('tonie_id', '=', tonieId).where('user_id', 'is', null).execute()).toEqual([]);
  });

  it('with a second factor: no code -> 400; a wrong code -> refused; a recovery code -> deleted', async () => {
    const { api, me, input } = await verified();
    const factor = await (await api()).auth.enrollFactor({ factor_type: 'totp' });
    const challenge = await (await api()).auth.challenge({ factorId: factor.id });
    const { recoveryCodes } = await (await api()).auth.verify({ factorId: factor.id, challenge_id: challenge.id, code: totpCode(factor.totp!.secret) });
    expect(await failure((await api()).account.deleteAccount({ password: input.password, keepReviews: false }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: ACCOUNT_MESSAGES.codeRequired,
    });
    expect(await failure((await api()).account.deleteAccount({ password: input.password, keepReviews: false, code: 'aaaaa-aaaaa' }))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: AUTH_MESSAGES.removalCodeInvalid,
    });
    await (await api()).account.deleteAccount({ password: input.password, keepReviews: false, code: recoveryCodes![0]! });
    expect(await database.db.selectFrom('auth_factors').select('id').where('user_id', '=', me.id).execute()).toEqual([]);
  });

  it('a storage that fails: the account is still deleted, its files stay queued and are removed by the clean-up job once the storage answers', async () => {
    const { owner, keys } = await withContent();
    const failing: Storage = {
      ...storage,
      put: storage.put.bind(storage),
      get: storage.get.bind(storage),
      stat: storage.stat.bind(storage),
      delete: async () => {
        throw new Error('storage is down');
      },
    };
    const client = new TestClient(database, undefined, failing);
    client.token = owner.client.token;
    await (await client.caller()).account.deleteAccount({ password: owner.input.password, keepReviews: true });
    const queued = await database.db.selectFrom('storage_deletions').select(['key', 'attempts', 'last_error']).where('key', 'in', keys).execute();
    expect(queued).toHaveLength(3);
    expect(queued.every((q) => q.attempts === 1 && q.last_error === 'storage is down')).toBe(true);
    for (const key of keys) expect(await exists(key)).toBe(true);

    // Not due yet: nothing happens; once due, the job removes them.
    await removeDueDeletions({ db: database.db, storage, log: quietLog });
    for (const key of keys) expect(await exists(key)).toBe(true);
    await database.db
      .updateTable('storage_deletions')
      .set({ next_attempt_at: new Date(Date.now() - 1000) })
      .where('key', 'in', keys)
      .execute();
    expect(await removeDueDeletions({ db: database.db, storage, log: quietLog })).toBeGreaterThanOrEqual(3);
    for (const key of keys) expect(await exists(key)).toBe(false);
    expect(await database.db.selectFrom('storage_deletions').select('key').where('key', 'in', keys).execute()).toEqual([]);
  });

  it('REST: DELETE /api/account clears the cookie', async () => {
    const { client, input } = await verified();
    const res = await app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: { ...sameOrigin, cookie: `tonieshelf_session=${client.token}` },
      payload: { password: input.password, keepReviews: true },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name.endsWith('tonieshelf_session'))?.value).toBe('');
    const missing = await app.inject({ method: 'DELETE', url: '/api/account', headers: { ...sameOrigin }, payload: { password: 'x', keepReviews: true } });
    expect(missing.statusCode).toBe(401);
  });
});
