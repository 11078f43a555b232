import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app';
import { loadConfig, type AppConfig } from '../../src/config';
import { createMemoryMailer, type Mailer } from '../../src/mail/mailer';
import type { TestDatabase } from './db';

export const TEST_ORIGIN = 'http://tonieshelf.test';

export function testConfig(overrides: Partial<AppConfig> = {}): AppConfig {
  return {
    // The catalogue cache is off unless a test turns it on, so reads see the rows a test wrote.
    ...loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: '0', PUBLIC_ORIGIN: TEST_ORIGIN, CACHE_TTL_SECONDS: '0' }, '/tmp'),
    ...overrides,
  };
}

/** The app on the test database; its emails go to `mailer` (by default one kept in memory and dropped). */
export async function createTestApp(database: TestDatabase, overrides: Partial<AppConfig> = {}, mailer: Mailer = createMemoryMailer()): Promise<FastifyInstance> {
  const app = await buildApp({ config: testConfig(overrides), db: database.db, mailer });
  await app.ready();
  return app;
}

/** Headers a same-origin browser request carries on a state-changing call. */
export const sameOrigin = { origin: TEST_ORIGIN } as const;
