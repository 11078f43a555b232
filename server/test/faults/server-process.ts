// The real server as a child process (`node tsx server/src/main.ts`, so the PID is the server's),
// on its own port and data directory: whether it stays up is what the fault tests check.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const MAIN = path.join(ROOT, 'server/src/main.ts');

/** The origin the server is told it is reached at (state-changing requests must send it). */
const ORIGIN = 'http://127.0.0.1';

export interface ServerProcess {
  readonly child: ChildProcess;
  readonly base: string;
  /** Resolves with the exit code (or signal) when the process ends. */
  readonly exited: Promise<number | string | null>;
  /** What the server wrote to stderr and stdout so far. */
  output(): string;
  /** SIGTERM (then SIGKILL after 10 s) to this PID; resolves when it has exited. */
  stop(): Promise<void>;
}

export async function startServer(opts: { port: number; databaseUrl: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-fault-app-'));
  const child = spawn(process.execPath, [TSX, MAIN], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      DATABASE_URL: opts.databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: `${ORIGIN}:${opts.port}`,
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Each server has a DATA_DIR (and so an uploads directory) of its own, and these tests
      // share no upload between servers: start beside one another all the same.
      UPLOADS_SHARED: '1',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The last ~200 kB of what it wrote (a long load run logs a line per request).
  const chunks: string[] = [];
  let kept = 0;
  const keep = (d: Buffer) => {
    chunks.push(String(d));
    kept += d.length;
    while (kept > 200_000 && chunks.length > 1) kept -= chunks.shift()!.length;
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const output = () => chunks.join('');
  const exited = new Promise<number | string | null>((resolve) => child.once('exit', (code, signal) => resolve(code ?? signal)));
  const base = `http://127.0.0.1:${opts.port}`;
  const server: ServerProcess = {
    child,
    base,
    exited,
    output,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(killer);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${base}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return server;
    await new Promise((r) => setTimeout(r, 250));
  }
  await server.stop();
  throw new Error(`the server did not start:\n${output()}`);
}

/** A same-origin JSON request; the cookie of a signed-in user when given. */
export async function call(
  server: ServerProcess,
  method: string,
  url: string,
  opts: { cookie?: string | null; body?: unknown } = {},
): Promise<{ status: number; headers: Headers; text: string; json: () => any }> {
  const headers: Record<string, string> = { origin: new URL(server.base).origin };
  if (opts.cookie) headers.cookie = opts.cookie;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(`${server.base}${url}`, {
    method,
    headers,
    ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
    signal: AbortSignal.timeout(20_000),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text, json: () => JSON.parse(text) };
}
