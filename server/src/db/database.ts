// One entry point to the database: PostgreSQL through `pg` when a URL is given, otherwise an
// embedded PGlite (on disk under a directory, or in memory for tests).
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { promisify } from 'node:util';
import { Kysely, PostgresDialect, sql, type KyselyConfig, type PostgresDialectConfig } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { ReadReplicas } from './read-routing';
import {
  checkTemplate,
  copyTemplate,
  defaultTemplateCache,
  discardTemplate,
  packageVersion,
  publishTemplate,
  restrictTree,
  scratchPath,
  sweepCache,
  sweepOrphans,
  TEMPLATE_NAME,
  templateKey,
} from './pglite-template';
import { PGliteDialect } from './pglite-dialect';
import type { DB } from './types';

export type DatabaseKind = 'postgres' | 'pglite';

export interface Database {
  readonly kind: DatabaseKind;
  readonly db: Kysely<DB>;
  /** PGlite on disk: how its data directory came to be on this open (a copy of the template, initdb, or it was there). */
  readonly origin?: 'existing' | 'template' | 'initdb';
  /** PostgreSQL with DATABASE_REPLICA_URL: where the cached public reads go (read-routing.ts). */
  readonly replicas?: ReadReplicas<DB>;
  /** Runs a script of several statements (simple query protocol). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
}

interface DatabaseOptions {
  /** postgres:// URL; when absent, PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory; 'memory' (or absent) keeps the database in memory. */
  pgliteDir?: string | undefined;
  /** pg pool size (default 10); each replica's pool has as many. */
  poolSize?: number | undefined;
  /** postgres:// URLs of streaming replicas of `url`, for public reads (read-routing.ts). */
  replicaUrls?: readonly string[] | undefined;
  /** Kysely's query log hook (e.g. to capture the SQL a call runs). */
  log?: KyselyConfig['log'];
  /**
   * Where new PGlite data directories are copied from (pglite-template.ts); false: always initdb.
   * Default: node_modules/.cache/tonieshelf-pglite.
   */
  pgliteTemplateCache?: string | false | undefined;
  /** Who opens an on-disk PGlite ('server', 'import:tonies', ...): named to a second opener, which is refused. */
  purpose?: string | undefined;
  /** In memory only: the data directory to start from (a `dumpDataDir()` of another PGlite), instead of initdb. */
  pgliteLoad?: Blob | undefined;
  /** Where a recovered problem is told (a copy of the template that did not start). Default: console.warn. */
  warn?: ((message: string) => void) | undefined;
}

// Type OIDs whose default parsing does not suit us: counts and sizes as numbers, calendar dates
// as 'YYYY-MM-DD' strings (no time-zone shift).
const OID_INT8 = 20;
const OID_NUMERIC = 1700;
const OID_DATE = 1082;
const toNumber = (value: string) => Number(value);
/** How long a request waits for a connection to PostgreSQL before it is answered 503. */
const CONNECT_TIMEOUT_MS = 5000;
/** How long a read waits for a replica's connection before it runs on the primary instead. */
const REPLICA_CONNECT_TIMEOUT_MS = 1000;
const identity = (value: string) => value;
const execFileAsync = promisify(execFile);

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.url) return openPostgres(options.url, options.poolSize ?? 10, options);
  return openPGlite(options);
}

const PARSERS: Record<number, (value: string) => unknown> = {
  [OID_INT8]: toNumber,
  [OID_NUMERIC]: toNumber,
  [OID_DATE]: identity,
};

function newPool(url: string, max: number, connectionTimeoutMillis: number): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    // While the database is down or unreachable a request fails within this time instead of
    // waiting in line for a connection that never comes.
    connectionTimeoutMillis,
    // TCP keep-alive from 10 s of silence: notices a peer that vanished without closing the
    // connection (a failover, a lost host).
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => PARSERS[oid] ?? pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
    },
  });
  // A connection PostgreSQL ends (restart, failover, pg_terminate_backend) makes its client emit
  // 'error'; with no listener that would end the process. The pool listens on idle clients only,
  // so every client gets a listener of its own for the time it is checked out too. The query
  // that was running fails (and is answered 503), and the pool drops the dead client on release.
  pool.on('error', () => {});
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

async function openPostgres(url: string, poolSize: number, options: DatabaseOptions): Promise<Database> {
  const pool = newPool(url, poolSize, CONNECT_TIMEOUT_MS);
  const over = (p: PostgresDialectConfig['pool']) => new Kysely<DB>({ dialect: new PostgresDialect({ pool: p }), ...(options.log ? { log: options.log } : {}) });
  const db = over(pool);
  const replicaUrls = options.replicaUrls ?? [];
  const replicas =
    replicaUrls.length > 0
      ? new ReadReplicas<DB>(
          pool,
          replicaUrls.map((replicaUrl) => newPool(replicaUrl, poolSize, REPLICA_CONNECT_TIMEOUT_MS)),
          over,
          options.warn ?? ((message) => console.warn(message)),
        )
      : undefined;
  await replicas?.start();
  return {
    kind: 'postgres',
    db,
    ...(replicas ? { replicas } : {}),
    async exec(script) {
      await sql.raw(script).execute(db);
    },
    async close() {
      await replicas?.stop();
      await db.destroy();
    },
  };
}

/**
 * PostgreSQL settings of the embedded database, given to PGlite as `-c name=value` start
 * parameters. PGlite starts with a server's defaults; PostgreSQL initialises all of
 * shared_buffers at start, so its default of 128 MB is ~120 MB of resident memory that one
 * session on a small catalogue does not use (the operating system caches the data files too).
 * maintenance_work_mem bounds what an index build or VACUUM touches (WebAssembly memory never
 * shrinks, so a peak stays resident).
 */
const PGLITE_SETTINGS = {
  shared_buffers: '16MB',
  maintenance_work_mem: '16MB',
} as const;

/** How long creating a new embedded database may take before it counts as failed. */
const INIT_TIMEOUT_MS = 120_000;

/** How a data directory came to be: it was there, it is a copy of the template, or initdb made it. */
type Made = 'existing' | 'template' | 'initdb';

/**
 * Runs initdb into `target` in a short-lived child process. PGlite runs initdb with a second
 * PostgreSQL instance and initdb's own WebAssembly module; in this process their memory would
 * stay resident (~300 MB until a full garbage collection, and the C heap's arenas keep ~150 MB
 * after that), while a child's is returned when it exits. The caller's thread is free meanwhile
 * (the server loads its modules).
 */
async function runInitdb(target: string, startParams: string[], dir: string): Promise<void> {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const code = 'const [entry, dir, params] = process.argv.slice(1); require(entry).PGlite.create(dir, { startParams: JSON.parse(params) }).then((pglite) => pglite.close())';
  await execFileAsync(process.execPath, ['-e', code, entry, target, JSON.stringify(startParams)], {
    env: { ...process.env, NODE_OPTIONS: '' },
    timeout: INIT_TIMEOUT_MS,
  }).catch((err: { stderr?: string; killed?: boolean }) => {
    const reason = err.killed
      ? `it took longer than ${INIT_TIMEOUT_MS / 1000} s`
      : (err.stderr
          ?.trim()
          .split('\n')
          .findLast((line) => /error/i.test(line)) ?? String(err));
    throw new Error(`Creating the embedded database in ${dir} failed: ${reason}`);
  });
  if (!(await exists(path.join(target, 'PG_VERSION')))) throw new Error(`Creating the embedded database in ${dir} failed: no database was made`);
}

/**
 * Where the data-directory templates are kept (pglite-template.ts), and under which names: the
 * one initdb made, and that one with the migrations of this checkout applied (made at install;
 * a start from it has no migration to run). The second is tried first.
 */
interface Template {
  cache: string;
  key: string;
  migratedKey: string | null;
}

/**
 * A name for what the migrated template holds: the migrations as migrate.ts applies them (their
 * names and exact texts, from its own list) and the Kysely version whose migrator records them.
 */
async function migrationsHash(): Promise<string | null> {
  try {
    const { readMigrations } = await import('./migrate');
    const migrations = await readMigrations();
    const hash = createHash('sha256').update(`kysely ${await packageVersion('kysely')}\0`);
    for (const { name, text } of migrations) hash.update(`${name}\0${text}\0`);
    return migrations.length > 0 ? hash.digest('hex').slice(0, 16) : null;
  } catch {
    return null;
  }
}

/**
 * Creates a new PGlite data directory: a copy of the template (pglite-template.ts) when there is
 * a usable one, otherwise initdb in a child process (runInitdb), whose result then becomes the
 * template for the next new directory.
 * The database is made beside `dir` (`<dir>.init-<pid>-<host>-<random>`, private: 0700), and only
 * a finished one is renamed into place: a start that is killed half-way leaves no half-made
 * database behind, and a later start removes what it left (pglite-template.ts, sweepOrphans).
 * The caller has found no PG_VERSION in `dir`.
 */
async function initDataDir(dir: string, startParams: string[], template: Template | null): Promise<{ made: Made; used?: string }> {
  if ((await fs.readdir(dir)).length > 0) {
    throw new Error(`${dir} holds files but no database: move them away, or set DATA_DIR to another directory`);
  }
  await sweepOrphans(dir);
  const scratch = scratchPath(dir, 'init');
  try {
    let used: string | undefined;
    for (const key of template ? [template.migratedKey, template.key] : []) {
      if (key && (await copyTemplate(template!.cache, key, scratch))) {
        used = key;
        break;
      }
    }
    if (!used) {
      // runInitdb checks that a database was made (a copied template's manifest lists PG_VERSION).
      await runInitdb(scratch, startParams, dir);
      await restrictTree(scratch);
      if (template) await publishTemplate(template.cache, template.key, scratch);
    }
    // Over the empty directory made for the lock's sake: one rename, so the database appears whole.
    await fs.rename(scratch, dir);
    return used ? { made: 'template', used } : { made: 'initdb' };
  } finally {
    await fs.rm(scratch, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function pgliteStartParams(): Promise<string[]> {
  const { PGlite } = await import('@electric-sql/pglite');
  return [...PGlite.defaultStartParams, ...Object.entries(PGLITE_SETTINGS).flatMap(([name, value]) => ['-c', `${name}=${value}`])];
}

async function resolveTemplate(cache: string | false | undefined, startParams: string[]): Promise<Template | null> {
  if (cache === false) return null;
  try {
    const key = await templateKey(startParams);
    const migrations = await migrationsHash();
    return { cache: cache ?? defaultTemplateCache(), key, migratedKey: migrations ? `${key}-m${migrations}` : null };
  } catch {
    return null;
  }
}

/**
 * Makes the data-directory templates if they are missing (scripts/pglite-template.mjs, run at
 * install): the one initdb makes, and a copy of it with this checkout's migrations applied.
 * When both are there and whole nothing is copied or made. Returns the templates, and whether
 * this call published any (false when another process published them first).
 */
export async function prepareTemplate(cache?: string): Promise<{ templates: string[]; made: boolean }> {
  const startParams = await pgliteStartParams();
  const template = await resolveTemplate(cache, startParams);
  if (!template) throw new Error("the template's name could not be worked out (PGlite's version or the migrations could not be read)");
  const { key, migratedKey } = template;
  const templates = [key, migratedKey].filter((k): k is string => !!k).map((k) => path.join(template.cache, k));
  await fs.mkdir(template.cache, { recursive: true, mode: 0o700 });
  await sweepCache(template.cache);
  // Templates of earlier migration sets, PGlite or Kysely versions, or settings are of no more use.
  for (const name of await fs.readdir(template.cache)) {
    if (name !== key && name !== migratedKey && TEMPLATE_NAME.test(name)) await discardTemplate(template.cache, name);
  }
  const haveBase = await checkTemplate(template.cache, key);
  const haveMigrated = !migratedKey || (await checkTemplate(template.cache, migratedKey));
  if (haveBase && haveMigrated) return { templates, made: false };
  let made = false;
  const publish = async (name: string) => {
    if (await publishTemplate(template.cache, name, scratch)) made = true;
    else if (!(await checkTemplate(template.cache, name))) throw new Error(`could not write the template to ${path.join(template.cache, name)}`);
  };
  const scratch = scratchPath(path.join(template.cache, key), 'init');
  try {
    if (!haveBase || !(await copyTemplate(template.cache, key, scratch))) {
      await runInitdb(scratch, startParams, scratch);
      await restrictTree(scratch);
      if (!haveBase || !(await checkTemplate(template.cache, key))) await publish(key);
    }
    if (migratedKey && !haveMigrated) {
      const [{ PGlite }, { pg_trgm }, { migrateToLatest }] = await Promise.all([
        import('@electric-sql/pglite'),
        import('@electric-sql/pglite/contrib/pg_trgm'),
        import('./migrate'),
      ]);
      const pglite = await PGlite.create(scratch, { extensions: { pg_trgm }, startParams });
      const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
      try {
        await migrateToLatest(db);
      } finally {
        await db.destroy();
      }
      await restrictTree(scratch);
      await publish(migratedKey);
    }
    return { templates, made };
  } finally {
    await fs.rm(scratch, { recursive: true, force: true }).catch(() => undefined);
  }
}

async function exists(file: string): Promise<boolean> {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function openPGlite(options: DatabaseOptions): Promise<Database> {
  const { pgliteDir: dir, log, pgliteTemplateCache: templateCache } = options;
  const purpose = options.purpose ?? 'another TonieShelf process';
  const warn = options.warn ?? ((message: string) => console.warn(message));
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const startParams = await pgliteStartParams();
  const inMemory = !dir || dir === 'memory';
  if (!inMemory) await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  // One process at a time on a directory (data-dir-lock.ts): refused before PGlite touches it.
  const lock = inMemory ? null : await lockDataDir(dir, purpose);
  const open = () =>
    PGlite.create(inMemory ? undefined : dir, {
      extensions: { pg_trgm },
      parsers: { [OID_INT8]: toNumber, [OID_NUMERIC]: toNumber, [OID_DATE]: identity },
      startParams,
      ...(inMemory && options.pgliteLoad ? { loadDataDir: options.pgliteLoad } : {}),
    });
  let origin: Made | undefined;
  const pglite = await (async () => {
    if (inMemory) return open();
    // An existing database: no template work at all. Its directory is made private, as
    // PostgreSQL itself insists (what PGlite writes in it is then out of others' reach); a new
    // one is made so (initDataDir).
    if (await exists(path.join(dir, 'PG_VERSION'))) {
      await fs.chmod(dir, 0o700).catch(() => undefined);
      origin = 'existing';
      return open();
    }
    const template = await resolveTemplate(templateCache, startParams);
    const made = await initDataDir(dir, startParams, template);
    origin = made.made;
    if (!made.used || !template) return open();
    try {
      return await open();
    } catch (err) {
      // The copy of the template did not start. It is moved aside in one step (a start killed
      // now leaves an empty directory, never a database with files missing) and removed; the
      // template is discarded only when it fails its check (the error may be the disk's, or the
      // process's: a full disk, too many open files), and the database is made by initdb.
      const aside = scratchPath(dir, 'discard');
      await fs.rename(dir, aside);
      await fs.mkdir(dir, { mode: 0o700 });
      const whole = await checkTemplate(template.cache, made.used);
      if (!whole) await discardTemplate(template.cache, made.used);
      warn(
        `The embedded database copied from the template ${path.join(template.cache, made.used)} did not start ` +
          `(${err instanceof Error ? err.message : String(err)}); ${whole ? 'the template checks out whole and is kept' : 'the template is damaged and was discarded'}; ` +
          `making ${dir} with initdb instead`,
      );
      await fs.rm(aside, { recursive: true, force: true }).catch(() => undefined);
      origin = (await initDataDir(dir, startParams, null)).made;
      return open();
    }
  })().catch(async (err: unknown) => {
    await lock?.release();
    throw err;
  });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite), ...(log ? { log } : {}) });
  return {
    kind: 'pglite',
    db,
    ...(origin ? { origin } : {}),
    async exec(script) {
      await sql.raw(script).execute(db);
    },
    async close() {
      await db.destroy();
      await lock?.release();
    },
  };
}
