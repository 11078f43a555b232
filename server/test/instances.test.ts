// Several instances on one database (issue 32, item 10). Each keeps its uploads in a storage
// named by an id written into its uploads directory: an instance refuses to start beside a live
// one whose uploads are elsewhere, unless UPLOADS_SHARED says they are shared; and an instance
// whose storage lacks another's files leaves them unanalysed ('none'), never 'failed'.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quietLog } from '../src/deps';
import { registerInstance, SILENT_MS } from '../src/instances/registry';
import { analyseUnanalysedAudio } from '../src/jobs/audio-analysis';
import { LocalStorage } from '../src/storage/local';
import { createTestApp, testConfig } from './helpers/app';
import { multipart, wav } from './helpers/audio';
import { signedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let root: string;
const dirs = { a: '', b: '' };

beforeAll(async () => {
  database = await createTestDatabase();
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-instances-'));
  dirs.a = path.join(root, 'a');
  dirs.b = path.join(root, 'b');
});
afterAll(async () => {
  await database?.close();
  if (root) await fs.rm(root, { recursive: true, force: true });
});

const local = (dataDir: string, uploadsShared = false) => ({ dataDir, storageDriver: 'local' as const, s3: undefined, uploadsShared });

describe('instances on one database (instances/registry.ts)', () => {
  it('a live instance with uploads in another directory -> the second refuses, one line naming both; UPLOADS_SHARED=1 or the same directory -> it starts; once the first is silent -> it starts', async () => {
    const a = await registerInstance(database.db, local(dirs.a));
    try {
      const refused = await registerInstance(database.db, local(dirs.b)).then(
        () => null,
        (err: Error) => err,
      );
      expect(refused?.name).toBe('InstanceConflictError');
      expect(refused?.message).toContain('another instance on this database keeps its uploads elsewhere');
      expect(refused?.message).toContain(path.join(dirs.a, 'uploads'));
      expect(refused?.message).toContain(path.join(dirs.b, 'uploads'));
      expect(refused?.message).toContain('UPLOADS_SHARED=1');
      expect(refused?.message).not.toContain('\n');
      // An S3 instance keeps its uploads elsewhere too.
      await expect(
        registerInstance(database.db, {
          ...local(dirs.b),
          storageDriver: 's3',
          s3: { bucket: 'shelf', region: 'x', endpoint: undefined, accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: true },
        }),
      ).rejects.toThrow(/keeps its uploads elsewhere/);
      // Nothing of the refused ones stays registered.
      expect(await database.db.selectFrom('instances').select('id').execute()).toEqual([{ id: a.id }]);

      // The same directory (a shared mount reads the same id), or the operator's word: it starts.
      const sameDir = await registerInstance(database.db, local(dirs.a));
      await sameDir.stop();
      const shared = await registerInstance(database.db, local(dirs.b, true));
      await shared.stop();

      // The first instance silent for longer than SILENT_MS (killed): taken for gone.
      await database.db
        .updateTable('instances')
        .set({ heartbeat_at: new Date(Date.now() - SILENT_MS - 5000) })
        .where('id', '=', a.id)
        .execute();
      const after = await registerInstance(database.db, local(dirs.b));
      await after.stop();
    } finally {
      await a.stop();
    }
    expect(await database.db.selectFrom('instances').select('id').execute()).toEqual([]);
  });

  it("two apps on one database with local storage of their own: B's analysis leaves A's unanalysed file 'none' (not 'failed'); A's measures it", async () => {
    const apps: FastifyInstance[] = [];
    try {
      const storages = [new LocalStorage(path.join(dirs.a, 'uploads')), new LocalStorage(path.join(dirs.b, 'uploads'))];
      for (const [i, storage] of storages.entries()) {
        const dataDir = i === 0 ? dirs.a : dirs.b;
        apps.push(await createTestApp(database, { dataDir }, undefined, storage));
      }
      const user = await signedInUser(database);
      const { payload, headers } = multipart([{ filename: 'on-a.wav', contentType: 'audio/wav', data: wav({ seconds: 1 }) }]);
      const up = await apps[0]!.inject({ method: 'POST', url: '/api/uploads/audio', payload, headers: { ...headers, ...user.headers } });
      expect(up.statusCode).toBe(201);
      const file = await user.call().then((c) => c.audio.create({ title: 'On A', status: 'published', filePath: up.json().filePath, licence: 'cc-by-4.0', rightsConfirmed: true }));
      // As a file stored before uploads were analysed.
      await database.db.updateTable('audio_files').set({ analysis: 'none', waveform: null }).where('id', '=', file.id).execute();
      const analysis = async () => (await database.db.selectFrom('audio_files').select('analysis').where('id', '=', file.id).executeTakeFirstOrThrow()).analysis;
      const deps = (i: number) => ({ db: database.db, storage: storages[i]!, config: testConfig({ dataDir: i === 0 ? dirs.a : dirs.b }), log: quietLog });

      expect(await analyseUnanalysedAudio(deps(1), { pauseMs: 0 })).toBe(0);
      expect(await analysis()).toBe('none');
      expect(await analyseUnanalysedAudio(deps(0), { pauseMs: 0 })).toBe(1);
      expect(await analysis()).toBe('ready');
    } finally {
      for (const app of apps) await app.close();
    }
  });
});
