import { defineConfig } from 'vitest/config';

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

// Three projects: `unit` (pure code, beside it), `component` (client components in jsdom, with
// Testing Library: client/src/**/*.test.tsx) and `db` (contract and HTTP tests against a real
// database: in-memory PGlite, or PostgreSQL when TEST_DATABASE_URL is set).
// A fourth, `faults` (server/test/faults/**/*.fault.ts: the server process against PostgreSQL
// clusters of its own, stopped and started), runs only when asked, by `npm run test:faults`.
const faultTests = process.env.TONIESHELF_FAULT_TESTS === '1';

export default defineConfig({
  test: {
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'server/src/**/*.test.ts', 'client/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'component',
          include: ['client/src/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['client/src/test-utils/setup.ts'],
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'db',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
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
