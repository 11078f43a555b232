// The server process: a bad setting stops start-up with one clear line; SIGTERM closes cleanly.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const MAIN = path.join(ROOT, 'server/src/main.ts');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-main-'));

afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function run(env: Record<string, string>) {
  const child = spawn(process.execPath, [TSX, MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => ({ stdout, stderr }) };
}

describe('server process', () => {
  it('start-up with PORT=abc: -> exit 1 and one clear line naming PORT, no stack trace', async () => {
    const proc = run({ PORT: 'abc' });
    expect(await proc.exited).toBe(1);
    const { stderr } = proc.output();
    const lines = stderr.split('\n').filter((l) => l.trim() && !/ExperimentalWarning|--trace-warnings/.test(l));
    expect(lines).toEqual(['TonieShelf cannot start: Invalid PORT ("abc"): must be a whole number from 0 to 65535']);
  });
});

/** A raw connection to `port` (from `localAddress`): what it received by the time it closed. */
function connect(port: number, localAddress = '127.0.0.1') {
  const socket = net.connect({ port, host: '127.0.0.1', localAddress });
  let received = '';
  socket.on('data', (d) => (received += d));
  socket.on('error', () => {});
  const opened = new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  const closed = new Promise<string>((resolve) => socket.once('close', () => resolve(received)));
  return { socket, opened, closed };
}

const waitFor = (ms: number) => new Promise((r) => setTimeout(r, ms));

// One process for the request bounds: REQUEST_TIMEOUT_SECONDS=1, CONNECTIONS_PER_ADDRESS=4.
describe('running server on an embedded database', () => {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const base = `http://127.0.0.1:${port}`;
  let proc: ReturnType<typeof run>;
  const healthz = (init?: RequestInit) => fetch(`${base}/healthz`, init).then((r) => r.status);

  beforeAll(async () => {
    proc = run({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', REQUEST_TIMEOUT_SECONDS: '1', CONNECTIONS_PER_ADDRESS: '4' });
    let status = 0;
    for (let i = 0; i < 120 && status !== 200; i++) {
      await waitFor(250);
      status = await healthz().catch(() => 0);
    }
    expect(status).toBe(200);
  }, 60_000);
  afterAll(() => {
    if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
  });

  it('a JSON body dripping a byte every 200 ms -> 408 after the request time and the connection closed; another client is answered meanwhile', async () => {
    const drip = connect(port);
    await drip.opened;
    drip.socket.write(`POST /api/reports HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{`);
    const started = Date.now();
    const timer = setInterval(() => drip.socket.writable && drip.socket.write(' '), 200);
    expect(await healthz()).toBe(200);
    const answer = await drip.closed;
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer).toContain('The request arrived too slowly and was cut off.');
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('a multipart body dripping to a route that takes no uploads -> 415 at once and the connection closed', async () => {
    const drip = connect(port);
    await drip.opened;
    drip.socket.write(
      `POST /api/reports HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: multipart/form-data; boundary=x\r\nContent-Length: 500\r\n\r\n--x`,
    );
    const timer = setInterval(() => drip.socket.writable && drip.socket.write(' '), 200);
    const answer = await drip.closed;
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 415 /);
  });

  it('headers dripping a line every 200 ms -> the connection is closed after the request time', async () => {
    const drip = connect(port);
    await drip.opened;
    drip.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    const started = Date.now();
    let n = 0;
    const timer = setInterval(() => drip.socket.writable && drip.socket.write(`X-Slow-${n++}: a\r\n`), 200);
    const answer = await drip.closed;
    clearInterval(timer);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('CONNECTIONS_PER_ADDRESS=4: a fifth connection from one address is closed unanswered; another address is answered', async () => {
    const held = Array.from({ length: 4 }, () => connect(port));
    await Promise.all(held.map((c) => c.opened));
    const fifth = connect(port);
    fifth.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    expect(await fifth.closed).toBe('');
    const other = connect(port, '127.0.0.2');
    other.socket.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n');
    expect(await other.closed).toMatch(/^HTTP\/1\.1 200 /);
    for (const c of held) c.socket.destroy();
    await Promise.all(held.map((c) => c.closed));
    expect(await healthz()).toBe(200);
  });

  it('requests aborted mid-body (tRPC, /api) -> no error line in the log', async () => {
    for (const path of ['/trpc/report.create', '/api/reports']) {
      const client = connect(port);
      await client.opened;
      client.socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n{"a":`);
      await waitFor(100);
      client.socket.destroy();
    }
    // A request after them: its log line follows theirs.
    expect(await healthz({ headers: { 'X-Marker': 'after-aborts' } })).toBe(200);
    await expect
      .poll(
        () =>
          proc
            .output()
            .stdout.split('\n')
            .filter((l) => l.includes('"/healthz"')).length,
      )
      .toBeGreaterThan(3);
    const errors = proc
      .output()
      .stdout.split('\n')
      .filter((l) => /"level":(50|60)/.test(l));
    expect(errors).toEqual([]);
  });

  it('SIGTERM -> exits 0', async () => {
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  }, 60_000);
});
