// Creative-Tonie sets through the `set` procedures (createCaller) and the /api/sets shims
// (app.inject): create with chapters, which audio may be a chapter, the 99-chapter and 90-minute
// budget (also under concurrent adds), publishing, reorder and removal with the totals the
// triggers keep, the set page as owner, other user and anonymous visitor (availability, file
// URLs, loudness hints, licences, feed and download links), /sets and /sets/mine, covers, likes,
// deleted audio leaving notices (by its owner, a moderator, a deleted account) and suspension.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import { SET_MESSAGES, setDownloadPath } from '@tonieshelf/shared/values/set';
import type { LocalStorage } from '../src/storage/local';
import type { AppError } from '../src/errors';
import { en } from './helpers/messages';
import { createTestApp, createTestStorage, removeTestStorage } from './helpers/app';
import { failure, TestClient } from './helpers/auth';
import { signedInUser, storePendingUpload, unique, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { newMailer, person, STATEMENT } from './helpers/moderation';

let database: TestDatabase;
let storage: LocalStorage;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = await createTestStorage('sets');
  app = await createTestApp(database, {}, undefined, storage);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await removeTestStorage(storage);
});

const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const signUp = (role: 'user' | 'moderator' = 'user') => signedInUser(database, { storage, role });
const anonymous = () => new TestClient(database, '203.0.113.19', storage).caller();

interface FileFields {
  title?: string;
  duration?: number | null;
  status?: 'draft' | 'published';
  licence?: Licence;
  hidden?: boolean;
  loudness?: number | null;
}

let fileSeq = 0;
/** An audio file row of `owner` (published, 60 s, CC BY 4.0 by default); its id. */
async function audioOf(owner: { id: string }, f: FileFields = {}): Promise<number> {
  fileSeq += 1;
  const status = f.status ?? 'published';
  const row = await database.db
    .insertInto('audio_files')
    .values({
      user_id: owner.id,
      title: f.title ?? `Chapter ${fileSeq}`,
      status,
      published_at: status === 'published' ? new Date() : null,
      hidden_at: f.hidden ? new Date() : null,
      file_path: `audio-files/${owner.id}/sets-${process.pid}-${fileSeq}.mp3`,
      file_name: `chapter-${fileSeq}.mp3`,
      file_size: 1000,
      mime_type: 'audio/mpeg',
      duration: f.duration === undefined ? 60 : f.duration,
      licence: f.licence ?? 'cc-by-4.0',
      rights_confirmed_at: new Date(),
      analysis: f.loudness === undefined ? 'none' : 'ready',
      loudness_lufs: f.loudness ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function audioFiles(owner: { id: string }, n: number, f: FileFields = {}): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < n; i++) ids.push(await audioOf(owner, f));
  return ids;
}

const newSet = async (owner: SignedInUser, audioFileIds?: number[], extra: { title?: string; description?: string; tags?: string[] } = {}) =>
  (await owner.call()).set.create({ title: extra.title ?? `Bedtime ${unique()}`, description: extra.description, tags: extra.tags ?? [], audioFileIds });

const publish = async (owner: SignedInUser, id: number) => (await owner.call()).set.update({ id, status: 'published' });

const stored = (id: number) => database.db.selectFrom('sets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const positions = async (id: number) =>
  (await database.db.selectFrom('set_chapters').select(['audio_file_id', 'position']).where('set_id', '=', id).orderBy('position').execute()).map((r) => [
    r.audio_file_id,
    r.position,
  ]);

describe(`set.create and chapters (${engine})`, () => {
  it('set.create -> a draft of the session user with tags and its first chapters in the given order; totals kept by the trigger', async () => {
    const owner = await signUp();
    const [a, b, c] = [await audioOf(owner, { duration: 100 }), await audioOf(owner, { duration: 50.5 }), await audioOf(owner, { duration: 30 })];
    const created = await newSet(owner, [c!, a!, b!], { tags: ['Sleep', 'night'] });
    expect(created).toMatchObject({ status: 'draft', userId: owner.id, chapterCount: 3, totalDuration: 180.5, overBudget: false, publishedAt: null });
    expect([...created.tags].sort()).toEqual(['Sleep', 'night'].sort());
    expect(created.chapters.map((ch) => [ch.audioFileId, ch.position])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    const row = await stored(created.id);
    expect([row.chapter_count, row.total_duration]).toEqual([3, 180.5]);
  });

  it("addChapters -> the owner's drafts while the set is a draft, and other people's published shareable files", async () => {
    const owner = await signUp();
    const other = await signUp();
    const ownDraft = await audioOf(owner, { status: 'draft' });
    const theirs = await audioOf(other, { licence: 'cc0-1.0' });
    const set = await newSet(owner);
    const after = await (await owner.call()).set.addChapters({ id: set.id, audioFileIds: [ownDraft, theirs] });
    expect(after.chapters.map((c) => [c.audioFileId, c.available])).toEqual([
      [ownDraft, true],
      [theirs, true],
    ]);
    expect(after.chapterCount).toBe(2);
  });

  it("addChapters: someone else's draft, hidden, all-rights-reserved or unknown file -> BAD_REQUEST chapterNotAvailable, nothing added", async () => {
    const owner = await signUp();
    const other = await signUp();
    const ok = await audioOf(other);
    const refused = [await audioOf(other, { status: 'draft' }), await audioOf(other, { hidden: true }), await audioOf(other, { licence: 'all-rights-reserved' }), 2_000_000_000];
    const set = await newSet(owner);
    for (const bad of refused) {
      expect(await failure((await owner.call()).set.addChapters({ id: set.id, audioFileIds: [ok, bad] }))).toMatchObject({
        code: 'BAD_REQUEST',
        message: SET_MESSAGES.chapterNotAvailable,
      });
    }
    expect((await stored(set.id)).chapter_count).toBe(0);
  });

  it("addChapters: the owner's own draft into a published set -> chapterNotAvailable", async () => {
    const owner = await signUp();
    const set = await newSet(owner, [await audioOf(owner)]);
    await publish(owner, set.id);
    const draft = await audioOf(owner, { status: 'draft' });
    expect(await failure((await owner.call()).set.addChapters({ id: set.id, audioFileIds: [draft] }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: SET_MESSAGES.chapterNotAvailable,
    });
  });

  it('addChapters: a file already in the set, or twice in one call -> CONFLICT duplicateChapter; no duration -> unknownDuration', async () => {
    const owner = await signUp();
    const [a, b] = await audioFiles(owner, 2);
    const set = await newSet(owner, [a!]);
    expect(await failure((await owner.call()).set.addChapters({ id: set.id, audioFileIds: [a!] }))).toMatchObject({ code: 'CONFLICT', message: SET_MESSAGES.duplicateChapter });
    expect(await failure((await owner.call()).set.addChapters({ id: set.id, audioFileIds: [b!, b!] }))).toMatchObject({ code: 'CONFLICT', message: SET_MESSAGES.duplicateChapter });
    const unknown = await audioOf(owner, { duration: null });
    expect(await failure((await owner.call()).set.addChapters({ id: set.id, audioFileIds: [unknown] }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: SET_MESSAGES.unknownDuration,
    });
    expect(await positions(set.id)).toEqual([[a, 1]]);
  });

  it("the 90-minute budget: a chapter taking the set past 5400 s -> 'This chapter would take the set past 90 minutes (92:14)', none of the batch added", async () => {
    const owner = await signUp();
    const set = await newSet(owner, [await audioOf(owner, { duration: 4800 })]);
    const fits = await audioOf(owner, { duration: 200 });
    const breaks = await audioOf(owner, { duration: 534 });
    const err = await failure((await owner.call()).set.addChapters({ id: set.id, audioFileIds: [fits, breaks] }));
    expect(err).toMatchObject({ code: 'BAD_REQUEST', text: 'This chapter would take the set past 90 minutes (92:14)' });
    expect((await stored(set.id)).total_duration).toBe(4800);
    // Exactly 90 minutes fits.
    const exact = await audioOf(owner, { duration: 600 });
    expect((await (await owner.call()).set.addChapters({ id: set.id, audioFileIds: [exact] })).totalDuration).toBe(5400);
  });

  it('the 99-chapter budget: a 100th chapter -> tooManyChapters; 100 ids at once -> refused by the input schema', async () => {
    const owner = await signUp();
    const ids = await audioFiles(owner, 100, { duration: 10 });
    const set = await newSet(owner, ids.slice(0, 99));
    expect(set.chapterCount).toBe(99);
    expect(await failure((await owner.call()).set.addChapters({ id: set.id, audioFileIds: [ids[99]!] }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: SET_MESSAGES.tooManyChapters,
    });
    const tooMany = await failure((await owner.call()).set.create({ title: 'Too many', audioFileIds: ids }));
    expect(tooMany.code).toBe('BAD_REQUEST');
    expect(tooMany.message).toContain(SET_MESSAGES.tooManyChapters);
    expect((await stored(set.id)).chapter_count).toBe(99);
  });

  it('two concurrent addChapters past 99 chapters -> exactly one succeeds, the set ends at 99', async () => {
    const owner = await signUp();
    const ids = await audioFiles(owner, 100, { duration: 5 });
    const set = await newSet(owner, ids.slice(0, 98));
    const [first, second] = await Promise.all([owner.call(), owner.call()]);
    const results = await Promise.allSettled([first.set.addChapters({ id: set.id, audioFileIds: [ids[98]!] }), second.set.addChapters({ id: set.id, audioFileIds: [ids[99]!] })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(rejected.reason.message).toBe(SET_MESSAGES.tooManyChapters);
    const row = await stored(set.id);
    expect([row.chapter_count, (await positions(set.id)).length]).toEqual([99, 99]);
  });

  it('two concurrent addChapters past 90 minutes -> exactly one succeeds, the set stays within 5400 s', async () => {
    const owner = await signUp();
    const set = await newSet(owner, [await audioOf(owner, { duration: 5000 })]);
    const [a, b] = await audioFiles(owner, 2, { duration: 300 });
    const [first, second] = await Promise.all([owner.call(), owner.call()]);
    const results = await Promise.allSettled([first.set.addChapters({ id: set.id, audioFileIds: [a!] }), second.set.addChapters({ id: set.id, audioFileIds: [b!] })]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(en(((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason as AppError).messageRef)).toBe(
      'This chapter would take the set past 90 minutes (93:20)',
    );
    expect((await stored(set.id)).total_duration).toBe(5300);
  });
});

describe(`adding while the audio is deleted (${engine})`, () => {
  it("adding files while one of the set's chapters is deleted -> never a deadlock or 500: the add is refused or done, the deleted chapter leaves with a notice", async () => {
    const setOwner = await signUp();
    const author = await signUp();
    const set = await newSet(setOwner, [await audioOf(setOwner)]);
    for (let round = 0; round < 8; round++) {
      const chapter = await audioOf(author, { title: `Racing ${round}` });
      await (await setOwner.call()).set.addChapters({ id: set.id, audioFileIds: [chapter] });
      const fresh = await audioOf(author);
      // The add names the chapter being deleted (refused: already in the set, or gone) after a fresh file.
      // Both callers first: a call started before an await could reject with no handler yet.
      const [ownerCaller, authorCaller] = await Promise.all([setOwner.call(), author.call()]);
      const [added, deleted] = await Promise.allSettled([ownerCaller.set.addChapters({ id: set.id, audioFileIds: [fresh, chapter] }), authorCaller.audio.delete({ id: chapter })]);
      expect(deleted.status).toBe('fulfilled');
      expect(added.status).toBe('rejected');
      expect([SET_MESSAGES.duplicateChapter, SET_MESSAGES.chapterNotAvailable]).toContain((added as PromiseRejectedResult).reason.message);
      await (await setOwner.call()).set.addChapters({ id: set.id, audioFileIds: [fresh] });
    }
    const seen = await (await setOwner.call()).set.byId({ id: set.id });
    expect([seen.chapterCount, (await positions(set.id)).length]).toEqual([9, 9]);
    expect(seen.notices).toHaveLength(8);
  });
});

describe(`reorder and removal (${engine})`, () => {
  it('reorder -> positions 1..n in the new order; a list that is not exactly the chapters -> orderMismatch', async () => {
    const owner = await signUp();
    const [a, b, c] = await audioFiles(owner, 3);
    const set = await newSet(owner, [a!, b!, c!]);
    const call = await owner.call();
    for (const wrong of [
      [a!, b!],
      [a!, b!, c!, c!],
      [a!, b!, 2_000_000_000],
      [a!, a!, b!],
    ]) {
      expect(await failure(call.set.reorder({ id: set.id, audioFileIds: wrong }))).toMatchObject({ code: 'BAD_REQUEST', message: SET_MESSAGES.orderMismatch });
    }
    const after = await call.set.reorder({ id: set.id, audioFileIds: [c!, a!, b!] });
    expect(after.chapters.map((ch) => ch.audioFileId)).toEqual([c, a, b]);
    expect(await positions(set.id)).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
  });

  it('removeChapter -> the gap closes and the totals follow; the audio file stays; not a chapter -> NOT_FOUND', async () => {
    const owner = await signUp();
    const [a, b, c] = [await audioOf(owner, { duration: 10 }), await audioOf(owner, { duration: 20 }), await audioOf(owner, { duration: 40 })];
    const set = await newSet(owner, [a!, b!, c!]);
    const after = await (await owner.call()).set.removeChapter({ id: set.id, audioFileId: b! });
    expect([after.chapterCount, after.totalDuration]).toEqual([2, 50]);
    expect(await positions(set.id)).toEqual([
      [a, 1],
      [c, 2],
    ]);
    expect(await database.db.selectFrom('audio_files').select('id').where('id', '=', b!).executeTakeFirst()).toBeDefined();
    expect(await failure((await owner.call()).set.removeChapter({ id: set.id, audioFileId: b! }))).toMatchObject({ code: 'NOT_FOUND', message: SET_MESSAGES.chapterNotFound });
  });

  it("a chapter's audio replaced by a longer one -> the totals follow; the set is over budget and cannot be published", async () => {
    const owner = await signUp();
    const a = await audioOf(owner, { duration: 3000 });
    const set = await newSet(owner, [a, await audioOf(owner, { duration: 2000 })]);
    await database.db.updateTable('audio_files').set({ duration: 4000 }).where('id', '=', a).execute();
    const after = await (await owner.call()).set.byId({ id: set.id });
    expect([after.totalDuration, after.overBudget]).toEqual([6000, true]);
    expect(await failure(publish(owner, set.id))).toMatchObject({ code: 'BAD_REQUEST', message: SET_MESSAGES.overBudgetToPublish });
  });
});

describe(`publishing (${engine})`, () => {
  it("publish -> published with published_at, and the owner's draft chapters published with it", async () => {
    const owner = await signUp();
    const draft = await audioOf(owner, { status: 'draft' });
    const set = await newSet(owner, [draft]);
    const after = await publish(owner, set.id);
    expect(after.status).toBe('published');
    expect(after.publishedAt).not.toBeNull();
    const file = await database.db.selectFrom('audio_files').select(['status', 'published_at']).where('id', '=', draft).executeTakeFirstOrThrow();
    expect(file.status).toBe('published');
    expect(file.published_at).not.toBeNull();
  });

  it('publish: an empty set -> emptyToPublish; an unverified email -> FORBIDDEN emailUnverified', async () => {
    const owner = await signUp();
    const empty = await newSet(owner);
    expect(await failure(publish(owner, empty.id))).toMatchObject({ code: 'BAD_REQUEST', message: SET_MESSAGES.emptyToPublish });
    const set = await newSet(owner, [await audioOf(owner)]);
    await database.db.updateTable('users').set({ email_verified_at: null }).where('id', '=', owner.id).execute();
    expect(await failure(publish(owner, set.id))).toMatchObject({ code: 'FORBIDDEN', message: ACCOUNT_MESSAGES.emailUnverified });
    expect((await stored(set.id)).status).toBe('draft');
  });

  it("publish with someone else's chapter that is no longer available -> published; others do not get that chapter", async () => {
    const owner = await signUp();
    const other = await signUp();
    const theirs = await audioOf(other);
    const mine = await audioOf(owner);
    const set = await newSet(owner, [theirs, mine]);
    await database.db.updateTable('audio_files').set({ status: 'draft' }).where('id', '=', theirs).execute();
    expect((await publish(owner, set.id)).status).toBe('published');
    const seen = await (await anonymous()).set.byId({ id: set.id });
    expect(seen.chapters.map((c) => c.audioFileId)).toEqual([mine]);
  });
});

describe(`the set page (${engine})`, () => {
  it('owner, other user and anonymous: unavailable chapters only for the owner (marked); file URLs only signed in; feed and download links', async () => {
    const owner = await signUp();
    const other = await signUp();
    const ok = await audioOf(other, { licence: 'cc-by-sa-4.0' });
    const later = await audioOf(other);
    const mine = await audioOf(owner, { licence: 'all-rights-reserved' });
    const set = await newSet(owner, [ok, later, mine]);
    await publish(owner, set.id);
    await database.db.updateTable('audio_files').set({ hidden_at: new Date() }).where('id', '=', later).execute();

    const asOwner = await (await owner.call()).set.byId({ id: set.id });
    expect(asOwner.chapters.map((c) => [c.audioFileId, c.available])).toEqual([
      [ok, true],
      [later, false],
      [mine, true],
    ]);
    expect(asOwner.chapters[1]!.fileUrl).toBeNull();
    expect(asOwner.feedUrl).toBe(`/feeds/sets/${set.id}.rss`);
    expect(asOwner.downloadUrl).toBe(setDownloadPath(set.id));
    expect(asOwner.chaptersNotInFeed).toBe(1);
    // Counted is what the owner gets; the hidden file of someone else is marked, not counted.
    expect([asOwner.chapterCount, asOwner.totalDuration, asOwner.unavailableChapterCount, asOwner.hiddenChapterCount]).toEqual([2, 120, 1, 0]);
    expect(asOwner.chapters[1]).toMatchObject({ hiddenByModerators: false, decisionId: null });

    const asOther = await (await other.call()).set.byId({ id: set.id });
    expect(asOther.chapters.map((c) => [c.audioFileId, c.position])).toEqual([
      [ok, 1],
      [mine, 2],
    ]);
    expect(asOther.chapters.every((c) => c.available && c.fileUrl?.startsWith('/files/'))).toBe(true);
    expect(asOther.licences).toEqual(['all-rights-reserved', 'cc-by-sa-4.0'].sort());
    expect(asOther.notices).toEqual([]);

    const asAnon = await (await anonymous()).set.byId({ id: set.id });
    expect(asAnon.chapters.map((c) => c.fileUrl)).toEqual([null, null]);
    expect(asAnon.hasLiked).toBe(false);
  });

  it("a chapter moderators hid -> others: counted nowhere (page, /sets, profile, /api/sets); its owner: marked with the decision, not counted, 'hidden' 1; the budget still holds it", async () => {
    const owner = await signUp();
    const moderator = await signUp('moderator');
    const word = `hid${unique().replace(/\W/g, '')}`;
    const ids = [await audioOf(owner, { duration: 30 }), await audioOf(owner, { duration: 30 }), await audioOf(owner, { duration: 30 }), await audioOf(owner, { duration: 30 })];
    const set = await newSet(owner, ids, { title: `Four songs ${word}` });
    await publish(owner, set.id);
    const decision = await (await moderator.call()).moderation.act({ action: 'hide', targetType: 'audio', targetId: String(ids[1]), ...STATEMENT });
    const counts = (s: { chapterCount: number; totalDuration: number; hiddenChapterCount: number; unavailableChapterCount: number }) => [
      s.chapterCount,
      s.totalDuration,
      s.hiddenChapterCount,
      s.unavailableChapterCount,
    ];

    const visitor = await signUp();
    for (const caller of [await visitor.call(), await anonymous()]) {
      const page = await caller.set.byId({ id: set.id });
      expect(counts(page)).toEqual([3, 90, 0, 0]);
      expect(page.chapters.map((c) => [c.audioFileId, c.position])).toEqual([
        [ids[0], 1],
        [ids[2], 2],
        [ids[3], 3],
      ]);
      expect(counts((await caller.set.list({ search: word })).sets[0]!)).toEqual([3, 90, 0, 0]);
      expect(counts((await caller.profile.sets({ username: owner.username })).sets.find((s) => s.id === set.id)!)).toEqual([3, 90, 0, 0]);
    }
    const api = await app.inject({ method: 'GET', url: `/api/sets?search=${word}` });
    expect(api.json().sets.map((s: { chapterCount: number; totalDuration: number }) => [s.chapterCount, s.totalDuration])).toEqual([[3, 90]]);
    expect((await app.inject({ method: 'GET', url: `/api/sets/${set.id}` })).json()).toMatchObject({ chapterCount: 3, totalDuration: 90 });

    const asOwner = await (await owner.call()).set.byId({ id: set.id });
    expect(counts(asOwner)).toEqual([3, 90, 1, 0]);
    expect(asOwner.chapters.map((c) => [c.audioFileId, c.available, c.hiddenByModerators, c.decisionId, c.fileUrl === null])).toEqual([
      [ids[0], true, false, null, false],
      [ids[1], false, true, decision.id, true],
      [ids[2], true, false, null, false],
      [ids[3], true, false, null, false],
    ]);
    expect(counts((await (await owner.call()).set.mine({ search: word })).sets[0]!)).toEqual([3, 90, 1, 0]);
    // Adds are still checked against every chapter the set holds (its place is kept until removed).
    expect((await stored(set.id)).chapter_count).toBe(4);
  });

  it('licences: distinct, most used first; a draft set has no feed; no available chapter -> no download link', async () => {
    const owner = await signUp();
    const set = await newSet(owner, [await audioOf(owner, { licence: 'cc0-1.0' }), await audioOf(owner, { licence: 'cc-by-4.0' }), await audioOf(owner, { licence: 'cc-by-4.0' })]);
    const detail = await (await owner.call()).set.byId({ id: set.id });
    expect(detail.licences).toEqual(['cc-by-4.0', 'cc0-1.0']);
    expect(detail.feedUrl).toBeNull();
    const other = await signUp();
    const foreign = await audioOf(other);
    const lone = await newSet(owner, [foreign]);
    await database.db.updateTable('audio_files').set({ status: 'draft' }).where('id', '=', foreign).execute();
    expect((await (await owner.call()).set.byId({ id: lone.id })).downloadUrl).toBeNull();
  });

  it('loudness hints: more than 3 LU from the median of the known chapters -> quieter/louder; fewer than two known -> none', async () => {
    const owner = await signUp();
    const ids = [
      await audioOf(owner, { loudness: -16 }),
      await audioOf(owner, { loudness: -20.5 }),
      await audioOf(owner, { loudness: -12 }),
      await audioOf(owner, { loudness: -18 }),
      await audioOf(owner),
    ];
    const set = await newSet(owner, ids);
    // Median of -16, -20.5, -12, -18 is -17.
    const hints = (await (await owner.call()).set.byId({ id: set.id })).chapters.map((c) => c.loudnessHint);
    expect(hints).toEqual([null, 'quieter', 'louder', null, null]);
    const single = await newSet(owner, [await audioOf(owner, { loudness: -30 }), await audioOf(owner)]);
    expect((await (await owner.call()).set.byId({ id: single.id })).chapters.map((c) => c.loudnessHint)).toEqual([null, null]);
  });
});

describe(`/sets and /sets/mine (${engine})`, () => {
  it('set.list -> published visible sets only; folded search words all match; ALL tags, case-insensitive; recent and popular; pages', async () => {
    const owner = await signUp();
    const fan = await signUp();
    const word = `zq${unique().replace(/\W/g, '')}`;
    const tag = `t${unique()}`;
    const a = await newSet(owner, [await audioOf(owner)], { title: `Märchen ${word} one`, tags: [tag, 'Evening'] });
    const b = await newSet(owner, [await audioOf(owner)], { title: `Marchen ${word} two`, tags: [tag] });
    const draft = await newSet(owner, [await audioOf(owner)], { title: `Märchen ${word} draft`, tags: [tag] });
    await publish(owner, a.id);
    await publish(owner, b.id);
    await (await fan.call()).set.toggleLike({ id: a.id });

    const call = await anonymous();
    const recent = await call.set.list({ search: `MAERCHEN ${word}` });
    expect(recent.sets.map((s) => s.id)).toEqual([b.id, a.id]);
    expect(recent.totalCount).toBe(2);
    expect((await call.set.list({ search: `${word} one` })).sets.map((s) => s.id)).toEqual([a.id]);
    expect((await call.set.list({ search: word, tags: [tag.toUpperCase(), 'evening'] })).sets.map((s) => s.id)).toEqual([a.id]);
    expect((await call.set.list({ search: word, tags: [`${tag}-unknown`] })).totalCount).toBe(0);
    expect((await call.set.list({ search: word, sortBy: 'popular' })).sets.map((s) => s.id)).toEqual([a.id, b.id]);
    const page2 = await call.set.list({ search: word, pageSize: 1, page: 2 });
    expect([page2.sets.map((s) => s.id), page2.totalCount]).toEqual([[a.id], 2]);
    expect(recent.sets.some((s) => s.id === draft.id)).toBe(false);

    // The fan sees their like and the live count.
    const fans = await (await fan.call()).set.list({ search: word });
    expect(fans.sets.find((s) => s.id === a.id)).toMatchObject({ hasLiked: true, likeCount: 1 });
    // Hidden by moderators -> gone from the list.
    await database.db.updateTable('sets').set({ hidden_at: new Date() }).where('id', '=', b.id).execute();
    expect((await call.set.list({ search: word })).sets.map((s) => s.id)).toEqual([a.id]);
  });

  it('set.mine -> own sets, drafts and hidden ones too, most recently changed first, searched; others never', async () => {
    const owner = await signUp();
    const other = await signUp();
    const word = `mine${unique().replace(/\W/g, '')}`;
    const first = await newSet(owner, undefined, { title: `Road trip ${word}` });
    const second = await newSet(owner, undefined, { title: `Rainy day ${word}` });
    await newSet(other, undefined, { title: `Road trip ${word}` });
    await (await owner.call()).set.update({ id: first.id, description: 'Changed last' });
    const mine = await (await owner.call()).set.mine({});
    expect(mine.sets.map((s) => s.id)).toEqual([first.id, second.id]);
    expect(mine.totalCount).toBe(2);
    expect((await (await owner.call()).set.mine({ search: 'rainy' })).sets.map((s) => s.id)).toEqual([second.id]);
    expect(await failure((await anonymous()).set.mine({}))).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe(`covers, deletion and likes (${engine})`, () => {
  const exists = async (key: string) => (await storage.stat(key)) !== null;

  it("cover: the user's pending cover is claimed at create; replaced and removed covers leave storage; deleting the set removes its cover, not the chapters' audio", async () => {
    const owner = await signUp();
    const chapter = await audioOf(owner);
    const cover1 = await storePendingUpload(database, storage, owner.id, 'cover');
    const created = await (await owner.call()).set.create({ title: 'With a cover', coverPath: cover1, audioFileIds: [chapter] });
    expect(created.coverImage).toContain(cover1.split('/').pop());
    const cover2 = await storePendingUpload(database, storage, owner.id, 'cover');
    const replaced = await (await owner.call()).set.update({ id: created.id, coverPath: cover2 });
    expect(replaced.coverImage).toContain(cover2.split('/').pop());
    expect(await exists(cover1)).toBe(false);
    // A set's cover is served like an audio file's: a draft's to its owner only, a published one's to everyone.
    expect((await app.inject({ method: 'GET', url: replaced.coverImage!, headers: owner.headers })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: replaced.coverImage! })).statusCode).toBe(404);
    await publish(owner, created.id);
    expect((await app.inject({ method: 'GET', url: replaced.coverImage! })).statusCode).toBe(200);
    const removed = await (await owner.call()).set.update({ id: created.id, coverPath: null });
    expect(removed.coverImage).toBeNull();
    expect(await exists(cover2)).toBe(false);

    const cover3 = await storePendingUpload(database, storage, owner.id, 'cover');
    await (await owner.call()).set.update({ id: created.id, coverPath: cover3 });
    expect(await (await owner.call()).set.delete({ id: created.id })).toEqual({ ok: true, id: created.id });
    expect(await exists(cover3)).toBe(false);
    expect(await database.db.selectFrom('sets').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
    expect(await database.db.selectFrom('audio_files').select('id').where('id', '=', chapter).executeTakeFirst()).toBeDefined();
  });

  it("someone else's pending cover -> ignored", async () => {
    const owner = await signUp();
    const other = await signUp();
    const theirs = await storePendingUpload(database, storage, other.id, 'cover');
    const created = await (await owner.call()).set.create({ title: 'Borrowed cover', coverPath: theirs });
    expect(created.coverImage).toBeNull();
  });

  it('toggleLike -> liked, then unliked; the count follows; a draft of someone else -> NOT_FOUND', async () => {
    const owner = await signUp();
    const fan = await signUp();
    const set = await newSet(owner, [await audioOf(owner)]);
    expect(await failure((await fan.call()).set.toggleLike({ id: set.id }))).toMatchObject({ code: 'NOT_FOUND', message: SET_MESSAGES.notFound });
    await publish(owner, set.id);
    expect(await (await fan.call()).set.toggleLike({ id: set.id })).toEqual({ liked: true });
    expect((await stored(set.id)).like_count).toBe(1);
    expect((await (await fan.call()).set.byId({ id: set.id })).hasLiked).toBe(true);
    expect(await (await fan.call()).set.toggleLike({ id: set.id })).toEqual({ liked: false });
    expect((await stored(set.id)).like_count).toBe(0);
  });
});

describe(`deleted audio and suspended owners (${engine})`, () => {
  it("an audio file deleted by its owner -> out of another user's set, totals updated, a notice for that set's owner only; dismissNotices clears it", async () => {
    const setOwner = await signUp();
    const author = await signUp();
    const theirs = await audioOf(author, { title: 'The Fox Song', duration: 70 });
    const set = await newSet(setOwner, [await audioOf(setOwner, { duration: 30 }), theirs]);
    await publish(setOwner, set.id);
    await (await author.call()).audio.delete({ id: theirs });
    const seen = await (await setOwner.call()).set.byId({ id: set.id });
    expect([seen.chapterCount, seen.totalDuration]).toEqual([1, 30]);
    expect(seen.chapters.map((c) => c.position)).toEqual([1]);
    expect(seen.notices.map((n) => n.audioTitle)).toEqual(['The Fox Song']);
    expect((await (await author.call()).set.byId({ id: set.id })).notices).toEqual([]);
    expect((await (await setOwner.call()).set.dismissNotices({ id: set.id })).notices).toEqual([]);
    expect(await failure((await author.call()).set.dismissNotices({ id: set.id }))).toMatchObject({ code: 'FORBIDDEN' });
  });

  it("a middle chapter's audio deleted by its author -> the later chapters move up (1..n) and the next add goes to the end", async () => {
    const setOwner = await signUp();
    const author = await signUp();
    const first = await audioOf(setOwner, { duration: 10 });
    const middle = await audioOf(author, { duration: 20 });
    const last = await audioOf(setOwner, { duration: 30 });
    const set = await newSet(setOwner, [first, middle, last]);
    await (await author.call()).audio.delete({ id: middle });
    const after = await (await setOwner.call()).set.byId({ id: set.id });
    expect(after.chapters.map((c) => [c.audioFileId, c.position])).toEqual([
      [first, 1],
      [last, 2],
    ]);
    const added = await audioOf(setOwner, { duration: 5 });
    const grown = await (await setOwner.call()).set.addChapters({ id: set.id, audioFileIds: [added] });
    expect(grown.chapters.map((c) => [c.audioFileId, c.position])).toEqual([
      [first, 1],
      [last, 2],
      [added, 3],
    ]);
    expect([grown.chapterCount, grown.totalDuration]).toEqual([3, 45]);
  });

  it("deleting one's own file that is in one's own set -> no notice", async () => {
    const owner = await signUp();
    const file = await audioOf(owner);
    const set = await newSet(owner, [file]);
    await (await owner.call()).audio.delete({ id: file });
    const seen = await (await owner.call()).set.byId({ id: set.id });
    expect([seen.chapterCount, seen.notices]).toEqual([0, []]);
  });

  it("an audio file deleted by a moderator, and one gone with its author's account -> notices on the set page", async () => {
    const mailer = newMailer();
    const setOwner = await signUp();
    const moderator = await person(database, mailer, 'moderator');
    const author = await person(database, mailer);
    const byModerator = await audioOf(author, { title: 'Removed by moderators' });
    const withAccount = await audioOf(author, { title: 'Gone with the account' });
    const set = await newSet(setOwner, [byModerator, withAccount, await audioOf(setOwner)]);
    await (await moderator.api()).moderation.act({ action: 'delete', targetType: 'audio', targetId: String(byModerator), ...STATEMENT });
    await (await author.api()).account.deleteAccount({ password: author.password, keepReviews: false });
    const seen = await (await setOwner.call()).set.byId({ id: set.id });
    expect(seen.notices.map((n) => n.audioTitle).sort()).toEqual(['Gone with the account', 'Removed by moderators']);
    expect(seen.chapterCount).toBe(1);
  });

  it('the owner suspended -> the set is gone for others (list, page, like) and marked for the owner; moderators can still open it; lifted -> back', async () => {
    const mailer = newMailer();
    const owner = await person(database, mailer);
    const moderator = await person(database, mailer, 'moderator');
    const fan = await signUp();
    const word = `susp${unique().replace(/\W/g, '')}`;
    const id = (await (await owner.api()).set.create({ title: `Suspended ${word}`, audioFileIds: [await audioOf(owner)] })).id;
    await (await owner.api()).set.update({ id, status: 'published' });
    await (await moderator.api()).moderation.suspend({ userId: owner.id, days: 7, ...STATEMENT });
    expect((await (await fan.call()).set.list({ search: word })).totalCount).toBe(0);
    expect(await failure((await fan.call()).set.byId({ id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure((await fan.call()).set.toggleLike({ id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect((await (await moderator.api()).set.byId({ id })).hiddenByModerators).toBe(true);
    await (await moderator.api()).moderation.unsuspend({ userId: owner.id, ...STATEMENT });
    expect((await (await fan.call()).set.list({ search: word })).totalCount).toBe(1);
  });
});

describe(`account data and account deletion (${engine})`, () => {
  it("'Download my data' lists the account's sets with their chapters' audio ids in order; deleting the account removes the sets' covers from storage", async () => {
    const mailer = newMailer();
    const owner = await person(database, mailer);
    owner.browser.storage = storage;
    const [a, b] = [await audioOf(owner), await audioOf(owner)];
    const coverPath = await storePendingUpload(database, storage, owner.id, 'cover');
    const created = await (await owner.api()).set.create({ title: 'Exported set', coverPath, audioFileIds: [b, a] });
    const data = await (await owner.api()).account.exportData();
    expect(data.sets).toEqual([
      expect.objectContaining({
        id: created.id,
        title: 'Exported set',
        status: 'draft',
        audioFileIds: [b, a],
        publishedAt: null,
        coverUrl: expect.stringContaining(coverPath.split('/').pop()!),
      }),
    ]);
    expect(await storage.stat(coverPath)).not.toBeNull();
    await (await owner.api()).account.deleteAccount({ password: owner.password, keepReviews: false });
    expect(await storage.stat(coverPath)).toBeNull();
    expect(await database.db.selectFrom('sets').select('id').where('id', '=', created.id).executeTakeFirst()).toBeUndefined();
  });
});

describe(`the /api/sets shims (${engine})`, () => {
  it("POST, GET, PATCH, chapters (POST/PUT/DELETE), like, notices, DELETE -> the procedures' answers with REST statuses", async () => {
    const owner = await signUp();
    const [a, b] = await audioFiles(owner, 2);
    const h = owner.headers;
    const created = await app.inject({ method: 'POST', url: '/api/sets', headers: h, payload: { title: 'Over HTTP', audioFileIds: [a] } });
    expect(created.statusCode).toBe(201);
    const id = created.json().id as number;
    expect((await app.inject({ method: 'POST', url: `/api/sets/${id}/chapters`, headers: h, payload: { audioFileIds: [b] } })).json().chapterCount).toBe(2);
    const reordered = await app.inject({ method: 'PUT', url: `/api/sets/${id}/chapters`, headers: h, payload: { audioFileIds: [b, a] } });
    expect(reordered.json().chapters.map((c: { audioFileId: number }) => c.audioFileId)).toEqual([b, a]);
    const over = await app.inject({ method: 'PUT', url: `/api/sets/${id}/chapters`, headers: h, payload: { audioFileIds: [b] } });
    expect([over.statusCode, over.json().message]).toEqual([400, en(SET_MESSAGES.orderMismatch)]);
    expect((await app.inject({ method: 'DELETE', url: `/api/sets/${id}/chapters/${a}`, headers: h })).json().chapterCount).toBe(1);
    const patched = await app.inject({ method: 'PATCH', url: `/api/sets/${id}`, headers: h, payload: { status: 'published' } });
    expect([patched.statusCode, patched.json().status]).toEqual([200, 'published']);
    expect((await app.inject({ method: 'GET', url: `/api/sets/${id}` })).json().chapters).toHaveLength(1);
    expect((await app.inject({ method: 'GET', url: '/api/sets?search=over+http' })).json().sets.some((s: { id: number }) => s.id === id)).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/sets/mine', headers: h })).json().totalCount).toBeGreaterThanOrEqual(1);
    expect((await app.inject({ method: 'POST', url: `/api/sets/${id}/like`, headers: h })).json()).toEqual({ liked: true });
    expect((await app.inject({ method: 'DELETE', url: `/api/sets/${id}/notices`, headers: h })).statusCode).toBe(200);
    expect((await app.inject({ method: 'DELETE', url: `/api/sets/${id}`, headers: h })).json()).toEqual({ ok: true, id });
    expect((await app.inject({ method: 'GET', url: `/api/sets/${id}` })).statusCode).toBe(404);
  });

  it('junk input -> 400 with the message, never 500', async () => {
    const owner = await signUp();
    const h = owner.headers;
    const cases = [
      { method: 'GET' as const, url: '/api/sets/abc', message: SET_MESSAGES.invalidId },
      { method: 'GET' as const, url: '/api/sets/99999999999', message: SET_MESSAGES.invalidId },
      { method: 'GET' as const, url: '/api/sets?sortBy=loud', message: SET_MESSAGES.sortBy },
      { method: 'POST' as const, url: '/api/sets', payload: { title: 'x' }, message: SET_MESSAGES.titleTooShort },
      { method: 'POST' as const, url: '/api/sets', payload: { title: 'Fine title', audioFileIds: [] }, message: SET_MESSAGES.noChapters },
      { method: 'POST' as const, url: '/api/sets', payload: { title: 'Fine title', audioFileIds: 'all' }, message: SET_MESSAGES.chapterIds },
      { method: 'PATCH' as const, url: '/api/sets/1', payload: { status: 'loud' } },
    ];
    for (const c of cases) {
      const res = await app.inject({ method: c.method, url: c.url, headers: h, ...(c.payload ? { payload: c.payload } : {}) });
      expect(res.statusCode, `${c.method} ${c.url}`).toBe(400);
      if (c.message) expect(res.json().message).toContain(en(c.message));
    }
    const noOrigin = await app.inject({ method: 'POST', url: '/api/sets', headers: { cookie: h.cookie! }, payload: { title: 'No origin' } });
    expect(noOrigin.statusCode).toBe(403);
  });
});
