// Reports (notices about content) and contact messages: anonymous and signed-in reporters, field
// errors, unknown or invisible targets, one open report per reporter and item, the rate limits,
// the reference and the confirmation email, the operator's notice, and the REST route (201).
import { MODERATION_MESSAGES, REPORT_REASON_LABELS } from '@tonieshelf/shared/values/moderation';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { REPORT_LIMITS } from '../src/moderation/service';
import { REPORT_ADDRESS_LIMITS, UNCONFIRMED_RECIPIENT_LIMITS } from '../src/auth/rate-limit';
import { en } from './helpers/messages';
import { sameOrigin, testConfig, TEST_ORIGIN } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { failure } from './helpers/auth';
import { insertAudio, insertReview, insertTonie } from './helpers/content';
import { Browser, newMailer, person, type Person } from './helpers/moderation';

let database: TestDatabase;
const mailer = newMailer();
let owner: Person;
let fileId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  owner = await person(database, mailer);
  fileId = await insertAudio(database, owner.id, { title: 'Copied audio play' });
});

afterAll(async () => {
  await database?.close();
});

const anonymousReport = (overrides: Record<string, unknown> = {}) => ({
  kind: 'report' as const,
  reason: 'copyright' as const,
  targetType: 'audio' as const,
  targetId: String(fileId),
  explanation: 'This is the official audio play, copied from the Tonie.',
  name: 'Rita Rights',
  email: 'rita@example.com',
  goodFaith: true,
  ...overrides,
});

const REFERENCE = /^TS-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/;

describe(`reports (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('anonymous report -> reference, a stored open report with the filled-in address, and a confirmation email with the reference and what happens next', async () => {
    const browser = new Browser(database, mailer);
    const before = mailer.messages.length;
    const receipt = await (await browser.api()).report.create(anonymousReport());
    expect(receipt.reference).toMatch(REFERENCE);
    const row = await database.db.selectFrom('reports').selectAll().where('reference', '=', receipt.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      kind: 'report',
      reason: 'copyright',
      target_type: 'audio',
      target_id: String(fileId),
      content_url: `/audio/discover?audio=${fileId}`,
      reporter_id: null,
      reporter_name: 'Rita Rights',
      reporter_email: 'rita@example.com',
      reporter_key: 'email:rita@example.com',
      status: 'open',
      good_faith: true,
    });
    const mails = mailer.messages.slice(before);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.to).toBe('rita@example.com');
    expect(mail.subject).toContain(receipt.reference);
    // The address was typed into the form: the receipt holds the reference, not the name, link or text given.
    expect(mail.text).toContain('Hello there,');
    expect(mail.text).toContain(`Your reference number is ${receipt.reference}`);
    expect(mail.text).toContain(REPORT_REASON_LABELS.copyright);
    expect(mail.text).toContain('What happens next');
    for (const chosen of ['Rita Rights', '/audio/discover', 'copied from the Tonie']) expect(mail.text + mail.html).not.toContain(chosen);
    expect(mail.html).toContain(receipt.reference);
  });

  it('signed in -> the account is the reporter (name and email inputs ignored); the same person cannot report the same item twice while open (409)', async () => {
    const reporter = await person(database, mailer);
    const receipt = await (await reporter.api()).report.create(anonymousReport({ name: 'Somebody Else', email: 'else@example.com', reason: 'spam' }));
    const row = await database.db.selectFrom('reports').selectAll().where('reference', '=', receipt.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ reporter_id: reporter.id, reporter_name: reporter.username, reporter_email: reporter.email, reporter_key: `user:${reporter.id}` });
    expect(mailer.messages.at(-1)!.to).toBe(reporter.email);
    expect(await failure((await reporter.api()).report.create(anonymousReport({ reason: 'illegal' })))).toMatchObject({
      code: 'CONFLICT',
      message: MODERATION_MESSAGES.duplicateReport,
    });
  });

  it('anonymous duplicates are told apart by email (case-insensitive): the same address twice -> 409, another address -> fine', async () => {
    const first = new Browser(database, mailer);
    const file = await insertAudio(database, owner.id);
    await (await first.api()).report.create(anonymousReport({ targetId: String(file), email: 'Dup@Example.com' }));
    const second = new Browser(database, mailer);
    expect(await failure((await second.api()).report.create(anonymousReport({ targetId: String(file), email: 'dup@example.com' })))).toMatchObject({ code: 'CONFLICT' });
    await expect((await second.api()).report.create(anonymousReport({ targetId: String(file), email: 'other@example.com' }))).resolves.toMatchObject({
      reference: expect.stringMatching(REFERENCE),
    });
  });

  it('signed out without a name or email -> 400 with the field message; no reason or good faith -> 400 (schema); short explanation -> 400', async () => {
    const api = await new Browser(database, mailer).api();
    expect(await failure(api.report.create(anonymousReport({ name: '' })))).toMatchObject({ code: 'BAD_REQUEST', message: MODERATION_MESSAGES.nameRequired, field: 'name' });
    expect(await failure(api.report.create(anonymousReport({ email: undefined })))).toMatchObject({
      code: 'BAD_REQUEST',
      message: MODERATION_MESSAGES.emailRequired,
      field: 'email',
    });
    expect((await failure(api.report.create(anonymousReport({ reason: undefined })))).message).toContain(MODERATION_MESSAGES.reasonRequired);
    expect((await failure(api.report.create(anonymousReport({ goodFaith: false })))).message).toContain(MODERATION_MESSAGES.goodFaithRequired);
    expect((await failure(api.report.create(anonymousReport({ explanation: 'bad' })))).message).toContain(MODERATION_MESSAGES.explanationRequired);
    expect((await failure(api.report.create(anonymousReport({ contentUrl: 'javascript:alert(1)' })))).message).toContain(MODERATION_MESSAGES.contentUrlInvalid);
    // A path that URL parsers resolve to another host ('/\\host' reads as '//host').
    for (const contentUrl of ['/\\evil.example/x', '//evil.example/x', '/\t/evil.example']) {
      expect((await failure(api.report.create(anonymousReport({ contentUrl })))).message, contentUrl).toContain(MODERATION_MESSAGES.contentUrlInvalid);
    }
  });

  it('targets that do not exist or the reporter may not see -> 404 targetNotFound; own hidden file may be reported by its owner; a user and a review can be reported', async () => {
    const api = await new Browser(database, mailer).api();
    for (const [targetType, targetId] of [
      ['audio', '999999'],
      ['audio', 'abc'],
      ['review', '999999'],
      ['user', '00000000-0000-4000-8000-000000000000'],
      ['user', 'not-a-uuid'],
    ] as const) {
      expect(await failure(api.report.create(anonymousReport({ targetType, targetId })))).toMatchObject({ code: 'NOT_FOUND', message: MODERATION_MESSAGES.targetNotFound });
    }
    const draft = await insertAudio(database, owner.id, { status: 'draft' });
    expect(await failure(api.report.create(anonymousReport({ targetId: String(draft) })))).toMatchObject({ code: 'NOT_FOUND' });
    await expect((await owner.api()).report.create(anonymousReport({ targetId: String(draft), reason: 'other' }))).resolves.toHaveProperty('reference');

    const tonieId = await insertTonie(database);
    const review = await insertReview(database, tonieId, owner.id);
    const r = await api.report.create(anonymousReport({ targetType: 'review', targetId: String(review), email: 'rev@example.com', reason: 'personal_data' }));
    const row = await database.db.selectFrom('reports').select('content_url').where('reference', '=', r.reference).executeTakeFirstOrThrow();
    expect(row.content_url).toBe(`/catalog?tonieId=${tonieId}&review=${review}`);
    const u = await api.report.create(
      anonymousReport({ targetType: 'user', targetId: owner.id, email: 'user@example.com', reason: 'spam', contentUrl: 'https://elsewhere.example/x' }),
    );
    const urow = await database.db.selectFrom('reports').select('content_url').where('reference', '=', u.reference).executeTakeFirstOrThrow();
    expect(urow.content_url).toBe('https://elsewhere.example/x');
    // Hidden by moderators: gone for others.
    await database.db.updateTable('ratings').set({ hidden_at: new Date() }).where('id', '=', review).execute();
    expect(await failure(api.report.create(anonymousReport({ targetType: 'review', targetId: String(review), email: 'rev2@example.com' })))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it(`no relay: 12 messages from 12 addresses to one mailbox -> ${UNCONFIRMED_RECIPIENT_LIMITS.perAddressDay} receipts, all stored; its domain gets at most ${UNCONFIRMED_RECIPIENT_LIMITS.perDomainDay} a day`, async () => {
    const victim = 'victim@relay-target.example';
    const before = mailer.messages.length;
    for (let i = 0; i < 12; i++) {
      await (await new Browser(database, mailer, `198.51.100.${i + 1}`).api()).report.create({
        kind: 'feedback',
        explanation: `Click https://evil.example/${i} to claim your prize`,
        name: 'You won',
        email: [victim, victim.toUpperCase(), victim.replace('@', `+${i}@`)][i % 3]!,
      });
    }
    const received = mailer.messages.slice(before).filter((m) => m.to.toLowerCase().replace(/\+\d+@/, '@') === victim);
    expect(received).toHaveLength(UNCONFIRMED_RECIPIENT_LIMITS.perAddressDay);
    for (const mail of received) expect(mail.text + mail.html).not.toMatch(/evil\.example|You won/);
    const stored = await database.db.selectFrom('reports').select('id').where('reporter_email', 'ilike', 'victim%@relay-target.example').execute();
    expect(stored).toHaveLength(12);

    const domainBefore = mailer.messages.length;
    for (let i = 0; i < UNCONFIRMED_RECIPIENT_LIMITS.perDomainDay + 2; i++) {
      await (await new Browser(database, mailer, `198.51.101.${i + 1}`).api()).report.create({
        kind: 'feedback',
        explanation: 'Many addresses at one domain',
        name: 'N',
        email: `person${i}@one-domain.example`,
      });
    }
    expect(mailer.messages.slice(domainBefore).filter((m) => m.to.endsWith('@one-domain.example'))).toHaveLength(UNCONFIRMED_RECIPIENT_LIMITS.perDomainDay);
  });

  it('a signed-in account with a confirmed address -> the full receipt, quoting what it sent, beyond the unconfirmed cap', async () => {
    const reporter = await person(database, mailer);
    for (let i = 0; i <= UNCONFIRMED_RECIPIENT_LIMITS.perAddressDay; i++) {
      await (await reporter.api()).report.create({ kind: 'feedback', explanation: `My own message number ${i}`, name: null, email: null });
      const mail = mailer.messages.at(-1)!;
      expect(mail.to).toBe(reporter.email);
      expect(mail.text).toContain(`Hello ${reporter.username},`);
      expect(mail.text).toContain(`My own message number ${i}`);
    }
  });

  it('bug and feedback messages need no reason, target or good faith; they are stored with their kind and confirmed with a reference', async () => {
    const api = await new Browser(database, mailer).api();
    const receipt = await api.report.create({ kind: 'bug', explanation: 'The player stops after one minute on my phone.', name: 'Ben', email: 'ben@example.com' });
    const row = await database.db.selectFrom('reports').selectAll().where('reference', '=', receipt.reference).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'bug', reason: null, target_type: null, target_id: null, good_faith: false });
    const mail = mailer.messages.at(-1)!;
    expect(mail).toMatchObject({ to: 'ben@example.com' });
    expect(mail.subject).toBe(`We received your bug report (${receipt.reference})`);
  });

  it('OPERATOR_EMAIL set -> the operator gets a notice with the reference and a link to the queue', async () => {
    const config = testConfig({ operator: { name: 'Op', address: null, email: 'operator@example.com', phone: null, extra: null } });
    const browser = new Browser(database, mailer, undefined, config);
    const receipt = await (await browser.api()).report.create({ kind: 'feedback', explanation: 'Lovely site, thank you very much!', name: 'Fay', email: 'fay@example.com' });
    const notice = mailer.messages.find((m) => m.to === 'operator@example.com' && m.subject.includes(receipt.reference));
    expect(notice).toBeDefined();
    expect(notice!.text).toContain(`${TEST_ORIGIN}/moderation`);
  });

  it(`rate limit: ${REPORT_ADDRESS_LIMITS.perHour} an hour from one address, then 429 with retryAfter and the message; nothing more is stored`, async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < REPORT_ADDRESS_LIMITS.perHour; i++) {
      await (await new Browser(database, mailer, ip).api()).report.create({
        kind: 'feedback',
        explanation: `Message number ${i} from one network`,
        name: 'N',
        email: `n${i}@example.com`,
      });
    }
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('reports')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    const refused = await failure(
      (await new Browser(database, mailer, ip).api()).report.create({ kind: 'feedback', explanation: 'One more message from here', name: 'N', email: 'late@example.com' }),
    );
    expect(refused).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect(refused.text).toMatch(/^Too many reports were sent from here\. Please try again in (\d+ minutes?|1 hour)\.$/);
    expect(await count()).toBe(before);
  });

  it('rate limit per address follows the settings (REPORTS_PER_ADDRESS_HOUR): a cap of 2 refuses the third', async () => {
    const config = testConfig({ reportLimits: { perHour: 2, perDay: 2 } });
    const ip = '203.0.113.78';
    const send = async (i: number) =>
      (await new Browser(database, mailer, ip, config).api()).report.create({
        kind: 'feedback',
        explanation: `Capped message ${i} from one network`,
        name: 'N',
        email: `c${i}@example.com`,
      });
    await send(1);
    await send(2);
    expect(await failure(send(3))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
  });

  it(`rate limit: ${REPORT_LIMITS.perAccountDay} a day per account, from any address`, async () => {
    const reporter = await person(database, mailer);
    const now = new Date();
    await database.db
      .insertInto('rate_events')
      .values(Array.from({ length: REPORT_LIMITS.perAccountDay }, () => ({ key: `report:user:${reporter.id}`, created_at: now })))
      .execute();
    expect(await failure((await reporter.api()).report.create({ kind: 'feedback', explanation: 'Signed in and sending a lot', name: null, email: null }))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
    });
  });
});

describe('REST: POST /api/reports and GET /api/site', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const config = testConfig({
      communityUrl: 'https://forum.example',
      operator: { name: 'Toni Shelf', address: 'Street 1\n12345 Town', email: 'op@example.com', phone: '+49 30 123', extra: null },
      privacyExtra: 'Hosting: Example Hosting GmbH',
    });
    app = await buildApp({ config, db: database.db, mailer: newMailer() });
    await app.ready();
  });
  afterAll(async () => app?.close());

  it('a report -> 201 with the reference; bad input -> 400 with field errors; an unknown target -> 404', async () => {
    const res = await app.inject({ method: 'POST', url: '/api/reports', headers: sameOrigin, payload: anonymousReport({ email: 'rest@example.com' }) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ reference: expect.stringMatching(REFERENCE), createdAt: expect.any(String) });
    const noName = await app.inject({ method: 'POST', url: '/api/reports', headers: sameOrigin, payload: anonymousReport({ email: 'rest2@example.com', name: '' }) });
    expect(noName.statusCode).toBe(400);
    expect(noName.json().message).toBe(en(MODERATION_MESSAGES.nameRequired));
    const empty = await app.inject({ method: 'POST', url: '/api/reports', headers: sameOrigin });
    expect(empty.statusCode).toBe(400);
    const missing = await app.inject({ method: 'POST', url: '/api/reports', headers: sameOrigin, payload: anonymousReport({ email: 'rest3@example.com', targetId: '424242' }) });
    expect(missing.statusCode).toBe(404);
  });

  it('GET /api/site answers the operator settings, PRIVACY_EXTRA and COMMUNITY_URL', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/site' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      communityUrl: 'https://forum.example',
      operator: { name: 'Toni Shelf', address: 'Street 1\n12345 Town', email: 'op@example.com', phone: '+49 30 123', extra: null },
      privacyExtra: 'Hosting: Example Hosting GmbH',
    });
  });
});

describe('settings: COMMUNITY_URL and OPERATOR_*', () => {
  const env = (extra: Record<string, string>) => ({ NODE_ENV: 'test', ...extra });
  it('valid values are read (a literal \\n in the address is a line break; empty = unset)', () => {
    const config = loadConfig(
      env({
        COMMUNITY_URL: 'https://forum.example/c/1',
        OPERATOR_NAME: ' Toni Shelf ',
        OPERATOR_ADDRESS: 'Street 1\\n12345 Town',
        OPERATOR_EMAIL: 'op@example.com',
        OPERATOR_PHONE: '',
        OPERATOR_EXTRA: 'VAT DE123',
        PRIVACY_EXTRA: 'Hosting: Example GmbH\\nLogs: 14 days',
      }),
      '/tmp',
    );
    expect(config.communityUrl).toBe('https://forum.example/c/1');
    expect(config.operator).toEqual({ name: 'Toni Shelf', address: 'Street 1\n12345 Town', email: 'op@example.com', phone: null, extra: 'VAT DE123' });
    expect(config.privacyExtra).toBe('Hosting: Example GmbH\nLogs: 14 days');
    expect(loadConfig(env({}), '/tmp')).toMatchObject({ communityUrl: null, operator: { name: null, address: null, email: null, phone: null, extra: null }, privacyExtra: null });
  });

  it.each([
    ['COMMUNITY_URL', 'http://forum.example', 'Invalid COMMUNITY_URL ("http://forum.example"): must be an https:// URL'],
    ['COMMUNITY_URL', 'forum', 'Invalid COMMUNITY_URL ("forum"): must be an https:// URL'],
    ['OPERATOR_EMAIL', 'not-an-address', 'Invalid OPERATOR_EMAIL ("not-an-address"): must be one email address'],
    ['OPERATOR_NAME', 'x'.repeat(201), 'Invalid OPERATOR_NAME'],
  ])('%s=%s -> one clear line', (name, value, start) => {
    expect(() => loadConfig(env({ [name]: value }), '/tmp')).toThrow(start);
  });
});
