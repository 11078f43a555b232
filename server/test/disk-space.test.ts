// A full disk, for real: DATA_DIR on a 20 MB tmpfs mounted for this file. Under the reserve,
// uploads and writes are refused with 507 while reads go on, and the refusals stop by themselves
// when space returns; an upload that runs into ENOSPC answers 507 and leaves nothing behind.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createMemoryMailer } from '../src/mail/mailer';
import { LocalStorage } from '../src/storage/local';
import { testConfig, TEST_ORIGIN } from './helpers/app';
import { multipart, wav } from './helpers/audio';
import { newUser } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const MB = 1024 * 1024;
const mountPoint = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-disk-'));
let mounted = false;
try {
  execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=20m', 'tmpfs', mountPoint], { stdio: 'ignore' });
  mounted = true;
} catch {
  // Not allowed here (no root): the suite is skipped, and says so.
}

let database: TestDatabase;
let withReserve: FastifyInstance;
let noReserve: FastifyInstance;
const filler = path.join(mountPoint, 'filler');

beforeAll(async () => {
  if (!mounted) return;
  database = await createTestDatabase();
  const storage = new LocalStorage(path.join(mountPoint, 'uploads'));
  withReserve = await buildApp({ config: testConfig({ dataDir: mountPoint, diskReserveBytes: 4 * MB }), db: database.db, storage, mailer: createMemoryMailer() });
  noReserve = await buildApp({ config: testConfig({ dataDir: mountPoint, diskReserveBytes: 0 }), db: database.db, storage, mailer: createMemoryMailer() });
  await withReserve.ready();
  await noReserve.ready();
});
afterAll(async () => {
  await withReserve?.close();
  await noReserve?.close();
  await database?.close();
  if (mounted) execFileSync('umount', [mountPoint]);
  await fs.rm(mountPoint, { recursive: true, force: true });
});

async function freeBytes(): Promise<number> {
  const s = await fs.statfs(mountPoint);
  return s.bavail * s.bsize;
}

/** Fills the disk until `left` bytes are free. */
async function fillUntil(left: number) {
  const size = (await freeBytes()) - left;
  await fs.appendFile(filler, Buffer.alloc(Math.max(0, size)));
}

/** The free space is measured at most once a second. */
const nextMeasure = () => new Promise((r) => setTimeout(r, 1100));

let ipCounter = 0;
async function signIn(app: FastifyInstance) {
  const ip = `10.77.0.${++ipCounter}`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: newUser(), headers: { origin: TEST_ORIGIN }, remoteAddress: ip });
  expect(res.statusCode).toBe(201);
  const c = res.cookies.find((k) => k.name.endsWith('tonieshelf_session'))!;
  const cookie = `${c.name}=${c.value}`;
  return {
    upload: (data: Buffer, a = app) => {
      const { payload, headers } = multipart([{ filename: 'a.wav', data }]);
      return a.inject({ method: 'POST', url: '/api/uploads/audio', payload, headers: { ...headers, cookie, origin: TEST_ORIGIN }, remoteAddress: ip });
    },
    post: (url: string, payload: object) => app.inject({ method: 'POST', url, payload, headers: { cookie, origin: TEST_ORIGIN }, remoteAddress: ip }),
    get: (url: string) => app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: ip }),
  };
}

async function leftovers(): Promise<string[]> {
  const entries = await fs.readdir(mountPoint, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name !== 'filler').map((e) => path.relative(mountPoint, path.join(e.parentPath, e.name)));
}

describe.skipIf(!mounted)('a full disk (tmpfs of 20 MB as DATA_DIR)', () => {
  it('under the 4 MB reserve: upload, tRPC mutation and REST write -> 507 with a clear message; reads -> 200; space freed -> accepted again', async () => {
    const user = await signIn(withReserve);
    await fillUntil(2 * MB);
    await nextMeasure();

    const upload = await user.upload(wav({ seconds: 1 }));
    expect(upload.statusCode).toBe(507);
    expect(upload.json()).toEqual({
      statusCode: 507,
      error: 'INSUFFICIENT_STORAGE',
      message: 'The server is out of storage space. Please try again later.',
      messageCode: 'error.outOfSpace',
    });
    expect(upload.headers.connection).toBe('close');
    const mutation = await user.post('/trpc/audio.toggleLike', { id: 1 });
    expect(mutation.statusCode).toBe(507);
    // In tRPC's shape, so the browser app shows the message (a batch: one error per procedure).
    expect(mutation.json()).toMatchObject({
      error: { message: 'The server is out of storage space. Please try again later.', data: { code: 'INSUFFICIENT_STORAGE', httpStatus: 507, path: 'audio.toggleLike' } },
    });
    const batch = await user.post('/trpc/audio.toggleLike,auth.logout?batch=1', { 0: { id: 1 }, 1: {} });
    expect(batch.statusCode).toBe(507);
    expect(batch.json().map((r: { error: { data: { path: string } } }) => r.error.data.path)).toEqual(['audio.toggleLike', 'auth.logout']);
    const rest = await user.post('/api/auth/logout', {});
    expect(rest.statusCode).toBe(507);
    expect(await leftovers()).toEqual([]);

    // Reads go on.
    expect((await user.get('/api/tonies')).statusCode).toBe(200);
    expect((await user.get('/trpc/auth.me')).statusCode).toBe(200);
    expect((await user.get('/healthz')).statusCode).toBe(200);

    await fs.rm(filler);
    await nextMeasure();
    const again = await user.upload(wav({ seconds: 1 }));
    expect(again.statusCode).toBe(201);
  });

  it('an announced body larger than the room above the reserve -> 507 before it is read', async () => {
    const user = await signIn(withReserve);
    await fillUntil(7 * MB);
    await nextMeasure();
    const small = await user.upload(wav({ seconds: 1 }));
    expect(small.statusCode).toBe(201);
    const big = await user.upload(wav({ totalBytes: 4 * MB }));
    expect(big.statusCode).toBe(507);
    expect(big.json().message).toBe('The server is out of storage space. Please try again later.');
    await fs.rm(filler);
  });

  it('reserve off, 1 MB free, a 3 MB upload runs into ENOSPC -> 507 "out of storage space", no temp, .part or stored file, no pending row; the next upload works once space is back', async () => {
    const user = await signIn(noReserve);
    const before = await leftovers();
    await fillUntil(1 * MB);
    const res = await user.upload(wav({ totalBytes: 3 * MB }), noReserve);
    expect(res.statusCode).toBe(507);
    expect(res.json().message).toBe('The server is out of storage space. Please try again later.');
    expect(await leftovers()).toEqual(before);
    const rows = await database.db.selectFrom('pending_uploads').select('file_path').execute();
    expect(rows.every((r) => before.includes(path.join('uploads', r.file_path)))).toBe(true);

    await fs.rm(filler);
    expect((await user.upload(wav({ seconds: 1 }), noReserve)).statusCode).toBe(201);
  });
});

describe.skipIf(!mounted)('the server process on an embedded database whose disk fills up (tmpfs of 150 MB)', () => {
  const dir = path.join(os.tmpdir(), `tonieshelf-disk-server-${process.pid}`);
  let server: ChildProcess | null = null;
  let serverMounted = false;

  afterAll(async () => {
    // Only the process this test started, by its PID.
    if (server && server.exitCode === null) server.kill('SIGKILL');
    if (serverMounted) execFileSync('umount', [dir]);
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('under the reserve: writes -> 507, reads -> 200, SIGTERM -> exits 0; space freed -> writes accepted again without a restart', async () => {
    await fs.mkdir(dir, { recursive: true });
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=150m', 'tmpfs', dir], { stdio: 'ignore' });
    serverMounted = true;
    const port = 20000 + Math.floor(Math.random() * 20000);
    const root = path.resolve(import.meta.dirname, '../..');
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: path.join(root, 'server'),
      env: {
        PATH: process.env.PATH ?? '',
        HOME: process.env.HOME ?? '/tmp',
        DATA_DIR: dir,
        PORT: String(port),
        HOST: '127.0.0.1',
        SEED_DEMO: '0',
        LOG_LEVEL: 'warn',
        DISK_RESERVE_MB: '20',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    server = child;
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    const base = `http://127.0.0.1:${port}`;
    let status = 0;
    for (let i = 0; i < 240 && status !== 200 && child.exitCode === null; i++) {
      await new Promise((r) => setTimeout(r, 250));
      status = await fetch(`${base}/healthz`).then(
        (r) => r.status,
        () => 0,
      );
    }
    expect(status).toBe(200);
    const register = () => fetch(`${base}/api/auth/register`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify(newUser()) });
    expect((await register()).status).toBe(201);

    const serverFiller = path.join(dir, 'filler');
    const s = await fs.statfs(dir);
    await fs.writeFile(serverFiller, Buffer.alloc(s.bavail * s.bsize - 10 * MB));
    await nextMeasure();
    const refused = await register();
    expect(refused.status).toBe(507);
    expect(await refused.json()).toMatchObject({ message: 'The server is out of storage space. Please try again later.' });
    expect((await fetch(`${base}/api/tonies`)).status).toBe(200);
    expect((await fetch(`${base}/api/audio-files`)).status).toBe(200);

    await fs.rm(serverFiller);
    await nextMeasure();
    expect((await register()).status).toBe(201);

    const stopping = Date.now();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(Date.now() - stopping).toBeLessThan(15_000);
  }, 120_000);
});
