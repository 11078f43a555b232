// `npm run import:tonies -- <url-or-file>` while the server runs on the embedded database: the
// tool hands the import to the server (POST /internal/catalogue/import with the server's token),
// prints the server's summary, and the catalogue shows the new Tonies at once. URLs are http(s)
// only, bounded in size and time; any failure is one line and exit 1 with nothing changed. All
// URLs point at a local HTTP server serving the fixture (no remote URL).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ImportFormatError } from '../src/catalogue/clean';
import { freePort } from './faults/pg-cluster';
import { readSource, resolveLocation } from '../src/import/source';
import { DEMO_TONIES } from '../src/seed/demo-catalogue';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const CLI = path.join(ROOT, 'server/src/import/cli.ts');
const MAIN = path.join(ROOT, 'server/src/main.ts');
const FIXTURE = path.join(import.meta.dirname, 'fixtures/tonies-dirty.json');
const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];

let source: http.Server;
let sourceUrl: string;
/** Requests that never get an answer (the timeout case), ended at the close. */
const hanging: http.ServerResponse[] = [];

beforeAll(async () => {
  const body = fs.readFileSync(FIXTURE);
  source = http.createServer((req, res) => {
    if (req.url === '/toniesV2.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
      res.end(body);
    } else if (req.url === '/big-announced.json') {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 5000 });
      res.end('['.padEnd(5000, ' '));
    } else if (req.url === '/big-streamed.json') {
      // No length announced: the reader has to stop on its own.
      res.writeHead(200, { 'content-type': 'application/json' });
      for (let i = 0; i < 10; i++) res.write('['.padEnd(1000, ' '));
      res.end();
    } else if (req.url === '/slow.json') {
      hanging.push(res);
    } else if (req.url === '/broken.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('[{"article": "x", "data": [');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  sourceUrl = `http://127.0.0.1:${(source.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const c of children) {
    if (c.exitCode !== null || c.signalCode !== null) continue;
    const gone = new Promise((resolve) => c.once('exit', resolve));
    c.kill('SIGKILL');
    await gone;
  }
  for (const res of hanging) res.destroy();
  await new Promise((resolve) => source?.close(resolve));
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-import-url-'));
  dirs.push(dir);
  return dir;
}

const baseEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', NODE_ENV: 'test' });

function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [TSX, ...args], { cwd: ROOT, env: { ...baseEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const lines = (text: string) => text.split('\n').filter((l) => l.trim() && !/ExperimentalWarning|--trace-warnings/.test(l));

describe('readSource: URLs are bounded', () => {
  it('http(s) only: another scheme -> one clear line', async () => {
    await expect(readSource('ftp://127.0.0.1/toniesV2.json')).rejects.toThrow('only http:// and https:// URLs or file paths can be imported (got a ftp: address)');
    expect(() => resolveLocation('file:///etc/passwd', '/')).toThrow(ImportFormatError);
    expect(resolveLocation('data/toniesV2.json', '/srv')).toBe('/srv/data/toniesV2.json');
  });

  it('larger than the cap, announced or streamed -> refused; the same file under the cap -> read', async () => {
    await expect(readSource(`${sourceUrl}/big-announced.json`, { maxBytes: 4096 })).rejects.toThrow(/big-announced\.json is larger than 0 MB; not imported$/);
    await expect(readSource(`${sourceUrl}/big-streamed.json`, { maxBytes: 4096 })).rejects.toThrow(/big-streamed\.json is larger than/);
    await expect(readSource(`${sourceUrl}/toniesV2.json`, { maxBytes: 4096 })).rejects.toThrow(/larger than/);
    const data = await readSource(`${sourceUrl}/toniesV2.json`);
    expect(Array.isArray(data) && data.length).toBe(29);
  });

  it('no answer within the time limit -> a clear line, not a hang', async () => {
    const started = Date.now();
    await expect(readSource(`${sourceUrl}/slow.json`, { timeoutMs: 300 })).rejects.toThrow(/could not fetch .*slow\.json \(no answer within 0\.3 s\)/);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a user:password in the URL -> sent as Basic authorization, never shown in a message', async () => {
    const withSecret = sourceUrl.replace('http://', 'http://me:s3cret@');
    await expect(readSource(`${withSecret}/missing.json`)).rejects.toThrow(/^could not fetch http:\/\/127\.0\.0\.1:\d+\/missing\.json \(HTTP 404\)$/);
    const seen: (string | undefined)[] = [];
    const listener = (req: http.IncomingMessage) => seen.push(req.headers.authorization);
    source.on('request', listener);
    try {
      expect(Array.isArray(await readSource(`${withSecret}/toniesV2.json`))).toBe(true);
    } finally {
      source.off('request', listener);
    }
    expect(seen).toEqual([`Basic ${Buffer.from('me:s3cret').toString('base64')}`]);
  });
});

// This case starts a server on an embedded database of its own whatever TEST_DATABASE_URL says,
// so it is defined in the PGlite run only (should the file join the PostgreSQL pass).
if (!process.env.TEST_DATABASE_URL)
  describe('npm run import:tonies -- <url> while the server runs', () => {
    it('through the server: summary printed, demo catalogue replaced, new Tonies listed at once; failures exit 1 with one line and change nothing', async () => {
      const dataDir = tempDir();
      const port = await freePort(20000 + Math.floor(Math.random() * 20000));
      // node --import tsx (no wrapper process): the server's PID is this child's, and a kill reaches it.
      const server = spawn(process.execPath, ['--import', 'tsx', MAIN], {
        cwd: ROOT,
        env: { ...baseEnv(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', SEED_DEMO: '1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(server);
      let serverLog = '';
      server.stdout!.on('data', (d) => (serverLog += d));
      server.stderr!.on('data', (d) => (serverLog += d));
      const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
      const base = `http://127.0.0.1:${port}`;
      let status = 0;
      // Start-up migrates and seeds (six password hashes): slow on a busy machine.
      for (let i = 0; i < 600 && status !== 200 && server.exitCode === null; i++) {
        await new Promise((r) => setTimeout(r, 250));
        status = await fetch(`${base}/healthz`).then(
          (r) => r.status,
          () => 0,
        );
      }
      expect(status, serverLog).toBe(200);
      for (let i = 0; i < 40 && !fs.existsSync(path.join(dataDir, 'server.json')); i++) await new Promise((r) => setTimeout(r, 100));
      const total = async () => ((await (await fetch(`${base}/api/tonies?pageSize=1`)).json()) as { totalCount: number }).totalCount;
      expect(await total()).toBe(DEMO_TONIES.length);

      const env = { DATA_DIR: dataDir, DATABASE_URL: '' };
      // Failures first: nothing may change.
      const missing = await run([CLI, `${sourceUrl}/missing.json`], env);
      expect({ code: missing.code, out: lines(missing.stdout), err: lines(missing.stderr) }).toEqual({
        code: 1,
        out: [],
        err: [`import:tonies: error: could not fetch ${sourceUrl}/missing.json (HTTP 404)`],
      });
      const broken = await run([CLI, `${sourceUrl}/broken.json`], env);
      expect(broken.code).toBe(1);
      expect(lines(broken.stderr)).toEqual([expect.stringMatching(/^import:tonies: error: http:\/\/127\.0\.0\.1:\d+\/broken\.json is not valid JSON/)]);
      const ftp = await run([CLI, 'ftp://127.0.0.1/toniesV2.json'], env);
      expect({ code: ftp.code, err: lines(ftp.stderr) }).toEqual({
        code: 1,
        err: ['import:tonies: error: only http:// and https:// URLs or file paths can be imported (got a ftp: address)'],
      });
      expect(await total()).toBe(DEMO_TONIES.length);

      const ok = await run([CLI, `${sourceUrl}/toniesV2.json`], env);
      expect({ code: ok.code, err: lines(ok.stderr) }).toEqual({ code: 0, err: [] });
      const out = lines(ok.stdout);
      expect(out[0]).toMatch(
        new RegExp(
          `^\\[through the running server, PID ${server.pid}\\] Imported 29 records in \\d+ ms: 24 inserted, 0 updated, 0 unchanged, 5 skipped; \\d+ new tags\\. Demo catalogue: ${DEMO_TONIES.length} demo Tonies removed\\.$`,
        ),
      );
      expect(out).toContain('Skipped by reason:');
      expect(out).toContain('  system sound, not a figure: 1');
      // The server's catalogue shows the import at once (its read cache was cleared).
      expect(await total()).toBe(24);

      const again = await run([CLI, `${sourceUrl}/toniesV2.json`], env);
      expect(lines(again.stdout)[0]).toMatch(/24 unchanged, 5 skipped; 0 new tags\.$/);

      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    }, 300_000);
  });
