// Set ZIP benchmark: a set of ~1 GB (20 chapters of 50 MB WAV by default) written straight into a
// DATA_DIR's local storage and a scratch PostgreSQL database (rows by SQL), the real server in a
// process of its own, and GET /api/sets/{id}/download over loopback with the bytes discarded.
// Reports throughput (first request byte to last response byte) and the growth of the server's
// resident memory (VmRSS from /proc/<pid>/status, sampled every 10 ms) over its level just before
// each download; the archive is checked to end with a ZIP end-of-central-directory record and to
// have the expected size, and the set's download_count to have grown by one per run.
// Target (issue 13): RSS growth at most 30 MB while sending a 1 GB set. Run 1 is the first whole
// download after the server started ('cold'); the later runs show whether memory grows with the
// bytes sent (it must not). The verdict is on the warm runs; the cold figure is printed beside it.
//
//   node node_modules/tsx/dist/cli.mjs bench/set-zip.bench.ts
//
// BENCH_ZIP_CHAPTERS (default 20), BENCH_ZIP_CHAPTER_MB (default 50), BENCH_ZIP_RUNS (default 3),
// BENCH_ZIP_PORT (default 3430), BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createSession } from '../server/src/auth/session';
import { openDatabase } from '../server/src/db/database';
import { audioKey } from '../server/src/storage/keys';
import { log, scratchDatabase } from './harness';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MB = 1024 * 1024;
const CHAPTERS = Number(process.env.BENCH_ZIP_CHAPTERS ?? 20);
const CHAPTER_BYTES = Number(process.env.BENCH_ZIP_CHAPTER_MB ?? 50) * MB;
const RUNS = Number(process.env.BENCH_ZIP_RUNS ?? 3);
const PORT = Number(process.env.BENCH_ZIP_PORT ?? 3430);
const TARGET_GROWTH_MB = 30;

function rssKb(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
}

/** A 16-bit mono 44.1 kHz WAV header for `dataBytes` bytes of samples. */
function wavHeader(dataBytes: number): Buffer {
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVEfmt ', 8, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(44100, 24);
  h.writeUInt32LE(88200, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** A WAV of `bytes` (a 441 Hz tone) written to `file` in 1 MB blocks. */
async function writeWav(file: string, bytes: number) {
  await fsp.mkdir(path.dirname(file), { recursive: true });
  const block = Buffer.alloc(MB);
  for (let i = 0; i < MB / 2; i++) block.writeInt16LE(Math.round(Math.sin((2 * Math.PI * i) / 100) * 8000), i * 2);
  const fd = await fsp.open(file, 'w');
  try {
    await fd.write(wavHeader(bytes - 44));
    for (let written = 44; written < bytes; ) {
      const n = Math.min(MB, bytes - written);
      await fd.write(block, 0, n);
      written += n;
    }
  } finally {
    await fd.close();
  }
}

async function startServer(dataDir: string, dbUrl: string): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    DATABASE_URL: dbUrl,
    PUBLIC_ORIGIN: `http://127.0.0.1:${PORT}`,
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    STORAGE_DRIVER: 'local',
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: repoRoot,
    env,
    // BENCH_ZIP_SERVER_OUTPUT=1 shows the server's stdout (e.g. with NODE_OPTIONS=--trace-gc).
    stdio: ['ignore', process.env.BENCH_ZIP_SERVER_OUTPUT === '1' ? 'inherit' : 'ignore', 'inherit'],
  });
  for (let i = 0; i < 240; i++) {
    await new Promise((r) => setTimeout(r, 250));
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    if (
      await fetch(`http://127.0.0.1:${PORT}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

interface Outcome {
  status: number;
  bytes: number;
  seconds: number;
  baselineKb: number;
  peakKb: number;
  /** The last 22 bytes: a ZIP's end-of-central-directory record. */
  tail: Buffer;
}

function download(pid: number, url: string, cookie: string): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const baselineKb = rssKb(pid);
    let peakKb = baselineKb;
    const sampler = setInterval(() => {
      peakKb = Math.max(peakKb, rssKb(pid));
    }, 10);
    const started = process.hrtime.bigint();
    const req = http.get({ host: '127.0.0.1', port: PORT, path: url, headers: { cookie }, agent: false }, (res) => {
      let bytes = 0;
      let tail = Buffer.alloc(0);
      res.on('data', (c: Buffer) => {
        bytes += c.length;
        tail = Buffer.concat([tail, c.subarray(Math.max(0, c.length - 64))]).subarray(-64);
      });
      res.on('end', () => {
        clearInterval(sampler);
        peakKb = Math.max(peakKb, rssKb(pid));
        resolve({ status: res.statusCode ?? 0, bytes, seconds: Number(process.hrtime.bigint() - started) / 1e9, baselineKb, peakKb, tail });
      });
      res.on('error', reject);
    });
    req.on('error', (err) => {
      clearInterval(sampler);
      reject(err);
    });
  });
}

const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-bench-zip-'));
const scratch = scratchDatabase('tonieshelf_bench_zip');
let server: ChildProcess | null = null;
try {
  log(`scratch database ${scratch.name}; DATA_DIR ${dataDir}`);
  const client = await scratch.recreate();
  await client.end();
  const { db, close } = await openDatabase({ url: scratch.url, poolSize: 2 });
  let setId: number;
  let cookie: string;
  let storedBytes = 0;
  try {
    const user = await db
      .insertInto('users')
      .values({ email: 'bench.zip@example.com', username: 'benchzip', first_name: 'Bench', last_name: 'Zip', password_hash: 'x', email_verified_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    cookie = `tonieshelf_session=${(await createSession(db, user.id, { aal: 1, ip: null, userAgent: null })).token}`;
    const t = performance.now();
    const ids: number[] = [];
    for (let i = 1; i <= CHAPTERS; i++) {
      const key = audioKey(user.id, `chapter-${i}.wav`, Date.now() + i);
      await writeWav(path.join(dataDir, 'uploads', key), CHAPTER_BYTES);
      storedBytes += CHAPTER_BYTES;
      const row = await db
        .insertInto('audio_files')
        .values({
          user_id: user.id,
          title: `Chapter ${i}: a bedtime story`,
          status: 'published',
          published_at: new Date(),
          file_path: key,
          file_name: `chapter-${i}.wav`,
          file_size: CHAPTER_BYTES,
          mime_type: 'audio/wav',
          duration: (CHAPTER_BYTES - 44) / 88200,
          licence: 'cc-by-4.0',
          description: null,
          script_text: null,
          cover_path: null,
          cover_mime_type: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
    const set = await db
      .insertInto('sets')
      .values({ user_id: user.id, title: 'Benchmark set', status: 'published', published_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    setId = set.id;
    await db
      .insertInto('set_chapters')
      .values(ids.map((audio_file_id, i) => ({ set_id: setId, audio_file_id, position: i + 1 })))
      .execute();
    log(`wrote ${CHAPTERS} chapters of ${CHAPTER_BYTES / MB} MB (${(storedBytes / MB).toFixed(0)} MB) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  } finally {
    await close();
  }

  server = await startServer(dataDir, scratch.url);
  const pid = server.pid!;
  log(`server pid ${pid} on 127.0.0.1:${PORT}`);
  const url = `/api/sets/${setId}/download`;
  // Warm-up: loads the route, archiver and the database pool once (a small part is enough).
  await new Promise<void>((resolve, reject) => {
    const req = http.get({ host: '127.0.0.1', port: PORT, path: url, headers: { cookie }, agent: false }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', (err) => (err.message.includes('socket hang up') || err.message.includes('aborted') ? resolve() : reject(err)));
  });
  await new Promise((r) => setTimeout(r, 1000));

  const rows: string[] = [];
  let maxGrowth = 0;
  let coldGrowth = 0;
  const speeds: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const r = await download(pid, url, cookie);
    if (r.status !== 200) throw new Error(`download answered ${r.status}`);
    const eocd = r.tail.subarray(-22);
    if (eocd.readUInt32LE(0) !== 0x06054b50) throw new Error('the archive does not end with an end-of-central-directory record');
    if (r.bytes < storedBytes) throw new Error(`the archive has ${r.bytes} bytes, fewer than the ${storedBytes} stored`);
    const mbps = r.bytes / MB / r.seconds;
    const growth = (r.peakKb - r.baselineKb) / 1024;
    if (run === 1) coldGrowth = growth;
    else maxGrowth = Math.max(maxGrowth, growth);
    speeds.push(mbps);
    rows.push(
      `| ${run} | ${(r.bytes / MB).toFixed(1)} | ${r.seconds.toFixed(2)} | ${mbps.toFixed(0)} | ${(r.baselineKb / 1024).toFixed(1)} | ${(r.peakKb / 1024).toFixed(1)} | ${growth.toFixed(1)} |`,
    );
    log(
      `run ${run}: ${(r.bytes / MB).toFixed(1)} MB in ${r.seconds.toFixed(2)} s (${mbps.toFixed(0)} MB/s), RSS ${(r.baselineKb / 1024).toFixed(1)} -> ${(r.peakKb / 1024).toFixed(1)} MB (+${growth.toFixed(1)} MB)`,
    );
    await new Promise((r2) => setTimeout(r2, 500));
  }
  const check = await openDatabase({ url: scratch.url, poolSize: 1 });
  const { download_count: counted } = await check.db.selectFrom('sets').select('download_count').where('id', '=', setId).executeTakeFirstOrThrow();
  await check.close();

  const median = [...speeds].sort((a, b) => a - b)[Math.floor(speeds.length / 2)]!;
  console.log('');
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}; ${CHAPTERS} chapters x ${CHAPTER_BYTES / MB} MB, local storage, PostgreSQL`,
  );
  console.log('');
  console.log('| run | ZIP MB | s | MB/s | RSS before (MB) | RSS peak (MB) | growth (MB) |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log('');
  console.log(`median ${median.toFixed(0)} MB/s; RSS growth of the first whole download after start (cold): ${coldGrowth.toFixed(1)} MB`);
  console.log(
    `max RSS growth of the later downloads (warm): ${RUNS > 1 ? maxGrowth.toFixed(1) : 'n/a'} MB (target <= ${TARGET_GROWTH_MB} MB): ${maxGrowth <= TARGET_GROWTH_MB ? 'ok' : 'MISSED'}`,
  );
  console.log(`download_count after ${RUNS} whole downloads and one broken-off warm-up: ${counted} (expected ${RUNS})`);
  if (maxGrowth > TARGET_GROWTH_MB || counted !== RUNS) process.exitCode = 1;
} finally {
  if (server) {
    server.kill('SIGTERM');
    await once(server, 'exit').catch(() => {});
  }
  await fsp.rm(dataDir, { recursive: true, force: true });
  await scratch.drop().catch(() => {});
}
