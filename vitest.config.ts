import { readdirSync, readFileSync } from 'node:fs';
import { configDefaults, defineConfig } from 'vitest/config';

// Vitest 5's reporter calls Map.groupBy, which Node 20 lacks (Node 21+ has it): without this, a
// failing test crashes the reporter instead of being printed.
if (typeof (Map as { groupBy?: unknown }).groupBy !== 'function') {
  Object.defineProperty(Map, 'groupBy', {
    configurable: true,
    writable: true,
    value<K, T>(items: Iterable<T>, key: (item: T, index: number) => K): Map<K, T[]> {
      const map = new Map<K, T[]>();
      let i = 0;
      for (const item of items) {
        const k = key(item, i++);
        const list = map.get(k);
        if (list) list.push(item);
        else map.set(k, [item]);
      }
      return map;
    },
  });
}

// Projects: `unit` (pure code, beside it), `media` (the audio meter and decoders: seconds of
// synthetic audio per test), `component` and `component-mocks` (client components in jsdom, with
// Testing Library: client/src/**/*.test.tsx) and `db` (contract and HTTP tests against a real
// database: in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set). `npm test` runs them all.
// A fifth, `faults` (server/test/faults/**/*.fault.ts: the server process against PostgreSQL
// clusters of its own, stopped and started), runs only when asked, by `npm run test:faults`.
const faultTests = process.env.TONIESHELF_FAULT_TESTS === '1';

// The PostgreSQL pass (TEST_DATABASE_URL, `npm run test:db`) runs the db files where the engines
// can differ: concurrent writes and row locks, a second instance on the same database, query
// plans and indexes (trigram, word index), triggers and constraints, collation and paging, bulk
// upserts; and the generated bad-input run, whose 5xx depend on the engine's own errors. The rest
// (HTTP shapes, authorisation, texts) runs once, on PGlite.
const ENGINE_SPECIFIC = [
  'abuse-limits',
  'admin-cli',
  'audio',
  'bad-input',
  'catalogue-pages',
  'database',
  'discover-counts',
  'discover-plan',
  'discover-search-words',
  'discover-search-words-moderation',
  'http-caching',
  'import',
  'import-demo',
  'instances',
  'review-tags',
  'review-votes',
  'search',
  'search-index',
  'sets',
  'sets-uploads',
  'shelves',
  'sign-in-throttle',
  'upload-bounds',
].map((name) => `server/test/${name}.test.ts`);
const onPostgres = !!process.env.TEST_DATABASE_URL;

// Component files share one jsdom and one module graph per worker (isolate: false): the app and
// Mantine load once per worker, not once per file. Files that replace modules or globals
// (vi.mock, vi.stubGlobal) run isolated, in `component-mocks`, so no stand-in reaches another file.
const COMPONENT_TESTS = readdirSync('client/src', { recursive: true, encoding: 'utf8' })
  .filter((file) => file.endsWith('.test.tsx'))
  .map((file) => `client/src/${file}`);
const REPLACES_MODULES = /\bvi\.(mock|doMock|stubGlobal|stubEnv)\(/;
const MOCKING_COMPONENT_TESTS = COMPONENT_TESTS.filter((file) => REPLACES_MODULES.test(readFileSync(file, 'utf8')));
const componentProject = { environment: 'jsdom', setupFiles: ['client/src/test-utils/setup.ts'], testTimeout: 30_000 } as const;

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'server/src/**/*.test.ts', 'client/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          exclude: [...configDefaults.exclude, 'server/src/media/**'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'media',
          include: ['server/src/media/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'component',
          include: ['client/src/**/*.test.tsx'],
          exclude: [...configDefaults.exclude, ...MOCKING_COMPONENT_TESTS],
          isolate: false,
          ...componentProject,
        },
      },
      {
        test: {
          name: 'component-mocks',
          include: MOCKING_COMPONENT_TESTS,
          ...componentProject,
        },
      },
      {
        test: {
          name: 'db',
          include: onPostgres ? ENGINE_SPECIFIC : ['server/test/**/*.test.ts'],
          environment: 'node',
          // Migrates one database that every test file copies (helpers/db-template.ts).
          globalSetup: ['server/test/helpers/db-template.ts'],
          // The server's modules load once per worker, not once per file: every file opens its
          // own database and app, and none replaces modules or changes process.env.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
      ...(faultTests
        ? [
            {
              test: {
                name: 'faults',
                include: ['server/test/faults/**/*.fault.ts'],
                environment: 'node',
                testTimeout: 60_000,
                hookTimeout: 180_000,
                // One file at a time: each starts its own PostgreSQL and server processes.
                fileParallelism: false,
              },
            },
          ]
        : []),
    ],
  },
});
