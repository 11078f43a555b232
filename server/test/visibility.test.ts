// What others see of content moderators hid (hidden_at) or whose owner is suspended
// (owner_suspended): nothing. Discover, its count, search, the tag filter and the audio tag list,
// a user's files, liked lists, details, likes, downloads and the /files URLs leave a hidden file
// out for everyone but its owner (who sees it marked, with the decision) and moderators and
// admins (who open it by id and play it). Reviews: lists, summaries, averages and the 'highest
// rated' order count visible reviews only; the author still sees their own. Restoring brings
// everything back. The moderators' writes come later (another part): these tests set the columns
// directly, as those writes will.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '../src/db/types';
import type { LocalStorage } from '../src/storage/local';
import { createTestApp, createTestStorage, removeTestStorage } from './helpers/app';
import { failure, TestClient } from './helpers/auth';
import { insertTonie, shareAudio, signedInUser, storePendingUpload, unique, type SignedInUser as Person } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let storage: LocalStorage;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = await createTestStorage('visibility');
  app = await createTestApp(database, {}, undefined, storage);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await removeTestStorage(storage);
});

/** A signed-in user with a role. */
const signUp = (role: Role = 'user') => signedInUser(database, { role, storage, ip: '203.0.113.21' });

const anonymous = () => new TestClient(database, '203.0.113.22', storage).caller();

const share = (owner: Person, fields: { title: string; tags: string[] }) => shareAudio(database, storage, owner, { ...fields, cover: true, duration: 30 });

/** A row of the moderation log, as the moderators' actions write them; its id. */
async function logAction(action: 'hide' | 'suspend', targetType: 'audio' | 'review' | 'user', targetId: string | number, ownerId: string): Promise<number> {
  const row = await database.db
    .insertInto('moderation_actions')
    .values({
      actor_name: 'mod',
      action,
      target_type: targetType,
      target_id: String(targetId),
      target_owner_id: ownerId,
      reason: 'copyright',
      rule: 'copyright',
      statement: 'Shared without the rights holder’s permission.',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const setAudio = (id: number, values: { hidden_at?: Date | null; owner_suspended?: boolean }) => database.db.updateTable('audio_files').set(values).where('id', '=', id).execute();

const setRating = (id: number, values: { hidden_at?: Date | null; owner_suspended?: boolean }) => database.db.updateTable('ratings').set(values).where('id', '=', id).execute();

describe(`a hidden audio file (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let owner: Person;
  let fan: Person;
  let moderator: Person;
  let admin: Person;
  let word: string;
  let tag: string;
  let file: Awaited<ReturnType<typeof share>>;

  beforeAll(async () => {
    [owner, fan, moderator, admin] = await Promise.all([signUp(), signUp(), signUp('moderator'), signUp('admin')]);
    word = `zq${unique().replace(/[^a-z0-9]/g, '')}`;
    tag = `Tag ${word}`;
    file = await share(owner, { title: `Song ${word}`, tags: [tag] });
    // A second, visible file of the owner: lists keep it while the first is hidden.
    await share(owner, { title: `Other ${word}`, tags: [] });
    expect((await (await fan.call()).audio.toggleLike({ id: file.id })).liked).toBe(true);
  });

  /** What a viewer sees of the file everywhere it could show (signed in or not). */
  async function seenBy(viewer: Person | null) {
    const c = viewer ? await viewer.call() : await anonymous();
    const bySearch = await c.audio.list({ search: word });
    const byTag = await c.audio.list({ tags: [tag] });
    const byLicence = await c.audio.list({ search: word, licence: 'cc-by-4.0' });
    const tags = (await c.tag.audioTags()).tags;
    const byUser = (await c.audio.byUser({ userId: owner.id })).audioFiles.map((f) => f.id);
    return {
      search: bySearch.audioFiles.some((f) => f.id === file.id),
      searchCount: bySearch.totalCount,
      tagFilter: byTag.audioFiles.some((f) => f.id === file.id),
      tagCount: byTag.totalCount,
      licenceFilter: byLicence.audioFiles.some((f) => f.id === file.id),
      audioTags: tags.includes(tag),
      byUser: byUser.includes(file.id),
      byUserCount: byUser.length,
    };
  }

  const visible = { search: true, searchCount: 2, tagFilter: true, tagCount: 1, licenceFilter: true, audioTags: true, byUser: true, byUserCount: 2 };
  const gone = { search: false, searchCount: 1, tagFilter: false, tagCount: 0, licenceFilter: false, audioTags: false, byUser: false, byUserCount: 1 };

  async function httpStatus(url: string, headers: Record<string, string> = {}) {
    return (await app.inject({ method: 'GET', url, headers })).statusCode;
  }

  it("before: everyone sees it in Discover, search, the tag filter, the audio tag list and the owner's files; the fan's liked list has it", async () => {
    expect(await seenBy(fan)).toEqual(visible);
    expect(await seenBy(null)).toEqual(visible);
    const liked = await (await fan.call()).audio.liked({});
    expect(liked.audioFiles.map((f) => f.id)).toContain(file.id);
    expect(file).toMatchObject({ hiddenByModerators: false, decisionId: null });
  });

  it('hidden by moderators -> gone for others everywhere (lists, counts, search, tags, liked, details, like, download, /files, the REST shims); restored -> back', async () => {
    const decisionId = await logAction('hide', 'audio', file.id, owner.id);
    await setAudio(file.id, { hidden_at: new Date() });

    for (const viewer of [fan, null, moderator, admin]) expect(await seenBy(viewer)).toEqual(gone);
    const liked = await (await fan.call()).audio.liked({});
    expect(liked.audioFiles.map((f) => f.id)).not.toContain(file.id);
    expect(liked.totalCount).toBe(liked.audioFiles.length);
    for (const c of [await fan.call(), await anonymous()]) expect(await failure(c.audio.byId({ id: file.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure((await fan.call()).audio.toggleLike({ id: file.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure((await fan.call()).audio.download({ id: file.id }))).toMatchObject({ code: 'NOT_FOUND' });

    // Over HTTP: the file URLs and the shims answer 404 to others.
    for (const headers of [fan.headers, {}]) {
      expect(await httpStatus(file.fileUrl!, headers)).toBe(404);
      expect(await httpStatus(`${file.fileUrl!}?download=1`, headers)).toBe(404);
      expect(await httpStatus(file.coverImage!, headers)).toBe(404);
      expect(await httpStatus(`/api/audio-files/${file.id}`, headers)).toBe(404);
    }
    const shimList = await app.inject({ method: 'GET', url: `/api/audio-files?search=${word}`, headers: fan.headers });
    expect(shimList.json().audioFiles.map((f: { id: number }) => f.id)).not.toContain(file.id);
    expect((await app.inject({ method: 'GET', url: '/api/audio-tags' })).json().tags).not.toContain(tag);
    const shimDownload = await app.inject({ method: 'POST', url: `/api/audio-files/${file.id}/download`, headers: fan.headers });
    expect(shimDownload.statusCode).toBe(404);

    // The owner sees it, marked, with the decision; in their own lists too.
    const own = await (await owner.call()).audio.byId({ id: file.id });
    expect(own).toMatchObject({ id: file.id, hiddenByModerators: true, decisionId });
    expect((await (await owner.call()).audio.mine({})).audioFiles.find((f) => f.id === file.id)).toMatchObject({ hiddenByModerators: true, decisionId });
    expect((await (await owner.call()).audio.byUser({ userId: owner.id })).audioFiles.find((f) => f.id === file.id)).toMatchObject({ hiddenByModerators: true });
    expect(await httpStatus(file.fileUrl!, owner.headers)).toBe(200);
    expect(await httpStatus(file.coverImage!, owner.headers)).toBe(200);

    // Moderators and admins open it by id and play it, to review it.
    for (const staff of [moderator, admin]) {
      expect(await (await staff.call()).audio.byId({ id: file.id })).toMatchObject({ id: file.id, hiddenByModerators: true, decisionId });
      expect(await httpStatus(file.fileUrl!, staff.headers)).toBe(200);
      expect(await httpStatus(file.coverImage!, staff.headers)).toBe(200);
    }

    // "Download my data" keeps the owner's hidden file.
    const exported = await (await owner.call()).account.exportData();
    expect(exported.audio.map((a: { id: number }) => a.id)).toContain(file.id);

    // Restored: everything is back, for everyone.
    await setAudio(file.id, { hidden_at: null });
    expect(await seenBy(fan)).toEqual(visible);
    expect(await seenBy(null)).toEqual(visible);
    expect((await (await fan.call()).audio.liked({})).audioFiles.map((f) => f.id)).toContain(file.id);
    expect(await (await fan.call()).audio.byId({ id: file.id })).toMatchObject({ hiddenByModerators: false, decisionId: null, hasLiked: true });
    expect(await httpStatus(file.fileUrl!, fan.headers)).toBe(200);
    expect(await httpStatus(file.coverImage!, {})).toBe(200);
    expect((await (await fan.call()).audio.download({ id: file.id })).fileUrl).toContain('download=1');
  });

  it('its owner suspended -> gone for others the same way; the owner sees the suspension as the decision; lifted -> back', async () => {
    const decisionId = await logAction('suspend', 'user', owner.id, owner.id);
    await database.db.updateTable('audio_files').set({ owner_suspended: true }).where('user_id', '=', owner.id).execute();

    expect(await seenBy(fan)).toEqual({ ...gone, searchCount: 0, byUserCount: 0 });
    expect(await failure((await fan.call()).audio.byId({ id: file.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await failure((await fan.call()).audio.toggleLike({ id: file.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await httpStatus(file.fileUrl!, fan.headers)).toBe(404);
    expect((await (await fan.call()).audio.liked({})).audioFiles.map((f) => f.id)).not.toContain(file.id);
    expect(await (await owner.call()).audio.byId({ id: file.id })).toMatchObject({ hiddenByModerators: true, decisionId });

    // Hidden as well: the hide decision is the one shown (the newest of them).
    await logAction('hide', 'audio', file.id, owner.id);
    const newestHide = await logAction('hide', 'audio', file.id, owner.id);
    await setAudio(file.id, { hidden_at: new Date() });
    expect(await (await owner.call()).audio.byId({ id: file.id })).toMatchObject({ hiddenByModerators: true, decisionId: newestHide });
    await setAudio(file.id, { hidden_at: null });

    await database.db.updateTable('audio_files').set({ owner_suspended: false }).where('user_id', '=', owner.id).execute();
    expect(await seenBy(fan)).toEqual(visible);
    expect(await (await owner.call()).audio.byId({ id: file.id })).toMatchObject({ hiddenByModerators: false, decisionId: null });
  });

  it('a hidden file: Discover from the read cache never shows it to a signed-in viewer, even before the cache is cleared', async () => {
    const cached = await createTestApp(database, { cacheTtlMs: 60_000 }, undefined, storage);
    try {
      const list = async () =>
        (await cached.inject({ method: 'GET', url: `/api/audio-files?search=${word}`, headers: fan.headers })).json().audioFiles.map((f: { id: number }) => f.id) as number[];
      expect(await list()).toContain(file.id);
      await setAudio(file.id, { hidden_at: new Date() });
      expect(await list()).not.toContain(file.id);
    } finally {
      await setAudio(file.id, { hidden_at: null });
      await cached.close();
    }
  });

  it("a draft stays its owner's only; moderators cannot open drafts", async () => {
    const draft = await (await owner.call()).audio.create({
      title: `Draft ${word}`,
      status: 'draft',
      licence: 'cc0-1.0',
      rightsConfirmed: true,
      filePath: await storePendingUpload(database, storage, owner.id),
    });
    expect(await failure((await moderator.call()).audio.byId({ id: draft.id }))).toMatchObject({ code: 'NOT_FOUND' });
    expect(await httpStatus(draft.fileUrl!, moderator.headers)).toBe(404);
    expect(await (await owner.call()).audio.byId({ id: draft.id })).toMatchObject({ status: 'draft', hiddenByModerators: false });
  });
});

describe(`hidden reviews (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  let category: string;
  let x: number;
  let y: number;

  const addTonie = (name: string) => insertTonie(database, name, category);

  beforeAll(async () => {
    category = `Visibility ${unique()}`;
    x = await addTonie('Xylophone Tales');
    y = await addTonie('Yodel Songs');
  });

  const highestOrder = async () => (await (await anonymous()).tonie.list({ category, sort: 'highest' })).tonies.map((t) => t.id);

  it("a hidden review -> out of review.list, the summary's stars and tags, the Tonie's average and the 'highest rated' order; its author still sees it; restored -> back", async () => {
    const [a, b, c] = await Promise.all([signUp(), signUp(), signUp()]);
    await (await a.call()).review.create({ tonieId: y, rating: 4, tags: [] });
    await (await b.call()).review.create({ tonieId: x, rating: 5, review: 'Wonderful', tags: [] });
    const harsh = await (await c.call()).review.create({ tonieId: x, rating: 1, review: 'Rude words here', tags: ['Grumpy'] });

    const api = await anonymous();
    expect(await api.tonie.byId({ id: x })).toMatchObject({ averageRating: 3, totalRatings: 2 });
    expect(await highestOrder()).toEqual([y, x]);
    expect((await api.review.list({ tonieId: x })).map((r) => r.id)).toContain(harsh.id);

    const decisionId = await logAction('hide', 'review', harsh.id, c.id);
    await setRating(harsh.id, { hidden_at: new Date() });

    for (const viewer of [await anonymous(), await b.call()]) {
      expect((await viewer.review.list({ tonieId: x })).map((r) => r.id)).not.toContain(harsh.id);
      const summary = await viewer.review.summary({ tonieId: x });
      expect(summary).toMatchObject({ averageRating: 5, totalRatings: 1, tags: [] });
      expect(summary.distribution.find((d) => d.stars === 1)).toEqual({ stars: 1, count: 0, percentage: 0 });
      expect(summary.distribution.find((d) => d.stars === 5)).toEqual({ stars: 5, count: 1, percentage: 100 });
    }
    expect(await api.tonie.byId({ id: x })).toMatchObject({ averageRating: 5, totalRatings: 1 });
    expect(await highestOrder()).toEqual([x, y]);
    expect(await (await c.call()).review.mine({ tonieId: x })).toMatchObject({ id: harsh.id, hiddenByModerators: true, decisionId });
    const exported = await (await c.call()).account.exportData();
    expect(exported.ratings.map((r: { tonieId: number }) => r.tonieId)).toContain(x);

    await setRating(harsh.id, { hidden_at: null });
    expect(await api.tonie.byId({ id: x })).toMatchObject({ averageRating: 3, totalRatings: 2 });
    expect(await highestOrder()).toEqual([y, x]);
    expect((await api.review.list({ tonieId: x })).find((r) => r.id === harsh.id)).toMatchObject({ hiddenByModerators: false, decisionId: null });
    expect((await api.review.summary({ tonieId: x })).tags).toEqual([{ name: 'Grumpy', count: 1 }]);
    expect(await (await c.call()).review.mine({ tonieId: x })).toMatchObject({ hiddenByModerators: false, decisionId: null });
  });

  it("a suspended author's review -> out of the lists and averages; the author sees the suspension as the decision; lifted -> back", async () => {
    const author = await signUp();
    const review = await (await author.call()).review.create({ tonieId: y, rating: 1, review: 'Not for us', tags: [] });
    expect(await (await anonymous()).tonie.byId({ id: y })).toMatchObject({ averageRating: 2.5, totalRatings: 2 });

    const decisionId = await logAction('suspend', 'user', author.id, author.id);
    await database.db.updateTable('ratings').set({ owner_suspended: true }).where('user_id', '=', author.id).execute();
    expect(await (await anonymous()).tonie.byId({ id: y })).toMatchObject({ averageRating: 4, totalRatings: 1 });
    expect((await (await anonymous()).review.list({ tonieId: y })).map((r) => r.id)).not.toContain(review.id);
    expect(await (await author.call()).review.mine({ tonieId: y })).toMatchObject({ hiddenByModerators: true, decisionId });

    await database.db.updateTable('ratings').set({ owner_suspended: false }).where('user_id', '=', author.id).execute();
    expect(await (await anonymous()).tonie.byId({ id: y })).toMatchObject({ averageRating: 2.5, totalRatings: 2 });
    expect((await (await anonymous()).review.list({ tonieId: y })).map((r) => r.id)).toContain(review.id);
  });
});
