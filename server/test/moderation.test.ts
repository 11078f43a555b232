// Moderation: the queue (grouped by item, filters, previews, contests), decisions with statements
// of reasons (dismiss, hide, restore, delete) emailed to the owner and the outcome to each
// reporter, one audit row each; messages and notices without an item dismissed (a bug or feedback
// 'marked as handled') with the sender told; hidden content gone from Discover for others; contests once,
// upheld or reversed; the audit log append-only and readable by admins; review tags approved.
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../src/storage/local';
import { createTestStorage, removeTestStorage, TEST_ORIGIN } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { failure } from './helpers/auth';
import { insertAudio, insertReview, insertTonie } from './helpers/content';
import { Browser, newMailer, person, STATEMENT, type Person } from './helpers/moderation';

let database: TestDatabase;
const mailer = newMailer();
let mod: Person;
let admin: Person;
let storage: LocalStorage;

beforeAll(async () => {
  database = await createTestDatabase();
  mod = await person(database, mailer, 'moderator');
  admin = await person(database, mailer, 'admin');
  storage = await createTestStorage('moderation');
});

afterAll(async () => {
  await database?.close();
  await removeTestStorage(storage);
});

let reporterCount = 0;
/** An anonymous report of an item by a new reporter; its reference. */
async function report(targetType: 'audio' | 'review' | 'user', targetId: string | number, reason: 'copyright' | 'spam' | 'illegal' = 'copyright') {
  reporterCount += 1;
  const api = await new Browser(database, mailer).api();
  const r = await api.report.create({
    kind: 'report',
    reason,
    targetType,
    targetId: String(targetId),
    explanation: 'This should not be on the site at all.',
    name: `Reporter ${reporterCount}`,
    email: `reporter${reporterCount}@example.com`,
    goodFaith: true,
  });
  return { reference: r.reference, email: `reporter${reporterCount}@example.com` };
}

const mailTo = (to: string, subjectPart: string) => mailer.messages.filter((m) => m.to === to && m.subject.includes(subjectPart));

async function auditRows(targetType: string, targetId: string) {
  return database.db
    .selectFrom('moderation_actions')
    .selectAll()
    .where('target_type', '=', targetType as 'audio')
    .where('target_id', '=', targetId)
    .orderBy('id')
    .execute();
}

describe(`moderation (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('queue: reports grouped by item with count, reasons, preview and reporters; a message without an item is its own entry; filters by status, reason and kind', async () => {
    const owner = await person(database, mailer);
    const file = await insertAudio(database, owner.id, { title: 'Queue song', description: 'Sung at the campfire' });
    const a = await report('audio', file, 'copyright');
    const b = await report('audio', file, 'spam');
    await (await new Browser(database, mailer).api()).report.create({ kind: 'bug', explanation: 'The queue test found a bug here.', name: 'Bug Finder', email: 'bug@example.com' });

    const queue = await (await mod.api()).moderation.queue({});
    const entry = queue.entries.find((e) => e.key === `audio:${file}`)!;
    expect(entry).toMatchObject({
      reportCount: 2,
      item: {
        targetType: 'audio',
        targetId: String(file),
        exists: true,
        label: 'Queue song',
        excerpt: 'Sung at the campfire',
        url: `/audio/discover?audio=${file}`,
        hidden: false,
        owner: { id: owner.id, username: owner.username, suspendedUntil: null },
      },
    });
    expect(entry.item!.fileUrl).toMatch(/^\/files\/audio\//);
    expect(new Set(entry.reasons)).toEqual(new Set(['copyright', 'spam']));
    expect(entry.reports.map((r) => r.reference).sort()).toEqual([a.reference, b.reference].sort());
    expect(entry.reports.map((r) => r.reporterEmail).sort()).toEqual([a.email, b.email].sort());
    const bug = queue.entries.find((e) => e.reports.some((r) => r.reporterEmail === 'bug@example.com'))!;
    expect(bug).toMatchObject({ item: null, reportCount: 1 });
    expect(bug.key).toMatch(/^report:\d+$/);

    const spamOnly = await (await mod.api()).moderation.queue({ reason: 'spam' });
    expect(spamOnly.entries.find((e) => e.key === `audio:${file}`)).toMatchObject({ reportCount: 1, reasons: ['spam'] });
    const bugsOnly = await (await mod.api()).moderation.queue({ kind: 'bug' });
    expect(bugsOnly.entries.every((e) => e.reports.every((r) => r.kind === 'bug'))).toBe(true);
    expect(bugsOnly.entries.length).toBeGreaterThan(0);
    const dismissed = await (await mod.api()).moderation.queue({ status: 'dismissed' });
    expect(dismissed.entries.find((e) => e.key === `audio:${file}`)).toBeUndefined();
  });

  it('hide: the item vanishes from Discover for others (the owner still sees it marked), reports closed as actioned; statement of reasons to the owner, outcome to each reporter; one audit row', async () => {
    const owner = await person(database, mailer);
    const file = await insertAudio(database, owner.id, { title: 'Copied play' });
    const r1 = await report('audio', file);
    const r2 = await report('audio', file, 'illegal');
    const stranger = new Browser(database, mailer);
    expect((await (await stranger.api()).audio.list({ search: 'Copied play' })).audioFiles.map((f) => f.id)).toContain(file);

    const decision = await (await mod.api()).moderation.act({ action: 'hide', targetType: 'audio', targetId: String(file), ...STATEMENT });
    expect(decision).toMatchObject({
      action: 'hide',
      targetType: 'audio',
      targetId: String(file),
      targetLabel: 'Copied play',
      reason: 'copyright',
      rule: 'copyright',
      statement: STATEMENT.statement,
      canContest: false,
    });

    expect((await (await stranger.api()).audio.list({ search: 'Copied play' })).audioFiles.map((f) => f.id)).not.toContain(file);
    const own = await (await owner.api()).audio.byId({ id: file });
    expect(own).toMatchObject({ hiddenByModerators: true, decisionId: decision.id });

    const reports = await database.db.selectFrom('reports').select(['reference', 'status', 'decision_id']).where('target_id', '=', String(file)).execute();
    expect(reports).toEqual(
      expect.arrayContaining([
        { reference: r1.reference, status: 'actioned', decision_id: decision.id },
        { reference: r2.reference, status: 'actioned', decision_id: decision.id },
      ]),
    );

    const [statement] = mailTo(owner.email, `decision ${decision.id}`);
    expect(statement).toBeDefined();
    expect(statement!.text).toContain('Our moderators have hidden "Copied play"');
    expect(statement!.text).toContain(STATEMENT.statement);
    expect(statement!.text).toContain(`${TEST_ORIGIN}/terms#copyright`);
    expect(statement!.text).toContain(`${TEST_ORIGIN}/decisions/${decision.id}`);
    expect(statement!.text).toContain('Copyright and licences');
    for (const r of [r1, r2]) {
      const [outcome] = mailTo(r.email, `outcome of your report (${r.reference})`);
      expect(outcome?.subject).toBe(`The outcome of your report (${r.reference})`);
      expect(outcome!.text).toContain('hid it');
    }
    const rows = await auditRows('audio', String(file));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'hide',
      actor_id: mod.id,
      actor_name: mod.username,
      target_owner_id: owner.id,
      target_label: 'Copied play',
      reason: 'copyright',
      rule: 'copyright',
    });
    expect([...rows[0]!.report_ids].sort()).toHaveLength(2);

    expect(await failure((await mod.api()).moderation.act({ action: 'hide', targetType: 'audio', targetId: String(file), ...STATEMENT }))).toMatchObject({
      code: 'CONFLICT',
      message: MODERATION_MESSAGES.alreadyHidden,
    });
  });

  it('contest once -> shows in the queue; restore with the contestId reverses it (visible again, the owner told); a second contest of the same decision -> 409', async () => {
    const owner = await person(database, mailer);
    const file = await insertAudio(database, owner.id, { title: 'Contested song' });
    await report('audio', file);
    const hide = await (await mod.api()).moderation.act({ action: 'hide', targetType: 'audio', targetId: String(file), ...STATEMENT });
    expect((await (await owner.api()).moderation.decision({ id: hide.id })).canContest).toBe(true);
    const contested = await (await owner.api()).moderation.contest({ decisionId: hide.id, explanation: 'I composed and recorded this song myself.' });
    expect(contested).toMatchObject({ id: hide.id, canContest: false, contest: { status: 'open', explanation: 'I composed and recorded this song myself.' } });
    expect(await failure((await owner.api()).moderation.contest({ decisionId: hide.id, explanation: 'Trying a second time, please.' }))).toMatchObject({
      code: 'CONFLICT',
      message: MODERATION_MESSAGES.alreadyContested,
    });

    const queue = await (await mod.api()).moderation.queue({});
    const entry = queue.contests.find((c) => c.decisionId === hide.id)!;
    expect(entry).toMatchObject({ username: owner.username, status: 'open', decision: { action: 'hide' }, item: { targetId: String(file), hidden: true } });

    const restore = await (await mod.api()).moderation.act({
      action: 'restore',
      targetType: 'audio',
      targetId: String(file),
      contestId: entry.id,
      reason: 'other',
      rule: 'contest',
      statement: 'The uploader showed that they made the recording; it returns.',
    });
    expect((await (await new Browser(database, mailer).api()).audio.list({ search: 'Contested song' })).audioFiles.map((f) => f.id)).toContain(file);
    expect((await database.db.selectFrom('contests').select('status').where('id', '=', entry.id).executeTakeFirstOrThrow()).status).toBe('reversed');
    expect(mailTo(owner.email, 'was restored')[0]!.text).toContain('We looked at your contest again and reversed the decision.');
    expect((await auditRows('audio', String(file))).map((r) => [r.action, r.decision_id])).toEqual([
      ['hide', null],
      ['contest', hide.id],
      ['restore', hide.id],
    ]);
    expect(restore.action).toBe('restore');
    expect((await (await mod.api()).moderation.queue({})).contests.find((c) => c.id === entry.id)).toBeUndefined();
    expect((await (await owner.api()).moderation.decision({ id: hide.id })).contest?.status).toBe('reversed');
  });

  it('uphold: the contest is answered, the decision kept, the owner emailed; the contest cannot be answered twice', async () => {
    const owner = await person(database, mailer);
    const tonie = await insertTonie(database, 'Peppa Pig');
    const review = await insertReview(database, tonie, owner.id, 'Call me at 0171 1234567 for more');
    await report('review', review, 'spam');
    const hide = await (await mod.api()).moderation.act({
      action: 'hide',
      targetType: 'review',
      targetId: String(review),
      reason: 'personal_data',
      rule: 'privacy',
      statement: 'The review gives a phone number, which is personal data.',
    });
    expect(hide.targetLabel).toBe('Review of Peppa Pig: Call me at 0171 1234567 for more');
    await (await owner.api()).moderation.contest({ decisionId: hide.id, explanation: 'That is my business number, it is fine.' });
    const contest = (await (await mod.api()).moderation.queue({})).contests.find((c) => c.decisionId === hide.id)!;
    const upheld = await (await mod.api()).moderation.uphold({
      contestId: contest.id,
      reason: 'personal_data',
      rule: 'privacy',
      statement: 'Phone numbers do not belong in reviews, also business ones.',
    });
    expect(upheld).toMatchObject({ action: 'uphold' });
    expect((await database.db.selectFrom('ratings').select('hidden_at').where('id', '=', review).executeTakeFirstOrThrow()).hidden_at).not.toBeNull();
    expect(mailTo(owner.email, 'contest')[0]!.text).toContain('kept the decision');
    expect(await failure((await mod.api()).moderation.uphold({ contestId: contest.id, ...STATEMENT }))).toMatchObject({
      code: 'CONFLICT',
      message: MODERATION_MESSAGES.contestClosed,
    });
    expect((await auditRows('review', String(review))).map((r) => r.action)).toEqual(['hide', 'contest', 'uphold']);
  });

  it('dismiss: the item stays, reports closed as dismissed, reporters told; no mail to the owner', async () => {
    const owner = await person(database, mailer);
    const file = await insertAudio(database, owner.id, { title: 'Harmless song' });
    const r = await report('audio', file, 'spam');
    const before = mailer.messages.filter((m) => m.to === owner.email).length;
    await (await mod.api()).moderation.act({
      action: 'dismiss',
      targetType: 'audio',
      targetId: String(file),
      reason: 'spam',
      rule: 'spam',
      statement: 'This is an ordinary song, not spam or advertising.',
    });
    expect((await database.db.selectFrom('reports').select('status').where('reference', '=', r.reference).executeTakeFirstOrThrow()).status).toBe('dismissed');
    expect(mailTo(r.email, `outcome of your report (${r.reference})`)[0]!.text).toContain('decided to keep it');
    expect(mailer.messages.filter((m) => m.to === owner.email).length).toBe(before);
    expect((await database.db.selectFrom('audio_files').select('hidden_at').where('id', '=', file).executeTakeFirstOrThrow()).hidden_at).toBeNull();
    const dismissed = await (await mod.api()).moderation.queue({ status: 'dismissed' });
    expect(dismissed.entries.find((e) => e.key === `audio:${file}`)).toBeDefined();
  });

  it("a bug message without an item is marked as handled: closed as dismissed, one audit row on the report, the sender told with the statement; the queue's open entry goes", async () => {
    const anon = await new Browser(database, mailer).api();
    const { reference } = await anon.report.create({ kind: 'bug', explanation: 'The play button does nothing on my phone.', name: 'Bea Bug', email: 'bea.bug@example.com' });
    const open = await (await mod.api()).moderation.queue({ kind: 'bug' });
    const entry = open.entries.find((e) => e.reports.some((r) => r.reference === reference))!;
    expect(entry.item).toBeNull();
    const reportId = entry.reports[0]!.id;
    expect(entry.key).toBe(`report:${reportId}`);

    const statement = 'Fixed in the next release: the player now starts on phones too.';
    const decision = await (await mod.api()).moderation.act({
      action: 'dismiss',
      targetType: 'report',
      targetId: String(reportId),
      reason: 'other',
      rule: 'moderation',
      statement,
    });
    expect(decision).toMatchObject({
      action: 'dismiss',
      targetType: 'report',
      targetId: String(reportId),
      targetLabel: `Bug report ${reference}`,
      reason: 'other',
      rule: 'moderation',
      statement,
      canContest: false,
    });

    expect(await database.db.selectFrom('reports').select(['status', 'decision_id']).where('reference', '=', reference).executeTakeFirstOrThrow()).toEqual({
      status: 'dismissed',
      decision_id: decision.id,
    });
    const rows = await auditRows('report', String(reportId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'dismiss', actor_id: mod.id, target_owner_id: null, target_label: `Bug report ${reference}`, statement });
    expect([...rows[0]!.report_ids]).toEqual([reportId]);
    const log = await (await admin.api()).moderation.log({ targetType: 'report', targetId: String(reportId) });
    expect(log.entries[0]).toMatchObject({ action: 'dismiss', reportReferences: [reference] });

    const mails = mailer.messages.filter((m) => m.to === 'bea.bug@example.com' && m.subject === `Your message was handled (${reference})`);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.text).toContain('marked it as handled');
    expect(mails[0]!.text).toContain(statement);
    expect(mails[0]!.text).not.toContain('decided to keep it');

    expect((await (await mod.api()).moderation.queue({ kind: 'bug' })).entries.find((e) => e.key === entry.key)).toBeUndefined();
    const closed = (await (await mod.api()).moderation.queue({ status: 'dismissed', kind: 'bug' })).entries.find((e) => e.key === entry.key);
    expect(closed?.reports[0]).toMatchObject({ reference, status: 'dismissed' });
    // Closing it again -> 409, and nothing more is written.
    expect(
      await failure((await mod.api()).moderation.act({ action: 'dismiss', targetType: 'report', targetId: String(reportId), reason: 'other', rule: 'moderation', statement })),
    ).toMatchObject({ code: 'CONFLICT', message: MODERATION_MESSAGES.reportClosed });
    expect(await auditRows('report', String(reportId))).toHaveLength(1);
  });

  it('a notice naming only an address is dismissed with a statement: the reporter is told the outcome about that address; hide, restore or delete on a report -> 400 and it stays open', async () => {
    const anon = await new Browser(database, mailer).api();
    const address = 'https://elsewhere.example/tonies/copied-play.mp3';
    const { reference } = await anon.report.create({
      kind: 'report',
      reason: 'copyright',
      contentUrl: address,
      explanation: 'This is my audio play copied to another site.',
      name: 'Nora Notice',
      email: 'nora.notice@example.com',
      goodFaith: true,
    });
    const entry = (await (await mod.api()).moderation.queue({ reason: 'copyright' })).entries.find((e) => e.reports.some((r) => r.reference === reference))!;
    expect(entry).toMatchObject({ item: null, reportCount: 1 });
    const reportId = String(entry.reports[0]!.id);

    for (const action of ['hide', 'restore', 'delete'] as const) {
      expect(await failure((await mod.api()).moderation.act({ action, targetType: 'report', targetId: reportId, ...STATEMENT })), action).toMatchObject({
        code: 'BAD_REQUEST',
        message: MODERATION_MESSAGES.reportOnlyDismissed,
      });
    }
    expect((await database.db.selectFrom('reports').select('status').where('reference', '=', reference).executeTakeFirstOrThrow()).status).toBe('open');
    expect(await auditRows('report', reportId)).toEqual([]);

    const statement = 'The address is not on TonieShelf; we cannot act on other sites.';
    const decision = await (await mod.api()).moderation.act({ action: 'dismiss', targetType: 'report', targetId: reportId, reason: 'copyright', rule: 'moderation', statement });
    expect(decision).toMatchObject({ targetType: 'report', targetLabel: `Report ${reference} (${address})` });
    expect((await database.db.selectFrom('reports').select('status').where('reference', '=', reference).executeTakeFirstOrThrow()).status).toBe('dismissed');
    const [outcome] = mailTo('nora.notice@example.com', `The outcome of your report (${reference})`);
    // Typed into the form, not a confirmed account's: no name or address the sender chose is mailed back.
    expect(outcome!.text).toContain('Hello there,');
    expect(outcome!.text).toContain(`looked at "${reference}" and decided to keep it`);
    expect(outcome!.text + outcome!.html).not.toContain(address);
    expect(outcome!.text).not.toContain('Nora Notice');
    expect(outcome!.text).toContain(statement);
  });

  it('act on a report: unknown or malformed id -> 404; a report about an item -> 400 (act on the item); the statement is still required', async () => {
    expect(await failure((await mod.api()).moderation.act({ action: 'dismiss', targetType: 'report', targetId: '2147483647', ...STATEMENT }))).toMatchObject({
      code: 'NOT_FOUND',
      message: MODERATION_MESSAGES.reportNotFound,
    });
    expect(await failure((await mod.api()).moderation.act({ action: 'dismiss', targetType: 'report', targetId: 'abc', ...STATEMENT }))).toMatchObject({
      code: 'NOT_FOUND',
      message: MODERATION_MESSAGES.reportNotFound,
    });
    const owner = await person(database, mailer);
    const file = await insertAudio(database, owner.id, { title: 'Item report song' });
    const r = await report('audio', file);
    const { id } = await database.db.selectFrom('reports').select('id').where('reference', '=', r.reference).executeTakeFirstOrThrow();
    expect(await failure((await mod.api()).moderation.act({ action: 'dismiss', targetType: 'report', targetId: String(id), ...STATEMENT }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: MODERATION_MESSAGES.reportHasItem,
    });
    const bug = await (await new Browser(database, mailer).api()).report.create({
      kind: 'feedback',
      explanation: 'Lovely app, thank you very much!',
      name: 'Fay',
      email: 'fay@example.com',
    });
    const bugRow = await database.db.selectFrom('reports').select('id').where('reference', '=', bug.reference).executeTakeFirstOrThrow();
    expect(
      (
        await failure(
          (await mod.api()).moderation.act({ action: 'dismiss', targetType: 'report', targetId: String(bugRow.id), reason: 'other', rule: 'moderation', statement: 'Thanks' }),
        )
      ).message,
    ).toContain(MODERATION_MESSAGES.statementRequired);
    expect((await database.db.selectFrom('reports').select('status').where('id', '=', bugRow.id).executeTakeFirstOrThrow()).status).toBe('open');
    expect(
      await failure(
        (await owner.api()).moderation.act({
          action: 'dismiss',
          targetType: 'report',
          targetId: String(bugRow.id),
          reason: 'other',
          rule: 'moderation',
          statement: 'Thank you for the kind words about the app.',
        }),
      ),
    ).toMatchObject({ code: 'FORBIDDEN' });
  });

  it('delete: the record goes and its stored file is queued for removal; the preview shows it gone under its old name; restore -> 404', async () => {
    const owner = await person(database, mailer);
    const file = await insertAudio(database, owner.id, { title: 'Doomed song' });
    const { file_path } = await database.db.selectFrom('audio_files').select('file_path').where('id', '=', file).executeTakeFirstOrThrow();
    await storage.put(file_path, Readable.from([Buffer.from('ID3 not really audio')]), { contentType: 'audio/mpeg' });
    await expect(fs.stat(path.join(storage.root, file_path))).resolves.toBeTruthy();
    const r = await report('audio', file, 'illegal');
    mod.browser.storage = storage;
    const decision = await (await mod.api()).moderation.act({
      action: 'delete',
      targetType: 'audio',
      targetId: String(file),
      reason: 'illegal',
      rule: 'illegal',
      statement: 'The recording contains hate speech, which is illegal.',
    });
    mod.browser.storage = undefined;
    expect(await database.db.selectFrom('audio_files').select('id').where('id', '=', file).executeTakeFirst()).toBeUndefined();
    // Queued in the transaction, then removed at once (and so no longer queued).
    await expect(fs.stat(path.join(storage.root, file_path))).rejects.toThrow(/ENOENT/);
    expect(await database.db.selectFrom('storage_deletions').select('key').where('key', '=', file_path).execute()).toEqual([]);
    expect(mailTo(owner.email, `decision ${decision.id}`)[0]!.text).toContain('Our moderators have deleted "Doomed song"');
    const entry = (await (await mod.api()).moderation.queue({ status: 'actioned' })).entries.find((e) => e.key === `audio:${file}`)!;
    expect(entry.item).toMatchObject({ exists: false, label: 'Doomed song', fileUrl: null });
    expect(entry.reports[0]!.reference).toBe(r.reference);
    // A second item gone on the same page keeps its own old name too.
    const review = await insertReview(database, await insertTonie(database, 'Doomed Tonie'), owner.id, 'Spiteful words');
    await report('review', review);
    await (await mod.api()).moderation.act({ action: 'delete', targetType: 'review', targetId: String(review), ...STATEMENT });
    const gone = (await (await mod.api()).moderation.queue({ status: 'actioned' })).entries;
    expect(gone.find((e) => e.key === `review:${review}`)!.item).toMatchObject({ exists: false, label: 'Review of Doomed Tonie: Spiteful words' });
    expect(gone.find((e) => e.key === `audio:${file}`)!.item).toMatchObject({ exists: false, label: 'Doomed song' });
    expect(await failure((await mod.api()).moderation.act({ action: 'restore', targetType: 'audio', targetId: String(file), ...STATEMENT }))).toMatchObject({
      code: 'NOT_FOUND',
      message: MODERATION_MESSAGES.itemNotFound,
    });
  });

  it("a review deleted by moderators leaves the Tonie's averages; restore of a visible item -> 409; users cannot be hidden (400)", async () => {
    const owner = await person(database, mailer);
    const tonie = await insertTonie(database, 'Benjamin Blümchen');
    const review = await insertReview(database, tonie, owner.id);
    const countOf = async () => (await database.db.selectFrom('tonies').select('rating_count').where('id', '=', tonie).executeTakeFirstOrThrow()).rating_count;
    expect(await countOf()).toBe(1);
    expect(await failure((await mod.api()).moderation.act({ action: 'restore', targetType: 'review', targetId: String(review), ...STATEMENT }))).toMatchObject({
      code: 'CONFLICT',
      message: MODERATION_MESSAGES.nothingToRestore,
    });
    await (await mod.api()).moderation.act({
      action: 'delete',
      targetType: 'review',
      targetId: String(review),
      reason: 'spam',
      rule: 'spam',
      statement: 'The review only advertises another shop.',
    });
    expect(await countOf()).toBe(0);
    expect(await failure((await mod.api()).moderation.act({ action: 'hide', targetType: 'user', targetId: owner.id, ...STATEMENT }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: MODERATION_MESSAGES.notReportable,
    });
    expect(
      (await failure((await mod.api()).moderation.act({ action: 'hide', targetType: 'audio', targetId: '1', reason: 'spam', rule: 'spam', statement: 'too short' }))).message,
    ).toContain(MODERATION_MESSAGES.statementRequired);
  });

  it('the audit log is append-only: UPDATE, DELETE and TRUNCATE are refused by the database', async () => {
    const [row] = await database.db.selectFrom('moderation_actions').select('id').limit(1).execute();
    expect(row).toBeDefined();
    await expect(database.db.updateTable('moderation_actions').set({ statement: 'rewritten history' }).where('id', '=', row!.id).execute()).rejects.toThrow(/append-only/);
    await expect(database.db.deleteFrom('moderation_actions').where('id', '=', row!.id).execute()).rejects.toThrow(/append-only/);
    await expect(sql`TRUNCATE moderation_actions CASCADE`.execute(database.db)).rejects.toThrow(/append-only/);
  });

  it('the log: admins read it newest first with report references and filters; moderators cannot (403)', async () => {
    const owner = await person(database, mailer);
    const file = await insertAudio(database, owner.id, { title: 'Logged song' });
    const r = await report('audio', file);
    await (await mod.api()).moderation.act({ action: 'hide', targetType: 'audio', targetId: String(file), ...STATEMENT });
    const log = await (await admin.api()).moderation.log({ targetType: 'audio', targetId: String(file) });
    expect(log.totalCount).toBe(1);
    expect(log.entries[0]).toMatchObject({ action: 'hide', actorName: mod.username, targetLabel: 'Logged song', reportReferences: [r.reference], statement: STATEMENT.statement });
    const all = await (await admin.api()).moderation.log({ pageSize: 5 });
    expect(all.entries).toHaveLength(5);
    const times = all.entries.map((e) => e.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(await failure((await mod.api()).moderation.log({}))).toMatchObject({ code: 'FORBIDDEN', message: MODERATION_MESSAGES.adminsOnly });
  });

  it('myDecisions lists what concerns the user; others cannot read a decision (404), staff can', async () => {
    const owner = await person(database, mailer);
    const other = await person(database, mailer);
    const file = await insertAudio(database, owner.id);
    const hide = await (await mod.api()).moderation.act({ action: 'hide', targetType: 'audio', targetId: String(file), ...STATEMENT });
    expect((await (await owner.api()).moderation.myDecisions()).map((d) => d.id)).toEqual([hide.id]);
    expect(await (await other.api()).moderation.myDecisions()).toEqual([]);
    expect(await failure((await other.api()).moderation.decision({ id: hide.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure((await other.api()).moderation.contest({ decisionId: hide.id, explanation: 'Not mine but I object.' }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await (await admin.api()).moderation.decision({ id: hide.id })).canContest).toBe(false);
  });

  it("roles: admins list staff, find users by prefix, grant and revoke the moderator role (audit rows); not their own role, not an admin's", async () => {
    const someone = await person(database, mailer);
    const found = await (await admin.api()).moderation.findUsers({ query: someone.email.slice(0, 12).toUpperCase() });
    expect(found.map((u) => u.id)).toContain(someone.id);
    expect(await (await admin.api()).moderation.findUsers({ query: '%%' })).toEqual([]);
    await expect((await admin.api()).moderation.setRole({ userId: someone.id, role: 'moderator' })).resolves.toMatchObject({ id: someone.id, role: 'moderator' });
    expect((await (await admin.api()).moderation.staff()).map((s) => s.id)).toContain(someone.id);
    await (await admin.api()).moderation.setRole({ userId: someone.id, role: 'user' });
    expect((await auditRows('user', someone.id)).map((r) => [r.action, r.role, r.actor_name])).toEqual([
      ['grant_role', 'moderator', admin.username],
      ['revoke_role', 'user', admin.username],
    ]);
    expect(await failure((await admin.api()).moderation.setRole({ userId: admin.id, role: 'user' }))).toMatchObject({
      code: 'FORBIDDEN',
      message: MODERATION_MESSAGES.cannotChangeOwnRole,
    });
    const otherAdmin = await person(database, mailer, 'admin');
    expect(await failure((await admin.api()).moderation.setRole({ userId: otherAdmin.id, role: 'moderator' }))).toMatchObject({
      code: 'FORBIDDEN',
      message: MODERATION_MESSAGES.cannotChangeAdmin,
    });
    expect(await failure((await admin.api()).moderation.setRole({ userId: '00000000-0000-4000-8000-000000000000', role: 'moderator' }))).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('review tags: waiting ones are listed; approving one makes it a catalogue tag (audit row); approving again -> 404', async () => {
    const author = await person(database, mailer);
    const tonie = await insertTonie(database, 'Tag Tonie');
    const review = await insertReview(database, tonie, author.id);
    const tag = await database.db
      .insertInto('tags')
      .values({ name: `cosy-${Date.now()}`, origin: 'review' })
      .returning(['id', 'name'])
      .executeTakeFirstOrThrow();
    await database.db.insertInto('rating_tags').values({ rating_id: review, tag_id: tag.id }).execute();
    expect((await (await mod.api()).moderation.waitingTags()).map((t) => t.id)).toContain(tag.id);
    await expect((await mod.api()).moderation.approveTag({ tagId: tag.id })).resolves.toEqual({ ok: true });
    expect((await database.db.selectFrom('tonie_tags').select('tonie_id').where('tag_id', '=', tag.id).execute()).map((r) => r.tonie_id)).toEqual([tonie]);
    expect((await auditRows('tag', String(tag.id))).map((r) => [r.action, r.target_label])).toEqual([['approve_tag', tag.name]]);
    expect(await failure((await mod.api()).moderation.approveTag({ tagId: tag.id }))).toMatchObject({ code: 'NOT_FOUND', message: MODERATION_MESSAGES.tagNotWaiting });
  });

  it("ids beyond the database's integers (decision, contest, tag) -> 400 with a clear message, never a 500", async () => {
    const beyond = 2_147_483_648;
    const owner = await person(database, mailer);
    // Each call starts only when checked: a rejected call waiting its turn would be unhandled.
    const calls: [string, () => Promise<unknown>, string][] = [
      ['decision', async () => (await owner.api()).moderation.decision({ id: beyond }), MODERATION_MESSAGES.decisionNotFound],
      [
        'contest',
        async () => (await owner.api()).moderation.contest({ decisionId: beyond, explanation: 'This is my own recording, really.' }),
        MODERATION_MESSAGES.decisionNotFound,
      ],
      ['uphold', async () => (await mod.api()).moderation.uphold({ contestId: beyond, ...STATEMENT }), MODERATION_MESSAGES.decisionNotFound],
      [
        'act',
        async () => (await mod.api()).moderation.act({ action: 'dismiss', targetType: 'audio', targetId: '1', contestId: beyond, ...STATEMENT }),
        MODERATION_MESSAGES.decisionNotFound,
      ],
      ['suspend', async () => (await mod.api()).moderation.suspend({ userId: owner.id, days: 3, contestId: beyond, ...STATEMENT }), MODERATION_MESSAGES.decisionNotFound],
      ['unsuspend', async () => (await mod.api()).moderation.unsuspend({ userId: owner.id, contestId: beyond, ...STATEMENT }), MODERATION_MESSAGES.decisionNotFound],
      ['approveTag', async () => (await mod.api()).moderation.approveTag({ tagId: beyond }), MODERATION_MESSAGES.tagNotWaiting],
    ];
    for (const [name, call, message] of calls) {
      const f = await failure(call());
      expect(f.code, name).toBe('BAD_REQUEST');
      expect(f.message, name).toContain(message);
    }
    expect((await database.db.selectFrom('users').select('suspended_until').where('id', '=', owner.id).executeTakeFirstOrThrow()).suspended_until).toBeNull();
  });
});
