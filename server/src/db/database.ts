// One entry point to the database: PostgreSQL through `pg` when a URL is given, otherwise an
// embedded PGlite (on disk under a directory, or in memory for tests).
import fs from 'node:fs/promises';
import { Kysely, PostgresDialect, sql, type KyselyConfig } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './types';

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<DB>;
  /** Runs a script of several statements (simple query protocol). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; 'memory' (or absent) keeps the database in memory. */
  pgliteDir?: string | undefined;
  /** pg pool size (default 10). */
  poolSize?: number | undefined;
  /** Kysely's query log hook (e.g. to capture the SQL a call runs). */
  log?: KyselyConfig['log'];
  /** Who opens an on-disk PGlite ('server', 'import:tonies', ...): named to a second opener, which is refused. */
  purpose?: string | undefined;
}

// Type OIDs whose default parsing does not suit us: counts and sizes as numbers, calendar dates
// as 'YYYY-MM-DD' strings (no time-zone shift).
const OID_INT8 = 20;
const OID_NUMERIC = 1700;
const OID_DATE = 1082;
const toNumber = (value: string) => Number(value);
/** How long a request waits for a connection to PostgreSQL before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000;
const identity = (value: string) => value;

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options.log);
  return openPGlite(options.pgliteDir, options.log, options.purpose ?? 'another TonieShelf process');
}

async function openPostgres(url: string, poolSize: number, log: KyselyConfig['log']): Promise<Database> {
  const parsers: Record<number, (value: string) => unknown> = {
    [OID_INT8]: toNumber,
    [OID_NUMERIC]: toNumber,
    [OID_DATE]: identity,
  };
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    // While the database is down or unreachable a request fails within this time instead of
    // waiting in line for a connection that never comes.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    // TCP keep-alive from 10 s of silence: notices a peer that vanished without closing the
    // connection (a failover, a lost host).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
        parsers[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection PostgreSQL ends (restart, failover, pg_terminate_backend) makes its client emit
  // 'error'; with no listener that would end the process. The pool listens on idle clients only,
  // so every client gets a listener of its own for the time it is checked out too. The query
  // that was running fails (and is answered 503), and the pool drops the dead client on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }), ...(log ? { log } : {}) });
  return {
    kind: 'postgres',
    db,
    async exec(script) {
      await sql.raw(script).execute(db);
    },
    close: () => db.destroy(),
  };
}

async function openPGlite(dir: string | undefined, log: KyselyConfig['log'], purpose: string): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const inMemory = !dir || dir === 'memory';
  if (!inMemory) await fs.mkdir(dir, { recursive: true });
  // One process at a time on a directory (data-dir-lock.ts): refused before PGlite touches it.
  const lock = inMemory ? null : await lockDataDir(dir, purpose);
  const pglite = await PGlite.create(inMemory ? undefined : dir, {
    extensions: { pg_trgm },
    parsers: { [OID_INT8]: toNumber, [OID_NUMERIC]: toNumber, [OID_DATE]: identity },
  }).catch(async (err: unknown) => {
    await lock?.release();
    throw err;
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), ...(log ? { log } : {}) });
  return {
    kind: 'pglite',
    db,
    async exec(script) {
      await sql.raw(script).execute(db);
    },
    async close() {
      await db.destroy();
      await lock?.release();
    },
  };
}
