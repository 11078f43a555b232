// Shelf toggles under load (issue 14: p99 <= 50 ms at 50 connections): the real server on the real
// catalogue (../shared/data/toniesV2.json, imported as `npm run import:tonies` does), 50 signed-in
// users (one per connection), each connection putting random Tonies on a random shelf and taking
// them off again (PUT / DELETE /api/shelves/:shelf/:tonieId, alternating per Tonie). Then, at 50
// connections too, a catalogue page (GET /api/tonies?page=n) and the shelf states of a page
// (GET /api/shelves/states?tonieIds=... of 20 Tonies, the page the catalogue shows), and a page
// of one's own shelf (GET /api/tonies?shelf=..., the /shelves tabs).
// On embedded PGlite (the server's own data directory) and on PostgreSQL (a scratch database).
//
//   node node_modules/tsx/dist/cli.mjs bench/shelves.bench.ts     (npm run bench:shelves)
//
// BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database is made there and dropped at the end; BENCH_TARGETS=pglite or =postgres runs
// only one. BENCH_SECONDS: seconds of toggles (default 15); the reads get 10 s each.
// BENCH_TONIES_FILE overrides the catalogue file. BENCH_PORT (default 3221).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { SHELVES } from '@tonieshelf/shared/values/shelf';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { createSession } from '../server/src/auth/session';
import { openDatabase, type Database } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';
import type { DB } from '../server/src/db/types';
import { importTonies } from '../server/src/import/import-tonies';
import { adminUrl, CONNECTIONS, log, LOG_LEVEL, scratchDatabase, startServer } from './harness';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TONIES_FILE = path.resolve(process.env.BENCH_TONIES_FILE ?? path.resolve(repoRoot, '../shared/data/toniesV2.json'));
const TOGGLE_SECONDS = Number(process.env.BENCH_SECONDS ?? 15);
const READ_SECONDS = Math.min(10, TOGGLE_SECONDS);
const PORT = Number(process.env.BENCH_PORT ?? 3221);
const TARGETS = (process.env.BENCH_TARGETS ?? 'pglite,postgres').split(',');
const P99_TARGET_MS = 50;
const PAGE_SIZE = 20;
const COOKIE = 'tonieshelf_session';

interface Prepared {
  cookies: string[];
  tonieIds: number[];
}

/** The catalogue, and 50 verified users with a session each. */
async function prepare(db: Kysely<DB>, data: unknown): Promise<Prepared> {
  await migrateToLatest(db);
  const t = performance.now();
  const summary = await importTonies(db, data);
  log(`catalogue imported: ${summary.inserted} Tonies in ${Math.round(performance.now() - t)} ms`);
  const tonieIds = (await db.selectFrom('tonies').select('id').orderBy('id').execute()).map((r) => r.id);
  const cookies: string[] = [];
  for (let i = 0; i < CONNECTIONS; i++) {
    const user = await db
      .insertInto('users')
      .values({ email: `bench${i}@example.com`, username: `bench${i}`, first_name: 'Ben', last_name: `Bench ${i}`, password_hash: 'x', email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(db, user.id, { aal: 1, ip: null, userAgent: 'bench' });
    cookies.push(`${COOKIE}=${token}`);
  }
  return { cookies, tonieIds };
}

interface Figures {
  p50: number;
  p975: number;
  p99: number;
  rps: number;
  total: number;
  non2xx: number;
  errors: number;
}

const figures = (r: autocannon.Result): Figures => ({
  p50: r.latency.p50,
  p975: r.latency.p97_5,
  p99: r.latency.p99,
  rps: r.requests.average,
  total: r.requests.total,
  non2xx: r.non2xx,
  errors: r.errors + r.timeouts,
});

/** What one autocannon connection keeps between its requests: its user, and which of its Tonies are on. */
interface ConnectionState {
  user?: number;
  on?: Map<string, boolean>;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;

/** 50 connections, each one signed-in user; `next` makes each request's method and path (and may keep state per connection). */
function load(prepared: Prepared, seconds: number, next: (context: ConnectionState) => { method: 'GET' | 'PUT' | 'DELETE'; path: string }): Promise<autocannon.Result> {
  let nextUser = 0;
  return autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: CONNECTIONS,
    duration: seconds,
    requests: [
      {
        setupRequest: (req, ctx) => {
          const context = ctx as ConnectionState;
          context.user ??= nextUser++ % prepared.cookies.length;
          const { method, path } = next(context);
          return { ...req, method, path, headers: { cookie: prepared.cookies[context.user]!, 'sec-fetch-site': 'same-origin' } };
        },
      },
    ],
  });
}

/** Toggles of random Tonies on random shelves (on, then off again). */
function toggles(prepared: Prepared, seconds: number): Promise<autocannon.Result> {
  return load(prepared, seconds, (context) => {
    const on = (context.on ??= new Map<string, boolean>());
    const key = `${pick(SHELVES)}/${pick(prepared.tonieIds)}`;
    const putOn = !on.get(key);
    on.set(key, putOn);
    return { method: putOn ? 'PUT' : 'DELETE', path: `/api/shelves/${key}` };
  });
}

/** One kind of read; `makePath` picks each request's path. */
function reads(prepared: Prepared, seconds: number, makePath: () => string): Promise<autocannon.Result> {
  return load(prepared, seconds, () => ({ method: 'GET', path: makePath() }));
}

const results: { target: string; load: string; f: Figures }[] = [];

async function measure(target: string, prepared: Prepared) {
  // Warm-up: the first requests open connections and fill the JIT.
  await toggles(prepared, 2);
  const toggle = figures(await toggles(prepared, TOGGLE_SECONDS));
  results.push({ target, load: 'shelf toggles (PUT/DELETE)', f: toggle });
  log(`${target}: toggles p99 ${toggle.p99} ms, ${Math.round(toggle.rps)} req/s, non-2xx ${toggle.non2xx}, errors ${toggle.errors}`);

  const pages = Math.ceil(prepared.tonieIds.length / PAGE_SIZE);
  const page = figures(await reads(prepared, READ_SECONDS, () => `/api/tonies?page=${1 + Math.floor(Math.random() * pages)}`));
  results.push({ target, load: `catalogue page (GET /api/tonies?page=n, ${PAGE_SIZE} Tonies)`, f: page });
  log(`${target}: catalogue page p99 ${page.p99} ms`);

  const states = figures(
    await reads(prepared, READ_SECONDS, () => {
      const start = Math.floor(Math.random() * Math.max(1, prepared.tonieIds.length - PAGE_SIZE));
      return `/api/shelves/states?tonieIds=${prepared.tonieIds.slice(start, start + PAGE_SIZE).join(',')}`;
    }),
  );
  results.push({ target, load: `shelf.states of a page (${PAGE_SIZE} ids)`, f: states });
  log(`${target}: shelf.states p99 ${states.p99} ms`);

  // /shelves: a signed-in user's shelf as a catalogue page (after the toggles each holds a few hundred Tonies).
  const shelf = figures(await reads(prepared, READ_SECONDS, () => `/api/tonies?shelf=${pick(SHELVES)}`));
  results.push({ target, load: 'a shelf page (GET /api/tonies?shelf=s, newest added first)', f: shelf });
  log(`${target}: shelf page p99 ${shelf.p99} ms`);
}

/** The server on its own PGlite data directory (prepared before it starts: the directory is locked while it runs). */
async function startPgliteServer(dataDir: string): Promise<() => Promise<void>> {
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: '0', NODE_ENV: 'production', LOG_LEVEL };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['node_modules/tsx/dist/cli.mjs', 'server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
  };
  for (let i = 0; i < 240; i++) {
    await new Promise((r) => setTimeout(r, 250));
    if (
      await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return stop;
  }
  await stop();
  throw new Error('the server did not start');
}

async function onPglite(data: unknown) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-bench-shelves-'));
  try {
    const database: Database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), purpose: 'the shelves benchmark' });
    let prepared: Prepared;
    try {
      prepared = await prepare(database.db, data);
    } finally {
      await database.close();
    }
    const stop = await startPgliteServer(dataDir);
    try {
      await measure('PGlite', prepared);
    } finally {
      await stop();
    }
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function onPostgres(data: unknown) {
  const reachable = await (async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    try {
      await c.connect();
      await c.end();
      return true;
    } catch {
      return false;
    }
  })();
  if (!reachable) {
    log(`PostgreSQL at ${new URL(adminUrl).host} cannot be reached: skipped`);
    return;
  }
  const scratch = scratchDatabase('tonieshelf_bench_shelves');
  const client = await scratch.recreate();
  await client.end();
  try {
    const database = await openDatabase({ url: scratch.url, poolSize: 4 });
    let prepared: Prepared;
    try {
      prepared = await prepare(database.db, data);
    } finally {
      await database.close();
    }
    const stop = await startServer({ port: PORT, dbUrl: scratch.url, cacheSeconds: 60 });
    try {
      await measure('PostgreSQL', prepared);
    } finally {
      await stop();
    }
  } finally {
    await scratch.drop();
  }
}

const data = JSON.parse(await fs.promises.readFile(TONIES_FILE, 'utf8')) as unknown;
if (TARGETS.includes('pglite')) await onPglite(data);
if (TARGETS.includes('postgres')) await onPostgres(data);

const cpus = os.cpus();
console.log(
  `\nShelves at ${CONNECTIONS} connections (${cpus.length} × ${cpus[0]?.model ?? 'CPU'}, Node ${process.version}); target: toggles p99 <= ${P99_TARGET_MS} ms, 0 non-2xx\n`,
);
console.log('| database | load | p50 ms | p97.5 ms | p99 ms | req/s | requests | non-2xx | errors | target |');
console.log('|---|---|---|---|---|---|---|---|---|---|');
for (const { target, load, f } of results) {
  const isToggle = load.startsWith('shelf toggles');
  const verdict = isToggle
    ? f.p99 <= P99_TARGET_MS && f.non2xx === 0 && f.errors === 0
      ? `met (p99 <= ${P99_TARGET_MS})`
      : `MISSED (p99 <= ${P99_TARGET_MS}, 0 non-2xx)`
    : f.non2xx === 0 && f.errors === 0
      ? 'ok'
      : 'FAILURES';
  console.log(`| ${target} | ${load} | ${f.p50} | ${f.p975} | ${f.p99} | ${Math.round(f.rps)} | ${f.total} | ${f.non2xx} | ${f.errors} | ${verdict} |`);
}
const failed = results.some(({ load, f }) => f.non2xx > 0 || f.errors > 0 || (load.startsWith('shelf toggles') && f.p99 > P99_TARGET_MS));
process.exitCode = failed ? 1 : 0;
