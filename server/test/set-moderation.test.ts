// Sets in trust and safety (migration 0011): anyone reports a set (report.create and POST
// /api/reports, one open report per reporter and set, 404 for a set they cannot see); the queue
// shows the set; moderators hide, restore and delete it with a statement of reasons (mailed to
// the owner, one audit row each, the reports closed); a hidden set is gone for others (byId, /sets,
// /api/sets, the podcast feed) while its owner sees it marked with the decision; deleting removes
// the set's cover from storage but not its chapters' audio; suspension settles reports about a
// user's sets; only moderators act.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import { SET_MESSAGES } from '@tonieshelf/shared/values/set';
import type { LocalStorage } from '../src/storage/local';
import { en } from './helpers/messages';
import { createTestApp, createTestStorage, removeTestStorage, sameOrigin, TEST_ORIGIN } from './helpers/app';
import { failure, TestClient } from './helpers/auth';
import { insertAudio, signedInUser, storePendingUpload, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { STATEMENT } from './helpers/moderation';
import { insertSet } from './helpers/sets';

let database: TestDatabase;
let storage: LocalStorage;
let app: FastifyInstance;
let mod: SignedInUser;
let admin: SignedInUser;

const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

beforeAll(async () => {
  database = await createTestDatabase();
  storage = await createTestStorage('set-moderation');
  app = await createTestApp(database, {}, undefined, storage);
  mod = await signedInUser(database, { role: 'moderator', storage });
  admin = await signedInUser(database, { role: 'admin', storage });
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await removeTestStorage(storage);
});

const signUp = () => signedInUser(database, { storage });
const anonymous = () => new TestClient(database, undefined, storage).caller();
/** The mails the moderator's calls sent to `to` (statements of reasons, outcomes). */
const mailsTo = (to: string) => mod.client.mailer.messages.filter((m) => m.to === to);
const emailOf = async (userId: string) => (await database.db.selectFrom('users').select('email').where('id', '=', userId).executeTakeFirstOrThrow()).email;
const auditRows = (setId: number) =>
  database.db.selectFrom('moderation_actions').selectAll().where('target_type', '=', 'set').where('target_id', '=', String(setId)).orderBy('id').execute();

/** A published set of a new user with two chapters of their own; the owner and the set's id. */
async function publishedSet(title = 'Campfire songs') {
  const owner = await signUp();
  const audio = [await insertAudio(database, owner.id, { title: `${title} 1` }), await insertAudio(database, owner.id, { title: `${title} 2` })];
  const id = await insertSet(database, owner.id, audio, { title, description: 'Songs for the evening by the fire' });
  return { owner, id, audio };
}

/** A signed-in user's report of the set; the receipt. */
async function reportSet(reporter: SignedInUser, setId: number, reason: 'copyright' | 'spam' = 'copyright') {
  return (await reporter.call()).report.create({
    kind: 'report',
    reason,
    targetType: 'set',
    targetId: String(setId),
    explanation: 'This playlist copies a commercial audio play.',
    goodFaith: true,
  });
}

const act = async (who: SignedInUser, action: 'hide' | 'restore' | 'delete' | 'dismiss', setId: number, contestId?: number) =>
  (await who.call()).moderation.act({ action, targetType: 'set', targetId: String(setId), ...STATEMENT, ...(contestId ? { contestId } : {}) });

const listedIds = async (search: string, who?: SignedInUser) => (await (who ? await who.call() : await anonymous()).set.list({ search })).sets.map((s) => s.id);

describe(`reporting a set (${engine})`, () => {
  it("report.create with targetType 'set' -> the queue shows the set with its reports and preview (title, chapters, /sets/{id}, owner)", async () => {
    const { owner, id } = await publishedSet('Reported songs');
    const a = await reportSet(await signUp(), id, 'copyright');
    const b = await reportSet(await signUp(), id, 'spam');
    const stored = await database.db
      .selectFrom('reports')
      .select(['reference', 'target_type', 'target_id', 'content_url', 'status'])
      .where('target_type', '=', 'set')
      .where('target_id', '=', String(id))
      .orderBy('id')
      .execute();
    expect(stored).toEqual([
      { reference: a.reference, target_type: 'set', target_id: String(id), content_url: `/sets/${id}`, status: 'open' },
      { reference: b.reference, target_type: 'set', target_id: String(id), content_url: `/sets/${id}`, status: 'open' },
    ]);

    const queue = await (await mod.call()).moderation.queue({});
    const entry = queue.entries.find((e) => e.key === `set:${id}`);
    expect(entry).toMatchObject({
      reportCount: 2,
      item: {
        targetType: 'set',
        targetId: String(id),
        exists: true,
        label: 'Reported songs',
        excerpt: '2 chapters. Songs for the evening by the fire',
        url: `/sets/${id}`,
        fileUrl: null,
        hidden: false,
        owner: { id: owner.id, username: owner.username, suspendedUntil: null },
      },
    });
    expect(new Set(entry!.reasons)).toEqual(new Set(['copyright', 'spam']));
  });

  it('the same reporter reports the same set twice while the first is open -> 409 duplicateReport', async () => {
    const { id } = await publishedSet();
    const reporter = await signUp();
    await reportSet(reporter, id);
    expect(await failure(reportSet(reporter, id))).toMatchObject({ code: 'CONFLICT', message: MODERATION_MESSAGES.duplicateReport });
  });

  it("an unknown set, someone else's draft or a hidden set -> 404 targetNotFound; the owner may report their own draft", async () => {
    const reporter = await signUp();
    expect(await failure(reportSet(reporter, 2_000_000_000))).toMatchObject({ code: 'NOT_FOUND', message: MODERATION_MESSAGES.targetNotFound });
    const owner = await signUp();
    const draft = await insertSet(database, owner.id, [], { status: 'draft' });
    expect(await failure(reportSet(reporter, draft))).toMatchObject({ code: 'NOT_FOUND', message: MODERATION_MESSAGES.targetNotFound });
    const { id: hidden } = await publishedSet();
    await database.db.updateTable('sets').set({ hidden_at: new Date() }).where('id', '=', hidden).execute();
    expect(await failure(reportSet(reporter, hidden))).toMatchObject({ code: 'NOT_FOUND', message: MODERATION_MESSAGES.targetNotFound });
    await expect(reportSet(owner, draft)).resolves.toMatchObject({ reference: expect.stringMatching(/^TS-/) });
  });

  it("POST /api/reports with targetType 'set' -> 201 with a reference signed out; an unknown set -> 404", async () => {
    const { id } = await publishedSet();
    const body = {
      kind: 'report',
      reason: 'spam',
      targetType: 'set',
      explanation: 'Nothing but advertising in here.',
      name: 'Rita Reporter',
      email: 'rita.sets@example.com',
      goodFaith: true,
    };
    const ok = await app.inject({ method: 'POST', url: '/api/reports', headers: sameOrigin, payload: { ...body, targetId: String(id) } });
    expect(ok.statusCode).toBe(201);
    expect(ok.json().reference).toMatch(/^TS-/);
    const missing = await app.inject({ method: 'POST', url: '/api/reports', headers: sameOrigin, payload: { ...body, email: 'rita2.sets@example.com', targetId: '1999999999' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(en(MODERATION_MESSAGES.targetNotFound));
  });
});

describe(`hiding, restoring and deleting a set (${engine})`, () => {
  it('hide: gone for others (byId 404, /sets, /api/sets, the feed), the owner sees it marked with the decision, moderators still open it; reports actioned; statement to the owner, outcome to the reporter; one audit row; hiding again -> 409', async () => {
    const { owner, id } = await publishedSet('Hidden campfire songs');
    const reporter = await signUp();
    const receipt = await reportSet(reporter, id);
    const stranger = await signUp();
    expect(await listedIds('Hidden campfire songs', stranger)).toContain(id);
    expect((await app.inject({ method: 'GET', url: `/feeds/sets/${id}.rss` })).statusCode).toBe(200);

    const decision = await act(mod, 'hide', id);
    expect(decision).toMatchObject({
      action: 'hide',
      targetType: 'set',
      targetId: String(id),
      targetLabel: 'Hidden campfire songs',
      reason: 'copyright',
      rule: 'copyright',
      canContest: false,
    });

    expect(await failure((await stranger.call()).set.byId({ id }))).toMatchObject({ code: 'NOT_FOUND', message: SET_MESSAGES.notFound });
    expect(await failure((await anonymous()).set.byId({ id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await listedIds('Hidden campfire songs', stranger)).not.toContain(id);
    expect(await listedIds('Hidden campfire songs')).not.toContain(id);
    expect((await app.inject({ method: 'GET', url: `/api/sets/${id}`, headers: stranger.headers })).statusCode).toBe(404);
    const listed = await app.inject({ method: 'GET', url: `/api/sets?search=${encodeURIComponent('Hidden campfire songs')}` });
    expect(listed.json().sets.map((s: { id: number }) => s.id)).not.toContain(id);
    expect((await app.inject({ method: 'GET', url: `/feeds/sets/${id}.rss` })).statusCode).toBe(404);

    expect(await (await owner.call()).set.byId({ id })).toMatchObject({ hiddenByModerators: true, decisionId: decision.id, feedUrl: null });
    expect((await (await owner.call()).set.mine({})).sets.find((s) => s.id === id)).toMatchObject({ hiddenByModerators: true, decisionId: decision.id });
    expect(await (await mod.call()).set.byId({ id })).toMatchObject({ hiddenByModerators: true, decisionId: decision.id });
    // The decision page's data, for the owner.
    expect(await (await owner.call()).moderation.decision({ id: decision.id })).toMatchObject({ targetType: 'set', targetLabel: 'Hidden campfire songs', canContest: true });

    const report = await database.db.selectFrom('reports').select(['status', 'decision_id']).where('reference', '=', receipt.reference).executeTakeFirstOrThrow();
    expect(report).toEqual({ status: 'actioned', decision_id: decision.id });
    const ownerMail = mailsTo(await emailOf(owner.id)).find((m) => m.subject.includes(`decision ${decision.id}`));
    expect(ownerMail?.text).toContain('Our moderators have hidden "Hidden campfire songs"');
    expect(ownerMail?.text).toContain(`${TEST_ORIGIN}/decisions/${decision.id}`);
    const outcome = mailsTo(await emailOf(reporter.id)).find((m) => m.subject.includes(receipt.reference));
    expect(outcome?.text).toContain('hid it');

    const rows = await auditRows(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ action: 'hide', actor_id: mod.id, target_owner_id: owner.id, target_label: 'Hidden campfire songs', statement: STATEMENT.statement });
    expect(rows[0]!.report_ids).toHaveLength(1);

    expect(await failure(act(mod, 'hide', id))).toMatchObject({ code: 'CONFLICT', message: MODERATION_MESSAGES.alreadyHidden });
  });

  it('restore after the owner contests: visible again for others, the owner mailed, the contest reversed; restoring a set that is not hidden -> 409', async () => {
    const { owner, id } = await publishedSet('Restored lullabies');
    const hid = await act(mod, 'hide', id);
    const contested = await (await owner.call()).moderation.contest({ decisionId: hid.id, explanation: 'I recorded every song in this playlist myself.' });
    expect(contested.contest).toMatchObject({ status: 'open' });
    const queue = await (await mod.call()).moderation.queue({});
    const open = queue.contests.find((c) => c.decisionId === hid.id);
    expect(open?.item).toMatchObject({ targetType: 'set', targetId: String(id), hidden: true });

    const restored = await act(mod, 'restore', id, open!.id);
    expect(restored).toMatchObject({ action: 'restore', targetType: 'set', targetId: String(id) });
    const stranger = await signUp();
    expect(await (await stranger.call()).set.byId({ id })).toMatchObject({ id, hiddenByModerators: false, decisionId: null });
    expect(await listedIds('Restored lullabies')).toContain(id);
    expect((await database.db.selectFrom('contests').select('status').where('id', '=', open!.id).executeTakeFirstOrThrow()).status).toBe('reversed');
    expect(mailsTo(await emailOf(owner.id)).some((m) => m.text.includes('Our moderators have restored "Restored lullabies"'))).toBe(true);
    expect((await auditRows(id)).map((r) => r.action)).toEqual(['hide', 'contest', 'restore']);

    expect(await failure(act(mod, 'restore', id))).toMatchObject({ code: 'CONFLICT', message: MODERATION_MESSAGES.nothingToRestore });
  });

  it("delete: the set and its cover leave (storage too), the chapters' audio files stay; reports actioned, the owner mailed, an audit row; the queue shows it deleted under its name", async () => {
    const { owner, id, audio } = await publishedSet('Deleted bedtime set');
    const cover = await storePendingUpload(database, storage, owner.id, 'cover');
    await (await owner.call()).set.update({ id, coverPath: cover });
    expect(await storage.stat(cover)).not.toBeNull();
    const receipt = await reportSet(await signUp(), id);

    const decision = await act(mod, 'delete', id);
    expect(decision).toMatchObject({ action: 'delete', targetType: 'set', targetLabel: 'Deleted bedtime set' });
    expect(await database.db.selectFrom('sets').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined();
    expect(await storage.stat(cover)).toBeNull();
    expect(await database.db.selectFrom('storage_deletions').select('key').where('key', '=', cover).executeTakeFirst()).toBeUndefined();
    expect((await database.db.selectFrom('audio_files').select('id').where('id', 'in', audio).execute()).map((r) => r.id).sort()).toEqual([...audio].sort());
    expect(await failure((await owner.call()).set.byId({ id }))).toMatchObject({ code: 'NOT_FOUND' });

    expect((await database.db.selectFrom('reports').select('status').where('reference', '=', receipt.reference).executeTakeFirstOrThrow()).status).toBe('actioned');
    expect(mailsTo(await emailOf(owner.id)).some((m) => m.text.includes('Our moderators have deleted "Deleted bedtime set"'))).toBe(true);
    const rows = await auditRows(id);
    expect(rows.map((r) => [r.action, r.actor_id, r.target_owner_id, r.target_label])).toEqual([['delete', mod.id, owner.id, 'Deleted bedtime set']]);

    const all = await (await mod.call()).moderation.queue({ status: 'all' });
    expect(all.entries.find((e) => e.key === `set:${id}`)?.item).toMatchObject({ exists: false, label: 'Deleted bedtime set', url: null });
    expect(await failure(act(mod, 'hide', id))).toMatchObject({ code: 'NOT_FOUND', message: MODERATION_MESSAGES.itemNotFound });
    // Admins read the log filtered to sets.
    const log = await (await admin.call()).moderation.log({ targetType: 'set', targetId: String(id) });
    expect(log.entries.map((e) => [e.action, e.targetType, e.reportReferences])).toEqual([['delete', 'set', [receipt.reference]]]);
  });

  it('dismiss: the reports close as dismissed and the set stays visible', async () => {
    const { id } = await publishedSet('Dismissed songs');
    const receipt = await reportSet(await signUp(), id);
    await act(mod, 'dismiss', id);
    expect((await database.db.selectFrom('reports').select('status').where('reference', '=', receipt.reference).executeTakeFirstOrThrow()).status).toBe('dismissed');
    expect(await listedIds('Dismissed songs')).toContain(id);
  });

  it('suspending the owner closes the open reports about their sets as actioned', async () => {
    const { owner, id } = await publishedSet();
    const receipt = await reportSet(await signUp(), id);
    const decision = await (await mod.call()).moderation.suspend({ userId: owner.id, days: 7, ...STATEMENT });
    expect(await database.db.selectFrom('reports').select(['status', 'decision_id']).where('reference', '=', receipt.reference).executeTakeFirstOrThrow()).toEqual({
      status: 'actioned',
      decision_id: decision.id,
    });
    expect(await failure((await (await signUp()).call()).set.byId({ id }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe(`only moderators act on sets (${engine})`, () => {
  it('another user -> 403, the owner -> 403, a signed-out visitor -> 401; the set is unchanged and nothing is logged', async () => {
    const { owner, id } = await publishedSet();
    const other = await signUp();
    for (const action of ['hide', 'delete'] as const) {
      expect(await failure(act(other, action, id))).toMatchObject({ code: 'FORBIDDEN', message: MODERATION_MESSAGES.moderatorsOnly });
      expect(await failure(act(owner, action, id))).toMatchObject({ code: 'FORBIDDEN', message: MODERATION_MESSAGES.moderatorsOnly });
      expect(await failure((await anonymous()).moderation.act({ action, targetType: 'set', targetId: String(id), ...STATEMENT }))).toMatchObject({ code: 'UNAUTHORIZED' });
    }
    expect(await database.db.selectFrom('sets').select(['hidden_at']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({ hidden_at: null });
    expect(await auditRows(id)).toEqual([]);
  });
});
