// What the load benchmarks share: a scratch database on the PostgreSQL server, the SQL one
// request runs (captured through Kysely's log), EXPLAIN checks, pgbench's ceiling for that SQL,
// the real server as a child process, and autocannon against it.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import type { CompiledQuery } from 'kysely';
import pg from 'pg';
import { loadConfig } from '../server/src/config';
import { openDatabase } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';
import { createContextInner, type Context } from '../server/src/trpc/context';
import { createCaller } from '../server/src/trpc/router';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
export const SECONDS = Number(process.env.BENCH_SECONDS ?? 20);
export const PGBENCH_SECONDS = Number(process.env.BENCH_PGBENCH_SECONDS ?? 10);
export const CONNECTIONS = 50;
export const LOG_LEVEL = process.env.BENCH_LOG_LEVEL ?? 'info';

/** Words for synthetic titles and descriptions. */
export const WORDS = (
  'moon star river forest dragon castle pirate garden winter summer puppy kitten rabbit tiger lion bear ' +
  'owl fox whale shark robot rocket planet comet train truck tractor farm ocean island treasure map ' +
  'magic wizard fairy princess knight giant troll unicorn rainbow cloud storm thunder snow sun bell ' +
  'song dance drum flute piano violin story dream night morning school friend family party birthday ' +
  'cake cookie apple berry honey bread soup picnic meadow mountain valley cave bridge tower lighthouse ' +
  'harbor sailor captain parrot monkey zebra giraffe hippo panda koala penguin seal otter beaver duck ' +
  'goose swan frog toad snail beetle spider bee butterfly ladybug dino fossil volcano desert jungle ' +
  'canyon glacier kite balloon boat canoe bicycle scooter wagon lantern candle clock mirror window door ' +
  'garden hedge puddle pebble shell feather acorn leaf petal seed sprout tulip daisy rose lily clover'
).split(/\s+/);

const CATEGORIES = ['Audio Play', 'Audio Book', 'Music', 'Songs', 'Knowledge', 'Creative Tonie'];

/**
 * The benchmarks' synthetic catalogue: `tonies` Tonies named, serialised and described from WORDS
 * ('Moon and the Castle 17', 'Moon Stories'), over 10 years of release dates, 6 categories and 4
 * languages, and `tags` tags, 5 per Tonie.
 */
export async function syntheticCatalogue(client: pg.Client, tonies: number, tags: number) {
  const words = `ARRAY[${WORDS.map((w) => `'${w}'`).join(',')}]`;
  const cats = `ARRAY[${CATEGORIES.map((c) => `'${c}'`).join(',')}]`;
  const n = WORDS.length;
  await step(client, 'tags', `INSERT INTO tags (name) SELECT 'Tag ' || lpad(g::text, 4, '0') FROM generate_series(1, ${tags}) g`);
  await step(
    client,
    'tonies',
    `INSERT INTO tonies (article, name, series, category, description, runtime, language, song_count, release_date, age_range, age_min)
     SELECT 'bench-' || g,
            initcap(w[1 + (g * 7) % ${n}]) || ' and the ' || initcap(w[1 + (g * 13 + 5) % ${n}]) || ' ' || g,
            initcap(w[1 + (g * 7) % ${n}]) || ' Stories',
            c[1 + g % 6],
            'A story about the ' || w[1 + (g * 17) % ${n}] || ', the ' || w[1 + (g * 19 + 3) % ${n}] || ' and the ' ||
              w[1 + (g * 23 + 7) % ${n}] || '. ' || initcap(w[1 + (g * 29 + 11) % ${n}]) || ' meets ' || w[1 + (g * 31 + 13) % ${n}] ||
              ' near the ' || w[1 + (g * 37 + 17) % ${n}] || ' with a ' || w[1 + (g * 41 + 19) % ${n}] || ' and a ' || w[1 + (g * 43 + 23) % ${n}] || '.',
            20 + g % 70, (ARRAY['de-DE','en-GB','en-US','fr-FR'])[1 + g % 4], 5 + g % 20,
            date '2015-01-01' + (g % 3650), (2 + g % 8) || '+', 2 + g % 8
       FROM generate_series(1, ${tonies}) g, (SELECT ${words} AS w, ${cats} AS c) v`,
  );
  await step(
    client,
    'tonie_tags (5 per Tonie)',
    `INSERT INTO tonie_tags (tonie_id, tag_id)
     SELECT t.id, 1 + ((t.id * 7 + k * 401) % ${tags}) FROM tonies t, generate_series(0, 4) k`,
  );
}

export function log(message: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

async function admin<T>(fn: (c: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

/** A scratch database of the benchmark's own on the server. */
export function scratchDatabase(name: string) {
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  const url = u.toString();
  return {
    name,
    url,
    exists: () => admin(async (c) => (await c.query('SELECT 1 FROM pg_database WHERE datname = $1', [name])).rowCount === 1),
    /** Drops and creates it, migrated, and hands back a client for bulk loading. */
    async recreate(): Promise<pg.Client> {
      await admin(async (c) => {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await c.query(`CREATE DATABASE ${name}`);
      });
      const { db, close } = await openDatabase({ url, poolSize: 2 });
      await migrateToLatest(db);
      await close();
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    },
    drop: () => admin((c) => c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)),
  };
}

/** Runs a bulk-load statement and logs its row count and time. */
export async function step(client: pg.Client, label: string, text: string) {
  const t = performance.now();
  const res = await client.query(text);
  log(`${label}: ${res.rowCount ?? ''} rows in ${Math.round(performance.now() - t)} ms`);
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (value instanceof Date) return `'${value.toISOString()}'`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

function inline(query: CompiledQuery): string {
  return query.sql.replace(/\$(\d+)/g, (_, i) => literal(query.parameters[Number(i) - 1]));
}

/** The SQL statements one call of a procedure runs, with parameters inlined. */
export async function captureSql(
  dbUrl: string,
  call: (caller: ReturnType<typeof createCaller>) => Promise<unknown>,
  context: Partial<Omit<Context, 'db' | 'config'>> = {},
): Promise<string[]> {
  const captured: string[] = [];
  const { db, close } = await openDatabase({
    url: dbUrl,
    poolSize: 2,
    log: (event) => {
      if (event.level === 'query') captured.push(inline(event.query));
    },
  });
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', SEED_DEMO: '0' }, os.tmpdir());
    await call(createCaller(createContextInner({ db, config, ...context })));
  } finally {
    await close();
  }
  return captured;
}

/** The index (or scan) each statement uses; not ok when a big table is scanned sequentially. */
export async function explain(dbUrl: string, statements: string[], bigTables: string[]): Promise<{ ok: boolean; nodes: string[] }> {
  const nodes: string[] = [];
  let ok = true;
  const client = new pg.Client({ connectionString: dbUrl });
  await client.connect();
  try {
    for (const statement of statements) {
      const res = await client.query(`EXPLAIN ${statement}`);
      const plan = res.rows.map((r: Record<string, string>) => r['QUERY PLAN']!).join('\n');
      for (const m of plan.matchAll(/(Index Only Scan|Index Scan|Bitmap Index Scan|Seq Scan)(?: Backward)? (?:using (\S+) )?on (\S+)/g)) {
        nodes.push(m[1] === 'Seq Scan' ? `Seq Scan ${m[3]}` : `${m[2] ?? m[3]}`);
        if (m[1] === 'Seq Scan' && bigTables.includes(m[3]!)) ok = false;
      }
    }
  } finally {
    await client.end();
  }
  return { ok, nodes: [...new Set(nodes)] };
}

/**
 * Transactions per second pgbench reaches running these statements with 50 clients: the ceiling
 * any server could reach with the same SQL. Measured twice, with the simple protocol (parsed and
 * planned on every run) and prepared (`-M prepared`: parsed and planned once per client, as the
 * server's named statements are); the higher of the two is the ceiling, so a server that
 * prepares its reads is held to the prepared figure. Both are logged.
 */
export function pgbenchTps(dbUrl: string, statements: string[]): number {
  const file = path.join(os.tmpdir(), `tonieshelf-pgbench-${process.pid}.sql`);
  fs.writeFileSync(file, `${statements.map((s) => s.replace(/\s+/g, ' ')).join(';\n')};\n`);
  const u = new URL(dbUrl);
  const run = (protocol: 'simple' | 'prepared') => {
    const res = spawnSync(
      'pgbench',
      [
        '-n',
        '-M',
        protocol,
        '-c',
        String(CONNECTIONS),
        '-j',
        '2',
        '-T',
        String(PGBENCH_SECONDS),
        '-f',
        file,
        '-h',
        u.hostname,
        '-p',
        u.port || '5432',
        '-U',
        u.username || 'postgres',
        u.pathname.slice(1),
      ],
      { encoding: 'utf8' },
    );
    const m = res.stdout.match(/tps = ([\d.]+)/);
    if (!m) throw new Error(`pgbench failed: ${res.stderr || res.stdout}`);
    return Number(m[1]);
  };
  try {
    const simple = run('simple');
    const prepared = run('prepared');
    log(`    pgbench: ${Math.round(simple)} tps simple, ${Math.round(prepared)} tps prepared`);
    return Math.max(simple, prepared);
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/**
 * The throughput a p99 of `targetMs` needs with CONNECTIONS connections: each connection asks
 * again only when answered, so the mean latency is CONNECTIONS / throughput (Little's law), and
 * a p99 under the mean would need nearly all the waiting to fall on under 1 % of the requests
 * (measured here, the p99 is 1.2 to 2.5 times the mean). A case whose SQL alone (pgbench's
 * ceiling, the server taking no CPU at all) runs fewer times a second is out of reach on this
 * machine with that SQL.
 */
export function neededThroughput(targetMs: number): number {
  return Math.ceil((CONNECTIONS * 1000) / targetMs);
}

/** Said of a missed case whose SQL's ceiling is below what its target needs (else ''). */
export function beyondCeiling(pgbenchTps: number, targetMs: number): string {
  const needed = neededThroughput(targetMs);
  return pgbenchTps < needed ? `its SQL alone runs ${Math.round(pgbenchTps)} times a second, below the ${needed} a p99 of ${targetMs} ms needs` : '';
}

/** A started server: call it to stop it; `pid` is its process (tsx's launcher, the server its child). */
type StopServer = (() => Promise<void>) & { pid: number };

/**
 * CPU time (user + system, ms) the process and its descendants have used so far, from Linux's
 * /proc; NaN where there is none. Divided by the requests served it is the server's CPU per request.
 */
export function processTreeCpuMs(pid: number): number {
  const tick = 1000 / 100; // USER_HZ
  const visit = (p: number): number => {
    try {
      const fields = fs.readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
      const own = (Number(fields[11]) + Number(fields[12])) * tick;
      const children = fs.readdirSync(`/proc/${p}/task`).flatMap((t) => fs.readFileSync(`/proc/${p}/task/${t}/children`, 'utf8').split(' ').filter(Boolean).map(Number));
      return own + children.reduce((sum, c) => sum + visit(c), 0);
    } catch {
      return Number.NaN;
    }
  };
  return visit(pid);
}

/** Starts the real server on the database; resolves with a function that stops it (and its pid). */
export async function startServer(opts: { port: number; dbUrl: string; cacheSeconds: number }): Promise<StopServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-bench-'));
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.dbUrl,
      DATA_DIR: dataDir,
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      LOG_LEVEL,
      CACHE_TTL_SECONDS: String(opts.cacheSeconds),
      // An uploads directory each, and no upload shared between instances: start side by side.
      UPLOADS_SHARED: '1',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  // Ready, and its search index built (until then SQL answers searches: not what is measured).
  const started = performance.now();
  for (let i = 0; i < 720; i++) {
    await new Promise((r) => setTimeout(r, 250));
    const search = await fetch(`http://127.0.0.1:${opts.port}/readyz`).then(
      async (r) => (r.ok ? ((await r.json()) as { search: string }).search : null),
      () => null,
    );
    if (search !== null && search !== 'building') {
      log(`server ready after ${Math.round(performance.now() - started)} ms (search index: ${search})`);
      return Object.assign(stop, { pid: child.pid! });
    }
  }
  await stop();
  throw new Error('the server did not start');
}

/** 50 connections against one URL of the server for `seconds`. */
export function load(port: number, url: string, seconds: number, cookie?: string | null): Promise<autocannon.Result> {
  return autocannon({
    url: `http://127.0.0.1:${port}${url}`,
    connections: CONNECTIONS,
    duration: seconds,
    ...(cookie ? { headers: { cookie } } : {}),
  });
}

/**
 * A freshly started server's code runs unoptimised until V8 has seen it often: every address a
 * bench will measure is loaded for `seconds` first (the first case measured would otherwise pay
 * for the whole server's warm-up: a catalogue page read 1,329 req/s as the first case and 2,129
 * right after).
 */
export async function warmUp(port: number, targets: readonly { url: string; cookie?: string | null }[], seconds = 1): Promise<void> {
  for (const t of targets) await load(port, t.url, seconds, t.cookie);
}

/**
 * The cases BENCH_CASES names: those whose name contains one of its comma-separated words
 * ('page,search'), case-insensitively; every case when it is unset.
 */
export function chosenCases<C extends { name: string }>(cases: readonly C[]): C[] {
  const words = (process.env.BENCH_CASES ?? '')
    .split(',')
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
  return words.length ? cases.filter((c) => words.some((w) => c.name.toLowerCase().includes(w))) : [...cases];
}
