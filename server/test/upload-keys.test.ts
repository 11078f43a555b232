// Keys of uploads that arrive together. Clients retrying while a server restarts all get in the
// moment it listens: uploads of one name by one user then reach Storage in the same clock
// millisecond. Each still gets a key of its own (never a conflict answered 500), and the write
// of each is noted until a record refers to it (storage/writes.ts).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testConfig } from './helpers/app';
import { multipart, wav } from './helpers/audio';
import { signedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let dataDir: string;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-upload-keys-'));
  app = await createTestApp(database, { dataDir, uploadLimits: { ...testConfig().uploadLimits, inFlight: 20 } });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  if (dataDir) await fs.rm(dataDir, { recursive: true, force: true });
});

describe('upload keys', () => {
  it('12 uploads of one name by one user in one clock millisecond -> 12 × 201 with 12 keys, each write noted', async () => {
    const user = await signedInUser(database);
    const { payload, headers } = multipart([{ filename: 'same.wav', contentType: 'audio/wav', data: wav({ seconds: 1 }) }]);
    // The clock stands still (only Date: timers run).
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    let answers;
    try {
      answers = await Promise.all(Array.from({ length: 12 }, () => app.inject({ method: 'POST', url: '/api/uploads/audio', payload, headers: { ...headers, ...user.headers } })));
    } finally {
      vi.useRealTimers();
    }
    expect(answers.map((a) => a.statusCode)).toEqual(Array(12).fill(201));
    const keys = answers.map((a) => a.json().filePath as string);
    expect(new Set(keys).size).toBe(12);
    const noted = await database.db.selectFrom('storage_writes').select('key').where('key', 'in', keys).execute();
    expect(noted).toHaveLength(12);
  });
});
