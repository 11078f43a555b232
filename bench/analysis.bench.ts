// Audio analysis benchmark (issue 13): waveform + loudness + peak of a 50 MB MP3 (128 kbit/s
// stereo 44.1 kHz, ~55 minutes). Targets: at most 5 s, server RSS growth at most 64 MB.
//   (a) the analysis function alone (media/analyse.ts: two worker threads decoding the halves):
//       wall time, median of 3, and this process's RSS growth (sampled every 20 ms; the worker
//       threads are part of the process);
//   (b) end to end: the real server (its own process, embedded database, local storage)
//       receives the file over loopback; the time from the first byte to the 201 (upload,
//       checks, storing and the analysis) and the server's RSS growth (VmRSS from
//       /proc/<pid>/status every 20 ms, VmHWM after).
//
//   node node_modules/tsx/dist/cli.mjs bench/analysis.bench.ts
//
// The MP3 is made once and cached under /tmp: ~30 s of a music-like signal encoded with lamejs,
// its frames repeated to just under the 50 MB upload limit. BENCH_ANALYSIS_RUNS: runs (default 3).
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Mp3Encoder } from '@breezystack/lamejs';
import { UPLOAD_AUDIO_MAX_BYTES } from '@tonieshelf/shared/values/audio';
import { analyseAudio, closeAnalysisWorkers } from '../server/src/media/analyse';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_ANALYSIS_RUNS ?? 3);
const MB = 1024 * 1024;
const MP3 = '/tmp/tonieshelf-bench-analysis-50mb.mp3';
const TARGET_SECONDS = 5;
const TARGET_GROWTH_MB = 64;

function log(message: string) {
  console.log(`[${new Date().toISOString().slice(11, 19)}] ${message}`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The 50 MB MP3 (made once, then cached). */
function makeMp3(): void {
  if (fs.existsSync(MP3) && fs.statSync(MP3).size > 45 * MB) return;
  const rate = 44100;
  const seconds = 30;
  const n = rate * seconds;
  const L = new Int16Array(n);
  const R = new Int16Array(n);
  let seed = 1;
  const rnd = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff - 0.5;
  for (let i = 0; i < n; i++) {
    const t = i / rate;
    const v = 0.3 * Math.sin(2 * Math.PI * 220 * t) + 0.2 * Math.sin(2 * Math.PI * (440 + 100 * Math.sin(t)) * t) + 0.05 * rnd();
    L[i] = v * 20000;
    R[i] = v * 18000;
  }
  const enc = new Mp3Encoder(2, rate, 128);
  const out: Buffer[] = [];
  for (let i = 0; i < n; i += 1152) {
    const b = enc.encodeBuffer(L.subarray(i, i + 1152), R.subarray(i, i + 1152));
    if (b.length) out.push(Buffer.from(b));
  }
  out.push(Buffer.from(enc.flush()));
  const segment = Buffer.concat(out);
  const limit = UPLOAD_AUDIO_MAX_BYTES - 64 * 1024;
  const fd = fs.openSync(MP3, 'w');
  let size = 0;
  while (size + segment.length <= limit) {
    fs.writeSync(fd, segment);
    size += segment.length;
  }
  fs.closeSync(fd);
  log(`made ${MP3}: ${(size / MB).toFixed(1)} MB`);
}

function procStatusKb(pid: number | 'self', field: 'VmRSS' | 'VmHWM'): number {
  const m = new RegExp(`${field}:\\s+(\\d+) kB`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) : NaN;
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
    if (
      await fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
  }
  child.kill('SIGTERM');
  throw new Error('the server did not start');
}

async function register(port: number): Promise<string> {
  const password = 'bench-analysis-horse-42';
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

/** Uploads the file (streamed from disk) and samples the server's RSS meanwhile. */
async function upload(port: number, cookie: string, pid: number, file: string) {
  const boundary = `----TonieShelfBench${Date.now()}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.mp3"\r\nContent-Type: audio/mpeg\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const size = fs.statSync(file).size;
  const baselineKb = procStatusKb(pid, 'VmRSS');
  let peakKb = baselineKb;
  const sampler = setInterval(() => {
    const kb = procStatusKb(pid, 'VmRSS');
    if (kb > peakKb) peakKb = kb;
  }, 20);
  const started = performance.now();
  const req = http.request({
    host: '127.0.0.1',
    port,
    path: '/api/uploads/audio?variant=upload',
    method: 'POST',
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + size + tail.length),
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
  req.write(head);
  for await (const chunk of fs.createReadStream(file, { highWaterMark: 64 * 1024 })) {
    if (!req.write(chunk)) await once(req, 'drain');
  }
  req.end(tail);
  const { status, body } = await answered;
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  peakKb = Math.max(peakKb, procStatusKb(pid, 'VmRSS'));
  return { status, body, seconds, baselineKb, peakKb, hwmKb: procStatusKb(pid, 'VmHWM') };
}

makeMp3();
const size = fs.statSync(MP3).size;
const loadBefore = os.loadavg();
console.log(
  `Node ${process.version}, ${os.cpus().length} cores, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}; ${(size / MB).toFixed(1)} MB MP3; ${RUNS} runs`,
);

// (a) The analysis function alone.
const times: number[] = [];
const cpuTimes: number[] = [];
let growthA = 0;
let figures = '';
for (let run = 1; run <= RUNS; run++) {
  // Workers end after their idle time: each run starts them afresh, as a server that was idle does.
  await closeAnalysisWorkers();
  await new Promise((r) => setTimeout(r, 300));
  const base = process.memoryUsage().rss;
  let peak = base;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  const r = await analyseAudio(MP3, 'mp3', null);
  const seconds = (performance.now() - t0) / 1000;
  // CPU time of the whole process (the worker threads included): what two free cores would need at least twice over.
  const cpu = process.cpuUsage(cpu0);
  cpuTimes.push((cpu.user + cpu.system) / 1e6);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  if (r.analysis !== 'ready') throw new Error('the analysis failed');
  times.push(seconds);
  growthA = Math.max(growthA, (peak - base) / MB);
  figures = `loudness ${r.loudnessLufs?.toFixed(2)} LUFS, peak ${r.peakDbfs?.toFixed(2)} dBFS`;
  log(`(a) run ${run}: ${seconds.toFixed(2)} s (CPU ${cpuTimes[cpuTimes.length - 1]!.toFixed(2)} s), RSS +${((peak - base) / MB).toFixed(1)} MB (${figures})`);
}
await closeAnalysisWorkers();

// (b) End to end through the real server.
const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-bench-analysis-'));
const port = Number(process.env.BENCH_PORT) || (await freePort());
log(`starting the server on 127.0.0.1:${port}`);
const server = await startServer(dataDir, port);
const e2e: { seconds: number; growthMb: number; hwmMb: number }[] = [];
try {
  const cookie = await register(port);
  for (let run = 1; run <= RUNS; run++) {
    // Past the workers' idle timeout, so each upload starts them as after a quiet while.
    await new Promise((r) => setTimeout(r, 6000));
    const r = await upload(port, cookie, server.pid!, MP3);
    if (r.status !== 201) throw new Error(`upload failed: ${r.status} ${r.body}`);
    const body = JSON.parse(r.body) as { analysis: string; loudnessLufs: number };
    if (body.analysis !== 'ready') throw new Error(`the upload was not analysed: ${r.body.slice(0, 200)}`);
    const growthMb = (r.peakKb - r.baselineKb) / 1024;
    e2e.push({ seconds: r.seconds, growthMb, hwmMb: r.hwmKb / 1024 });
    log(
      `(b) run ${run}: 201 in ${r.seconds.toFixed(2)} s, server RSS ${(r.baselineKb / 1024).toFixed(1)} -> ${(r.peakKb / 1024).toFixed(1)} MB (+${growthMb.toFixed(1)} MB), VmHWM ${(r.hwmKb / 1024).toFixed(1)} MB`,
    );
  }
} finally {
  server.kill('SIGTERM');
  await once(server, 'exit').catch(() => {});
  await fsp.rm(dataDir, { recursive: true, force: true });
}

const medianA = median(times);
console.log('');
console.log(
  `Load average before: ${loadBefore.map((l) => l.toFixed(1)).join(' / ')}; after: ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
const growthB = Math.max(...e2e.map((e) => e.growthMb));
console.log('');
console.log('| measure | figure | target | |');
console.log('|---|---:|---:|---|');
console.log(
  `| (a) analysis alone, wall time (median of ${RUNS}; ${times.map((t) => t.toFixed(2)).join(', ')} s) | ${medianA.toFixed(2)} s | <= ${TARGET_SECONDS} s | ${medianA <= TARGET_SECONDS ? 'ok' : 'MISSED'} |`,
);
console.log(`| (a) CPU time of the analysis, all threads (median; on two idle cores the wall time is about half) | ${median(cpuTimes).toFixed(2)} s | | |`);
console.log(`| (a) RSS growth of the process, workers included (max) | ${growthA.toFixed(1)} MB | <= ${TARGET_GROWTH_MB} MB | ${growthA <= TARGET_GROWTH_MB ? 'ok' : 'MISSED'} |`);
console.log(
  `| (b) upload to 201 incl. analysis (median; ${e2e.map((e) => e.seconds.toFixed(2)).join(', ')} s) | ${median(e2e.map((e) => e.seconds)).toFixed(2)} s | (no target) | |`,
);
console.log(
  `| (b) server RSS growth while uploading and analysing (max) | ${growthB.toFixed(1)} MB | <= ${TARGET_GROWTH_MB} MB | ${growthB <= TARGET_GROWTH_MB ? 'ok' : 'MISSED'} |`,
);
console.log(`| (b) server VmHWM after the runs | ${Math.max(...e2e.map((e) => e.hwmMb)).toFixed(1)} MB | | |`);
console.log(`| figures of the file | ${figures} | | |`);
if (medianA > TARGET_SECONDS || growthA > TARGET_GROWTH_MB || growthB > TARGET_GROWTH_MB) process.exitCode = 1;
