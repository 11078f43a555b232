// Soak: the real server under a steady mixed load (catalogue reads, details, summaries, session
// reads, ratings written, sign-ins and sign-outs) for ten minutes on loopback, with the server's
// resident memory (RSS) sampled every 30 s. What it shows: whether memory grows after warm-up.
//
//   npm run bench:soak
//
// BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database is created there and dropped at the end.
// SOAK_SECONDS (default 600), SOAK_RATE (requests per second, default 150), SOAK_CONNECTIONS
// (concurrent clients, default 8), SOAK_MAX_REQUESTS (default 500,000): the load is bounded by
// all of them. SOAK_WARMUP_SECONDS (default 120): samples before it are warm-up.
import fs from 'node:fs';
import os from 'node:os';
import { hashPassword } from '../server/src/auth/password';
import { call, startServer, type ServerProcess } from '../server/test/faults/server-process';
import { log, scratchDatabase, WORDS } from './harness';

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const RATE = Number(process.env.SOAK_RATE ?? 150);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 8);
const MAX_REQUESTS = Number(process.env.SOAK_MAX_REQUESTS ?? 500_000);
const WARMUP_SECONDS = Number(process.env.SOAK_WARMUP_SECONDS ?? 120);
const SAMPLE_EVERY_MS = 30_000;
const PORT = Number(process.env.BENCH_PORT ?? 3413);
const TONIES = 5000;
const USERS = 200;
const PASSWORD = 'blue-giraffe-sings';

const scratch = scratchDatabase('tonieshelf_bench_soak');

/** A small seeded PRNG, so every run makes the same mix. */
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The PID of the Node process that runs main.ts (tsx's CLI starts it as its child). */
function serverPid(server: ServerProcess): number {
  const wrapper = server.child.pid!;
  const children = fs.readFileSync(`/proc/${wrapper}/task/${wrapper}/children`, 'utf8').trim().split(/\s+/).map(Number);
  const node = children.find((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('main.ts'));
  if (!node) throw new Error('the server process was not found');
  return node;
}

function rssMb(pid: number): number {
  const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
  return m ? Number(m[1]) / 1024 : NaN;
}

async function main() {
  log(`soak: ${SECONDS} s at up to ${RATE} req/s over ${CONNECTIONS} clients (at most ${MAX_REQUESTS} requests); ${os.cpus().length} CPUs, Node ${process.version}`);
  const client = await scratch.recreate();
  await client.query(
    `insert into tonies (article, name, series, category, description)
     select 'S-' || i, 'Soak ' || (array[${WORDS.slice(0, 50)
       .map((w) => `'${w}'`)
       .join(',')}])[1 + i % 50] || ' ' || i, 'Series ' || (i % 40),
            (array['Audio Play','Audio Book','Music','Songs','Knowledge'])[1 + i % 5], 'A story about the ' || (array[${WORDS.slice(50, 100)
              .map((w) => `'${w}'`)
              .join(',')}])[1 + i % 50]
       from generate_series(1, $1) as i`,
    [TONIES],
  );
  const hash = await hashPassword(PASSWORD);
  await client.query(
    `insert into users (email, username, first_name, last_name, password_hash)
     select 'soak' || i || '@example.com', 'soak' || i, 'Soak', 'User ' || i, $2 from generate_series(1, $1) as i`,
    [USERS, hash],
  );
  const tonieIds = (await client.query<{ id: number }>('select id from tonies order by id')).rows.map((r) => r.id);
  await client.end();

  const server = await startServer({ port: PORT, databaseUrl: scratch.url, env: { LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', CACHE_TTL_SECONDS: '5' } });
  const pid = serverPid(server);
  const statuses = new Map<string, number>();
  let requests = 0;
  let failures = 0;
  const count = (key: string) => statuses.set(key, (statuses.get(key) ?? 0) + 1);
  /** How many Tonies each user has rated so far: each rates them in turn, once. */
  const ratedBy = new Map<number, number>();

  const start = performance.now();
  const deadline = start + SECONDS * 1000;
  let nextAt = start;
  /** Paces all clients together to RATE requests per second. */
  const pace = async () => {
    nextAt = Math.max(nextAt + 1000 / RATE, performance.now() - 1000);
    const wait = nextAt - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  };

  const clientLoop = async (c: number) => {
    const random = mulberry32(1000 + c);
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
    let user = c + 1;
    let cookie: string | null = null;
    const signIn = async () => {
      user = 1 + ((user + CONNECTIONS) % USERS);
      const res = await fetch(`${server.base}/api/auth/login`, {
        method: 'POST',
        headers: { origin: server.base, 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
        body: JSON.stringify({ email: `soak${user}@example.com`, password: PASSWORD }),
      });
      await res.arrayBuffer();
      count(`sign-in ${res.status}`);
      const set = res.headers.getSetCookie().find((v) => v.startsWith('tonieshelf_session='));
      if (set) cookie = set.split(';')[0]!;
    };
    while (performance.now() < deadline && requests < MAX_REQUESTS) {
      await pace();
      if (performance.now() >= deadline) break;
      requests++;
      const roll = random();
      try {
        if (!cookie || roll < 0.01) {
          await signIn();
          continue;
        }
        let res;
        if (roll < 0.4) {
          const sort = pick(['newest', 'highest', 'lowest', 'az']);
          res = await call(server, 'GET', `/api/tonies?page=${1 + Math.floor(random() * 40)}&sort=${sort}`, { cookie });
        } else if (roll < 0.5) res = await call(server, 'GET', `/api/tonies/search?q=${pick(WORDS.slice(0, 100))}`);
        else if (roll < 0.62) res = await call(server, 'GET', `/api/tonies/${pick(tonieIds)}`, { cookie });
        else if (roll < 0.72) res = await call(server, 'GET', `/api/tonies/${pick(tonieIds)}/ratings/summary`);
        else if (roll < 0.82) res = await call(server, 'GET', '/api/auth/me', { cookie });
        else if (roll < 0.87) res = await call(server, 'GET', '/api/audio-files');
        else if (roll < 0.98) {
          // Each signed-in user rates the Tonies in turn (a user signed in twice at once may
          // repeat one: 409, also a real answer).
          const rated = ratedBy.get(user) ?? 0;
          ratedBy.set(user, rated + 1);
          const tonieId = tonieIds[(user * 97 + rated) % tonieIds.length]!;
          res = await call(server, 'POST', `/api/tonies/${tonieId}/ratings`, { cookie, body: { rating: 1 + (rated % 5), review: `Soak review ${rated}`, tags: [pick(WORDS)] } });
        } else {
          res = await call(server, 'POST', '/api/auth/logout', { cookie });
          cookie = null;
        }
        count(String(res.status));
      } catch {
        failures++;
      }
    }
  };

  const samples: { s: number; rss: number; requests: number }[] = [];
  const sample = () => {
    const s = Math.round((performance.now() - start) / 1000);
    const rss = rssMb(pid);
    const last = samples.at(-1);
    samples.push({ s, rss, requests });
    const rate = last ? Math.round((requests - last.requests) / Math.max(1, s - last.s)) : 0;
    const load = os.loadavg()[0]!.toFixed(1);
    log(`t=${String(s).padStart(4)} s  RSS ${rss.toFixed(1).padStart(6)} MB  requests ${String(requests).padStart(7)}  (${rate}/s)  machine load ${load}`);
  };
  sample();
  const sampler = setInterval(sample, SAMPLE_EVERY_MS);
  try {
    await Promise.all(Array.from({ length: CONNECTIONS }, (_, c) => clientLoop(c)));
  } finally {
    clearInterval(sampler);
  }
  if (performance.now() - start - samples.at(-1)!.s * 1000 > 5000) sample();
  const alive = server.child.exitCode === null;
  await server.stop();
  await scratch.drop();

  const after = samples.filter((x) => x.s >= WARMUP_SECONDS);
  const min = Math.min(...after.map((x) => x.rss));
  const max = Math.max(...after.map((x) => x.rss));
  const first = after[0];
  const last = after.at(-1);
  console.log('');
  console.log(`requests: ${requests} (${failures} without an answer); answers: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  console.log(`RSS samples (MB, every ${SAMPLE_EVERY_MS / 1000} s): ${samples.map((x) => x.rss.toFixed(0)).join(' ')}`);
  if (first && last) {
    console.log(
      `after warm-up (t >= ${WARMUP_SECONDS} s): min ${min.toFixed(1)} MB, max ${max.toFixed(1)} MB, first ${first.rss.toFixed(1)} MB -> last ${last.rss.toFixed(1)} MB (${(last.rss - first.rss >= 0 ? '+' : '') + (last.rss - first.rss).toFixed(1)} MB over ${last.s - first.s} s)`,
    );
  }
  console.log(`server process ${alive ? 'was still running' : 'HAD EXITED'} at the end`);
  if (!alive || failures > 0) process.exitCode = 1;
}

main().catch(async (err: unknown) => {
  console.error(err);
  await scratch.drop().catch(() => {});
  process.exit(1);
});
