// Shared audio: Discover (list, search, ALL-tags filter, sorts, paging), a user's files, liked
// files, details, create/update/delete from pending uploads, likes, downloads, audio tags, and
// the /api shims with SPEC §7's shapes; as owner, another user and anonymous. Drafts never leak.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../src/storage/local';
import { createTestApp, createTestStorage, removeTestStorage, sameOrigin } from './helpers/app';
import { failure, TestClient } from './helpers/auth';
import { RIGHTS, shareAudio, signedInUser, storePendingUpload, unique, type SignedInUser as Person } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let storage: LocalStorage;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = await createTestStorage('audio');
  app = await createTestApp(database, {}, undefined, storage);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await removeTestStorage(storage);
});

const signUp = (firstName?: string, lastName?: string) => signedInUser(database, { firstName, lastName, storage, ip: '203.0.113.7' });

const anonymous = () => new TestClient(database, '203.0.113.9', storage).caller();

const upload = (userId: string, kind: 'audio' | 'cover' = 'audio', options: { duration?: number; filePath?: string } = {}) =>
  storePendingUpload(database, storage, userId, kind, options);

const share = (owner: Person, fields: Parameters<typeof shareAudio>[3] = {}) => shareAudio(database, storage, owner, fields);

const exists = async (key: string) => (await storage.stat(key)) !== null;
const likeRows = async (id: number) =>
  Number(
    (
      await database.db
        .selectFrom('audio_likes')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('audio_file_id', '=', id)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('audio.create', () => {
  it('audio.create -> the owner from the session; name, size, duration and type from the upload; input userId and file fields ignored', async () => {
    const owner = await signUp('Ada', 'Lovelace');
    const other = await signUp();
    const filePath = await upload(owner.id, 'audio', { duration: 125 });
    const coverPath = await upload(owner.id, 'cover');
    const created = await (await owner.call()).audio.create({
      ...RIGHTS,
      title: '  Lullaby for Ada  ',
      description: '  Soft and slow. ',
      scriptText: 'Hush little baby',
      tags: ['Sleep', 'sleep', '  Night   Time ', ''],
      filePath,
      coverPath,
      userId: other.id,
      fileUrl: 'https://evil.example/x.mp3',
      fileName: 'fake.mp3',
      fileSize: 1,
      duration: 1,
      coverImage: 'https://evil.example/c.png',
    } as never);
    expect(created).toMatchObject({
      title: 'Lullaby for Ada',
      description: 'Soft and slow.',
      scriptText: 'Hush little baby',
      tags: ['Night Time', 'Sleep'],
      status: 'draft',
      userId: owner.id,
      filePath,
      fileUrl: `/files/${filePath}`,
      fileName: filePath.split('_').slice(1).join('_'),
      duration: 125,
      mimeType: 'audio/mpeg',
      coverImage: `/files/${coverPath}`,
      likeCount: 0,
      commentCount: 0,
      downloadCount: 0,
      hasLiked: false,
      overCreativeLimit: false,
      userProfile: { firstName: 'Ada', lastName: 'Lovelace', username: owner.username },
    });
    expect(created.fileSize).toBe((await storage.stat(filePath))!.size);
    expect(Date.parse(created.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    // Both uploads are attached now: no longer pending.
    expect(await database.db.selectFrom('pending_uploads').select('id').where('file_path', 'in', [filePath, coverPath]).execute()).toEqual([]);
  });

  it('audio.create: longer than 90 minutes -> saved, flagged overCreativeLimit', async () => {
    const owner = await signUp();
    expect((await share(owner, { duration: 90 * 60 + 1 })).overCreativeLimit).toBe(true);
    expect((await share(owner, { duration: 90 * 60 })).overCreativeLimit).toBe(false);
  });

  it('audio.create: each path segment of fileUrl is URL-encoded', async () => {
    const owner = await signUp();
    const filePath = await upload(owner.id, 'audio', { filePath: `audio-files/${owner.id}/1_a b#c?.mp3` });
    const created = await (await owner.call()).audio.create({ ...RIGHTS, title: 'Odd name', filePath });
    expect(created.fileUrl).toBe(`/files/audio-files/${owner.id}/1_a%20b%23c%3F.mp3`);
    expect(created.filePath).toBe(filePath);
  });

  it('audio.create: anonymous -> UNAUTHORIZED', async () => {
    expect((await failure((await anonymous()).audio.create({ ...RIGHTS, title: 'Nope', filePath: 'audio-files/x/1_a.mp3' }))).code).toBe('UNAUTHORIZED');
  });

  it.each([
    [{ title: 'ab' }, 'Title must be at least 3 characters'],
    [{ title: '   ab   ' }, 'Title must be at least 3 characters'],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ tags: Array.from({ length: 9 }, (_, i) => `t${i}`) }, 'Maximum 8 tags allowed'],
    [{ tags: ['fun, loud'] }, 'A tag cannot contain a comma'],
    [{ tags: ['x'.repeat(41)] }, 'A tag has at most 40 characters'],
    [{ tags: [1, 2] }, 'Tags must be a list of names'],
    [{ status: 'live' }, 'Status must be draft or published'],
    [{ description: 'x'.repeat(5001) }, 'The description has at most 5,000 characters'],
    [{ filePath: undefined }, 'Please select an audio file to upload'],
    [{ filePath: '' }, 'Please select an audio file to upload'],
  ])('audio.create: %o -> BAD_REQUEST with a readable message, nothing attached', async (fields, message) => {
    const owner = await signUp();
    const filePath = await upload(owner.id);
    const f = await failure((await owner.call()).audio.create({ ...RIGHTS, title: 'Valid title', filePath, ...fields } as never));
    expect(f.code).toBe('BAD_REQUEST');
    expect(f.text).toContain(message);
    expect(await database.db.selectFrom('pending_uploads').select('id').where('file_path', '=', filePath).execute()).toHaveLength(1);
  });

  it('audio.create: 8 tags, duplicates folded (any case) -> accepted', async () => {
    const owner = await signUp();
    const tags = [...Array.from({ length: 8 }, (_, i) => `Tag${i}`), 'tag0', 'TAG1'];
    expect((await share(owner, { tags })).tags).toHaveLength(8);
  });

  it("audio.create: someone else's pending upload -> BAD_REQUEST; it stays theirs", async () => {
    const owner = await signUp();
    const thief = await signUp();
    const filePath = await upload(owner.id);
    const f = await failure((await thief.call()).audio.create({ ...RIGHTS, title: 'Stolen', filePath }));
    expect(f).toMatchObject({ code: 'BAD_REQUEST', text: 'Please select an audio file to upload' });
    expect((await (await owner.call()).audio.create({ ...RIGHTS, title: 'Mine', filePath })).filePath).toBe(filePath);
  });

  it('audio.create: a path that was never uploaded, or a cover given as the audio -> BAD_REQUEST', async () => {
    const owner = await signUp();
    const c = await owner.call();
    expect((await failure(c.audio.create({ ...RIGHTS, title: 'Ghost', filePath: `audio-files/${owner.id}/1_ghost.mp3` }))).code).toBe('BAD_REQUEST');
    const cover = await upload(owner.id, 'cover');
    expect((await failure(c.audio.create({ ...RIGHTS, title: 'Picture', filePath: cover }))).code).toBe('BAD_REQUEST');
  });

  it('audio.create: a pending upload cannot be attached twice (also when two requests race)', async () => {
    const owner = await signUp();
    const c = await owner.call();
    const filePath = await upload(owner.id);
    await c.audio.create({ ...RIGHTS, title: 'First', filePath });
    expect((await failure(c.audio.create({ ...RIGHTS, title: 'Second', filePath }))).code).toBe('BAD_REQUEST');

    const raced = await upload(owner.id);
    const results = await Promise.allSettled(Array.from({ length: 5 }, (_, i) => c.audio.create({ ...RIGHTS, title: `Race ${i}`, filePath: raced })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rows = await database.db.selectFrom('audio_files').select('id').where('file_path', '=', raced).execute();
    expect(rows).toHaveLength(1);
  });

  it("audio.create: an unusable cover (someone else's, an audio file, unknown) -> saved without a cover", async () => {
    const owner = await signUp();
    const other = await signUp();
    const c = await owner.call();
    const othersCover = await upload(other.id, 'cover');
    const a = await c.audio.create({ ...RIGHTS, title: 'No cover 1', filePath: await upload(owner.id), coverPath: othersCover });
    expect(a.coverImage).toBeNull();
    const b = await c.audio.create({ ...RIGHTS, title: 'No cover 2', filePath: await upload(owner.id), coverPath: await upload(owner.id) });
    expect(b.coverImage).toBeNull();
    const d = await c.audio.create({ ...RIGHTS, title: 'No cover 3', filePath: await upload(owner.id), coverPath: 'cover-images/1_cover_nope.png' });
    expect(d.coverImage).toBeNull();
    // The other user's cover is still theirs to use.
    expect(await database.db.selectFrom('pending_uploads').select('id').where('file_path', '=', othersCover).execute()).toHaveLength(1);
  });
});

describe('drafts never leak', () => {
  let owner: Person;
  let other: Person;
  let draft: Awaited<ReturnType<typeof share>>;
  let published: Awaited<ReturnType<typeof share>>;
  const secret = `Secretdraft${unique()}`;

  beforeAll(async () => {
    owner = await signUp();
    other = await signUp();
    draft = await share(owner, { title: `${secret} demo`, status: 'draft', tags: [`${secret}Tag`] });
    published = await share(owner, { title: `Visible ${unique()}`, status: 'published', tags: ['VisibleTag'] });
  });

  it('audio.list -> published only, for anonymous, another user and the owner; counts agree', async () => {
    for (const c of [await anonymous(), await other.call(), await owner.call()]) {
      const all = await c.audio.list({ pageSize: 100 });
      expect(all.audioFiles.map((a) => a.id)).toContain(published.id);
      expect(all.audioFiles.map((a) => a.id)).not.toContain(draft.id);
      expect(all.audioFiles.every((a) => a.status === 'published')).toBe(true);
      const publishedCount = Number(
        (
          await database.db
            .selectFrom('audio_files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'published')
            .executeTakeFirstOrThrow()
        ).n,
      );
      expect(all.totalCount).toBe(publishedCount);
      expect(await c.audio.list({ search: secret })).toEqual({ audioFiles: [], totalCount: 0 });
      expect(await c.audio.list({ tags: [`${secret}Tag`] })).toEqual({ audioFiles: [], totalCount: 0 });
    }
  });

  it('tag.audioTags -> tags of published files only', async () => {
    const { tags } = await (await anonymous()).tag.audioTags();
    expect(tags).toContain('VisibleTag');
    expect(tags).not.toContain(`${secret}Tag`);
    expect((await (await owner.call()).tag.audioTags()).tags).not.toContain(`${secret}Tag`);
  });

  it('audio.byId: a draft -> the owner sees it; another user and anonymous get NOT_FOUND', async () => {
    expect((await (await owner.call()).audio.byId({ id: draft.id })).status).toBe('draft');
    expect(await failure((await other.call()).audio.byId({ id: draft.id }))).toMatchObject({ code: 'NOT_FOUND', text: 'This audio file does not exist (any more).' });
    expect((await failure((await anonymous()).audio.byId({ id: draft.id }))).code).toBe('NOT_FOUND');
  });

  it('audio.byUser -> drafts for the owner only; others and anonymous get the published ones', async () => {
    const mine = await (await owner.call()).audio.byUser({ userId: owner.id });
    expect(mine.audioFiles.map((a) => a.id)).toEqual([published.id, draft.id]);
    for (const c of [await other.call(), await anonymous()]) {
      expect((await c.audio.byUser({ userId: owner.id })).audioFiles.map((a) => a.id)).toEqual([published.id]);
    }
    expect(await (await other.call()).audio.byUser({ userId: '00000000-0000-0000-0000-000000000000' })).toEqual({ audioFiles: [] });
    expect((await failure((await other.call()).audio.byUser({ userId: 'not-a-user' }))).code).toBe('BAD_REQUEST');
  });

  it('like and download of a draft -> NOT_FOUND for another user; allowed for the owner', async () => {
    const o = await other.call();
    expect((await failure(o.audio.toggleLike({ id: draft.id }))).code).toBe('NOT_FOUND');
    expect((await failure(o.audio.download({ id: draft.id }))).code).toBe('NOT_FOUND');
    expect(await likeRows(draft.id)).toBe(0);
    const mine = await owner.call();
    expect(await mine.audio.toggleLike({ id: draft.id })).toEqual({ liked: true });
    expect(await mine.audio.toggleLike({ id: draft.id })).toEqual({ liked: false });
    expect((await mine.audio.download({ id: draft.id })).fileUrl).toBe(`/files/${draft.filePath}?download=1`);
  });

  it('update and delete by another user -> NOT_FOUND for a draft, FORBIDDEN for a published file; anonymous -> UNAUTHORIZED', async () => {
    const o = await other.call();
    expect((await failure(o.audio.update({ id: draft.id, status: 'published' }))).code).toBe('NOT_FOUND');
    expect(await failure(o.audio.update({ id: published.id, title: 'Hijacked' }))).toMatchObject({ code: 'FORBIDDEN', text: 'Only the owner can change this audio file.' });
    expect((await failure(o.audio.delete({ id: draft.id }))).code).toBe('NOT_FOUND');
    expect((await failure(o.audio.delete({ id: published.id }))).code).toBe('FORBIDDEN');
    const anon = await anonymous();
    expect((await failure(anon.audio.update({ id: published.id, title: 'Hijacked' }))).code).toBe('UNAUTHORIZED');
    expect((await failure(anon.audio.delete({ id: published.id }))).code).toBe('UNAUTHORIZED');
    expect((await (await owner.call()).audio.byId({ id: published.id })).title).toBe(published.title);
    expect((await (await owner.call()).audio.byId({ id: draft.id })).status).toBe('draft');
  });

  it('anonymous viewers get no file URL or path; signed-in viewers do', async () => {
    const anon = await (await anonymous()).audio.byId({ id: published.id });
    expect(anon).toMatchObject({ fileUrl: null, filePath: null, hasLiked: false });
    expect((await (await anonymous()).audio.list({ pageSize: 100 })).audioFiles.every((a) => a.fileUrl === null && a.filePath === null)).toBe(true);
    expect((await (await other.call()).audio.byId({ id: published.id })).fileUrl).toBe(`/files/${published.filePath}`);
    expect((await (await other.call()).audio.list({ pageSize: 100 })).audioFiles.every((a) => a.fileUrl?.startsWith('/files/'))).toBe(true);
  });

  it('publishing and unpublishing -> the file appears in and leaves lists, tags and likes of others', async () => {
    const c = await owner.call();
    const extra = await share(owner, { title: `Flip ${unique()}`, status: 'draft', tags: ['FlipTag'] });
    expect((await (await anonymous()).tag.audioTags()).tags).not.toContain('FlipTag');
    const pub = await c.audio.update({ id: extra.id, status: 'published' });
    expect(pub.status).toBe('published');
    expect((await (await anonymous()).audio.list({ tags: ['FlipTag'] })).totalCount).toBe(1);
    expect((await (await anonymous()).tag.audioTags()).tags).toContain('FlipTag');
    expect(await (await other.call()).audio.toggleLike({ id: extra.id })).toEqual({ liked: true });
    expect((await (await other.call()).audio.liked({})).audioFiles.map((a) => a.id)).toContain(extra.id);

    await c.audio.update({ id: extra.id, status: 'draft' });
    expect((await (await anonymous()).audio.list({ tags: ['FlipTag'] })).totalCount).toBe(0);
    expect((await (await anonymous()).tag.audioTags()).tags).not.toContain('FlipTag');
    const theirLikes = await (await other.call()).audio.liked({ pageSize: 100 });
    expect(theirLikes.audioFiles.map((a) => a.id)).not.toContain(extra.id);
    expect((await failure((await other.call()).audio.byId({ id: extra.id }))).code).toBe('NOT_FOUND');
  });
});

describe('audio.list', () => {
  const tag = `Sorted${unique()}`;
  const files: Record<string, number> = {};

  beforeAll(async () => {
    const owner = await signUp('Sam', 'Sorter');
    // Created in this order: cherry (oldest) ... Elder (newest).
    for (const [title, likes, downloads, extra] of [
      ['cherry pie song', 5, 0, []],
      ['Apple tree tune', 1, 9, ['Orchard']],
      ['banana boat ride', 3, 3, ['Orchard', 'Boats']],
      ['100% Fun_Songs', 0, 1, []],
      ['Elder flower', 3, 0, []],
    ] as const) {
      const a = await share(owner, { title, tags: [tag, ...extra], description: title === 'Elder flower' ? 'A quiet bedtime story' : undefined });
      await database.db.updateTable('audio_files').set({ like_count: likes, download_count: downloads }).where('id', '=', a.id).execute();
      files[title.split(' ')[0]!.toLowerCase()] = a.id;
    }
    await share(owner, { title: 'Hidden draft song', status: 'draft', tags: [tag] });
  });

  const list = async (input: Record<string, unknown>) => (await (await anonymous()).audio.list({ tags: [tag], ...input } as never)).audioFiles.map((a) => a.id);

  it('audio.list: defaults -> 12 per page, most recent first, published only', async () => {
    const res = await (await anonymous()).audio.list({ tags: [tag] });
    expect(res.totalCount).toBe(5);
    expect(res.audioFiles.map((a) => a.id)).toEqual([files.elder, files['100%'], files.banana, files.apple, files.cherry]);
    const all = await (await anonymous()).audio.list({});
    expect(all.audioFiles.length).toBeLessThanOrEqual(12);
  });

  it('audio.list: sortBy popular / downloads / az / za -> whole filtered set in that order, ties newest first', async () => {
    expect(await list({ sortBy: 'popular' })).toEqual([files.cherry, files.elder, files.banana, files.apple, files['100%']]);
    expect(await list({ sortBy: 'downloads' })).toEqual([files.apple, files.banana, files['100%'], files.elder, files.cherry]);
    expect(await list({ sortBy: 'az' })).toEqual([files['100%'], files.apple, files.banana, files.cherry, files.elder]);
    expect(await list({ sortBy: 'za' })).toEqual([files.elder, files.cherry, files.banana, files.apple, files['100%']]);
  });

  it('audio.list: pages do not overlap and share one total', async () => {
    const pages = await Promise.all([1, 2, 3].map(async (page) => (await anonymous()).audio.list({ tags: [tag], sortBy: 'az', page, pageSize: 2 })));
    expect(pages.map((p) => p.audioFiles.length)).toEqual([2, 2, 1]);
    expect(pages.every((p) => p.totalCount === 5)).toBe(true);
    expect(new Set(pages.flatMap((p) => p.audioFiles.map((a) => a.id))).size).toBe(5);
    expect(await list({ page: 4, pageSize: 2 })).toEqual([]);
  });

  it('audio.list: every sort pages through the whole order (each page chosen on the sort index first), signed in or not; past the end, the total still', async () => {
    const viewer = await signUp();
    for (const sortBy of ['recent', 'popular', 'downloads', 'az', 'za'] as const) {
      const whole = await list({ sortBy });
      for (const caller of [await anonymous(), await viewer.call()]) {
        const pages = await Promise.all([1, 2, 3].map((page) => caller.audio.list({ tags: [tag], sortBy, page, pageSize: 2 })));
        expect(pages.flatMap((p) => p.audioFiles.map((a) => a.id))).toEqual(whole);
        expect(pages.map((p) => p.totalCount)).toEqual([5, 5, 5]);
        expect(await caller.audio.list({ tags: [tag], sortBy, page: 9, pageSize: 2 })).toEqual({ audioFiles: [], totalCount: 5 });
      }
    }
  });

  it("audio.list: licence -> that licence's files and total; unfiltered -> the total of every visible file", async () => {
    const visible = async (licence?: 'cc-by-4.0' | 'cc0-1.0') =>
      Number(
        (
          await database.db
            .selectFrom('audio_files')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('status', '=', 'published')
            .where('hidden_at', 'is', null)
            .where('owner_suspended', '=', false)
            .$if(licence !== undefined, (q) => q.where('licence', '=', licence!))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const caller = await anonymous();
    expect((await caller.audio.list({})).totalCount).toBe(await visible());
    const ccBy = await caller.audio.list({ licence: 'cc-by-4.0', pageSize: 48 });
    expect(ccBy.totalCount).toBe(await visible('cc-by-4.0'));
    expect(ccBy.audioFiles.every((a) => a.licence === 'cc-by-4.0')).toBe(true);
    expect((await caller.audio.list({ licence: 'cc0-1.0' })).totalCount).toBe(await visible('cc0-1.0'));
  });

  it('audio.list: tags -> files having ALL of them, any case, array or comma list; unknown tag -> empty', async () => {
    expect(await list({ tags: [tag, 'orchard'] })).toEqual([files.banana, files.apple]);
    expect(await list({ tags: `${tag},ORCHARD,Boats` })).toEqual([files.banana]);
    expect(await list({ tags: [tag, 'No such tag'] })).toEqual([]);
    const one = await (await anonymous()).audio.list({ tags: [tag, 'Boats'] });
    expect(one.audioFiles[0]!.tags).toEqual(['Boats', 'Orchard', tag].sort((a, b) => (a < b ? -1 : 1)));
  });

  it('audio.list: search -> title or description, any case, every word must match; metacharacters literal', async () => {
    expect(await list({ search: 'APPLE' })).toEqual([files.apple]);
    expect(await list({ search: 'bedtime' })).toEqual([files.elder]);
    expect(await list({ search: 'boat banana' })).toEqual([files.banana]);
    expect(await list({ search: 'boat cherry' })).toEqual([]);
    expect(await list({ search: '100%' })).toEqual([files['100%']]);
    expect(await list({ search: 'fun_' })).toEqual([files['100%']]);
    expect(await list({ search: "'; drop table audio_files; --" })).toEqual([]);
    expect(await list({ search: 'draft' })).toEqual([]);
  });

  it.each([
    [{ page: 0 }, 'page must be a whole number of at least 1'],
    [{ page: 'abc' }, 'page must be a whole number of at least 1'],
    [{ pageSize: 101 }, 'pageSize must be at most 100'],
    [{ sortBy: 'best' }, 'sortBy must be recent, popular, downloads, az or za'],
    [{ search: 'x'.repeat(201) }, 'The search has at most 200 characters'],
    [{ tags: ['x'.repeat(41)] }, 'A tag has at most 40 characters'],
  ])('audio.list: %o -> BAD_REQUEST with a readable message', async (input, message) => {
    const f = await failure((await anonymous()).audio.list(input as never));
    expect(f.code).toBe('BAD_REQUEST');
    expect(f.text).toContain(message);
  });
});

describe('audio.mine', () => {
  it("audio.mine -> the user's own files, drafts too, newest first; searched, tag-filtered and paged on the server", async () => {
    const me = await signUp('Mia', 'Mine');
    const someone = await signUp();
    const tag = `Mine${unique()}`;
    const a = await share(me, { title: 'Moon song', tags: [tag], status: 'draft' });
    const b = await share(me, { title: 'Sun song', tags: [tag, 'Morning'] });
    const c = await share(me, { title: 'Moon lullaby', description: 'for bedtime' });
    await share(someone, { title: 'Moon of someone else', tags: [tag] });
    const call = await me.call();

    const all = await call.audio.mine({});
    expect(all.audioFiles.map((f) => f.id)).toEqual([c.id, b.id, a.id]);
    expect(all.totalCount).toBe(3);
    expect(all.audioFiles.find((f) => f.id === a.id)?.status).toBe('draft');

    expect((await call.audio.mine({ search: 'moon' })).audioFiles.map((f) => f.id)).toEqual([c.id, a.id]);
    expect((await call.audio.mine({ search: 'moon bedtime' })).audioFiles.map((f) => f.id)).toEqual([c.id]);
    expect((await call.audio.mine({ tags: [tag] })).audioFiles.map((f) => f.id)).toEqual([b.id, a.id]);
    expect((await call.audio.mine({ tags: [tag, 'morning'] })).audioFiles.map((f) => f.id)).toEqual([b.id]);
    expect(await call.audio.mine({ tags: ['no-such-tag'] })).toEqual({ audioFiles: [], totalCount: 0 });

    const page2 = await call.audio.mine({ page: 2, pageSize: 2 });
    expect(page2.audioFiles.map((f) => f.id)).toEqual([a.id]);
    expect(page2.totalCount).toBe(3);

    expect((await failure((await anonymous()).audio.mine({}))).code).toBe('UNAUTHORIZED');
    expect((await failure(call.audio.mine({ pageSize: 101 }))).code).toBe('BAD_REQUEST');
  });
});

describe('likes', () => {
  it('audio.toggleLike -> liked, then unliked; count and hasLiked follow for the liker only', async () => {
    const owner = await signUp();
    const fan = await signUp();
    const a = await share(owner, { title: `Likeable ${unique()}` });
    const f = await fan.call();
    expect(await f.audio.toggleLike({ id: a.id })).toEqual({ liked: true });
    expect(await f.audio.byId({ id: a.id })).toMatchObject({ likeCount: 1, hasLiked: true });
    expect((await f.audio.list({ search: a.title })).audioFiles[0]).toMatchObject({ likeCount: 1, hasLiked: true });
    expect(await (await owner.call()).audio.byId({ id: a.id })).toMatchObject({ likeCount: 1, hasLiked: false });
    expect(await (await anonymous()).audio.byId({ id: a.id })).toMatchObject({ likeCount: 1, hasLiked: false });
    expect(await f.audio.toggleLike({ id: a.id })).toEqual({ liked: false });
    expect(await f.audio.byId({ id: a.id })).toMatchObject({ likeCount: 0, hasLiked: false });
  });

  it('audio.toggleLike: anonymous -> UNAUTHORIZED; unknown id -> NOT_FOUND; bad id -> BAD_REQUEST', async () => {
    const fan = await signUp();
    expect((await failure((await anonymous()).audio.toggleLike({ id: 1 }))).code).toBe('UNAUTHORIZED');
    expect((await failure((await fan.call()).audio.toggleLike({ id: 99_999_999 }))).code).toBe('NOT_FOUND');
    expect((await failure((await fan.call()).audio.toggleLike({ id: 'x' as never }))).code).toBe('BAD_REQUEST');
  });

  it('audio.toggleLike: 10 at once by one user -> every toggle flips once; count equals rows (0 or 1)', async () => {
    const owner = await signUp();
    const fan = await signUp();
    const a = await share(owner);
    const f = await fan.call();
    const results = await Promise.all(Array.from({ length: 10 }, () => f.audio.toggleLike({ id: a.id })));
    const liked = results.filter((r) => r.liked).length;
    const rows = await likeRows(a.id);
    expect(rows).toBe(liked - (10 - liked));
    expect(rows === 0 || rows === 1).toBe(true);
    expect(await f.audio.byId({ id: a.id })).toMatchObject({ likeCount: rows, hasLiked: rows === 1 });
  });

  it('audio.toggleLike: 12 users at once -> exactly 12 likes; all unlike at once -> 0', async () => {
    const owner = await signUp();
    const a = await share(owner);
    const fans = await Promise.all(Array.from({ length: 12 }, () => signUp()));
    const callers = await Promise.all(fans.map((u) => u.call()));
    expect((await Promise.all(callers.map((c) => c.audio.toggleLike({ id: a.id })))).every((r) => r.liked)).toBe(true);
    expect((await (await anonymous()).audio.byId({ id: a.id })).likeCount).toBe(12);
    expect(await likeRows(a.id)).toBe(12);
    expect((await Promise.all(callers.map((c) => c.audio.toggleLike({ id: a.id })))).every((r) => !r.liked)).toBe(true);
    expect((await (await anonymous()).audio.byId({ id: a.id })).likeCount).toBe(0);
  });

  it('audio.liked -> my liked files, newest like first or most liked first, paged; others cannot read them', async () => {
    const owner = await signUp();
    const fan = await signUp();
    const f = await fan.call();
    const [x, y, z] = [await share(owner, { title: 'Liked X' }), await share(owner, { title: 'Liked Y' }), await share(owner, { title: 'Liked Z' })];
    for (const a of [y, x, z]) await f.audio.toggleLike({ id: a.id });
    // Likes at known times: y first, then x, then z.
    await sql`update audio_likes set created_at = now() - interval '3 seconds' where audio_file_id = ${y.id}`.execute(database.db);
    await sql`update audio_likes set created_at = now() - interval '2 seconds' where audio_file_id = ${x.id}`.execute(database.db);
    await database.db.updateTable('audio_files').set({ like_count: 50 }).where('id', '=', x.id).execute();
    const newest = await f.audio.liked({});
    expect(newest.audioFiles.map((a) => a.id)).toEqual([z.id, x.id, y.id]);
    expect(newest.totalCount).toBe(3);
    expect(newest.audioFiles.every((a) => a.hasLiked && a.fileUrl)).toBe(true);
    expect((await f.audio.liked({ sortBy: 'popular' })).audioFiles.map((a) => a.id)).toEqual([x.id, z.id, y.id]);
    const page2 = await f.audio.liked({ page: 2, pageSize: 2 });
    expect(page2).toMatchObject({ totalCount: 3 });
    expect(page2.audioFiles.map((a) => a.id)).toEqual([y.id]);
    expect((await failure((await anonymous()).audio.liked({}))).code).toBe('UNAUTHORIZED');
    expect((await failure(f.audio.liked({ sortBy: 'az' as never }))).text).toContain('sortBy must be newest or popular');
    expect(await (await owner.call()).audio.liked({})).toEqual({ audioFiles: [], totalCount: 0 });
  });
});

describe('audio.download', () => {
  it('audio.download -> counts once per user and answers the download URL each time; anonymous -> UNAUTHORIZED; unknown -> NOT_FOUND', async () => {
    const owner = await signUp();
    const fan = await signUp();
    const a = await share(owner);
    const f = await fan.call();
    expect(await f.audio.download({ id: a.id })).toEqual({ fileUrl: `/files/${a.filePath}?download=1` });
    expect(await f.audio.download({ id: a.id })).toEqual({ fileUrl: `/files/${a.filePath}?download=1` });
    expect((await f.audio.byId({ id: a.id })).downloadCount).toBe(1);
    await (await owner.call()).audio.download({ id: a.id });
    expect((await failure((await anonymous()).audio.download({ id: a.id }))).code).toBe('UNAUTHORIZED');
    expect((await failure(f.audio.download({ id: 99_999_999 }))).code).toBe('NOT_FOUND');
    expect((await (await anonymous()).audio.byId({ id: a.id })).downloadCount).toBe(2);
  });
});

describe('audio.update and audio.delete', () => {
  it('audio.update: the owner changes fields, tags and status either way; absent fields stay', async () => {
    const owner = await signUp();
    const c = await owner.call();
    const a = await share(owner, { title: 'Before', status: 'draft', description: 'Old words', tags: ['One', 'Two'] });
    const changed = await c.audio.update({ id: a.id, title: 'After', tags: ['Two', 'Three'], scriptText: 'La la la' });
    expect(changed).toMatchObject({ title: 'After', description: 'Old words', scriptText: 'La la la', tags: ['Three', 'Two'], status: 'draft', filePath: a.filePath });
    expect(await c.audio.update({ id: a.id, status: 'published' })).toMatchObject({ status: 'published', title: 'After' });
    expect(await c.audio.update({ id: a.id, status: 'draft', description: '' })).toMatchObject({ status: 'draft', description: null });
    expect(await c.audio.update({ id: a.id, tags: [] })).toMatchObject({ tags: [] });
    expect((await failure(c.audio.update({ id: a.id, title: 'no' }))).text).toContain('Title must be at least 3 characters');
    expect((await failure(c.audio.update({ id: a.id, status: 'gone' as never }))).text).toContain('Status must be draft or published');
    expect((await failure(c.audio.update({ id: 99_999_999, title: 'Whatever' }))).code).toBe('NOT_FOUND');
  });

  it('audio.update: a new audio upload replaces the file (old one removed); the current path keeps it', async () => {
    const owner = await signUp();
    const c = await owner.call();
    const a = await share(owner);
    expect((await c.audio.update({ id: a.id, filePath: a.filePath!, title: 'Same file' })).filePath).toBe(a.filePath);
    expect(await exists(a.filePath!)).toBe(true);
    const next = await upload(owner.id, 'audio', { duration: 6000 });
    const replaced = await c.audio.update({ id: a.id, filePath: next });
    expect(replaced).toMatchObject({ filePath: next, duration: 6000, overCreativeLimit: true, fileName: next.split('_').slice(1).join('_') });
    expect(await exists(a.filePath!)).toBe(false);
    expect(await exists(next)).toBe(true);
  });

  it("audio.update: someone else's pending upload as the new file -> BAD_REQUEST, nothing changes", async () => {
    const owner = await signUp();
    const other = await signUp();
    const a = await share(owner, { title: 'Keep me' });
    const theirs = await upload(other.id);
    const f = await failure((await owner.call()).audio.update({ id: a.id, filePath: theirs, title: 'Changed' }));
    expect(f).toMatchObject({ code: 'BAD_REQUEST', text: 'Please select an audio file to upload' });
    expect(await (await owner.call()).audio.byId({ id: a.id })).toMatchObject({ title: 'Keep me', filePath: a.filePath });
    expect(await exists(a.filePath!)).toBe(true);
  });

  it('audio.update: a new cover replaces the old (old removed); an unusable one is ignored; null removes it', async () => {
    const owner = await signUp();
    const c = await owner.call();
    const a = await share(owner, { cover: true });
    const oldCover = a.coverImage!.slice('/files/'.length);
    expect(await exists(oldCover)).toBe(true);
    const newCover = await upload(owner.id, 'cover');
    expect((await c.audio.update({ id: a.id, coverPath: newCover })).coverImage).toBe(`/files/${newCover}`);
    expect(await exists(oldCover)).toBe(false);
    expect((await c.audio.update({ id: a.id, coverPath: 'cover-images/1_cover_unknown.png' })).coverImage).toBe(`/files/${newCover}`);
    expect((await c.audio.update({ id: a.id, coverPath: null })).coverImage).toBeNull();
    expect(await exists(newCover)).toBe(false);
  });

  it('audio.delete: the owner deletes -> record, likes and both stored files gone; again -> NOT_FOUND', async () => {
    const owner = await signUp();
    const fan = await signUp();
    const a = await share(owner, { cover: true, tags: ['Gone soon'] });
    const cover = a.coverImage!.slice('/files/'.length);
    await (await fan.call()).audio.toggleLike({ id: a.id });
    expect(await (await owner.call()).audio.delete({ id: a.id })).toEqual({ ok: true, id: a.id });
    expect(await exists(a.filePath!)).toBe(false);
    expect(await exists(cover)).toBe(false);
    expect(await likeRows(a.id)).toBe(0);
    expect((await failure((await owner.call()).audio.byId({ id: a.id }))).code).toBe('NOT_FOUND');
    expect((await failure((await owner.call()).audio.delete({ id: a.id }))).code).toBe('NOT_FOUND');
    expect((await (await anonymous()).tag.audioTags()).tags).not.toContain('Gone soon');
  });

  it('audio.delete: refused for another user -> stored files stay', async () => {
    const owner = await signUp();
    const other = await signUp();
    const a = await share(owner, { cover: true });
    await failure((await other.call()).audio.delete({ id: a.id }));
    expect(await exists(a.filePath!)).toBe(true);
    expect(await exists(a.coverImage!.slice('/files/'.length))).toBe(true);
  });
});

describe('audio shims', () => {
  let owner: Person;
  let other: Person;

  beforeAll(async () => {
    owner = await signUp('Hattie', 'Http');
    other = await signUp();
  });

  it('GET /api/audio-files?page&pageSize&sortBy&tags&search -> {audioFiles, totalCount}; drafts left out', async () => {
    const tag = `Http${unique()}`;
    const a = await share(owner, { title: 'Http alpha', tags: [tag, 'Second'] });
    await share(owner, { title: 'Http beta', tags: [tag] });
    await share(owner, { title: 'Http draft', tags: [tag, 'Second'], status: 'draft' });
    const res = await app.inject({ method: 'GET', url: `/api/audio-files?page=1&pageSize=5&sortBy=az&tags=${encodeURIComponent(`${tag},Second`)}` });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['audioFiles', 'totalCount']);
    expect(body).toMatchObject({ totalCount: 1, audioFiles: [{ id: a.id, title: 'Http alpha', fileUrl: null, hasLiked: false }] });
    const searched = await app.inject({ method: 'GET', url: `/api/audio-files?search=${encodeURIComponent('http beta')}&tags=${tag}` });
    expect(searched.json().audioFiles.map((f: { title: string }) => f.title)).toEqual(['Http beta']);
    const signedIn = await app.inject({ method: 'GET', url: `/api/audio-files?tags=${tag}`, headers: { cookie: other.headers.cookie! } });
    expect(signedIn.json().audioFiles.every((f: { fileUrl: string | null }) => f.fileUrl?.startsWith('/files/'))).toBe(true);
  });

  it('GET /api/audio-files with bad parameters -> 400 with a message, never 500', async () => {
    for (const qs of ['page=0', 'page=-1', 'page=abc', 'pageSize=1000000000', 'sortBy=best', `search=${'x'.repeat(5000)}`, `tags=${'x'.repeat(41)}`]) {
      const res = await app.inject({ method: 'GET', url: `/api/audio-files?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('GET /api/audio-tags -> {tags} of published files', async () => {
    await share(owner, { title: 'Tagged draft', status: 'draft', tags: ['ShimDraftTag'] });
    await share(owner, { title: 'Tagged published', tags: ['ShimPublicTag'] });
    const res = await app.inject({ method: 'GET', url: '/api/audio-tags' });
    expect(res.statusCode).toBe(200);
    expect(res.json().tags).toContain('ShimPublicTag');
    expect(res.json().tags).not.toContain('ShimDraftTag');
  });

  it('POST /api/audio-files with the SPEC payload -> 201 as the session user; client file fields ignored; anonymous 401; no file 400', async () => {
    const filePath = await upload(owner.id);
    const payload = {
      title: 'Posted over HTTP',
      description: 'desc',
      scriptText: 'lyrics',
      status: 'draft',
      fileUrl: 'https://elsewhere.example/a.mp3',
      filePath,
      fileName: 'lies.mp3',
      fileSize: 999_999_999,
      duration: 180,
      userId: other.id,
      tags: ['Posted'],
      coverImage: 'https://elsewhere.example/c.png',
      ...RIGHTS,
    };
    const anon = await app.inject({ method: 'POST', url: '/api/audio-files', headers: sameOrigin, payload });
    expect(anon.statusCode).toBe(401);
    const res = await app.inject({ method: 'POST', url: '/api/audio-files', headers: owner.headers, payload });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Posted over HTTP', status: 'draft', userId: owner.id, filePath, duration: 61.5, coverImage: null, tags: ['Posted'] });
    expect(res.json().fileSize).toBeLessThan(1000);
    const again = await app.inject({ method: 'POST', url: '/api/audio-files', headers: owner.headers, payload });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe('Please select an audio file to upload');
    const noFile = await app.inject({ method: 'POST', url: '/api/audio-files', headers: owner.headers, payload: { title: 'No file' } });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().fieldErrors.filePath).toEqual(['Please select an audio file to upload']);
    const shortTitle = await app.inject({ method: 'POST', url: '/api/audio-files', headers: owner.headers, payload: { title: 'ab', filePath: await upload(owner.id) } });
    expect(shortTitle.json().fieldErrors.title).toEqual(['Title must be at least 3 characters']);
    const badJson = await app.inject({ method: 'POST', url: '/api/audio-files', headers: { ...owner.headers, 'content-type': 'application/json' }, payload: '{"title":' });
    expect(badJson.statusCode).toBe(400);
  });

  it('GET /api/audio-files/{id} -> published for all; a draft 404 for others; unknown 404; bad id 400', async () => {
    const pub = await share(owner, { title: 'Shim detail' });
    const draft = await share(owner, { title: 'Shim draft detail', status: 'draft' });
    expect((await app.inject({ method: 'GET', url: `/api/audio-files/${pub.id}` })).json()).toMatchObject({ id: pub.id, fileUrl: null });
    expect((await app.inject({ method: 'GET', url: `/api/audio-files/${draft.id}` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/audio-files/${draft.id}`, headers: { cookie: other.headers.cookie! } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/api/audio-files/${draft.id}`, headers: { cookie: owner.headers.cookie! } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/api/audio-files/99999999' })).statusCode).toBe(404);
    for (const id of ['abc', '0', '1e12', '-3']) expect((await app.inject({ method: 'GET', url: `/api/audio-files/${id}` })).statusCode, id).toBe(400);
  });

  it('GET /api/audio-files/user/{userId} -> {audioFiles}: drafts for the owner only; bad id 400', async () => {
    const draft = await share(owner, { title: 'Owner-only draft', status: 'draft' });
    const mine = await app.inject({ method: 'GET', url: `/api/audio-files/user/${owner.id}`, headers: { cookie: owner.headers.cookie! } });
    expect(Object.keys(mine.json())).toEqual(['audioFiles']);
    expect(mine.json().audioFiles.map((a: { id: number }) => a.id)).toContain(draft.id);
    const theirs = await app.inject({ method: 'GET', url: `/api/audio-files/user/${owner.id}`, headers: { cookie: other.headers.cookie! } });
    expect(theirs.json().audioFiles.map((a: { id: number }) => a.id)).not.toContain(draft.id);
    expect(theirs.json().audioFiles.length).toBeGreaterThan(0);
    const anon = await app.inject({ method: 'GET', url: `/api/audio-files/user/${owner.id}` });
    expect(anon.json().audioFiles.every((a: { status: string }) => a.status === 'published')).toBe(true);
    expect((await app.inject({ method: 'GET', url: '/api/audio-files/user/abc' })).statusCode).toBe(400);
  });

  it('PATCH /api/audio-files/{id} -> status alone publishes; fields change; others 403/404; anonymous 401', async () => {
    const draft = await share(owner, { title: 'Patch me', status: 'draft' });
    const url = `/api/audio-files/${draft.id}`;
    expect((await app.inject({ method: 'PATCH', url, headers: other.headers, payload: { status: 'published' } })).statusCode).toBe(404);
    expect((await app.inject({ method: 'PATCH', url, headers: sameOrigin, payload: { status: 'published' } })).statusCode).toBe(401);
    const pub = await app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { status: 'published' } });
    expect(pub.statusCode).toBe(200);
    expect(pub.json()).toMatchObject({ status: 'published', title: 'Patch me' });
    expect((await app.inject({ method: 'PATCH', url, headers: other.headers, payload: { title: 'Mine now' } })).statusCode).toBe(403);
    const edit = await app.inject({
      method: 'PATCH',
      url,
      headers: owner.headers,
      payload: { title: 'Patched', description: 'new', tags: ['P1'], scriptText: 'x', userId: other.id },
    });
    expect(edit.json()).toMatchObject({ title: 'Patched', description: 'new', tags: ['P1'], userId: owner.id });
    const bad = await app.inject({ method: 'PATCH', url, headers: owner.headers, payload: { tags: Array.from({ length: 9 }, (_, i) => `t${i}`) } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Maximum 8 tags allowed');
  });

  it('POST /api/audio-files/{id}/like -> {liked} toggled for the session user (body userId ignored); anonymous 401', async () => {
    const a = await share(owner, { title: 'Shim like' });
    const url = `/api/audio-files/${a.id}/like`;
    expect((await app.inject({ method: 'POST', url, headers: sameOrigin, payload: { userId: other.id } })).statusCode).toBe(401);
    const liked = await app.inject({ method: 'POST', url, headers: other.headers, payload: { userId: owner.id } });
    expect(liked.statusCode).toBe(200);
    expect(liked.json()).toEqual({ liked: true });
    expect((await database.db.selectFrom('audio_likes').select('user_id').where('audio_file_id', '=', a.id).execute()).map((r) => r.user_id)).toEqual([other.id]);
    expect((await app.inject({ method: 'POST', url, headers: other.headers })).json()).toEqual({ liked: false });
    expect((await app.inject({ method: 'POST', url: '/api/audio-files/99999999/like', headers: other.headers })).statusCode).toBe(404);
  });

  it('POST /api/audio-files/{id}/download -> {fileUrl} and a counted download; anonymous 401', async () => {
    const a = await share(owner, { title: 'Shim download' });
    const url = `/api/audio-files/${a.id}/download`;
    expect((await app.inject({ method: 'POST', url, headers: sameOrigin })).statusCode).toBe(401);
    const res = await app.inject({ method: 'POST', url, headers: other.headers });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ fileUrl: `/files/${a.filePath}?download=1` });
    expect((await app.inject({ method: 'GET', url: `/api/audio-files/${a.id}` })).json().downloadCount).toBe(1);
  });

  it('GET /api/audio-files/liked/{userId} -> own likes {audioFiles, totalCount}; another id 403; anonymous 401', async () => {
    const a = await share(owner, { title: 'Shim liked' });
    await app.inject({ method: 'POST', url: `/api/audio-files/${a.id}/like`, headers: other.headers });
    const res = await app.inject({ method: 'GET', url: `/api/audio-files/liked/${other.id}?page=1&pageSize=12&sortBy=newest`, headers: { cookie: other.headers.cookie! } });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json()).sort()).toEqual(['audioFiles', 'totalCount']);
    expect(res.json().audioFiles[0]).toMatchObject({ id: a.id, hasLiked: true });
    expect((await app.inject({ method: 'GET', url: `/api/audio-files/liked/${other.id}?sortBy=popular`, headers: { cookie: other.headers.cookie! } })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: `/api/audio-files/liked/${owner.id}`, headers: { cookie: other.headers.cookie! } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: `/api/audio-files/liked/${other.id}` })).statusCode).toBe(401);
    expect((await app.inject({ method: 'GET', url: `/api/audio-files/liked/${other.id}?sortBy=az`, headers: { cookie: other.headers.cookie! } })).statusCode).toBe(400);
  });

  it('DELETE /api/audio-files/{id} -> 200 and stored files removed; others 403; again 404; anonymous 401', async () => {
    const a = await share(owner, { title: 'Shim delete', cover: true });
    const cover = a.coverImage!.slice('/files/'.length);
    const url = `/api/audio-files/${a.id}`;
    expect((await app.inject({ method: 'DELETE', url, headers: sameOrigin })).statusCode).toBe(401);
    expect((await app.inject({ method: 'DELETE', url, headers: other.headers })).statusCode).toBe(403);
    const res = await app.inject({ method: 'DELETE', url, headers: owner.headers });
    expect(res.statusCode).toBe(200);
    expect(await exists(a.filePath!)).toBe(false);
    expect(await exists(cover)).toBe(false);
    expect((await app.inject({ method: 'DELETE', url, headers: owner.headers })).statusCode).toBe(404);
  });

  it('with the read cache on: Discover is cached for everyone, but a like shows at once for the liker and a publish for all', async () => {
    const cached = await createTestApp(database, { cacheTtlMs: 60_000 }, undefined, storage);
    try {
      const tag = `Cache${unique()}`;
      const a = await share(owner, { title: 'Cache probe', tags: [tag] });
      const url = `/api/audio-files?tags=${tag}`;
      const before = (await cached.inject({ method: 'GET', url })).json();
      expect(before.totalCount).toBe(1);
      // A change made outside this app is not seen until the cache expires...
      await share(owner, { title: 'Cache probe 2', tags: [tag] });
      expect((await cached.inject({ method: 'GET', url })).json()).toEqual(before);
      // ...but the liker sees the like and the live count at once.
      expect((await cached.inject({ method: 'POST', url: `/api/audio-files/${a.id}/like`, headers: other.headers })).json()).toEqual({ liked: true });
      const mine = (await cached.inject({ method: 'GET', url, headers: { cookie: other.headers.cookie! } })).json();
      expect(mine.audioFiles[0]).toMatchObject({ id: a.id, likeCount: 1, hasLiked: true });
      // A publish through this app clears the cache.
      const draft = await share(owner, { title: 'Cache probe 3', tags: [tag], status: 'draft' });
      await cached.inject({ method: 'PATCH', url: `/api/audio-files/${draft.id}`, headers: owner.headers, payload: { status: 'published' } });
      expect((await cached.inject({ method: 'GET', url })).json().totalCount).toBe(3);
      // An unpublish too, for anonymous and signed-in viewers alike.
      await cached.inject({ method: 'PATCH', url: `/api/audio-files/${draft.id}`, headers: owner.headers, payload: { status: 'draft' } });
      expect((await cached.inject({ method: 'GET', url })).json().audioFiles.map((f: { id: number }) => f.id)).not.toContain(draft.id);
      expect((await cached.inject({ method: 'GET', url, headers: { cookie: other.headers.cookie! } })).json().audioFiles.map((f: { id: number }) => f.id)).not.toContain(draft.id);
      // Unpublished elsewhere (say, another instance): a signed-in viewer stops seeing it at once;
      // the cached anonymous page keeps it until the TTL runs out.
      expect((await cached.inject({ method: 'GET', url })).json().audioFiles.map((f: { id: number }) => f.id)).toContain(a.id);
      await (await owner.call()).audio.update({ id: a.id, status: 'draft' });
      expect((await cached.inject({ method: 'GET', url, headers: { cookie: other.headers.cookie! } })).json().audioFiles.map((f: { id: number }) => f.id)).not.toContain(a.id);
    } finally {
      await cached.close();
    }
  });
});
