// One contract for every Storage driver: local disk (a temp dir) and S3 against a real
// S3-protocol server on 127.0.0.1. Same tests, same expectations. Then the clean-ups of what
// uploads leave behind (storage/orphans.ts, storage/writes.ts), on both drivers.
import { spawnSync } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../src/deps';
import { removeUploadLeftovers } from '../src/jobs/cleanup';
import { thisProcess, writerTag } from '../src/instances/identity';
import { createStorage } from '../src/storage/index';
import { LocalStorage } from '../src/storage/local';
import { isConditionalWriteConflict, S3Storage } from '../src/storage/s3';
import { removeUnreferencedObjects } from '../src/storage/orphans';
import { StorageConflictError, StorageNotFoundError, type ListedObject, type Storage } from '../src/storage/storage';
import { noteWrite, settleWrites } from '../src/storage/writes';
import { signedInUser, storePendingUpload } from './helpers/content';
import { testConfig } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { startS3Server, type TestS3Server } from './helpers/s3';

/** A stream of `data` in chunks of `chunk` bytes. */
function streamOf(data: Buffer, chunk = 64 * 1024): Readable {
  return Readable.from(
    (function* () {
      for (let i = 0; i < data.length; i += chunk) yield data.subarray(i, i + chunk);
    })(),
  );
}

/** A stream that yields `before` bytes and then fails. */
function failingStream(before: number): Readable {
  return Readable.from(
    (async function* () {
      for (let sent = 0; sent < before; sent += 256 * 1024) yield randomBytes(Math.min(256 * 1024, before - sent));
      throw new Error('client went away');
    })(),
  );
}

interface Driver {
  storage: Storage;
  /** Every stored key (to prove nothing partial was left). */
  keys(): Promise<string[]>;
}

function storageContract(name: string, setup: () => Promise<Driver & { close(): Promise<void> }>) {
  describe(`Storage contract: ${name}`, () => {
    let driver: Driver & { close(): Promise<void> };
    let storage: Storage;
    let n = 0;
    const key = (name = 'file.mp3') => `audio-files/u-${process.pid}/${Date.now()}${++n}_${name}`;

    beforeAll(async () => {
      driver = await setup();
      storage = driver.storage;
    });
    afterAll(async () => {
      await driver?.close();
    });

    it(`${name}: put then get -> the same bytes; stat -> size`, async () => {
      const data = randomBytes(300_000);
      const k = key();
      await expect(storage.put(k, streamOf(data), { contentType: 'audio/mpeg' })).resolves.toEqual({ key: k, size: data.length });
      expect((await buffer(await storage.get(k))).equals(data)).toBe(true);
      const stat = await storage.stat(k);
      expect(stat?.size).toBe(data.length);
    });

    it(`${name}: a body larger than one multipart part (12 MB, unknown length) -> stored whole`, async () => {
      const data = randomBytes(12 * 1024 * 1024 + 17);
      const k = key('big.wav');
      await expect(storage.put(k, streamOf(data, 1024 * 1024), { contentType: 'audio/wav' })).resolves.toEqual({ key: k, size: data.length });
      expect((await buffer(await storage.get(k))).equals(data)).toBe(true);
      expect((await storage.stat(k))?.size).toBe(data.length);
    });

    it(`${name}: an empty body -> an empty object`, async () => {
      const k = key('empty.bin');
      await expect(storage.put(k, Readable.from([]), { contentType: 'application/octet-stream' })).resolves.toEqual({ key: k, size: 0 });
      expect((await buffer(await storage.get(k))).length).toBe(0);
    });

    it(`${name}: get with a range -> exactly those bytes (inclusive end)`, async () => {
      const data = randomBytes(10_000);
      const k = key();
      await storage.put(k, streamOf(data), { contentType: 'audio/mpeg' });
      expect((await buffer(await storage.get(k, { start: 100, end: 199 }))).equals(data.subarray(100, 200))).toBe(true);
      // (Not 0-0: s3rver reads an end of 0 as "to the end"; S3 and MinIO do not.)
      expect((await buffer(await storage.get(k, { start: 0, end: 1 }))).equals(data.subarray(0, 2))).toBe(true);
      expect((await buffer(await storage.get(k, { start: 9_990, end: 9_999 }))).equals(data.subarray(9_990))).toBe(true);
    });

    it(`${name}: put to an existing key -> StorageConflictError, the original intact`, async () => {
      const original = randomBytes(5_000);
      const k = key();
      await storage.put(k, streamOf(original), { contentType: 'audio/mpeg' });
      await expect(storage.put(k, streamOf(randomBytes(7_000)), { contentType: 'audio/mpeg' })).rejects.toBeInstanceOf(StorageConflictError);
      expect((await buffer(await storage.get(k))).equals(original)).toBe(true);
      expect((await storage.stat(k))?.size).toBe(original.length);
    });

    it(`${name}: a failing input stream (small) -> rejects, no object`, async () => {
      const k = key('broken.mp3');
      await expect(storage.put(k, failingStream(100_000), { contentType: 'audio/mpeg' })).rejects.toThrow();
      expect(await storage.stat(k)).toBeNull();
      await expect(storage.get(k)).rejects.toBeInstanceOf(StorageNotFoundError);
      expect((await driver.keys()).filter((x) => x.includes('broken'))).toEqual([]);
    });

    it(`${name}: a failing input stream after several MB (multipart under way) -> rejects, no object`, async () => {
      const k = key('broken-late.wav');
      await expect(storage.put(k, failingStream(11 * 1024 * 1024), { contentType: 'audio/wav' })).rejects.toThrow();
      expect(await storage.stat(k)).toBeNull();
      expect((await driver.keys()).filter((x) => x.includes('broken-late'))).toEqual([]);
    });

    it(`${name}: get of a missing key -> StorageNotFoundError; stat -> null`, async () => {
      await expect(storage.get(key('missing.mp3'))).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.get(key('missing.mp3'), { start: 0, end: 10 })).rejects.toBeInstanceOf(StorageNotFoundError);
      expect(await storage.stat(key('missing.mp3'))).toBeNull();
    });

    it(`${name}: delete -> gone; deleting a missing key is fine`, async () => {
      const k = key();
      await storage.put(k, streamOf(randomBytes(1000)), { contentType: 'audio/mpeg' });
      await storage.delete(k);
      expect(await storage.stat(k)).toBeNull();
      await expect(storage.get(k)).rejects.toBeInstanceOf(StorageNotFoundError);
      await expect(storage.delete(k)).resolves.toBeUndefined();
      await expect(storage.delete(key('never-there.mp3'))).resolves.toBeUndefined();
    });

    it(`${name}: list -> every object under the prefix with the time it was written; nothing of other prefixes`, async () => {
      const dir = `audio-files/u-list-${process.pid}-${++n}/`;
      const before = Date.now() - 60_000;
      await storage.put(`${dir}1_a.mp3`, streamOf(randomBytes(100)), { contentType: 'audio/mpeg' });
      await storage.put(`${dir}2_b.mp3`, streamOf(randomBytes(100)), { contentType: 'audio/mpeg' });
      await storage.put(`cover-images/${Date.now()}${n}_cover_c.png`, streamOf(randomBytes(100)), { contentType: 'image/png' });
      const listed: ListedObject[] = [];
      for await (const page of storage.list!(dir)) listed.push(...page);
      expect(listed.map((o) => o.key).sort()).toEqual([`${dir}1_a.mp3`, `${dir}2_b.mp3`]);
      for (const o of listed) expect(o.modified.getTime()).toBeGreaterThan(before);
      for await (const page of storage.list!(`audio-files/u-none-${process.pid}/`)) expect(page).toEqual([]);
    });

    it(`${name}: a key can be written again after delete`, async () => {
      const k = key();
      await storage.put(k, streamOf(Buffer.from('one')), { contentType: 'text/plain' });
      await storage.delete(k);
      await storage.put(k, streamOf(Buffer.from('two')), { contentType: 'text/plain' });
      expect((await buffer(await storage.get(k))).toString()).toBe('two');
    });
  });
}

async function listFiles(root: string): Promise<string[]> {
  const entries = await fs.readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

storageContract('local', async () => {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-storage-'));
  return {
    storage: new LocalStorage(root),
    keys: () => listFiles(root),
    close: () => fs.rm(root, { recursive: true, force: true }),
  };
});

let s3: TestS3Server | undefined;
storageContract('s3', async () => {
  s3 = await startS3Server();
  return { storage: s3.storage(), keys: () => s3!.keys(), close: () => s3!.close() };
});

/** Every key of a storage under the server's prefixes and one foreign one. */
async function allKeys(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for (const prefix of ['audio-files/', 'cover-images/', 'other/']) for await (const page of storage.list!(prefix)) keys.push(...page.map((o) => o.key));
  return keys.sort();
}

describe('clean-ups of what uploads leave behind', () => {
  let database: TestDatabase;
  let root: string;
  let server: TestS3Server;
  const drivers: [string, () => Storage][] = [
    ['local', () => new LocalStorage(root)],
    ['s3', () => server.storage()],
  ];

  beforeAll(async () => {
    database = await createTestDatabase();
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-orphans-'));
    server = await startS3Server('tonieshelf-orphans');
  });
  afterAll(async () => {
    await server?.close();
    await database?.close();
    if (root) await fs.rm(root, { recursive: true, force: true });
  });

  it.each(drivers)(
    '%s: removeUnreferencedObjects -> objects older than the given time that no record refers to are removed; referenced, newer and foreign ones stay',
    async (_name, make) => {
      const storage = make();
      const deps = { db: database.db, storage, log: quietLog };
      const user = await signedInUser(database);
      const pendingAudio = await storePendingUpload(database, storage, user.id, 'audio');
      const pendingCover = await storePendingUpload(database, storage, user.id, 'cover');
      const put = (key: string) => storage.put(key, streamOf(randomBytes(64)), { contentType: 'application/octet-stream' });
      const orphans = [`audio-files/${user.id}/${Date.now()}_slow.wav`, `cover-images/${Date.now()}_cover_left.png`];
      for (const key of [...orphans, 'other/not-ours.txt']) await put(key);
      const before = await allKeys(storage);

      // All of them are new: nothing is old enough.
      expect(await removeUnreferencedObjects(deps, new Date(Date.now() - 3600_000))).toBe(0);
      expect(await allKeys(storage)).toEqual(before);
      expect(await removeUnreferencedObjects(deps, new Date(Date.now() + 60_000))).toBe(2);
      expect(await allKeys(storage)).toEqual([pendingAudio, pendingCover, 'other/not-ours.txt'].sort());
    },
  );

  it('removeUnreferencedObjects beside a database that refers to no stored file (a wrong DATABASE_URL) -> keeps them all and warns', async () => {
    const empty = await createTestDatabase();
    const own = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-orphans-guard-'));
    const storage = new LocalStorage(own);
    const warnings: unknown[] = [];
    const log = { ...quietLog, warn: (...args: unknown[]) => void warnings.push(args) };
    try {
      const key = `audio-files/someone/${Date.now()}_kept.wav`;
      await storage.put(key, streamOf(randomBytes(64)), { contentType: 'application/octet-stream' });
      expect(await removeUnreferencedObjects({ db: empty.db, storage, log }, new Date(Date.now() + 60_000))).toBe(0);
      expect(await allKeys(storage)).toContain(key);
      expect(warnings).toHaveLength(1);
    } finally {
      await empty.close();
      await fs.rm(own, { recursive: true, force: true });
    }
  });

  it.each(drivers)(
    "%s: settleWrites -> a gone process's unrecorded write is removed at once; a recorded one keeps its object; one in progress stays; one older than the lifetime is removed",
    async (_name, make) => {
      const storage = make();
      const deps = { db: database.db, storage, log: quietLog };
      const user = await signedInUser(database);
      const put = (key: string) => storage.put(key, streamOf(randomBytes(64)), { contentType: 'audio/wav' });
      const key = (name: string) => `audio-files/${user.id}/${Date.now()}_${name}.wav`;
      // A process of this machine that has ended.
      const gonePid = spawnSync(process.execPath, ['-e', '']).pid!;
      const gone = { machine: thisProcess().machine, pid: gonePid, pid_started: null };
      const [killed, recorded, inFlight, abandoned] = [key('killed'), key('recorded'), key('in-flight'), key('abandoned')];
      for (const k of [killed, inFlight, abandoned]) await put(k);
      await database.db
        .insertInto('storage_writes')
        .values({ key: killed, ...gone })
        .execute();
      await noteWrite(deps, inFlight);
      await noteWrite(deps, abandoned);
      await database.db
        .updateTable('storage_writes')
        .set({ created_at: new Date(Date.now() - 2 * 3600_000) })
        .where('key', '=', abandoned)
        .execute();
      await storePendingUpload(database, storage, user.id, 'audio', { filePath: recorded });
      await database.db
        .insertInto('storage_writes')
        .values({ key: recorded, ...gone })
        .execute();

      expect(await settleWrites(deps, 3600_000)).toBe(2);
      expect((await allKeys(storage)).filter((k) => k.startsWith(`audio-files/${user.id}/`)).sort()).toEqual([inFlight, recorded].sort());
      const notes = await database.db.selectFrom('storage_writes').select('key').where('key', 'in', [killed, recorded, inFlight, abandoned]).execute();
      expect(notes.map((n) => n.key)).toEqual([inFlight]);
      await database.db.deleteFrom('storage_writes').execute();
    },
  );

  it("removeUploadLeftovers (at start, local): a gone process's temp and .part files (named the old way or with their machine) -> removed; another machine's (a shared directory) -> kept while written, removed once abandoned for an hour", async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-leftovers-'));
    const storage = new LocalStorage(path.join(dataDir, 'uploads'));
    const gonePid = spawnSync(process.execPath, ['-e', '']).pid!;
    const files = {
      goneTemp: `tmp/${gonePid}-${randomUUID()}.upload`,
      elsewhereTemp: `tmp/m00000000p${process.pid}-${randomUUID()}.upload`,
      gonePart: `uploads/audio-files/u/1_a.wav.${gonePid}-0123456789ab.part`,
      goneTaggedPart: `uploads/audio-files/u/4_d.wav.${writerTag().replace(/p\d+$/, `p${gonePid}`)}-0123456789ab.part`,
      elsewherePart: `uploads/audio-files/u/2_b.wav.m00000000p${process.pid}-0123456789ab.part`,
      elsewhereOldPart: `uploads/audio-files/u/3_c.wav.m00000000p${process.pid}-0123456789ab.part`,
    };
    for (const f of Object.values(files)) {
      await fs.mkdir(path.dirname(path.join(dataDir, f)), { recursive: true });
      await fs.writeFile(path.join(dataDir, f), 'x');
    }
    const hoursAgo = new Date(Date.now() - 2 * 3600_000);
    await fs.utimes(path.join(dataDir, files.elsewhereOldPart), hoursAgo, hoursAgo);
    const deps = { db: database.db, storage, config: testConfig({ dataDir }), log: quietLog };
    expect(await removeUploadLeftovers(deps)).toBe(4);
    const left = (await listFiles(dataDir)).filter((f) => f.endsWith('.upload') || f.endsWith('.part')).sort();
    expect(left).toEqual([files.elsewherePart, files.elsewhereTemp].sort());
    await fs.rm(dataDir, { recursive: true, force: true });
  });
});

describe('storage selection and S3 details', () => {
  it('createStorage: local driver -> LocalStorage under DATA_DIR/uploads', async () => {
    const storage = await createStorage({ dataDir: '/srv/data', storageDriver: 'local', s3: undefined });
    expect(storage).toBeInstanceOf(LocalStorage);
    expect((storage as LocalStorage).root).toBe('/srv/data/uploads');
  });

  it('createStorage: s3 driver -> S3Storage on that bucket', async () => {
    const storage = await createStorage({
      dataDir: '/srv/data',
      storageDriver: 's3',
      s3: { bucket: 'shelf', region: 'us-east-1', endpoint: 'http://127.0.0.1:9', accessKeyId: 'a', secretAccessKey: 'b', forcePathStyle: true },
    });
    expect(storage).toBeInstanceOf(S3Storage);
    expect((storage as S3Storage).bucket).toBe('shelf');
    (storage as S3Storage).client.destroy();
  });

  it('local driver: a key that escapes the root -> refused', async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-storage-'));
    const storage = new LocalStorage(root);
    await expect(storage.put('../escape.txt', Readable.from([Buffer.from('x')]), { contentType: 'text/plain' })).rejects.toThrow(/Invalid storage key/);
    await fs.rm(root, { recursive: true, force: true });
  });

  it('S3: a server that refuses a conditional write (412 PreconditionFailed / 409 ConditionalRequestConflict) -> counted as a conflict', async () => {
    const { S3ServiceException } = await import('@aws-sdk/client-s3');
    const make = (name: string, httpStatusCode: number) => new S3ServiceException({ name, $fault: 'client', $metadata: { httpStatusCode } });
    expect(isConditionalWriteConflict(make('PreconditionFailed', 412))).toBe(true);
    expect(isConditionalWriteConflict(make('ConditionalRequestConflict', 409))).toBe(true);
    expect(isConditionalWriteConflict(make('AccessDenied', 403))).toBe(false);
    expect(isConditionalWriteConflict(new Error('socket hang up'))).toBe(false);
  });
});
