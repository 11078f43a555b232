// GET /api/sets/{id}/download against a listening server (real sockets, so streaming and aborts
// are real): the ZIP's names, order and bytes, its playlist and credits, who may download, the
// count of a download sent whole, a client that goes away midway, a stored file missing midway,
// and the same download from the S3 driver.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SET_MESSAGES } from '@tonieshelf/shared/values/set';
import { setAudioHidden } from '../src/repositories/moderation';
import type { ByteRange, Storage } from '../src/storage/storage';
import { en } from './helpers/messages';
import { createTestApp, createTestStorage, removeTestStorage, TEST_ORIGIN } from './helpers/app';
import { signedInUser, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { startS3Server, type TestS3Server } from './helpers/s3';
import { insertSet, storedAudio } from './helpers/sets';
import { readZip } from './helpers/zip';
import { LocalStorage } from '../src/storage/local';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** The connection broke before the response ended. */
  broken: boolean;
}

/** A GET over a real socket; resolves with what arrived, also when the connection breaks. */
function get(base: string, path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers, agent: false }, (res) => {
      const parts: Buffer[] = [];
      let broken = false;
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('aborted', () => (broken = true));
      res.on('error', () => (broken = true));
      res.on('close', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(parts), broken: broken || !res.complete }));
    });
    req.on('error', reject);
  });
}

const countFds = () => fs.readdirSync('/proc/self/fd').length;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function downloadCount(database: TestDatabase, setId: number) {
  const set = await database.db.selectFrom('sets').select('download_count').where('id', '=', setId).executeTakeFirstOrThrow();
  const rows = await database.db
    .selectFrom('set_downloads')
    .select(({ fn }) => fn.countAll<number>().as('n'))
    .where('set_id', '=', setId)
    .executeTakeFirstOrThrow();
  return { counter: set.download_count, rows: Number(rows.n) };
}

/** Waits until the set's download count is `n` (counted just after the response finished), up to 3 s. */
async function expectCount(database: TestDatabase, setId: number, n: number) {
  for (let i = 0; i < 60; i++) {
    const c = await downloadCount(database, setId);
    if (c.counter === n && c.rows === n) return;
    await sleep(50);
  }
  expect(await downloadCount(database, setId)).toEqual({ counter: n, rows: n });
}

function listFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => `${e.parentPath}/${e.name}`)
    .sort();
}

/**
 * The real local storage, watched: every stream it hands out is kept (nothing is read from it
 * here), so a test can see how far each was read and whether it was closed.
 */
class WatchedStorage extends LocalStorage {
  readonly opened: fs.ReadStream[] = [];
  override async get(key: string, range?: ByteRange) {
    const stream = (await super.get(key, range)) as fs.ReadStream;
    this.opened.push(stream);
    return stream;
  }
}

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

describe('set ZIP download (local storage)', () => {
  let database: TestDatabase;
  let storage: WatchedStorage;
  let app: FastifyInstance;
  let base: string;
  let owner: SignedInUser;
  let other: SignedInUser;
  let viewer: SignedInUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    storage = new WatchedStorage((await createTestStorage('set-zip')).root);
    app = await createTestApp(database, {}, undefined, storage);
    base = await listen(app);
    owner = await signedInUser(database, { firstName: 'Olga', lastName: 'Owner' });
    other = await signedInUser(database, { firstName: 'Anna', lastName: 'Author' });
    viewer = await signedInUser(database);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await removeTestStorage(storage);
  });

  it(`${'zip'}: numbered chapters in set order with their stored bytes, the playlist and the credits; others' drafts and hidden files left out; counted once`, async () => {
    const first = await storedAudio(database, storage, owner.id, { title: 'Guten Morgen, Bär!', duration: 61.4 });
    const draftOfOther = await storedAudio(database, storage, other.id, { title: 'Secret draft', status: 'draft' });
    const second = await storedAudio(database, storage, other.id, {
      title: 'Rain: on/the "roof"?',
      duration: 125,
      licence: 'cc-by-sa-4.0',
      fileName: 'rain.wav',
      mimeType: 'audio/wav',
    });
    const hidden = await storedAudio(database, storage, other.id, { title: 'Hidden one' });
    await setAudioHidden(database.db, hidden.id, true);
    const third = await storedAudio(database, storage, owner.id, { title: 'CON', duration: 30, licence: 'cc0-1.0' });
    const setId = await insertSet(database, owner.id, [first.id, draftOfOther.id, second.id, hidden.id, third.id], { title: 'Bedtime: Stories' });

    const res = await get(base, `/api/sets/${setId}/download`, viewer.headers);
    expect(res.status).toBe(200);
    expect(res.broken).toBe(false);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-length']).toBeUndefined();
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Bedtime Stories.zip"; filename*=UTF-8''Bedtime%20Stories.zip`);

    const files = await readZip(res.body);
    expect(files.map((f) => f.name)).toEqual(['01 - Guten Morgen, Bär!.mp3', '02 - Rain on the roof.wav', '03 - CON.mp3', 'Bedtime Stories.m3u8', 'CREDITS.txt']);
    expect(files[0]!.data.equals(first.bytes)).toBe(true);
    expect(files[1]!.data.equals(second.bytes)).toBe(true);
    expect(files[2]!.data.equals(third.bytes)).toBe(true);
    expect(files[3]!.data.toString('utf8')).toBe(
      [
        '#EXTM3U',
        '#PLAYLIST:Bedtime: Stories',
        '#EXTINF:61,Guten Morgen, Bär!',
        '01 - Guten Morgen, Bär!.mp3',
        '#EXTINF:125,Rain: on/the "roof"?',
        '02 - Rain on the roof.wav',
        '#EXTINF:30,CON',
        '03 - CON.mp3',
        '',
      ].join('\n'),
    );
    const credits = files[4]!.data.toString('utf8');
    expect(credits.split('\r\n')).toEqual([
      'Bedtime: Stories',
      `A TonieShelf set by Olga Owner (@${owner.username})`,
      `${TEST_ORIGIN}/sets/${setId}`,
      '',
      'Chapters:',
      '',
      '01. Guten Morgen, Bär!',
      `    by Olga Owner (@${owner.username})`,
      '    Licence: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)',
      '',
      '02. Rain: on/the "roof"?',
      `    by Anna Author (@${other.username})`,
      '    Licence: CC BY-SA 4.0 (https://creativecommons.org/licenses/by-sa/4.0/)',
      '',
      '03. CON',
      `    by Olga Owner (@${owner.username})`,
      '    Licence: CC0 1.0 (https://creativecommons.org/publicdomain/zero/1.0/)',
      '',
    ]);
    await expectCount(database, setId, 1);
    const row = await database.db.selectFrom('set_downloads').select('user_id').where('set_id', '=', setId).executeTakeFirstOrThrow();
    expect(row.user_id).toBe(viewer.id);
  });

  it('zip: the same person downloading again -> still one download; another person -> two', async () => {
    const audio = await storedAudio(database, storage, owner.id);
    const setId = await insertSet(database, owner.id, [audio.id]);
    expect((await get(base, `/api/sets/${setId}/download`, viewer.headers)).status).toBe(200);
    await expectCount(database, setId, 1);
    expect((await get(base, `/api/sets/${setId}/download`, viewer.headers)).status).toBe(200);
    expect((await get(base, `/api/sets/${setId}/download`, other.headers)).status).toBe(200);
    await expectCount(database, setId, 2);
    const rows = await database.db.selectFrom('set_downloads').select('user_id').where('set_id', '=', setId).orderBy('created_at').execute();
    expect(rows.map((r) => r.user_id)).toEqual([viewer.id, other.id]);
  });

  it("zip: signed out -> 401 with the sign-in message; others' drafts and hidden sets -> 404; a bad id -> 400; the owner gets their draft", async () => {
    const audio = await storedAudio(database, storage, owner.id);
    const draft = await insertSet(database, owner.id, [audio.id], { status: 'draft' });
    const published = await insertSet(database, owner.id, [audio.id]);

    const anon = await get(base, `/api/sets/${published}/download`);
    expect(anon.status).toBe(401);
    expect(JSON.parse(anon.body.toString()).message).toBe(en(SET_MESSAGES.loginToDownload));

    const other404 = await get(base, `/api/sets/${draft}/download`, viewer.headers);
    expect(other404.status).toBe(404);
    expect(JSON.parse(other404.body.toString()).message).toBe(en(SET_MESSAGES.notFound));
    expect((await get(base, `/api/sets/999999/download`, viewer.headers)).status).toBe(404);
    const bad = await get(base, `/api/sets/abc/download`, viewer.headers);
    expect(bad.status).toBe(400);
    expect(JSON.parse(bad.body.toString()).message).toBe(en(SET_MESSAGES.invalidId));

    const own = await get(base, `/api/sets/${draft}/download`, owner.headers);
    expect(own.status).toBe(200);
    expect((await readZip(own.body)).map((f) => f.name)[0]).toMatch(/^01 - Song /);

    await database.db.updateTable('sets').set({ hidden_at: new Date() }).where('id', '=', published).execute();
    expect((await get(base, `/api/sets/${published}/download`, viewer.headers)).status).toBe(404);
    expect((await get(base, `/api/sets/${published}/download`, owner.headers)).status).toBe(200);
  });

  it('zip: a German title -> an ASCII filename and the UTF-8 filename*; a Windows device name as title -> set-{id}', async () => {
    const audio = await storedAudio(database, storage, owner.id, { title: 'Mond' });
    const german = await insertSet(database, owner.id, [audio.id], { title: 'Schöne Träume' });
    const res = await get(base, `/api/sets/${german}/download`, viewer.headers);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="Schone Traume.zip"; filename*=UTF-8''Sch%C3%B6ne%20Tr%C3%A4ume.zip`);
    expect((await readZip(res.body)).map((f) => f.name)).toEqual(['01 - Mond.mp3', 'Schöne Träume.m3u8', 'CREDITS.txt']);

    const device = await insertSet(database, owner.id, [audio.id], { title: 'nul' });
    const res2 = await get(base, `/api/sets/${device}/download`, viewer.headers);
    expect(res2.headers['content-disposition']).toBe(`attachment; filename="set-${device}.zip"; filename*=UTF-8''set-${device}.zip`);
    expect((await readZip(res2.body)).map((f) => f.name)).toEqual(['01 - Mond.mp3', `set-${device}.m3u8`, 'CREDITS.txt']);
  });

  it("zip: a German owner's set -> CREDITS.txt in German (and a chapter without a usable title is 'Kapitel 01')", async () => {
    const german = await signedInUser(database, { firstName: 'Greta', lastName: 'Gans' });
    await database.db.updateTable('users').set({ locale: 'de' }).where('id', '=', german.id).execute();
    const audio = await storedAudio(database, storage, german.id, { title: '???', licence: 'cc-by-nc-4.0' });
    const setId = await insertSet(database, german.id, [audio.id], { title: 'Abendlieder' });
    const files = await readZip((await get(base, `/api/sets/${setId}/download`, viewer.headers)).body);
    expect(files.map((f) => f.name)).toEqual(['01 - Kapitel 01.mp3', 'Abendlieder.m3u8', 'CREDITS.txt']);
    expect(files[2]!.data.toString('utf8').split('\r\n')).toEqual([
      'Abendlieder',
      `Eine TonieShelf-Playlist von Greta Gans (@${german.username})`,
      `${TEST_ORIGIN}/sets/${setId}`,
      '',
      'Kapitel:',
      '',
      '01. ???',
      `    von Greta Gans (@${german.username})`,
      '    Lizenz: CC BY-NC 4.0 (https://creativecommons.org/licenses/by-nc/4.0/)',
      '',
    ]);
  });

  it("zip: someone else's chapter whose licence became all-rights-reserved -> left out, as the set page marks it unavailable", async () => {
    const mine = await storedAudio(database, storage, owner.id, { title: 'Mine' });
    const theirs = await storedAudio(database, storage, other.id, { title: 'Theirs' });
    const setId = await insertSet(database, owner.id, [mine.id, theirs.id]);
    await database.db.updateTable('audio_files').set({ licence: 'all-rights-reserved' }).where('id', '=', theirs.id).execute();
    const res = await get(base, `/api/sets/${setId}/download`, viewer.headers);
    expect(res.status).toBe(200);
    expect((await readZip(res.body)).map((f) => f.name).filter((n) => /^\d\d - /.test(n))).toEqual(['01 - Mine.mp3']);
  });

  it("zip: the owner's own chapter that moderators hid -> left out for the owner too (files, playlist, credits), as for everyone else", async () => {
    const kept = await storedAudio(database, storage, owner.id, { title: 'Kept song' });
    const hidden = await storedAudio(database, storage, owner.id, { title: 'Hidden song' });
    const last = await storedAudio(database, storage, owner.id, { title: 'Last song' });
    const setId = await insertSet(database, owner.id, [kept.id, hidden.id, last.id], { title: 'Moderated' });
    await setAudioHidden(database.db, hidden.id, true);
    for (const who of [owner, viewer]) {
      const res = await get(base, `/api/sets/${setId}/download`, who.headers);
      expect(res.status).toBe(200);
      const files = await readZip(res.body);
      expect(files.map((f) => f.name)).toEqual(['01 - Kept song.mp3', '02 - Last song.mp3', 'Moderated.m3u8', 'CREDITS.txt']);
      expect(files[1]!.data.equals(last.bytes)).toBe(true);
      for (const text of files.slice(2)) expect(text.data.toString('utf8')).not.toContain('Hidden song');
    }
  });

  it('zip: a set with no chapter the viewer may have -> 409 with a clear message, nothing counted', async () => {
    const draftOfOther = await storedAudio(database, storage, other.id, { status: 'draft' });
    const setId = await insertSet(database, owner.id, [draftOfOther.id]);
    const res = await get(base, `/api/sets/${setId}/download`, viewer.headers);
    expect(res.status).toBe(409);
    expect(JSON.parse(res.body.toString()).message).toBe('This set has no chapters you can download.');
    expect(await downloadCount(database, setId)).toEqual({ counter: 0, rows: 0 });
  });

  it('zip: a client that disconnects after the first bytes -> not counted, no open files or temp files left', async () => {
    const chapters = [];
    for (let i = 0; i < 3; i++) chapters.push(await storedAudio(database, storage, owner.id, { bytes: randomBytes(8 * 1024 * 1024) }));
    const setId = await insertSet(
      database,
      owner.id,
      chapters.map((c) => c.id),
    );
    // Warm up (database connections, lazy modules) so the file descriptors compared are the download's.
    await get(base, `/api/sets/${setId}/download`, viewer.headers);
    await expectCount(database, setId, 1);
    const filesBefore = listFiles(storage.root);
    const fdsBefore = countFds();
    storage.opened.length = 0;

    const received = await new Promise<number>((resolve, reject) => {
      const req = http.get(`${base}/api/sets/${setId}/download`, { headers: viewer.headers, agent: false }, (res) => {
        let bytes = 0;
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (bytes > 64 * 1024) {
            req.destroy();
            resolve(bytes);
          }
        });
      });
      req.on('error', (err) => (err.message.includes('aborted') || err.message.includes('socket hang up') ? undefined : reject(err)));
    });
    expect(received).toBeGreaterThan(64 * 1024);
    expect(received).toBeLessThan(3 * 8 * 1024 * 1024);

    let fdsAfter = countFds();
    for (let i = 0; i < 40 && fdsAfter > fdsBefore; i++) {
      await sleep(50);
      fdsAfter = countFds();
    }
    expect(fdsAfter).toBeLessThanOrEqual(fdsBefore);
    // Reading stopped at once: one chapter was opened, read only partly, and closed.
    expect(storage.opened).toHaveLength(1);
    expect(storage.opened[0]!.destroyed).toBe(true);
    expect(storage.opened[0]!.bytesRead).toBeLessThan(8 * 1024 * 1024);
    await sleep(300);
    expect(await downloadCount(database, setId)).toEqual({ counter: 1, rows: 1 });
    expect(listFiles(storage.root)).toEqual(filesBefore);
  });

  it('zip: a stored file missing midway -> the connection is cut (no ZIP that looks complete), nothing counted', async () => {
    const first = await storedAudio(database, storage, owner.id, { bytes: randomBytes(256 * 1024) });
    const gone = await storedAudio(database, storage, owner.id);
    const setId = await insertSet(database, owner.id, [first.id, gone.id]);
    await storage.delete(gone.filePath);

    const res = await get(base, `/api/sets/${setId}/download`, viewer.headers);
    expect(res.status).toBe(200);
    expect(res.broken).toBe(true);
    await expect(readZip(res.body)).rejects.toThrow();
    await sleep(200);
    expect(await downloadCount(database, setId)).toEqual({ counter: 0, rows: 0 });
  });
});

describe('set ZIP download (S3 storage)', () => {
  let database: TestDatabase;
  let s3: TestS3Server;
  let storage: Storage;
  let app: FastifyInstance;
  let base: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    s3 = await startS3Server();
    storage = s3.storage();
    app = await createTestApp(database, {}, undefined, storage);
    base = await listen(app);
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await s3?.close();
  });

  it("zip from S3: the chapters' bytes as stored, in order; a disconnect midway is not counted", async () => {
    const owner = await signedInUser(database);
    const viewer = await signedInUser(database);
    const a = await storedAudio(database, storage, owner.id, { title: 'One', bytes: randomBytes(3 * 1024 * 1024) });
    const b = await storedAudio(database, storage, owner.id, { title: 'Two', bytes: randomBytes(100_000) });
    const setId = await insertSet(database, owner.id, [a.id, b.id], { title: 'Cloud set' });

    const res = await get(base, `/api/sets/${setId}/download`, viewer.headers);
    expect(res.status).toBe(200);
    const files = await readZip(res.body);
    expect(files.map((f) => f.name)).toEqual(['01 - One.mp3', '02 - Two.mp3', 'Cloud set.m3u8', 'CREDITS.txt']);
    expect(files[0]!.data.equals(a.bytes)).toBe(true);
    expect(files[1]!.data.equals(b.bytes)).toBe(true);
    await expectCount(database, setId, 1);

    await new Promise<void>((resolve) => {
      const req = http.get(`${base}/api/sets/${setId}/download`, { headers: viewer.headers, agent: false }, (res2) => {
        res2.once('data', () => {
          req.destroy();
          resolve();
        });
      });
      req.on('error', () => undefined);
    });
    await sleep(300);
    expect(await downloadCount(database, setId)).toEqual({ counter: 1, rows: 1 });
  });
});
