// What can be checked without a PostgreSQL server: how notifications are read, and that the
// listener neither blocks nor crashes when the database cannot be reached, and ends cleanly.
// (Two real instances on one PostgreSQL: server/test/faults/cache-coherence.fault.ts.)
import net from 'node:net';
import { DummyDriver, Kysely, type DatabaseConnection, type Dialect, PostgresAdapter, PostgresDialect, PostgresIntrospector, PostgresQueryCompiler } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReadCache } from './cache';
import { publishInvalidation, startCacheCoherence, tagsToForget } from './cache-coherence';
import type { DB } from './db/types';
import type { AppDeps } from './deps';

const noDb = {} as AppDeps['db'];

describe('cache coherence', () => {
  it("a notification: another sender's tags -> those (unknown ones dropped); unreadable -> every tag", () => {
    expect(tagsToForget(JSON.stringify({ from: 'another instance', tags: ['audio', 'sets', 'future-tag'] }))).toEqual(['audio', 'sets']);
    expect(tagsToForget('not json')).toEqual(['catalogue', 'audio', 'sets']);
    expect(tagsToForget(JSON.stringify({ tags: ['audio'] }))).toEqual(['catalogue', 'audio', 'sets']);
    expect(tagsToForget(undefined)).toEqual(['catalogue', 'audio', 'sets']);
  });

  it("this process's own notification (as publishInvalidation sends it) -> nothing to forget", async () => {
    const payloads: unknown[] = [];
    // Compiles as for PostgreSQL, runs nothing; the log hook sees the parameters.
    const dialect: Dialect = {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (k) => new PostgresIntrospector(k),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    };
    const db = new Kysely<DB>({ dialect, log: (event) => void payloads.push(event.query.parameters) });
    await publishInvalidation(db, ['catalogue']);
    expect(payloads).toHaveLength(1);
    const [channel, payload] = payloads[0] as [string, string];
    expect(channel).toBe('tonieshelf_cache');
    expect(JSON.parse(payload)).toMatchObject({ tags: ['catalogue'] });
    expect(tagsToForget(payload)).toEqual([]);
  });

  describe('startCacheCoherence', () => {
    const log = { info: vi.fn(), warn: vi.fn(), error: vi.fn() };
    afterEach(() => vi.clearAllMocks());

    it('writes in a burst -> one notification in flight at a time, the tags of those meanwhile together in the next; no cache here (TTL 0) -> it still tells the others, and does not listen', async () => {
      const sent: string[][] = [];
      let release: (() => void) | null = null;
      // A database whose queries wait until released: the first notification stays in flight.
      class HeldDriver extends DummyDriver {
        override async acquireConnection(): Promise<DatabaseConnection> {
          return {
            executeQuery: async (query) => {
              sent.push((JSON.parse(String(query.parameters[1])) as { tags: string[] }).tags);
              await new Promise<void>((r) => (release = r));
              return { rows: [] };
            },
            streamQuery: () => {
              throw new Error('not used');
            },
          };
        }
      }
      const dialect: Dialect = {
        createAdapter: () => new PostgresAdapter(),
        createDriver: () => new HeldDriver(),
        createIntrospector: (k) => new PostgresIntrospector(k),
        createQueryCompiler: () => new PostgresQueryCompiler(),
      };
      const cache = new ReadCache(0);
      const coherence = await startCacheCoherence({
        // Never connected to: with TTL 0 nothing listens.
        config: { databaseUrl: 'postgres://nobody@127.0.0.1:1/none' } as AppDeps['config'],
        cache,
        log,
        db: new Kysely<DB>({ dialect }),
      });
      cache.invalidate('catalogue');
      cache.invalidate('audio');
      cache.invalidate('sets', 'audio');
      await vi.waitFor(() => expect(sent).toHaveLength(1));
      expect(sent[0]).toEqual(['catalogue']);
      release!();
      await vi.waitFor(() => expect(sent).toHaveLength(2));
      expect(sent[1]).toEqual(['audio', 'sets']);
      release!();
      await coherence.stop();
      expect(sent).toHaveLength(2);
      expect(log.warn).not.toHaveBeenCalled();
    });

    it('no DATABASE_URL (PGlite) -> nothing listens, nothing is published, the cache is not bounded', async () => {
      const cache = new ReadCache(60_000);
      const coherence = await startCacheCoherence({ config: { databaseUrl: undefined } as AppDeps['config'], cache, log, db: noDb });
      let calls = 0;
      await cache.get('catalogue', 'k', async () => ++calls);
      cache.invalidate('audio'); // no publisher: would throw on the fake database otherwise
      expect(await cache.get('catalogue', 'k', async () => ++calls)).toBe(1);
      await coherence.stop();
      expect(log.warn).not.toHaveBeenCalled();
    });

    it('database unreachable -> start resolves, reads are bounded by age, reconnects are attempted; stop -> no attempt after it', async () => {
      // A port that refuses connections at once.
      const closed = await new Promise<number>((resolve) => {
        const srv = net.createServer();
        srv.listen(0, '127.0.0.1', () => {
          const { port } = srv.address() as net.AddressInfo;
          srv.close(() => resolve(port));
        });
      });
      let now = 0;
      const cache = new ReadCache(60_000, undefined, { now: () => now });
      const url = `postgres://postgres@127.0.0.1:${closed}/postgres`;
      const pool = new pg.Pool({ connectionString: url });
      pool.on('error', () => {});
      const failingDb = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
      const coherence = await startCacheCoherence({
        config: { databaseUrl: url } as AppDeps['config'],
        cache,
        log,
        db: failingDb,
      });
      try {
        expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ retryInMs: expect.any(Number) }), expect.stringContaining('cannot listen'));
        // Not listening: an answer older than a second is read again.
        let calls = 0;
        await cache.get('catalogue', 'k', async () => ++calls);
        now = 1500;
        expect(await cache.get('catalogue', 'k', async () => ++calls)).toBe(2);
        // A write's publish fails (the database is down): logged, never thrown at the writer.
        expect(() => cache.invalidate('catalogue')).not.toThrow();
        await vi.waitFor(() => expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ tags: ['catalogue'] }), expect.stringContaining('not sent')));
        // The backoff retries (first delay 100–200 ms, then 200–400 ms).
        await vi.waitFor(() => expect(log.warn.mock.calls.filter(([, msg]) => String(msg).includes('cannot listen')).length).toBeGreaterThanOrEqual(2), {
          timeout: 3000,
        });
      } finally {
        await coherence.stop();
        await failingDb.destroy();
      }
      const attempts = log.warn.mock.calls.filter(([, msg]) => String(msg).includes('cannot listen')).length;
      await new Promise((r) => setTimeout(r, 1500));
      expect(log.warn.mock.calls.filter(([, msg]) => String(msg).includes('cannot listen')).length).toBe(attempts);
    });
  });
});
