// Two app instances behind a real nginx (docs/proxy/nginx.conf) on one PostgreSQL database, next
// to the same load against one instance directly: req/s, p50/p99 and nginx's cache hit rate
// ($upstream_cache_status in its access log) over a mix of public GETs a visitor's browser makes
// (catalogue pages, a Tonie's details and rating summary, tags, categories, Discover), sent as the
// browser app sends them (tRPC GET batches) and through the REST shims, Accept-Encoding as a browser.
// Then a rating written through nginx by a signed-in member, and the seconds until a visitor
// without a session sees it there. Targets (issue 33): p99 ≤ 10 ms, hit rate ≥ 95 %, the write
// within the documented 31 s; exits non-zero when one is missed.
//
//   node node_modules/tsx/dist/cli.mjs bench/proxy.bench.ts
//
// BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database is created there and dropped at the end.
// BENCH_SECONDS: seconds of load per run (default 20). BENCH_PROXY_PORTS: the two instances' ports
// and nginx's, comma-separated (default 3402,3403,3410). NGINX: the nginx binary (default /usr/sbin/nginx).
// Every process started here (the instances, nginx) is stopped by its PID at the end.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import { createSession } from '../server/src/auth/session';
import { openDatabase } from '../server/src/db/database';
import { importTonies } from '../server/src/import/import-tonies';
import { seedDemo } from '../server/src/seed/seed';
import { startServer, type ServerProcess } from '../server/test/faults/server-process';
import { CONNECTIONS, LOG_LEVEL, log, scratchDatabase, SECONDS } from './harness';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NGINX = process.env.NGINX ?? '/usr/sbin/nginx';
const [APP1, APP2, PROXY] = (process.env.BENCH_PROXY_PORTS ?? '3402,3403,3410').split(',').map(Number) as [number, number, number];
const CATALOGUE = path.resolve(repoRoot, '../shared/data/toniesV2.json');
// Issue 33's targets through the proxy; a write shows within the documented time (docs/proxy:
// entries live 30 s, and the first visitor after that still gets the stale copy while nginx
// refreshes it), checked every POLL_MS.
const TARGET_P99_MS = 10;
const TARGET_HIT_RATE = 0.95;
const DOCUMENTED_WRITE_S = 31;
const POLL_MS = 250;
const ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

if (!fs.existsSync(NGINX)) {
  console.error(`nginx is not installed (${NGINX}). Install Debian's package, then run again:\n  apt-get install nginx-light   (or: apt-get install nginx)`);
  process.exit(1);
}

const instances: ServerProcess[] = [];
const started: ChildProcess[] = [];
const scratch = scratchDatabase('tonieshelf_bench_proxy');
const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-bench-proxy-'));

/** Stops what this run started, by PID, and removes its files. */
async function cleanUp() {
  await Promise.all(instances.map((instance) => instance.stop()));
  for (const child of started.reverse()) {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null && child.signalCode === null) process.kill(child.pid, 'SIGKILL');
    }
  }
  fs.rmSync(workDir, { recursive: true, force: true });
  await scratch.drop().catch(() => undefined);
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void cleanUp().finally(() => process.exit(130)));
}

/** The database: the demo users and ratings, the whole catalogue, and published audio for Discover. */
async function buildDataset() {
  const client = await scratch.recreate();
  await client.end();
  const { db, close } = await openDatabase({ url: scratch.url, poolSize: 4 });
  try {
    await seedDemo(db);
    if (fs.existsSync(CATALOGUE)) {
      const summary = await importTonies(db, JSON.parse(fs.readFileSync(CATALOGUE, 'utf8')));
      log(`catalogue imported: ${JSON.stringify({ records: summary.records })}`);
    } else {
      log(`no ${CATALOGUE}: the demo catalogue only`);
    }
    await sql`
      insert into audio_files (user_id, title, description, status, published_at, file_path, file_name, file_size, mime_type, licence, rights_confirmed_at)
      select u.id, 'Bench song ' || g, 'A song for the proxy benchmark', 'published', now() - g * interval '1 minute',
             'audio/' || u.id || '/bench-' || g || '.mp3', 'song.mp3', 1000, 'audio/mpeg', 'cc-by-4.0', now()
      from generate_series(1, 300) g
      cross join lateral (select id from users order by id offset (g % 3) limit 1) u`.execute(db);
    const tonies = await db.selectFrom('tonies').select('id').orderBy('id').limit(40).execute();
    return tonies.map((t) => t.id);
  } finally {
    await close();
  }
}

/** One app instance on `port`, as docs/proxy sets it up: trusting the proxy on loopback, the proxy's address as PUBLIC_ORIGIN. */
async function startInstance(port: number) {
  instances.push(await startServer({ port, databaseUrl: scratch.url, env: { LOG_LEVEL, TRUST_PROXY: 'loopback', PUBLIC_ORIGIN: `http://127.0.0.1:${PROXY}` } }));
}

async function waitFor(url: string, what: string) {
  for (let i = 0; i < 160; i++) {
    await new Promise((r) => setTimeout(r, 250));
    if (
      await fetch(url).then(
        (r) => r.ok,
        () => false,
      )
    )
      return;
  }
  throw new Error(`${what} did not start`);
}

/** nginx with its own prefix, running docs/proxy/nginx.conf with this run's ports and paths. */
async function startNginx(): Promise<string> {
  const prefix = path.join(workDir, 'nginx');
  for (const dir of ['cache', 'tmp', 'logs']) fs.mkdirSync(path.join(prefix, dir), { recursive: true });
  // The workers run as nobody when started by root: they write the cache and temporary files.
  for (const dir of [workDir, prefix]) fs.chmodSync(dir, 0o755);
  for (const dir of ['cache', 'tmp']) fs.chmodSync(path.join(prefix, dir), 0o777);
  const site = fs
    .readFileSync(path.join(repoRoot, 'docs/proxy/nginx.conf'), 'utf8')
    .replace(/server 127\.0\.0\.1:3000\b/, `server 127.0.0.1:${APP1}`)
    .replace(/server 127\.0\.0\.1:3001\b/, `server 127.0.0.1:${APP2}`)
    .replace(/listen 8080;/, `listen 127.0.0.1:${PROXY};`)
    .replace('/var/cache/nginx/tonieshelf', path.join(prefix, 'cache'));
  for (const [from, what] of [
    [`:${APP1}`, 'instance 1'],
    [`:${APP2}`, 'instance 2'],
    [`:${PROXY};`, 'listen'],
    [path.join(prefix, 'cache'), 'cache path'],
  ]) {
    if (!site.includes(from!)) throw new Error(`docs/proxy/nginx.conf changed: its ${what} line was not found`);
  }
  fs.writeFileSync(path.join(prefix, 'tonieshelf.conf'), site);
  const accessLog = path.join(prefix, 'logs/access.log');
  fs.writeFileSync(
    path.join(prefix, 'nginx.conf'),
    `worker_processes auto;
pid ${prefix}/nginx.pid;
error_log ${prefix}/logs/error.log warn;
events { worker_connections 4096; }
http {
  log_format cache '$upstream_cache_status $status $request_time $upstream_addr';
  access_log ${accessLog} cache;
  client_body_temp_path ${prefix}/tmp/body;
  proxy_temp_path ${prefix}/tmp/proxy;
  fastcgi_temp_path ${prefix}/tmp/fastcgi;
  uwsgi_temp_path ${prefix}/tmp/uwsgi;
  scgi_temp_path ${prefix}/tmp/scgi;
  include ${prefix}/tonieshelf.conf;
}
`,
  );
  const conf = path.join(prefix, 'nginx.conf');
  const check = spawnSync(NGINX, ['-p', prefix, '-c', conf, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t failed:\n${check.stderr}`);
  const child = spawn(NGINX, ['-p', prefix, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'inherit'] });
  started.push(child);
  await waitFor(`http://127.0.0.1:${PROXY}/healthz`, 'nginx');
  return accessLog;
}

const input = (value: unknown) => encodeURIComponent(JSON.stringify(value));
const batch = (calls: Array<[string, unknown]>) =>
  `/trpc/${calls.map(([p]) => p).join(',')}?batch=1&input=${input(Object.fromEntries(calls.map(([, v], i) => [String(i), v ?? {}])))}`;

/** The public GETs of a visitor's session: catalogue pages, details with summaries, tags, categories, Discover. */
function urlMix(tonieIds: number[]): string[] {
  const urls: string[] = [];
  for (let page = 1; page <= 5; page++) {
    urls.push(batch([['tonie.list', { page }]]));
    urls.push(`/api/tonies?page=${page}`);
  }
  for (const id of tonieIds.slice(0, 20)) {
    urls.push(
      batch([
        ['tonie.byId', { id }],
        ['review.summary', { tonieId: id }],
        ['review.list', { tonieId: id }],
      ]),
    );
    urls.push(`/api/tonies/${id}/ratings/summary`);
  }
  urls.push(
    batch([
      ['tonie.categories', undefined],
      ['tonie.languages', undefined],
      ['tag.groups', undefined],
    ]),
  );
  urls.push('/api/tags', '/api/tonies/categories', '/api/audio-tags');
  for (const sortBy of ['recent', 'popular']) urls.push(batch([['audio.list', { sortBy }]]), `/api/audio-files?sortBy=${sortBy}`);
  return urls;
}

async function run(port: number, urls: string[]) {
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { 'accept-encoding': ACCEPT_ENCODING, accept: 'application/json' },
    requests: urls.map((u) => ({ method: 'GET' as const, path: u })),
  });
  const non2xx = result.non2xx + result.errors + result.timeouts;
  if (non2xx > 0) log(`not 2xx: ${JSON.stringify(result.statusCodeStats)}, errors ${result.errors}, timeouts ${result.timeouts}`);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx,
    kbPerReq: result.throughput.average / Math.max(1, result.requests.average) / 1024,
  };
}

function cacheStatuses(accessLog: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const line of fs.readFileSync(accessLog, 'utf8').split('\n')) {
    const status = line.split(' ')[0];
    if (status) counts.set(status, (counts.get(status) ?? 0) + 1);
  }
  return counts;
}

async function main() {
  log(`dataset on ${scratch.name}`);
  const tonieIds = await buildDataset();
  const urls = urlMix(tonieIds);
  await startInstance(APP1);
  await startInstance(APP2);
  const accessLog = await startNginx();
  for (const u of urls) {
    const res = await fetch(`http://127.0.0.1:${PROXY}${u}`);
    if (res.status !== 200) throw new Error(`${u}: ${res.status} ${await res.text()}`);
    if (!/public/.test(res.headers.get('cache-control') ?? '')) throw new Error(`${u}: not public (${res.headers.get('cache-control')})`);
  }
  // A session cookie (signed in) is never answered from, nor stored in, the cache.
  const signedIn = await fetch(`http://127.0.0.1:${PROXY}${urls[0]}`, { headers: { cookie: 'tonieshelf_session=bench' } });
  if (signedIn.headers.get('x-cache-status') !== 'BYPASS') throw new Error(`a session cookie was not bypassed: ${signedIn.headers.get('x-cache-status')}`);
  log(`${urls.length} public URLs, ${CONNECTIONS} connections, ${SECONDS} s per run`);

  const direct = await run(APP1, urls);
  log(`one instance directly: ${direct.rps.toFixed(0)} req/s`);
  fs.truncateSync(accessLog);
  const proxied = await run(PROXY, urls);
  const statuses = cacheStatuses(accessLog);
  const total = [...statuses.values()].reduce((a, b) => a + b, 0);
  const served = (statuses.get('HIT') ?? 0) + (statuses.get('UPDATING') ?? 0) + (statuses.get('STALE') ?? 0) + (statuses.get('REVALIDATED') ?? 0);

  const row = (name: string, r: Awaited<ReturnType<typeof run>>, hit: string) =>
    `| ${name} | ${r.rps.toFixed(0)} | ${r.p50} | ${r.p99} | ${r.kbPerReq.toFixed(2)} | ${hit} | ${r.non2xx} |`;
  console.log('');
  console.log('| path | req/s | p50 ms | p99 ms | KB/answer | cache hit rate | non-2xx/errors |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  console.log(row('one instance, directly', direct, '-'));
  console.log(row('nginx -> 2 instances', proxied, `${((served / Math.max(1, total)) * 100).toFixed(1)}%`));
  console.log('');
  console.log(`nginx cache statuses: ${[...statuses].map(([k, v]) => `${k} ${v}`).join(', ')} (hit rate: HIT + UPDATING + STALE + REVALIDATED over all)`);
  console.log(`ratio nginx/direct: ${(proxied.rps / Math.max(1, direct.rps)).toFixed(2)}x req/s`);

  const writeS = await writeVisibleAfter(tonieIds);
  const hitRate = served / Math.max(1, total);
  const verdicts = [
    ['public GETs through nginx, p99', `≤ ${TARGET_P99_MS} ms`, `${proxied.p99} ms`, proxied.p99 <= TARGET_P99_MS],
    ['cache hit rate', `≥ ${TARGET_HIT_RATE * 100} %`, `${(hitRate * 100).toFixed(1)} %`, hitRate >= TARGET_HIT_RATE],
    ['a rating visible to visitors through nginx', `≤ ${DOCUMENTED_WRITE_S} s (documented)`, `${writeS.toFixed(1)} s`, writeS <= DOCUMENTED_WRITE_S + POLL_MS / 1000],
  ] as const;
  console.log('\n| figure | target | measured | met |\n| --- | --- | --- | --- |');
  for (const [figure, target, measured, met] of verdicts) console.log(`| ${figure} | ${target} | ${measured} | ${met ? 'yes' : 'MISSED'} |`);
  if (verdicts.some(([, , , met]) => !met)) process.exitCode = 1;
}

/**
 * Seconds from a signed-in rating (through nginx, answered 201) until a visitor without a session
 * sees the Tonie's new rating count through nginx, its summary cached just before the write.
 */
async function writeVisibleAfter(tonieIds: number[]): Promise<number> {
  const tonieId = tonieIds.at(-1)!;
  const { db, close } = await openDatabase({ url: scratch.url, poolSize: 1 });
  let token: string;
  try {
    const rater = await db
      .selectFrom('users')
      .select('id')
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom('ratings').select('id').whereRef('ratings.user_id', '=', 'users.id').where('ratings.tonie_id', '=', tonieId))))
      .orderBy('id')
      .executeTakeFirstOrThrow();
    ({ token } = await createSession(db, rater.id, { aal: 1, ip: null, userAgent: 'bench' }));
  } finally {
    await close();
  }
  const summaryUrl = `http://127.0.0.1:${PROXY}/api/tonies/${tonieId}/ratings/summary`;
  const count = async () => ((await (await fetch(summaryUrl)).json()) as { totalRatings: number }).totalRatings;
  const before = await count();
  await count(); // now served from nginx's cache
  const origin = `http://127.0.0.1:${PROXY}`;
  const response = await fetch(`${origin}/api/tonies/${tonieId}/ratings`, {
    method: 'POST',
    headers: { cookie: `tonieshelf_session=${token}`, origin, 'content-type': 'application/json' },
    body: JSON.stringify({ rating: 5 }),
  });
  if (response.status !== 201) throw new Error(`the bench's rating was refused: ${response.status} ${await response.text()}`);
  const written = performance.now();
  while ((await count()) === before) {
    if (performance.now() - written > 3 * DOCUMENTED_WRITE_S * 1000) throw new Error('the rating did not show through nginx in 90 s');
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  const seconds = (performance.now() - written) / 1000;
  log(`a rating showed through nginx after ${seconds.toFixed(1)} s`);
  return seconds;
}

try {
  await main();
} finally {
  await cleanUp();
}
