// Uploads around a crash (issue 32, item 13), and a second instance whose uploads are kept
// elsewhere (item 10): the real server process on a PostgreSQL cluster of the test's own.
//   - kill -9 while uploads are stored but not yet recorded (their users' rows are held, so the
//     recording waits) and others are still arriving; started again on the same DATA_DIR, with
//     clients retrying their uploads while it starts: no stored file without its record, no
//     partial or temp file left, and every retried upload 201 (none 500).
//   - a second instance with a DATA_DIR (uploads) of its own on the same database: exit 1, one line.
// The server runs as `node --import tsx` (not tsx's CLI, which runs it in a child process), so
// the PID killed is the server's.
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../src/auth/session';
import { openDatabase } from '../../src/db/database';
import { multipart, wav } from '../helpers/audio';
import { adminQuery, createCluster, freePort, type PgCluster } from './pg-cluster';

const ROOT = path.resolve(import.meta.dirname, '../../..');
/** The application_name of the app's connections, to see them wait on the held rows. */
const APP_NAME = 'tonieshelf-upload-crash';
/** Uploads stored and waiting to be recorded when the server is killed. */
const HELD = 8;

let cluster: PgCluster;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-crash-'));
const otherDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-crash-b-'));
const userIds: string[] = [];
const cookies: string[] = [];

interface Server {
  child: ChildProcess;
  port: number;
  exited: Promise<number | null>;
  output(): string;
}
let server: Server;

function spawnServer(dir: string, port: number): Server {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: cluster.url('postgres', { application_name: APP_NAME }),
      DATA_DIR: dir,
      PUBLIC_ORIGIN: `http://127.0.0.1:${port}`,
      SEED_DEMO: '0',
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      // Room for the held uploads' connections beside the others'.
      DATABASE_POOL_SIZE: '20',
      UPLOADS_IN_FLIGHT: '40',
      UPLOADS_PER_HOUR: '10000',
    },
  });
  let out = '';
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  return { child, port, exited: new Promise((resolve) => child.once('exit', (code) => resolve(code))), output: () => out };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(probe: () => Promise<boolean>, limitMs: number, what: string): Promise<void> {
  const end = Date.now() + limitMs;
  while (!(await probe().catch(() => false))) {
    if (Date.now() > end) throw new Error(`${what}: not within ${limitMs} ms\n${server?.output()}`);
    await sleep(50);
  }
}

async function startServer(port: number): Promise<void> {
  server = spawnServer(dataDir, port);
  await until(async () => server.child.exitCode === null && (await fetch(`http://127.0.0.1:${port}/healthz`)).ok, 60_000, 'the server answering');
}

/**
 * One upload as a browser sends it; with `holdAfter`, the body stops after that many bytes until
 * the connection dies. Resolves with the status, or the socket error's code.
 */
function upload(port: number, cookie: string, name: string, opts: { holdAfter?: number } = {}): Promise<number | string> {
  const { payload, headers } = multipart([{ filename: name, contentType: 'audio/wav', data: wav({ seconds: 2 }) }]);
  return new Promise((resolve) => {
    const req = http.request(
      `http://127.0.0.1:${port}/api/uploads/audio`,
      { method: 'POST', headers: { ...headers, 'content-length': String(payload.length), cookie, origin: `http://127.0.0.1:${port}` } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode!));
        res.on('error', () => resolve('reset'));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? 'error'));
    if (opts.holdAfter === undefined) req.end(payload);
    else req.write(payload.subarray(0, opts.holdAfter));
  });
}

/** Stored files (local storage) that no record refers to, partial files, and upload temp files. */
async function leftovers(): Promise<{ unreferenced: string[]; partial: string[]; temp: string[] }> {
  const root = path.join(dataDir, 'uploads');
  const files = fs
    .readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  const rows = await adminQuery<{ key: string }>(cluster, 'select file_path as key from pending_uploads union select file_path from audio_files');
  const referenced = new Set(rows.map((r) => r.key));
  return {
    unreferenced: files.filter((f) => /^(audio-files|cover-images)\//.test(f) && !f.endsWith('.part') && !referenced.has(f)),
    partial: files.filter((f) => f.endsWith('.part')),
    temp: fs.readdirSync(path.join(dataDir, 'tmp')).filter((f) => f.endsWith('.upload')),
  };
}

beforeAll(async () => {
  cluster = await createCluster();
  await cluster.start();
  await startServer(await freePort(44000 + Math.floor(Math.random() * 2000)));
  const database = await openDatabase({ url: cluster.url(), poolSize: 1 });
  try {
    for (let i = 0; i < 4; i++) {
      const user = await database.db
        .insertInto('users')
        .values({ email: `crash${i}@example.com`, username: `crash${i}`, first_name: 'Crash', last_name: String(i), password_hash: 'not-used' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { token } = await createSession(database.db, user.id, { aal: 1, ip: '127.0.0.1', userAgent: 'fault test' });
      userIds.push(user.id);
      cookies.push(`tonieshelf_session=${token}`);
    }
  } finally {
    await database.close();
  }
}, 180_000);

afterAll(async () => {
  if (server?.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  await cluster?.destroy();
  for (const dir of [dataDir, otherDataDir]) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('uploads around a crash (own PostgreSQL cluster, server process)', () => {
  it('kill -9 with uploads stored but not recorded and others arriving; started again while clients retry -> 0 files without a record, no partial or temp file; every retried upload 201', async () => {
    const { port } = server;
    // Holding the users' rows makes each upload wait, once stored, for its record.
    const holder = new pg.Client({ connectionString: cluster.url() });
    holder.on('error', () => {});
    await holder.connect();
    await holder.query('begin');
    await holder.query('select id from users where id = any($1) for update', [userIds]);
    const held = Array.from({ length: HELD }, (_, i) => upload(port, cookies[i % 4]!, 'held.wav'));
    const arriving = Array.from({ length: 4 }, (_, i) => upload(port, cookies[i]!, 'slow.wav', { holdAfter: 20_000 }));
    const waiting = () =>
      adminQuery<{ n: number }>(cluster, "select count(*)::int as n from pg_stat_activity where application_name = $1 and wait_event_type = 'Lock'", [APP_NAME]);
    await until(async () => (await waiting())[0]!.n >= HELD, 20_000, 'the stored uploads waiting for their records');
    // The arriving ones have begun their temp and partial files.
    await until(async () => (await leftovers()).partial.length >= 4, 10_000, 'the arriving uploads being stored');

    server.child.kill('SIGKILL');
    await server.exited;
    await holder.query('rollback');
    await holder.end();
    expect((await Promise.all([...held, ...arriving])).every((s) => typeof s === 'string')).toBe(true);
    const left = await leftovers();
    // What the crash left: stored files without a record, partial and temp files.
    expect(left.unreferenced.length).toBeGreaterThanOrEqual(HELD);
    expect(left.partial.length).toBeGreaterThanOrEqual(4);
    expect(left.temp.length).toBeGreaterThanOrEqual(4);

    // Clients retry while the server starts again; all get in together the moment it listens.
    let stop = false;
    const retrying = async (): Promise<number | string> => {
      for (;;) {
        const status = await upload(port, cookies[0]!, 'again.wav');
        if (typeof status === 'number' || stop) return status;
        await sleep(20);
      }
    };
    const retries = Array.from({ length: 24 }, () => retrying());
    await startServer(port).finally(() => (stop = true));
    const statuses = await Promise.all(retries);
    expect(statuses, server.output()).toEqual(Array(24).fill(201));
    expect(await leftovers()).toEqual({ unreferenced: [], partial: [], temp: [] });
  });

  it('a second instance with uploads of its own (another DATA_DIR) on the same database -> exit 1 and one line saying why', async () => {
    const other = spawnServer(otherDataDir, await freePort(46000 + Math.floor(Math.random() * 2000)));
    const code = await Promise.race([other.exited, sleep(60_000).then(() => 'still running')]);
    if (code === 'still running') other.child.kill('SIGKILL');
    expect(code, other.output()).toBe(1);
    const lines = other
      .output()
      .split('\n')
      .filter((l) => l.trim() && !/ExperimentalWarning|--trace-warnings|AWS_SDK/.test(l));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(
      /^TonieShelf cannot start: another instance on this database keeps its uploads elsewhere \(the directory .+; this one: the directory .+\); every instance needs the same uploads/,
    );
    // The first still serves.
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).ok).toBe(true);
  });
});
