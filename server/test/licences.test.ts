// Licences of shared audio: a new upload states its licence and that the uploader made it or has
// the right to share it (400 with the form's messages otherwise, nothing attached); the file
// shows both; the owner may change the licence; Discover filters by licence (also over the
// REST shim); a download is named by title and licence.
import type { FastifyInstance } from 'fastify';
import { AUDIO_MESSAGES } from '@tonieshelf/shared/values/audio';
import { LICENCES, type Licence } from '@tonieshelf/shared/values/moderation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStorage } from '../src/storage/local';
import { en } from './helpers/messages';
import { createTestApp, createTestStorage, removeTestStorage } from './helpers/app';
import { failure, TestClient } from './helpers/auth';
import { signedInUser, storePendingUpload, unique } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let storage: LocalStorage;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = await createTestStorage('licences');
  app = await createTestApp(database, {}, undefined, storage);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await removeTestStorage(storage);
});

const signUp = () => signedInUser(database, { storage, ip: '203.0.113.31' });

const upload = (userId: string, ext = 'mp3') => storePendingUpload(database, storage, userId, 'audio', { ext, duration: 12 });

const pendingCount = async (filePath: string) => (await database.db.selectFrom('pending_uploads').select('id').where('file_path', '=', filePath).execute()).length;

describe(`licences of uploads (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it.each([
    [{ licence: undefined, rightsConfirmed: true }, 'licence', AUDIO_MESSAGES.licenceRequired],
    [{ licence: 'mit', rightsConfirmed: true }, 'licence', AUDIO_MESSAGES.licenceRequired],
    [{ licence: 'cc-by-4.0', rightsConfirmed: undefined }, 'rightsConfirmed', AUDIO_MESSAGES.rightsRequired],
    [{ licence: 'cc-by-4.0', rightsConfirmed: false }, 'rightsConfirmed', AUDIO_MESSAGES.rightsRequired],
    [{ licence: 'cc-by-4.0', rightsConfirmed: 'yes' }, 'rightsConfirmed', AUDIO_MESSAGES.rightsRequired],
  ])('audio.create %o -> BAD_REQUEST naming %s; nothing attached (tRPC and POST /api/audio-files 400)', async (fields, field, message) => {
    const owner = await signUp();
    const filePath = await upload(owner.id);
    const f = await failure((await owner.call()).audio.create({ title: 'Needs a licence', filePath, ...fields } as never));
    expect(f.code).toBe('BAD_REQUEST');
    expect(f.message).toContain(message);
    const res = await app.inject({ method: 'POST', url: '/api/audio-files', headers: owner.headers, payload: { title: 'Needs a licence', filePath, ...fields } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors[field]).toEqual([en(message)]);
    expect(await pendingCount(filePath)).toBe(1);
  });

  it('audio.create with a licence and the rights ticked -> both shown; the owner changes the licence; a bad licence in an update -> BAD_REQUEST, unchanged', async () => {
    const owner = await signUp();
    const before = Date.now();
    const created = await (await owner.call()).audio.create({
      title: 'Shared Freely',
      status: 'published',
      licence: 'cc-by-sa-4.0',
      rightsConfirmed: true,
      filePath: await upload(owner.id),
    });
    expect(created).toMatchObject({ licence: 'cc-by-sa-4.0', rightsConfirmed: true });
    const row = await database.db.selectFrom('audio_files').select(['licence', 'rights_confirmed_at']).where('id', '=', created.id).executeTakeFirstOrThrow();
    expect(row.licence).toBe('cc-by-sa-4.0');
    expect(new Date(row.rights_confirmed_at!).getTime()).toBeGreaterThanOrEqual(before - 5000);

    const updated = await (await owner.call()).audio.update({ id: created.id, licence: 'cc0-1.0' });
    expect(updated).toMatchObject({ licence: 'cc0-1.0', title: 'Shared Freely', rightsConfirmed: true });
    expect(await failure((await owner.call()).audio.update({ id: created.id, licence: 'gpl' as never }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining(AUDIO_MESSAGES.licenceRequired),
    });
    expect((await (await owner.call()).audio.byId({ id: created.id })).licence).toBe('cc0-1.0');
    // Another user cannot change it.
    const other = await signUp();
    expect((await failure((await other.call()).audio.update({ id: created.id, licence: 'all-rights-reserved' }))).code).toBe('FORBIDDEN');
  });

  it('a file shared before licences were asked for -> all rights reserved, rights not confirmed', async () => {
    const owner = await signUp();
    const filePath = await upload(owner.id);
    const old = await database.db
      .insertInto('audio_files')
      .values({
        user_id: owner.id,
        title: 'From Before',
        status: 'published',
        file_path: filePath,
        file_name: 'before.mp3',
        file_size: 10,
        mime_type: 'audio/mpeg',
        published_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await (await owner.call()).audio.byId({ id: old.id })).toMatchObject({ licence: 'all-rights-reserved', rightsConfirmed: false });
  });

  it('Discover filters by licence (tRPC and GET /api/audio-files?licence=); the count follows; an unknown licence -> 400', async () => {
    const owner = await signUp();
    const word = `lic${unique().replace(/[^a-z0-9]/g, '')}`;
    const ids = {} as Record<Licence, number>;
    for (const licence of LICENCES) {
      ids[licence] = (
        await (await owner.call()).audio.create({ title: `${word} ${licence}`, status: 'published', licence, rightsConfirmed: true, filePath: await upload(owner.id) })
      ).id;
    }
    const anon = await new TestClient(database, '203.0.113.32').caller();
    expect((await anon.audio.list({ search: word })).totalCount).toBe(LICENCES.length);
    for (const licence of LICENCES) {
      const page = await anon.audio.list({ search: word, licence });
      expect(page.audioFiles.map((f) => f.id)).toEqual([ids[licence]]);
      expect(page.totalCount).toBe(1);
      expect(page.audioFiles[0]!.licence).toBe(licence);
    }
    const shim = await app.inject({ method: 'GET', url: `/api/audio-files?search=${word}&licence=cc-by-nc-4.0` });
    expect(shim.statusCode).toBe(200);
    expect(shim.json()).toMatchObject({ totalCount: 1, audioFiles: [{ id: ids['cc-by-nc-4.0'], licence: 'cc-by-nc-4.0' }] });
    const bad = await app.inject({ method: 'GET', url: '/api/audio-files?licence=public-domain' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain(en(AUDIO_MESSAGES.licenceRequired));
  });

  it.each([
    ['My Song', 'cc-by-4.0', 'mp3', 'My Song (CC BY 4.0).mp3'],
    ['Schlaflied für Ömi', 'cc-by-sa-4.0', 'mp3', 'Schlaflied fur Omi (CC BY-SA 4.0).mp3'],
    ['Night / "Day" \\ <Mix>', 'cc-by-nc-4.0', 'm4a', 'Night Day Mix (CC BY-NC 4.0).m4a'],
    ['Quiet Time', 'cc0-1.0', 'wav', 'Quiet Time (CC0 1.0).wav'],
    ['Our Family Song', 'all-rights-reserved', 'mp3', 'Our Family Song (All rights reserved).mp3'],
    ['???', 'cc-by-4.0', 'mp3', /^audio-\S+ \(CC BY 4\.0\)\.mp3$/],
  ] as const)('a download of %j under %s -> Content-Disposition names the title and licence: %s', async (title, licence, ext, expected) => {
    const owner = await signUp();
    const fan = await signUp();
    const file = await (await owner.call()).audio.create({ title, status: 'published', licence, rightsConfirmed: true, filePath: await upload(owner.id, ext) });
    const { fileUrl } = await (await fan.call()).audio.download({ id: file.id });
    const res = await app.inject({ method: 'GET', url: fileUrl, headers: fan.headers });
    expect(res.statusCode).toBe(200);
    const disposition = res.headers['content-disposition'] as string;
    const name = /^attachment; filename="([^"\\\r\n]+)"$/.exec(disposition)?.[1];
    if (typeof expected === 'string') expect(name).toBe(expected);
    else expect(name).toMatch(expected);
    // Played in the page: the same name, inline.
    expect((await app.inject({ method: 'GET', url: file.fileUrl!, headers: fan.headers })).headers['content-disposition']).toBe(`inline; filename="${name}"`);
  });
});
