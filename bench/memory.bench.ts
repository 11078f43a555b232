// Memory and start-up of the real server, started the way `npm start` starts it (the server
// workspace's `start` script, without the client build), on the embedded database (PGlite) and
// on PostgreSQL: the time from spawn to the first 200 of /readyz with a NEW data directory
// (database created, migrated and seeded with the demo catalogue) and with the EXISTING one, and
// the resident memory (VmRSS, summed over the process tree) after the server has idled.
// A NEW data directory is a copy of the data-directory template the install made
// (`npm run pglite:template -w server`, node_modules/.cache/tonieshelf-pglite); without one the
// first start runs initdb and makes it, so the first run's figure is the slow path.
//
//   npm run bench:memory
//
// BENCH_RUNS (default 5): runs per case, the median is shown. BENCH_IDLE_SECONDS (default 10):
// idle time before RSS is read. BENCH_PORT (default 3460). BENCH_DATABASE_URL: the PostgreSQL
// server (default postgres://postgres@127.0.0.1:5432/postgres); a scratch database is created
// there and dropped at the end. BENCH_SKIP_POSTGRES=1 measures PGlite only.
// Exits non-zero when a PGlite target is missed.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { adminUrl, log, scratchDatabase } from './harness';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const IDLE_SECONDS = Number(process.env.BENCH_IDLE_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3460);
const SKIP_POSTGRES = process.env.BENCH_SKIP_POSTGRES === '1';
// Issue 33's targets for the embedded default (PGlite).
const TARGET_RSS_MB = 250;
const TARGET_START_S = { new: 5, existing: 3 } as const;

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../server');
const startScript: string = JSON.parse(fs.readFileSync(path.join(serverDir, 'package.json'), 'utf8')).scripts.start;

/** The process and its descendants (from /proc/<pid>/task/<tid>/children). */
function processTree(pid: number): number[] {
  const pids = [pid];
  for (let i = 0; i < pids.length; i++) {
    const taskDir = `/proc/${pids[i]}/task`;
    let tasks: string[] = [];
    try {
      tasks = fs.readdirSync(taskDir);
    } catch {
      continue;
    }
    for (const tid of tasks) {
      try {
        const children = fs.readFileSync(`${taskDir}/${tid}/children`, 'utf8').trim();
        if (children) pids.push(...children.split(/\s+/).map(Number));
      } catch {
        // The task ended meanwhile.
      }
    }
  }
  return pids;
}

const CLOCK_TICKS = 100;

/** CPU time (user + system, its waited-for children included) of one process in seconds. */
function cpuSeconds(pid: number): number {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime, stime, cutime, cstime are fields 14-17 of stat(5); fields[0] is field 3.
    return fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/** VmRSS of one process in MB (0 when it has ended). */
function rssMb(pid: number): number {
  try {
    const m = fs.readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return m ? Number(m[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Sample {
  startS: number;
  /** CPU seconds the tree spent until ready: less sensitive to a busy machine than the wall time. */
  cpuS: number;
  rssMb: number;
  processes: number;
}

/** Starts the server, waits for /readyz, idles, reads RSS, stops it. */
async function measure(env: Record<string, string>): Promise<Sample> {
  const started = performance.now();
  // `exec`: the shell becomes the script's command, so the tree is exactly what npm start runs.
  const child = spawn('sh', ['-c', `exec ${startScript}`], {
    cwd: serverDir,
    env: { ...process.env, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', LOG_LEVEL: 'warn', SEED_DEMO: '1', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    let startS = 0;
    let cpuS = 0;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
      if (performance.now() - started > 180_000) throw new Error('the server was not ready within 180 s');
      const ok = await fetch(`http://127.0.0.1:${PORT}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) {
        startS = (performance.now() - started) / 1000;
        cpuS = processTree(child.pid!).reduce((sum, pid) => sum + cpuSeconds(pid), 0);
        break;
      }
      await new Promise((r) => setTimeout(r, 25));
    }
    await new Promise((r) => setTimeout(r, IDLE_SECONDS * 1000));
    const pids = processTree(child.pid!);
    return { startS, cpuS, rssMb: pids.reduce((sum, pid) => sum + rssMb(pid), 0), processes: pids.length };
  } finally {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Row {
  database: string;
  data: 'new' | 'existing';
  samples: Sample[];
}

async function runCases(database: string, fresh: () => Promise<Record<string, string>>, cleanup: () => Promise<void>): Promise<Row[]> {
  const rows: Row[] = [
    { database, data: 'new', samples: [] },
    { database, data: 'existing', samples: [] },
  ];
  for (let run = 1; run <= RUNS; run++) {
    const env = await fresh();
    for (const row of rows) {
      const sample = await measure(env);
      row.samples.push(sample);
      log(
        `${database}, ${row.data} data, run ${run}: ready in ${sample.startS.toFixed(2)} s (${sample.cpuS.toFixed(2)} s CPU), idle RSS ${sample.rssMb.toFixed(0)} MB (${sample.processes} process${sample.processes === 1 ? '' : 'es'})`,
      );
    }
    await cleanup();
  }
  return rows;
}

const rows: Row[] = [];

// PGlite: DATA_DIR holds the embedded database (DATA_DIR/pglite) and the stored files.
let dataDir = '';
rows.push(
  ...(await runCases(
    'PGlite',
    async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-bench-memory-'));
      return { DATABASE_URL: '', DATA_DIR: dataDir };
    },
    async () => fs.rmSync(dataDir, { recursive: true, force: true }),
  )),
);

if (!SKIP_POSTGRES) {
  // PostgreSQL: an empty scratch database (the server migrates and seeds it on the first start).
  const scratch = scratchDatabase('tonieshelf_bench_memory');
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  rows.push(
    ...(await runCases(
      'PostgreSQL',
      async () => {
        await scratch.drop();
        await admin(`CREATE DATABASE ${scratch.name}`);
        dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-bench-memory-'));
        return { DATABASE_URL: scratch.url, DATA_DIR: dataDir };
      },
      async () => {
        fs.rmSync(dataDir, { recursive: true, force: true });
        await scratch.drop();
      },
    )),
  );
}

let missed = false;
const table = rows.map((row) => {
  const startS = median(row.samples.map((s) => s.startS));
  const rss = median(row.samples.map((s) => s.rssMb));
  const pglite = row.database === 'PGlite';
  const startTarget = pglite ? TARGET_START_S[row.data] : undefined;
  const rssTarget = pglite ? TARGET_RSS_MB : undefined;
  const startOk = startTarget === undefined || startS <= startTarget;
  const rssOk = rssTarget === undefined || rss <= rssTarget;
  if (!startOk || !rssOk) missed = true;
  return {
    database: row.database,
    data: row.data,
    'start (s)': startS.toFixed(2),
    'start CPU (s)': median(row.samples.map((s) => s.cpuS)).toFixed(2),
    'start target': startTarget === undefined ? '' : `≤ ${startTarget} s ${startOk ? 'met' : 'MISSED'}`,
    'idle RSS (MB)': rss.toFixed(0),
    'RSS target': rssTarget === undefined ? '' : `≤ ${rssTarget} MB ${rssOk ? 'met' : 'MISSED'}`,
    runs: row.samples.length,
  };
});
console.log(`\nMemory and start (median of ${RUNS}; RSS after ${IDLE_SECONDS} s idle, summed over the process tree; start = spawn to /readyz 200)`);
console.table(table);
if (missed) {
  console.error('A memory or start target was missed.');
  process.exitCode = 1;
}
