// Suspensions: a suspended account is signed out, its sign-in with the right password refused
// (403 with the end date or 'for good' and reason ACCOUNT_SUSPENDED; a wrong password stays 401),
// a password reset is no way in, its audio and reviews are hidden from others; lifting (by a
// moderator, by the job once the time is over, or at sign-in before the job ran) brings all back.
// Suspending closes the open reports about the account and its content (lifting reopens none).
// Moderators cannot suspend themselves or staff.
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { MODERATION_MESSAGES, MODERATION_REFUSALS } from '@tonieshelf/shared/values/moderation';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { resolveSession } from '../src/accounts/sessions';
import { liftEndedSuspensions } from '../src/accounts/suspensions';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { en } from './helpers/messages';
import { sameOrigin, testConfig } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { failure } from './helpers/auth';
import { insertAudio, insertReview, insertTonie } from './helpers/content';
import { Browser, newMailer, person, type Person } from './helpers/moderation';

let database: TestDatabase;
const mailer = newMailer();
let mod: Person;

beforeAll(async () => {
  database = await createTestDatabase();
  mod = await person(database, mailer, 'moderator');
});

afterAll(async () => {
  await database?.close();
});

const REASONS = { reason: 'spam' as const, rule: 'accounts' as const, statement: 'The account posted advertising in every review, again and again.' };

async function signIn(p: Person) {
  const browser = new Browser(database, mailer);
  return (await browser.api()).auth.login({ email: p.email, password: p.password });
}

async function visibleIds(search: string) {
  return (await (await new Browser(database, mailer).api()).audio.list({ search })).audioFiles.map((f) => f.id);
}

describe(`suspensions (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('suspend for 7 days: sessions gone, sign-in refused with the date, wrong password still 401, content hidden and out of the averages; the statement emailed; unsuspend brings everything back', async () => {
    const user = await person(database, mailer);
    const file = await insertAudio(database, user.id, { title: 'Spammy song' });
    const tonie = await insertTonie(database, 'Suspended Tonie');
    await insertReview(database, tonie, user.id);
    const token = user.browser.token!;
    expect((await resolveSession(database.db, token)).user?.id).toBe(user.id);
    expect(await visibleIds('Spammy song')).toContain(file);

    const decision = await (await mod.api()).moderation.suspend({ userId: user.id, days: 7, ...REASONS });
    expect(decision).toMatchObject({ action: 'suspend', targetType: 'user', targetId: user.id, targetLabel: user.username });
    const until = new Date(decision.suspendedUntil!);
    expect(until.getTime() - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
    expect((await resolveSession(database.db, token)).user).toBeNull();
    expect(await failure((await user.api()).moderation.myDecisions())).toMatchObject({ code: 'UNAUTHORIZED' });

    const refused = await failure(signIn(user));
    expect(refused).toMatchObject({
      code: 'FORBIDDEN',
      reason: MODERATION_REFUSALS.accountSuspended,
      text: en(message(MODERATION_MESSAGES.suspendedUntil, { day: until.toISOString().slice(0, 10) })),
    });
    expect(await failure((await new Browser(database, mailer).api()).auth.login({ email: user.email, password: 'not-the-password-at-all' }))).toMatchObject({
      code: 'UNAUTHORIZED',
      message: AUTH_MESSAGES.invalidCredentials,
    });

    expect(await visibleIds('Spammy song')).not.toContain(file);
    expect((await database.db.selectFrom('tonies').select('rating_count').where('id', '=', tonie).executeTakeFirstOrThrow()).rating_count).toBe(0);

    const mail = mailer.messages.find((m) => m.to === user.email && m.subject.includes(`decision ${decision.id}`))!;
    expect(mail.subject).toBe(`Your TonieShelf account was suspended (decision ${decision.id})`);
    expect(mail.text).toContain(`until ${until.toISOString().slice(0, 10)}`);
    expect(mail.text).toContain('/report?kind=feedback');
    expect(mail.text).toContain(`quote decision number ${decision.id}`);

    await (await mod.api()).moderation.unsuspend({ userId: user.id, reason: 'other', rule: 'accounts', statement: 'The user promised to stop advertising; access is back.' });
    expect(await visibleIds('Spammy song')).toContain(file);
    expect((await database.db.selectFrom('tonies').select('rating_count').where('id', '=', tonie).executeTakeFirstOrThrow()).rating_count).toBe(1);
    await expect(signIn(user)).resolves.toMatchObject({ id: user.id });
    expect(mailer.messages.some((m) => m.to === user.email && m.subject === 'Your TonieShelf account is no longer suspended')).toBe(true);
    expect(await failure((await mod.api()).moderation.unsuspend({ userId: user.id, ...REASONS }))).toMatchObject({ code: 'CONFLICT', message: MODERATION_MESSAGES.notSuspended });
  });

  it('for good: the message without a date; REST sign-in answers 403 with the reason in the body', async () => {
    const user = await person(database, mailer);
    await (await mod.api()).moderation.suspend({ userId: user.id, days: null, ...REASONS });
    expect(await failure(signIn(user))).toMatchObject({ code: 'FORBIDDEN', message: MODERATION_MESSAGES.suspendedForGood, reason: 'ACCOUNT_SUSPENDED' });
    const app: FastifyInstance = await buildApp({ config: testConfig(), db: database.db, mailer: newMailer() });
    try {
      await app.ready();
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', headers: sameOrigin, payload: { email: user.email, password: user.password } });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ message: en(MODERATION_MESSAGES.suspendedForGood), messageCode: MODERATION_MESSAGES.suspendedForGood, reason: 'ACCOUNT_SUSPENDED' });
      expect(res.headers['set-cookie']).toBeUndefined();
    } finally {
      await app.close();
    }
  });

  it('a password reset is no way in: the password changes but no session starts (403 ACCOUNT_SUSPENDED)', async () => {
    const user = await person(database, mailer);
    await (await mod.api()).moderation.suspend({ userId: user.id, days: 30, ...REASONS });
    const browser = new Browser(database, mailer);
    await (await browser.api()).account.requestPasswordReset({ email: user.email });
    const mail = [...mailer.messages].reverse().find((m) => m.to === user.email && m.text.includes('/auth/reset-password'))!;
    const token = new URL(mail.text.match(/https?:\/\/\S+\/auth\/reset-password\S*/)![0]).searchParams.get('token')!;
    const refused = await failure((await browser.api()).account.resetPassword({ token, newPassword: 'purple-walrus-dances', confirmPassword: 'purple-walrus-dances' }));
    expect(refused).toMatchObject({ code: 'FORBIDDEN', reason: 'ACCOUNT_SUSPENDED' });
    expect(browser.token).toBeNull();
    expect(await database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('an ended suspension: sign-in works at once (lifted then, content back) even before the job; the job lifts the others; both write an audit row', async () => {
    const a = await person(database, mailer);
    const b = await person(database, mailer);
    const fileA = await insertAudio(database, a.id, { title: 'Lazy lift song' });
    const fileB = await insertAudio(database, b.id, { title: 'Job lift song' });
    for (const p of [a, b]) await (await mod.api()).moderation.suspend({ userId: p.id, days: 1, ...REASONS });
    expect(await visibleIds('lift song')).not.toContain(fileA);
    // The day is over.
    await database.db
      .updateTable('users')
      .set({ suspended_until: new Date(Date.now() - 1000) })
      .where('id', 'in', [a.id, b.id])
      .execute();

    await expect(signIn(a)).resolves.toMatchObject({ id: a.id });
    expect(await visibleIds('Lazy lift song')).toContain(fileA);
    expect(await visibleIds('Job lift song')).not.toContain(fileB);

    expect(await liftEndedSuspensions({ db: database.db })).toBeGreaterThanOrEqual(1);
    expect(await visibleIds('Job lift song')).toContain(fileB);
    const rows = await database.db
      .selectFrom('moderation_actions')
      .select(['action', 'actor_name', 'target_id'])
      .where('target_id', 'in', [a.id, b.id])
      .where('action', '=', 'unsuspend')
      .execute();
    expect(rows.map((r) => r.target_id).sort()).toEqual([a.id, b.id].sort());
    expect(rows.every((r) => r.actor_name === 'TonieShelf (the suspension ended)')).toBe(true);
    expect((await database.db.selectFrom('users').select('suspended_until').where('id', '=', b.id).executeTakeFirstOrThrow()).suspended_until).toBeNull();
  });

  it('cannot suspend oneself or staff (403); an unknown user -> 404; a bad duration -> 400; users cannot suspend (403)', async () => {
    expect(await failure((await mod.api()).moderation.suspend({ userId: mod.id, days: 3, ...REASONS }))).toMatchObject({
      code: 'FORBIDDEN',
      message: MODERATION_MESSAGES.cannotSuspendSelf,
    });
    const otherMod = await person(database, mailer, 'moderator');
    const admin = await person(database, mailer, 'admin');
    for (const staff of [otherMod, admin]) {
      expect(await failure((await mod.api()).moderation.suspend({ userId: staff.id, days: 3, ...REASONS }))).toMatchObject({
        code: 'FORBIDDEN',
        message: MODERATION_MESSAGES.cannotSuspendStaff,
      });
    }
    expect(await failure((await mod.api()).moderation.suspend({ userId: '00000000-0000-4000-8000-000000000000', days: 3, ...REASONS }))).toMatchObject({
      code: 'NOT_FOUND',
      message: MODERATION_MESSAGES.userNotFound,
    });
    const user = await person(database, mailer);
    expect((await failure((await mod.api()).moderation.suspend({ userId: user.id, days: 0, ...REASONS }))).message).toContain(MODERATION_MESSAGES.durationInvalid);
    expect(await failure((await user.api()).moderation.suspend({ userId: mod.id, days: 3, ...REASONS }))).toMatchObject({
      code: 'FORBIDDEN',
      message: MODERATION_MESSAGES.moderatorsOnly,
    });
  });

  it("suspending closes every open report about the user, their audio files and their reviews as actioned by the suspension; each reporter is told with their reference; others' reports stay open; lifting reopens nothing", async () => {
    const user = await person(database, mailer);
    const bystander = await person(database, mailer);
    const file = await insertAudio(database, user.id, { title: 'Followers for sale' });
    const tonie = await insertTonie(database, 'Reported Review Tonie');
    const review = await insertReview(database, tonie, user.id, 'Buy cheap followers at my shop, best prices');
    const otherFile = await insertAudio(database, bystander.id, { title: 'Innocent lullaby' });
    let n = 0;
    const reportOf = async (targetType: 'audio' | 'review' | 'user', targetId: string) => {
      n += 1;
      const email = `closing-${n}-${Date.now()}@example.com`;
      const r = await (await new Browser(database, mailer).api()).report.create({
        kind: 'report',
        reason: 'spam',
        targetType,
        targetId,
        explanation: 'Advertising instead of content for children.',
        name: `Closer ${n}`,
        email,
        goodFaith: true,
      });
      return { ...r, email };
    };
    const aboutFile = await reportOf('audio', String(file));
    const aboutReview = await reportOf('review', String(review));
    const aboutUser = await reportOf('user', user.id);
    const aboutOther = await reportOf('audio', String(otherFile));
    const openKeys = async () => (await (await mod.api()).moderation.queue({})).entries.map((e) => e.key);
    expect(await openKeys()).toEqual(expect.arrayContaining([`audio:${file}`, `review:${review}`, `user:${user.id}`, `audio:${otherFile}`]));

    const decision = await (await mod.api()).moderation.suspend({ userId: user.id, days: 7, ...REASONS });
    const statusOf = async (reference: string) => database.db.selectFrom('reports').select(['status', 'decision_id']).where('reference', '=', reference).executeTakeFirstOrThrow();
    for (const r of [aboutFile, aboutReview, aboutUser]) expect(await statusOf(r.reference), r.reference).toEqual({ status: 'actioned', decision_id: decision.id });
    expect(await statusOf(aboutOther.reference)).toEqual({ status: 'open', decision_id: null });

    const [row] = await database.db.selectFrom('moderation_actions').select('report_ids').where('id', '=', decision.id).execute();
    const ids = await database.db.selectFrom('reports').select('id').where('reference', 'in', [aboutFile.reference, aboutReview.reference, aboutUser.reference]).execute();
    expect([...row!.report_ids].sort((a, b) => a - b)).toEqual(ids.map((r) => r.id).sort((a, b) => a - b));

    const outcome = (r: { email: string; reference: string }) => {
      const mails = mailer.messages.filter((m) => m.to === r.email && m.subject === `The outcome of your report (${r.reference})`);
      expect(mails, r.reference).toHaveLength(1);
      expect(mails[0]!.text).toContain(REASONS.statement);
      return mails[0]!.text;
    };
    expect(outcome(aboutFile)).toContain(`looked at "Followers for sale" and suspended the account "${user.username}" that shared it`);
    expect(outcome(aboutReview)).toContain(`looked at "Review of Reported Review Tonie: Buy cheap followers at my shop, best prices" and suspended the account "${user.username}"`);
    expect(outcome(aboutUser)).toContain(`looked at the account "${user.username}" and suspended it`);
    expect(mailer.messages.some((m) => m.to === aboutOther.email && m.subject.startsWith('The outcome'))).toBe(false);

    const keys = await openKeys();
    expect(keys).not.toContain(`audio:${file}`);
    expect(keys).not.toContain(`review:${review}`);
    expect(keys).not.toContain(`user:${user.id}`);
    expect(keys).toContain(`audio:${otherFile}`);
    const actioned = (await (await mod.api()).moderation.queue({ status: 'actioned' })).entries.find((e) => e.key === `audio:${file}`)!;
    expect(actioned.reports[0]).toMatchObject({ reference: aboutFile.reference, status: 'actioned' });
    expect(actioned.item?.owner?.suspendedUntil).toBe(decision.suspendedUntil);

    await (await mod.api()).moderation.unsuspend({ userId: user.id, reason: 'other', rule: 'accounts', statement: 'The user promised to stop advertising; access is back.' });
    for (const r of [aboutFile, aboutReview, aboutUser]) expect((await statusOf(r.reference)).status).toBe('actioned');
    expect(await openKeys()).not.toContain(`audio:${file}`);
  });

  it("a suspended user's reviewed and uploaded content stays visible to its owner's lists only; reports against the user close as actioned", async () => {
    const user = await person(database, mailer);
    const file = await insertAudio(database, user.id, { title: 'Owner keeps seeing' });
    const r = await (await new Browser(database, mailer).api()).report.create({
      kind: 'report',
      reason: 'spam',
      targetType: 'user',
      targetId: user.id,
      explanation: 'This account only posts advertising.',
      name: 'Watcher',
      email: 'watcher@example.com',
      goodFaith: true,
    });
    await (await mod.api()).moderation.suspend({ userId: user.id, days: 2, ...REASONS });
    expect((await database.db.selectFrom('reports').select('status').where('reference', '=', r.reference).executeTakeFirstOrThrow()).status).toBe('actioned');
    expect((await database.db.selectFrom('audio_files').select('owner_suspended').where('id', '=', file).executeTakeFirstOrThrow()).owner_suspended).toBe(true);
    expect(mailer.messages.some((m) => m.to === 'watcher@example.com' && m.subject === `The outcome of your report (${r.reference})`)).toBe(true);
  });
});
