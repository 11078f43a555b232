// set.addUploads: the user's uploaded files become draft audio files and chapters at the end of
// their set in ONE call, in natural file-name order, each upload answered on its own (added at a
// position, or refused with its message and code; a refused file that was saved stays a draft).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIO_MESSAGES } from '@tonieshelf/shared/values/audio';
import { overBudgetMessage, SET_MESSAGES } from '@tonieshelf/shared/values/set';
import type { AddUploadsInput } from '@tonieshelf/shared/schemas/set';
import type { LocalStorage } from '../src/storage/local';
import { createTestApp, createTestStorage, removeTestStorage } from './helpers/app';
import { failure } from './helpers/auth';
import { en } from './helpers/messages';
import { signedInUser, storePendingUpload, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let storage: LocalStorage;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  storage = await createTestStorage('set-uploads');
  app = await createTestApp(database, {}, undefined, storage);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  await removeTestStorage(storage);
});

const engine = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
const signUp = () => signedInUser(database, { storage });
const RIGHTS = { licence: 'cc-by-4.0', rightsConfirmed: true } as const;

/** A pending audio upload of `user` named `name`, `seconds` long (null: unknown); its path. */
async function uploaded(user: SignedInUser, name: string, seconds: number | null = 60): Promise<string> {
  const path = await storePendingUpload(database, storage, user.id, 'audio', { name, duration: seconds ?? 1 });
  if (seconds === null) await database.db.updateTable('pending_uploads').set({ duration: null }).where('file_path', '=', path).execute();
  return path;
}

async function newSet(user: SignedInUser, title = 'Evening'): Promise<number> {
  return (await (await user.call()).set.create({ title })).id;
}

const titleOf = (name: string) => name.replace(/\.wav$/, '');

async function addUploads(user: SignedInUser, id: number, files: [name: string, path: string][]) {
  const input: AddUploadsInput = { id, ...RIGHTS, uploads: files.map(([name, filePath]) => ({ filePath, title: titleOf(name) })) };
  return (await user.call()).set.addUploads(input);
}

async function pendingPaths(userId: string): Promise<string[]> {
  const rows = await database.db.selectFrom('pending_uploads').select('file_path').where('user_id', '=', userId).execute();
  return rows.map((r) => r.file_path);
}

describe(`set.addUploads (${engine})`, () => {
  it('files sent in any order -> draft audio files under the licence and chapters after the existing ones, in natural file-name order', async () => {
    const user = await signUp();
    const id = await newSet(user);
    const first = await addUploads(user, id, [['0 Start.wav', await uploaded(user, '0 Start.wav', 5)]]);
    expect(first.uploads).toMatchObject([{ outcome: 'added', position: 1 }]);

    const names = ['10 Goodnight.wav', '2 Bath time.wav', '1 Dinner.wav', '4 Story.wav'];
    const files: [string, string][] = [];
    for (const name of names) files.push([name, await uploaded(user, name, 10)]);
    const { set, uploads } = await addUploads(user, id, files);

    expect(set.chapters.map((c) => c.title)).toEqual(['0 Start', '1 Dinner', '2 Bath time', '4 Story', '10 Goodnight']);
    expect(set.chapters.map((c) => c.position)).toEqual([1, 2, 3, 4, 5]);
    expect(set.totalDuration).toBe(45);
    const byPath = new Map(uploads.map((u) => [u.filePath, u]));
    expect(uploads.map((u) => u.outcome)).toEqual(['added', 'added', 'added', 'added']);
    expect(names.map((n) => byPath.get(files.find(([name]) => name === n)![1])).map((u) => u?.outcome === 'added' && u.position)).toEqual([5, 3, 2, 4]);
    const made = await database.db.selectFrom('audio_files').select(['title', 'status', 'licence', 'published_at']).where('user_id', '=', user.id).orderBy('title').execute();
    expect(made).toEqual(['0 Start', '1 Dinner', '10 Goodnight', '2 Bath time', '4 Story'].map((title) => ({ title, status: 'draft', licence: 'cc-by-4.0', published_at: null })));
    // Each pending upload was taken once.
    expect(await pendingPaths(user.id)).toEqual([]);
  });

  it('one upload over the budget -> refused with the budget message and its code, kept as a draft; the files before and after it are added', async () => {
    const user = await signUp();
    const id = await newSet(user);
    const files: [string, string][] = [
      ['1 Short.wav', await uploaded(user, '1 Short.wav', 60)],
      ['2 Long night.wav', await uploaded(user, '2 Long night.wav', 91 * 60)],
      ['3 Unknown.wav', await uploaded(user, '3 Unknown.wav', null)],
      ['4 Also short.wav', await uploaded(user, '4 Also short.wav', 30)],
    ];
    const { set, uploads } = await addUploads(user, id, files);

    expect(uploads).toEqual([
      { filePath: files[0]![1], outcome: 'added', audioFileId: expect.any(Number), position: 1 },
      { filePath: files[1]![1], outcome: 'refused', audioFileId: expect.any(Number), message: en(overBudgetMessage(60, 91 * 60)), messageCode: 'set.overBudget' },
      { filePath: files[2]![1], outcome: 'refused', audioFileId: expect.any(Number), message: en(SET_MESSAGES.unknownDuration), messageCode: 'set.unknownDuration' },
      { filePath: files[3]![1], outcome: 'added', audioFileId: expect.any(Number), position: 2 },
    ]);
    expect(set.chapters.map((c) => c.title)).toEqual(['1 Short', '4 Also short']);
    expect(set.totalDuration).toBe(90);
    // The refused ones are the user's draft audio files now.
    const kept = uploads.filter((u) => u.outcome === 'refused').map((u) => u.audioFileId!);
    const mine = await (await user.call()).audio.mine({});
    expect(mine.audioFiles.filter((f) => kept.includes(f.id)).map((f) => [f.title, f.status])).toEqual(
      expect.arrayContaining([
        ['2 Long night', 'draft'],
        ['3 Unknown', 'draft'],
      ]),
    );
  });

  it('the 100th chapter -> refused (at most 99), kept as a draft', async () => {
    const user = await signUp();
    const id = await newSet(user);
    const files: [string, string][] = [];
    for (let i = 1; i <= 99; i++) files.push([`${i} Track.wav`, await uploaded(user, `${i} Track.wav`, 1)]);
    expect((await addUploads(user, id, files)).set.chapterCount).toBe(99);
    const last = await uploaded(user, '100 Track.wav', 1);
    const { set, uploads } = await addUploads(user, id, [['100 Track.wav', last]]);
    expect(uploads).toEqual([
      { filePath: last, outcome: 'refused', audioFileId: expect.any(Number), message: en(SET_MESSAGES.tooManyChapters), messageCode: 'set.tooManyChapters' },
    ]);
    expect(set.chapterCount).toBe(99);
  });

  it("someone else's upload, an unknown path or one sent twice -> refused with no audio file; the other user's upload stays theirs", async () => {
    const user = await signUp();
    const other = await signUp();
    const id = await newSet(user);
    const theirs = await uploaded(other, 'Theirs.wav');
    const mine = await uploaded(user, 'Mine.wav');
    const { set, uploads } = await addUploads(user, id, [
      ['Theirs.wav', theirs],
      ['Mine.wav', mine],
      ['Again.wav', mine],
      ['Nowhere.wav', `audio/${user.id}/nowhere.wav`],
    ]);
    const refused = { outcome: 'refused', audioFileId: null, message: en(AUDIO_MESSAGES.selectAudioFile), messageCode: expect.any(String) };
    expect(uploads).toEqual([
      { filePath: mine, outcome: 'added', audioFileId: expect.any(Number), position: 1 },
      { filePath: theirs, ...refused },
      { filePath: mine, ...refused },
      { filePath: `audio/${user.id}/nowhere.wav`, ...refused },
    ]);
    expect(set.chapters.map((c) => c.title)).toEqual(['Mine']);
    expect(await pendingPaths(other.id)).toEqual([theirs]);
    expect(await database.db.selectFrom('audio_files').select('id').where('user_id', '=', other.id).execute()).toEqual([]);
  });

  it("another user's draft set -> refused whole (NOT_FOUND), nothing claimed; a published set -> the new drafts are refused and kept", async () => {
    const owner = await signUp();
    const user = await signUp();
    const id = await newSet(owner);
    const path = await uploaded(user, 'Sneaky.wav');
    expect(await failure(addUploads(user, id, [['Sneaky.wav', path]]))).toMatchObject({ code: 'NOT_FOUND', message: SET_MESSAGES.notFound });
    expect(await pendingPaths(user.id)).toEqual([path]);

    // A published set takes no draft chapters (as set.addChapters): the file is saved as a draft.
    const own = await newSet(user, 'Published');
    await addUploads(user, own, [['First.wav', await uploaded(user, 'First.wav')]]);
    await (await user.call()).set.update({ id: own, status: 'published' });
    const later = await uploaded(user, 'Later.wav');
    const { set, uploads } = await addUploads(user, own, [['Later.wav', later]]);
    expect(uploads).toEqual([
      { filePath: later, outcome: 'refused', audioFileId: expect.any(Number), message: en(SET_MESSAGES.chapterNotAvailable), messageCode: 'set.chapterNotAvailable' },
    ]);
    expect(set.chapterCount).toBe(1);
  });

  it('over HTTP in German: the refusal in German with its code; the input is checked (no uploads -> 400)', async () => {
    const user = await signUp();
    const id = await newSet(user);
    const long = await uploaded(user, 'Long.wav', 91 * 60);
    const post = (payload: object) => app.inject({ method: 'POST', url: '/trpc/set.addUploads', headers: { ...user.headers, 'accept-language': 'de' }, payload });
    const res = await post({ id, ...RIGHTS, uploads: [{ filePath: long, title: 'Long' }] });
    expect(res.statusCode, res.body).toBe(200);
    const [outcome] = res.json().result.data.uploads;
    expect(outcome).toMatchObject({ outcome: 'refused', messageCode: 'set.overBudget', message: 'Mit diesem Kapitel wäre die Playlist länger als 90 Minuten (91:00)' });

    const empty = await post({ id, ...RIGHTS, uploads: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toContain('Wähle mindestens eine Audiodatei');
  });
});
