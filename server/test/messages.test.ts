// Server messages in the user's language over HTTP (tRPC and REST): German answers with their
// codes when the request asks for German (the browser app's cookie, or Accept-Language), English
// answers as they always were; users.locale follows the language the user signs in with or
// switches to (one UPDATE, only when it differs; building a request's context writes nothing);
// mails in the recipient's language, read as the .eml files the app writes.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { LANGUAGE_COOKIE } from '@tonieshelf/shared/languages';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../src/deps';
import { createMailer, mailDir } from '../src/mail/mailer';
import { createTestApp, TEST_ORIGIN } from './helpers/app';
import { en as english } from './helpers/messages';
import { multipart } from './helpers/audio';
import { newUser } from './helpers/auth';
import { signedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { latestMailTo, linkIn } from './helpers/mailbox';

let database: TestDatabase;
let app: FastifyInstance;
let dataDir: string;
let mailbox: string;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-messages-'));
  mailbox = mailDir(dataDir);
  const mailer = createMailer({ dataDir, smtpUrl: undefined, mailFrom: 'TonieShelf <no-reply@shelf.example>' }, quietLog);
  app = await createTestApp(database, { dataDir, reportLimits: { perHour: 1, perDay: 5 } }, mailer);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

let addressCounter = 0;
/** A cookie jar over app.inject with an address of its own (the per-address limits stay apart). */
class Browser {
  session = '';
  readonly ip = `10.77.${Math.floor(++addressCounter / 250)}.${addressCounter % 250}`;
  constructor(public language: 'de' | 'en' | null = null) {}

  async call(method: 'GET' | 'POST', url: string, payload?: unknown, headers: Record<string, string> = {}) {
    const cookies = [this.session, this.language ? `${LANGUAGE_COOKIE}=${this.language}` : ''].filter(Boolean).join('; ');
    const res = await app.inject({
      method,
      url,
      remoteAddress: this.ip,
      headers: { ...(method === 'POST' ? { origin: TEST_ORIGIN } : {}), ...(cookies ? { cookie: cookies } : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
    const set = res.cookies.find((c) => c.name.endsWith('tonieshelf_session'));
    if (set) this.session = set.value ? `${set.name}=${set.value}` : '';
    return res;
  }
}

async function registered(language: 'de' | 'en' | null, headers: Record<string, string> = {}) {
  const b = new Browser(language);
  const input = newUser();
  const res = await b.call('POST', '/api/auth/register', input, headers);
  expect(res.statusCode).toBe(201);
  return { browser: b, input, id: (res.json() as { id: string }).id };
}

const localeOf = async (id: string) => (await database.db.selectFrom('users').select('locale').where('id', '=', id).executeTakeFirstOrThrow()).locale;
/** The row version: every UPDATE of the row gives it a new one. */
const rowVersion = async (id: string) => (await sql<{ v: string }>`select xmin::text as v from users where id = ${id}`.execute(database.db)).rows[0]!.v;

describe(`messages in the request's language (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('tRPC: a wrong password at sign-in -> German with the cookie, English without; the same code', async () => {
    const { input } = await registered(null);
    const wrong = { email: input.email, password: 'not-the-password' };
    const de = await new Browser('de').call('POST', '/trpc/auth.login', wrong);
    expect(de.statusCode).toBe(401);
    expect(de.json().error).toMatchObject({ message: 'E-Mail-Adresse oder Passwort ist falsch.', data: { messageCode: 'auth.invalidCredentials' } });
    const en = await new Browser(null).call('POST', '/trpc/auth.login', wrong);
    expect(en.json().error).toMatchObject({ message: english(AUTH_MESSAGES.invalidCredentials), data: { messageCode: 'auth.invalidCredentials' } });
  });

  it('tRPC: registration validation -> German message and fieldErrors by Accept-Language (q values), English by default', async () => {
    const bad = { ...newUser(), email: 'not-an-email', firstName: 'M' };
    const de = await new Browser(null).call('POST', '/trpc/auth.register', bad, { 'accept-language': 'fr;q=1, de-AT;q=0.8, en;q=0.5' });
    expect(de.statusCode).toBe(400);
    const error = de.json().error;
    expect(error.data.fieldErrors).toMatchObject({
      firstName: ['Der Vorname muss mindestens 2 Zeichen lang sein'],
      email: ['Bitte gib eine gültige E-Mail-Adresse ein'],
    });
    expect(error.message).toContain('email: Bitte gib eine gültige E-Mail-Adresse ein');
    expect(error.data.messageCode).toMatch(/^auth\./);

    const en = await new Browser(null).call('POST', '/trpc/auth.register', bad, { 'accept-language': 'en-GB,de;q=0.5' });
    expect(en.json().error.data.fieldErrors).toMatchObject({ firstName: [english(AUTH_MESSAGES.firstNameTooShort)], email: [english(AUTH_MESSAGES.invalidEmail)] });
    expect(en.json().error.message).toContain(`email: ${english(AUTH_MESSAGES.invalidEmail)}`);
  });

  it('the cookie wins over Accept-Language', async () => {
    const res = await new Browser('en').call('POST', '/api/auth/login', { email: 'nobody@example.com', password: 'whatever-it-is' }, { 'accept-language': 'de' });
    expect(res.json()).toMatchObject({ message: english(AUTH_MESSAGES.invalidCredentials), messageCode: 'auth.invalidCredentials' });
  });

  it('REST: a 404 -> German message and code; English unchanged', async () => {
    const de = await new Browser('de').call('GET', '/api/audio-files/999999');
    expect(de.statusCode).toBe(404);
    expect(de.json()).toEqual({ statusCode: 404, error: 'NOT_FOUND', message: 'Diese Audiodatei gibt es nicht (mehr).', messageCode: 'audio.notFound' });
    const en = await new Browser(null).call('GET', '/api/audio-files/999999');
    expect(en.json()).toEqual({ statusCode: 404, error: 'NOT_FOUND', message: 'This audio file does not exist (any more).', messageCode: 'audio.notFound' });
    // An answer a route sends itself (an unknown endpoint) is translated too.
    const nowhere = await new Browser('de').call('GET', '/api/does-not-exist');
    expect(nowhere.json()).toMatchObject({ statusCode: 404, message: 'Diesen Endpunkt gibt es nicht: GET /api/does-not-exist', messageCode: 'http.noEndpoint' });
  });

  it('every error answer carries its code: the search shim, an unknown procedure, a refused origin, a bad JSON body', async () => {
    const search = await new Browser('de').call('GET', '/api/tonies/search?q=%20');
    expect(search.statusCode).toBe(400);
    expect(search.json()).toEqual({ statusCode: 400, error: 'BAD_REQUEST', message: 'Gib einen Suchbegriff ein', messageCode: 'catalogue.searchEmpty' });
    expect((await new Browser(null).call('GET', '/api/tonies/search')).json()).toMatchObject({ message: 'q: Enter something to search for', messageCode: 'catalogue.searchEmpty' });

    const procedure = await new Browser('de').call('GET', '/trpc/nothing.here');
    expect(procedure.statusCode).toBe(404);
    expect(procedure.json().error).toMatchObject({
      message: 'Diese Prozedur gibt es nicht: "nothing.here"',
      data: { messageCode: 'http.noProcedure', messageParams: { path: 'nothing.here' } },
    });
    expect((await new Browser(null).call('GET', '/trpc/nothing.here')).json().error.message).toBe('No procedure found on path "nothing.here"');

    const foreign = await new Browser('de').call('POST', '/api/auth/login', {}, { origin: 'https://elsewhere.example' });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toEqual({
      statusCode: 403,
      error: 'FORBIDDEN',
      message: 'Diese Anfrage kam nicht von einer TonieShelf-Seite und wurde deshalb abgelehnt.',
      messageCode: 'http.foreignOrigin',
    });

    const json = await new Browser('de').call('POST', '/api/auth/login', '{"email":', { 'content-type': 'application/json' });
    expect(json.statusCode).toBe(400);
    expect(json.json()).toMatchObject({ message: 'Die Anfrage enthält kein gültiges JSON.', messageCode: 'http.invalidJson' });
  });

  it("REST and tRPC: a 429 with Retry-After -> German with the wait in German; the report was kept in the sender's language", async () => {
    const report = { kind: 'feedback', explanation: 'Schöne Seite, danke euch!', name: 'Lena', email: `lena-${Date.now()}@example.com` };
    const b = new Browser('de');
    expect((await b.call('POST', '/api/reports', report)).statusCode).toBe(201);
    const refused = await b.call('POST', '/api/reports', { ...report, explanation: 'Noch eine Nachricht für euch.' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.json()).toMatchObject({
      message: 'Von hier wurden zu viele Meldungen geschickt. Bitte versuch es in 1 Stunde noch einmal.',
      messageCode: 'moderation.tooManyReports',
    });
    const viaTrpc = await b.call('POST', '/trpc/report.create', { ...report, explanation: 'Und noch eine Nachricht.' });
    expect(viaTrpc.statusCode).toBe(429);
    expect(viaTrpc.headers['retry-after']).toBeDefined();
    expect(viaTrpc.json().error).toMatchObject({
      message: 'Von hier wurden zu viele Meldungen geschickt. Bitte versuch es in 1 Stunde noch einmal.',
      data: { messageCode: 'moderation.tooManyReports' },
    });

    const stored = await database.db.selectFrom('reports').select(['locale', 'reference']).where('reporter_email', '=', report.email).executeTakeFirstOrThrow();
    expect(stored.locale).toBe('de');
    const receipt = await latestMailTo(mailbox, report.email);
    expect(receipt.subject).toBe(`Wir haben dein Feedback erhalten (${stored.reference})`);
    // Typed into the form, not a confirmed account's: greeted without the name given.
    expect(receipt.text).toContain('Hallo,');
    expect(receipt.text).not.toContain('Lena');
    expect(receipt.html).toContain('<html lang="de">');
  });

  it('an upload refusal (wrong type) -> German with its code; English unchanged', async () => {
    const { browser } = await registered('de');
    const upload = (b: Browser) => {
      const { payload, headers } = multipart([{ filename: 'notes.txt', contentType: 'text/plain', data: Buffer.from('these are not audio bytes at all, just text') }]);
      const cookies = [b.session, b.language ? `${LANGUAGE_COOKIE}=${b.language}` : ''].filter(Boolean).join('; ');
      return app.inject({ method: 'POST', url: '/api/uploads/audio?variant=upload', remoteAddress: b.ip, payload, headers: { ...headers, origin: TEST_ORIGIN, cookie: cookies } });
    };
    const de = await upload(browser);
    expect(de.statusCode).toBe(415);
    expect(de.json()).toMatchObject({ message: 'Bitte lade nur MP3- oder WAV-Audiodateien hoch', messageCode: 'upload.mp3OrWav' });
    browser.language = 'en';
    const en = await upload(browser);
    expect(en.json()).toMatchObject({ message: 'Please upload MP3 or WAV audio files only', messageCode: 'upload.mp3OrWav' });
  });

  it("a yes/no field that is not true or false (on, enabled, helpful, showReviews) -> German 'muss true oder false sein' with its code, over tRPC and REST; English unchanged", async () => {
    const user = await signedInUser(database);
    const german = { ...user.headers, 'accept-language': 'de' };
    const cases: Array<[string, 'POST' | 'PATCH', string, object]> = [
      ['on', 'POST', '/trpc/shelf.set', { tonieId: 1, shelf: 'own', on: 'yes' }],
      ['enabled', 'POST', '/trpc/shelf.setSharing', { shelf: 'own', enabled: 'yes' }],
      ['helpful', 'POST', '/trpc/review.vote', { ratingId: 1, helpful: 'yes' }],
      ['showReviews', 'PATCH', '/api/profile/settings', { showReviews: 'yes' }],
    ];
    for (const [field, method, url, payload] of cases) {
      const de = await app.inject({ method, url, headers: german, payload });
      expect(de.statusCode, de.body).toBe(400);
      const body = url.startsWith('/trpc') ? { ...de.json().error, ...de.json().error.data } : de.json();
      expect(body.fieldErrors, de.body).toEqual({ [field]: [`${field} muss true oder false sein`] });
      expect(body.messageCode, de.body).toBe('boolean.trueOrFalse');
      const en = await app.inject({ method, url, headers: user.headers, payload });
      expect(en.body).toContain(`${field} must be true or false`);
    }
  });

  it("a stored file that does not exist -> the route's own 404, in German", async () => {
    const res = await new Browser('de').call('GET', '/files/audio/nobody/none.mp3');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ statusCode: 404, error: 'NOT_FOUND', message: 'Diese Datei gibt es nicht.', messageCode: 'file.notFound' });
  });
});

describe("users.locale and mails in the recipient's language", () => {
  it('registration keeps the request language and sends the German welcome; requests write nothing; a switch changes it once; mails follow it', async () => {
    const { browser, input, id } = await registered(null, { 'accept-language': 'de-DE,de;q=0.9,en;q=0.8' });
    expect(await localeOf(id)).toBe('de');
    const welcome = await latestMailTo(mailbox, input.email, { subject: 'Willkommen' });
    expect(welcome.subject).toBe('Willkommen bei TonieShelf: Bitte bestätige deine E-Mail-Adresse');
    expect(welcome.text).toContain('Der Link ist 48 Stunden lang gültig.');
    expect(welcome.text).toMatch(/Dein TonieShelf-Team\s*$/);
    expect(linkIn(welcome, '/auth/verify-email')).toMatch(/token=[a-z2-7]{32}$/);

    // Building a request's context writes nothing, whatever language the browser sends.
    browser.language = 'en';
    const before = await rowVersion(id);
    expect((await browser.call('GET', '/api/auth/me')).statusCode).toBe(200);
    expect((await browser.call('GET', '/trpc/auth.me')).statusCode).toBe(200);
    expect(await rowVersion(id)).toBe(before);
    expect(await localeOf(id)).toBe('de');

    // The browser app switches to English: users.locale follows (one write), and the next mail is English.
    expect((await browser.call('POST', '/trpc/account.rememberLanguage', { language: 'en' })).statusCode).toBe(200);
    expect(await localeOf(id)).toBe('en');
    const after = await rowVersion(id);
    expect((await browser.call('POST', '/trpc/account.rememberLanguage', { language: 'en' })).statusCode).toBe(200);
    expect(await rowVersion(id)).toBe(after);

    const asked = new Date();
    expect((await new Browser('de').call('POST', '/api/auth/forgot-password', { email: input.email })).statusCode).toBe(200);
    const reset = await latestMailTo(mailbox, input.email, { after: asked, subject: 'password' });
    expect(reset.subject).toBe('Reset your TonieShelf password');
    expect(reset.text).toContain('Hello ');
  });

  it('account.rememberLanguage: signed out -> 401; an unknown language -> 400; nothing written', async () => {
    const { browser, id } = await registered('en');
    const before = await rowVersion(id);
    expect((await new Browser('de').call('POST', '/trpc/account.rememberLanguage', { language: 'de' })).statusCode).toBe(401);
    expect((await browser.call('POST', '/trpc/account.rememberLanguage', { language: 'fr' })).statusCode).toBe(400);
    expect(await rowVersion(id)).toBe(before);
  });

  it('signing in remembers the language chosen in that browser (its cookie); without one, the account keeps its own', async () => {
    const { input, id } = await registered('en');
    const credentials = { email: input.email, password: input.password };
    expect((await new Browser(null).call('POST', '/trpc/auth.login', credentials, { 'accept-language': 'de' })).statusCode).toBe(200);
    expect(await localeOf(id)).toBe('en');
    expect((await new Browser('de').call('POST', '/trpc/auth.login', credentials)).statusCode).toBe(200);
    expect(await localeOf(id)).toBe('de');
    const asked = new Date();
    expect((await new Browser('en').call('POST', '/api/auth/forgot-password', { email: input.email })).statusCode).toBe(200);
    const reset = await latestMailTo(mailbox, input.email, { after: asked, subject: 'zurücksetzen' });
    expect(reset.subject).toBe('Dein TonieShelf-Passwort zurücksetzen');
  });

  it('a German account gets its password reset and change notice in German, whatever language asked', async () => {
    const { browser, input } = await registered('de');
    const asked = new Date();
    // Asked from an English browser that is not signed in: the account's language decides.
    expect((await new Browser('en').call('POST', '/api/auth/forgot-password', { email: input.email })).statusCode).toBe(200);
    const reset = await latestMailTo(mailbox, input.email, { after: asked, subject: 'zurücksetzen' });
    expect(reset.subject).toBe('Dein TonieShelf-Passwort zurücksetzen');
    expect(reset.text).toContain('Der Link ist 1 Stunde lang und nur einmal gültig.');
    expect(reset.html).toContain('Falls der Button nicht funktioniert, öffne diesen Link:');
    const link = linkIn(reset, '/auth/reset-password');
    const token = new URL(link).searchParams.get('token')!;
    const changed = await browser.call('POST', '/api/auth/reset-password', { token, newPassword: 'Ein-neues-Passwort-42', confirmPassword: 'Ein-neues-Passwort-42' });
    expect(changed.statusCode).toBe(200);
    const notice = await latestMailTo(mailbox, input.email, { after: asked, subject: 'geändert' });
    expect(notice.subject).toBe('Dein TonieShelf-Passwort wurde geändert');
  });
});
