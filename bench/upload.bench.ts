// Upload benchmark: the real server (its own process, embedded database in a temp DATA_DIR, local
// disk storage) receives a 50 MB WAV over loopback, streamed in 64 KiB chunks as a browser
// would send it. Reports throughput (from the first byte sent to the 201 answer, so it includes
// type detection, duration reading and the copy into storage) and the growth of the server's
// resident memory (VmRSS from /proc/<pid>/status, sampled every 10 ms during the upload) over
// its level just before. Targets: growth at most 30 MB, at least 100 MB/s (median of the runs:
// single runs swing with whatever else the machine is doing).
//
//   node node_modules/tsx/dist/cli.mjs bench/upload.bench.ts
//
// BENCH_UPLOAD_RUNS: uploads of each kind (default 3). The server runs as `node --import tsx`
// (one process, so its pid is the one measured), NODE_ENV=production, LOG_LEVEL=warn.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_UPLOAD_RUNS ?? 3);
const MB = 1024 * 1024;
const CHUNK = 64 * 1024;

function log(message: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as net.AddressInfo;
  server.close();
  await once(server, 'close');
  return port;
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) : NaN;
}

/** A 16-bit mono PCM WAV header for `dataBytes` bytes of samples at 44.1 kHz. */
function wavHeader(dataBytes: number): Buffer {
  const rate = 44100;
  const h = Buffer.alloc(44);
  h.write('RIFF', 0, 'latin1');
  h.writeUInt32LE(36 + dataBytes, 4);
  h.write('WAVE', 8, 'latin1');
  h.write('fmt ', 12, 'latin1');
  h.writeUInt32LE(16, 16);
  h.writeUInt16LE(1, 20);
  h.writeUInt16LE(1, 22);
  h.writeUInt32LE(rate, 24);
  h.writeUInt32LE(rate * 2, 28);
  h.writeUInt16LE(2, 32);
  h.writeUInt16LE(16, 34);
  h.write('data', 36, 'latin1');
  h.writeUInt32LE(dataBytes, 40);
  return h;
}

/** One chunk of a 441 Hz tone (100 samples a period, so every chunk is the same). */
const TONE = (() => {
  const b = Buffer.alloc(CHUNK);
  for (let i = 0; i < CHUNK / 2; i++) b.writeInt16LE(Math.round(Math.sin((2 * Math.PI * i) / 100) * 8000), i * 2);
  return b;
})();

interface Outcome {
  status: number;
  body: string;
  seconds: number;
  baselineKb: number;
  peakKb: number;
}

/** Streams a multipart upload of a WAV of `totalBytes` to the server, sampling its RSS. */
async function upload(port: number, cookie: string, pid: number, url: string, totalBytes: number): Promise<Outcome> {
  const boundary = `----TonieShelfBench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.wav"\r\nContent-Type: audio/wav\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const baselineKb = rssKb(pid);
  let peakKb = baselineKb;
  const sampler = setInterval(() => {
    const kb = rssKb(pid);
    if (kb > peakKb) peakKb = kb;
  }, 10);
  const started = process.hrtime.bigint();
  const req = http.request({
    host: '127.0.0.1',
    port,
    path: url,
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + totalBytes + tail.length),
      origin: `http://127.0.0.1:${port}`,
      cookie,
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  const write = async (chunk: Buffer) => {
    if (!req.write(chunk)) await once(req, 'drain');
  };
  await write(head);
  await write(wavHeader(totalBytes - 44));
  let sent = 44;
  while (sent < totalBytes) {
    const n = Math.min(CHUNK, totalBytes - sent);
    await write(n === CHUNK ? TONE : TONE.subarray(0, n));
    sent += n;
  }
  req.end(tail);
  const { status, body } = await answered;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  clearInterval(sampler);
  peakKb = Math.max(peakKb, rssKb(pid));
  return { status, body, seconds, baselineKb, peakKb };
}

async function startServer(dataDir: string, port: number): Promise<ChildProcess> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
    SEED_DEMO: '0',
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    STORAGE_DRIVER: 'local',
  };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], { cwd: repoRoot, env, stdio: ['ignore', 'ignore', 'inherit'] });
  for (let i = 0; i < 240; i++) {
    await new Promise((r) => setTimeout(r, 250));
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

async function register(port: number): Promise<string> {
  const password = 'bench-upload-horse-42';
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: `http://127.0.0.1:${port}` },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Mark', email: `bench.${Date.now()}@example.com`, password, confirmPassword: password }),
  });
  if (res.status !== 201) throw new Error(`registration failed: ${res.status} ${await res.text()}`);
  const cookie = res.headers.getSetCookie().find((c) => c.includes('tonieshelf_session'));
  if (!cookie) throw new Error('no session cookie');
  return cookie.split(';')[0]!;
}

const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-bench-upload-'));
const port = await freePort();
log(`starting the server on 127.0.0.1:${port} (DATA_DIR ${dataDir}, embedded database, local storage)`);
const server = await startServer(dataDir, port);
const pid = server.pid!;
try {
  const cookie = await register(port);
  // Warm-up: loads the upload code paths (multipart, file-type, music-metadata) once.
  const warm = await upload(port, cookie, pid, '/api/uploads/audio?variant=upload', 1 * MB);
  if (warm.status !== 201) throw new Error(`warm-up upload failed: ${warm.status} ${warm.body}`);
  await new Promise((r) => setTimeout(r, 500));

  const cases = [
    { name: '50 MB WAV, upload page (201)', url: '/api/uploads/audio?variant=upload', bytes: 50 * MB, expect: 201 },
    { name: '20 MB WAV, quick dialog (201)', url: '/api/uploads/audio?variant=quick', bytes: 20 * MB, expect: 201 },
    { name: '50 MB + 1 byte, upload page (413)', url: '/api/uploads/audio?variant=upload', bytes: 50 * MB + 1, expect: 413 },
  ];
  const rows: string[] = [];
  const summary: string[] = [];
  let failed = false;
  for (const c of cases) {
    const speeds: number[] = [];
    let maxGrowth = 0;
    for (let run = 1; run <= RUNS; run++) {
      const r = await upload(port, cookie, pid, c.url, c.bytes);
      if (r.status !== c.expect) throw new Error(`${c.name}: expected ${c.expect}, got ${r.status} ${r.body}`);
      const mbps = c.bytes / MB / r.seconds;
      const growthMb = (r.peakKb - r.baselineKb) / 1024;
      speeds.push(mbps);
      maxGrowth = Math.max(maxGrowth, growthMb);
      const duration = c.expect === 201 ? `${(JSON.parse(r.body) as { duration: number }).duration.toFixed(1)} s` : '';
      rows.push(
        `| ${c.name} | ${run} | ${r.seconds.toFixed(3)} | ${mbps.toFixed(0)} | ${(r.baselineKb / 1024).toFixed(1)} | ${(r.peakKb / 1024).toFixed(1)} | ${growthMb.toFixed(1)} | ${duration} |`,
      );
      log(
        `${c.name} #${run}: ${r.seconds.toFixed(3)} s, ${mbps.toFixed(0)} MB/s, RSS ${(r.baselineKb / 1024).toFixed(1)} -> ${(r.peakKb / 1024).toFixed(1)} MB (+${growthMb.toFixed(1)} MB)`,
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    const median = [...speeds].sort((a, b) => a - b)[Math.floor(speeds.length / 2)]!;
    // The throughput target is for the 50 MB upload; memory applies to every case.
    const speedOk = c.expect !== 201 || c.bytes < 50 * MB || median >= 100;
    const memoryOk = maxGrowth <= 30;
    if (!speedOk || !memoryOk) failed = true;
    summary.push(
      `| ${c.name} | ${median.toFixed(0)} | ${Math.min(...speeds).toFixed(0)}–${Math.max(...speeds).toFixed(0)} | ${maxGrowth.toFixed(1)} | ${speedOk && memoryOk ? 'ok' : 'MISSED'} |`,
    );
  }
  console.log('');
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}; ${RUNS} runs per case`,
  );
  console.log('');
  console.log('| case | run | s | MB/s | RSS before (MB) | RSS peak (MB) | growth (MB) | duration read |');
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
  for (const row of rows) console.log(row);
  console.log('');
  console.log('Targets: RSS growth <= 30 MB (every case); median >= 100 MB/s (the 50 MB upload)');
  console.log('');
  console.log('| case | median MB/s | range MB/s | max RSS growth (MB) | target |');
  console.log('|---|---:|---:|---:|---|');
  for (const row of summary) console.log(row);
  if (failed) process.exitCode = 1;
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit').catch(() => {});
  await fsp.rm(dataDir, { recursive: true, force: true });
}
