import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { createMemoryMailer, type Mailer } from '../../src/mail/mailer';
import { LocalStorage } from '../../src/storage/local';
import type { Storage } from '../../src/storage/storage';
import type { TestDatabase } from './db';

export const TEST_ORIGIN = 'http://tonieshelf.test';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    // The catalogue cache and the search index are off unless a test turns them on, so reads see
    // the rows a test wrote (the index follows only the changes it is told of).
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: '0', PUBLIC_ORIGIN: TEST_ORIGIN, CACHE_TTL_SECONDS: '0', SEARCH_INDEX: '0' }, '/tmp'),
    ...overrides,
  };
}

/**
 * The app on the test database; its emails go to `mailer` (by default one kept in memory and
 * dropped), its uploads to `storage` (by default the app's own under the config's data directory).
 */
export async function createTestApp(
  database: TestDatabase,
  overrides: Partial<AppConfig> = {},
  mailer: Mailer = createMemoryMailer(),
  storage?: Storage,
): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), db: database.db, mailer, ...(storage ? { storage } : {}) });
  await app.ready();
  return app;
}

/** Headers a same-origin browser request carries on a state-changing call. */
export const sameOrigin = { origin: TEST_ORIGIN } as const;

/** Uploads of one test file in a temporary directory of their own (`name` goes into its name). */
export async function createTestStorage(name: string): Promise<LocalStorage> {
  return new LocalStorage(await fs.mkdtemp(path.join(os.tmpdir(), `tonieshelf-${name}-test-`)));
}

/** Deletes the directory of createTestStorage (nothing when it was never made). */
export async function removeTestStorage(storage: LocalStorage | undefined): Promise<void> {
  if (storage) await fs.rm(storage.root, { recursive: true, force: true });
}
