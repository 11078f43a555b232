// Uploads bounded in space, number and time, over app.inject and real sockets: per-user quotas
// (stored bytes, pending bytes, uploads per hour, uploads at once), a body that stops arriving,
// a client that goes away, a refusal before the body on a keep-alive connection, files left by
// a process that died, and a shutdown with uploads running. Nothing is ever left behind.
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createMemoryMailer } from '../src/mail/mailer';
import type { AppConfig, UploadLimits } from '../src/config';
import { LocalStorage } from '../src/storage/local';
import { testConfig, TEST_ORIGIN } from './helpers/app';
import { multipart, wav } from './helpers/audio';
import { newUser } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const MB = 1024 * 1024;
let database: TestDatabase;
const apps: FastifyInstance[] = [];
const dirs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.close();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

const DEFAULT_LIMITS: UploadLimits = { storedBytes: 1024 * MB, pendingBytes: 200 * MB, perHour: 60, inFlight: 2, idleTimeoutMs: 30_000, shutdownGraceMs: 8000 };

/** An app of its own (own DATA_DIR) with these upload limits. */
async function makeApp(limits: Partial<UploadLimits> = {}, config: Partial<AppConfig> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-bounds-'));
  dirs.push(dataDir);
  const app = await buildApp({
    config: testConfig({ dataDir, uploadLimits: { ...DEFAULT_LIMITS, ...limits }, ...config }),
    db: database.db,
    storage: new LocalStorage(path.join(dataDir, 'uploads')),
    mailer: createMemoryMailer(),
  });
  apps.push(app);
  await app.ready();
  return { app, dataDir };
}

let ipCounter = 0;
async function signIn(app: FastifyInstance) {
  const ip = `10.88.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const res = await app.inject({ method: 'POST', url: '/api/auth/register', payload: newUser(), headers: { origin: TEST_ORIGIN }, remoteAddress: ip });
  expect(res.statusCode).toBe(201);
  const c = res.cookies.find((k) => k.name.endsWith('tonieshelf_session'))!;
  return { ip, cookie: `${c.name}=${c.value}`, id: res.json().id as string };
}
type User = Awaited<ReturnType<typeof signIn>>;

/** Posts one WAV; `streamed` sends it without Content-Length, as chunks. */
function upload(app: FastifyInstance, user: User, data: Buffer, opts: { streamed?: boolean; url?: string } = {}) {
  const { payload, headers } = multipart([{ filename: 'a.wav', data }]);
  const pieces = function* () {
    for (let i = 0; i < payload.length; i += 64 * 1024) yield payload.subarray(i, i + 64 * 1024);
  };
  return app.inject({
    method: 'POST',
    url: opts.url ?? '/api/uploads/audio',
    payload: opts.streamed ? Readable.from(pieces()) : payload,
    headers: { ...headers, cookie: user.cookie, origin: TEST_ORIGIN },
    remoteAddress: user.ip,
  });
}

async function leftovers(dataDir: string): Promise<string[]> {
  const entries = await fs.readdir(dataDir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dataDir, path.join(e.parentPath, e.name)))
    .sort();
}
const pendingRows = (userId: string) => database.db.selectFrom('pending_uploads').select(['file_path', 'file_size']).where('user_id', '=', userId).execute();

/** A raw HTTP/1.1 connection: write requests by hand, read what comes back. */
async function connect(app: FastifyInstance) {
  const address = app.server.address() as net.AddressInfo;
  const socket = net.connect(address.port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let received = '';
  let ended = false;
  socket.on('data', (d) => (received += d.toString('latin1')));
  socket.on('error', () => {});
  const closed = new Promise<void>((resolve) => socket.once('close', () => ((ended = true), resolve())));
  return {
    socket,
    closed,
    received: () => received,
    ended: () => ended,
    /** Waits (at most `ms`) until `test` holds for what arrived. */
    async waitFor(test: (text: string) => boolean, ms = 5000) {
      const until = Date.now() + ms;
      while (!test(received) && Date.now() < until && !(ended && !test(received))) await new Promise((r) => setTimeout(r, 20));
      return test(received);
    },
  };
}

function uploadHead(user: User | null, boundary: string, length: number, url = '/api/uploads/audio') {
  return (
    `POST ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\n` +
    (user ? `Cookie: ${user.cookie}\r\n` : '') +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${length}\r\nConnection: keep-alive\r\n\r\n`
  );
}

/** A multipart WAV body split into its boundary, and the bytes. */
function wavBody(bytes: number) {
  const { payload, headers } = multipart([{ filename: 'slow.wav', data: wav({ totalBytes: bytes }) }]);
  return { payload, boundary: headers['content-type']!.split('boundary=')[1]! };
}

const statusOf = (text: string) => Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('quotas per user', () => {
  it('stored bytes (3 MB): 2 MB -> 201; 2 MB more announced -> 413 before it is read; streamed without a length -> cut at the room left, 413 with the same text; nothing left', async () => {
    const { app, dataDir } = await makeApp({ storedBytes: 3 * MB });
    const user = await signIn(app);
    expect((await upload(app, user, wav({ totalBytes: 2 * MB }))).statusCode).toBe(201);
    const before = await leftovers(dataDir);

    const announced = await upload(app, user, wav({ totalBytes: 2 * MB }));
    expect(announced.statusCode).toBe(413);
    expect(announced.json().message).toBe('Your storage is full: you keep 2.0 MB of 3 MB, and this upload does not fit. Delete audio files you no longer need to make room.');
    expect(announced.headers.connection).toBe('close');

    const streamed = await upload(app, user, wav({ totalBytes: 2 * MB }), { streamed: true });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().message).toBe(announced.json().message);
    expect(await leftovers(dataDir)).toEqual(before);
    expect(await pendingRows(user.id)).toHaveLength(1);

    // What still fits is taken.
    expect((await upload(app, user, wav({ totalBytes: MB / 2 }))).statusCode).toBe(201);
  });

  it('stored bytes count attached audio files: a record made from the upload still counts; deleting it makes room', async () => {
    const { app } = await makeApp({ storedBytes: 3 * MB });
    const user = await signIn(app);
    const up = (await upload(app, user, wav({ totalBytes: 2 * MB }))).json();
    const created = await app.inject({
      method: 'POST',
      url: '/trpc/audio.create',
      payload: { title: 'Big one', filePath: up.filePath, tags: [], licence: 'cc-by-4.0', rightsConfirmed: true },
      headers: { cookie: user.cookie, origin: TEST_ORIGIN },
      remoteAddress: user.ip,
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await pendingRows(user.id)).toEqual([]);
    expect((await upload(app, user, wav({ totalBytes: 2 * MB }))).statusCode).toBe(413);
    const id = created.json().result.data.id;
    const removed = await app.inject({ method: 'POST', url: '/trpc/audio.delete', payload: { id }, headers: { cookie: user.cookie, origin: TEST_ORIGIN }, remoteAddress: user.ip });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await upload(app, user, wav({ totalBytes: 2 * MB }))).statusCode).toBe(201);
  });

  it('pending bytes (3 MB): uploads not attached to a record -> 413 naming the pending allowance; another user is not affected', async () => {
    const { app } = await makeApp({ pendingBytes: 3 * MB });
    const user = await signIn(app);
    expect((await upload(app, user, wav({ totalBytes: 2 * MB }))).statusCode).toBe(201);
    const refused = await upload(app, user, wav({ totalBytes: 2 * MB }));
    expect(refused.statusCode).toBe(413);
    expect(refused.json().message).toBe(
      'You have 2.0 MB of uploads not yet saved to an audio file (at most 3 MB), and this upload does not fit. Save them to an audio file first; unsaved uploads are removed after an hour.',
    );
    const other = await signIn(app);
    expect((await upload(app, other, wav({ totalBytes: 2 * MB }))).statusCode).toBe(201);
  });

  it('two uploads at once that each fit but not together -> one 201, one 413 when recorded; its stored file removed', async () => {
    const { app, dataDir } = await makeApp({ pendingBytes: 3 * MB });
    const user = await signIn(app);
    const results = await Promise.all([upload(app, user, wav({ totalBytes: 2 * MB }), { streamed: true }), upload(app, user, wav({ totalBytes: 2 * MB }), { streamed: true })]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 413]);
    const rows = await pendingRows(user.id);
    expect(rows).toHaveLength(1);
    expect((await leftovers(dataDir)).filter((f) => f.startsWith('uploads/'))).toEqual([path.join('uploads', rows[0]!.file_path)]);
    expect((await leftovers(dataDir)).filter((f) => f.startsWith('tmp/'))).toEqual([]);
  });

  it('uploads per hour (3): the 4th -> 429 with Retry-After about an hour and a clear message; counted after attaching too', async () => {
    const { app } = await makeApp({ perHour: 3 });
    const user = await signIn(app);
    for (let i = 0; i < 3; i++) expect((await upload(app, user, wav({ seconds: 0.2 }))).statusCode).toBe(201);
    await database.db.deleteFrom('pending_uploads').where('user_id', '=', user.id).execute();
    const refused = await upload(app, user, wav({ seconds: 0.2 }));
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toBe('You have uploaded 3 files within the last hour, the most allowed. Please try again in 60 minutes.');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3500);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(3600);
    // An hour later the oldest falls out of the window.
    await database.db
      .updateTable('upload_events')
      .set({ created_at: new Date(Date.now() - 3601 * 1000) } as never)
      .where('user_id', '=', user.id)
      .execute();
    expect((await upload(app, user, wav({ seconds: 0.2 }))).statusCode).toBe(201);
  });

  it('at most 2 uploads at once (real sockets): two stalled uploads -> the 3rd 429; one finishes -> the next is taken', async () => {
    const { app } = await makeApp({ inFlight: 2 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signIn(app);
    const bodies = [wavBody(MB), wavBody(MB)];
    const conns = await Promise.all(bodies.map(() => connect(app)));
    conns.forEach((c, i) =>
      c.socket.write(uploadHead(user, bodies[i]!.boundary, bodies[i]!.payload.length) + bodies[i]!.payload.subarray(0, 100 * 1024).toString('latin1'), 'latin1'),
    );
    await sleep(300);

    const third = await upload(app, user, wav({ seconds: 0.2 }));
    expect(third.statusCode).toBe(429);
    expect(third.json().message).toBe('You already have 2 uploads in progress. Please wait until one has finished.');
    // A reason a client can act on: waiting helps (the set editor queues the upload again).
    expect(third.json().reason).toBe('UPLOADS_IN_FLIGHT');
    expect(third.headers['retry-after']).toBe('10');

    conns[0]!.socket.write(bodies[0]!.payload.subarray(100 * 1024));
    expect(await conns[0]!.waitFor((t) => statusOf(t) === 201)).toBe(true);
    expect((await upload(app, user, wav({ seconds: 0.2 }))).statusCode).toBe(201);
    conns.forEach((c) => c.socket.destroy());
  });
});

describe('bodies that stop arriving', () => {
  it('a client that stops sending for the idle timeout (1 s) -> 408 and the connection closed, its temp file removed, no pending row; the user may upload again', async () => {
    const { app, dataDir } = await makeApp({ idleTimeoutMs: 1000, inFlight: 1 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signIn(app);
    const { payload, boundary } = wavBody(2 * MB);
    const conn = await connect(app);
    conn.socket.write(uploadHead(user, boundary, payload.length), 'latin1');
    conn.socket.write(payload.subarray(0, 300 * 1024));
    await sleep(300);
    expect((await leftovers(dataDir)).filter((f) => f.startsWith('tmp/'))).toHaveLength(1);
    const started = Date.now();
    await Promise.race([conn.closed, sleep(5000)]);
    expect(conn.ended()).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
    expect(statusOf(conn.received())).toBe(408);
    expect(conn.received()).toContain(
      '{"statusCode":408,"error":"TIMEOUT","message":"The upload stalled: nothing arrived for 1 seconds. Please try again.","messageCode":"upload.stalled","messageParams":{"seconds":1}}',
    );
    await expect.poll(() => leftovers(dataDir), { timeout: 5000 }).toEqual([]);
    expect(await pendingRows(user.id)).toEqual([]);
    expect((await upload(app, user, wav({ seconds: 0.2 }))).statusCode).toBe(201);
  });

  it('a JSON body that stops arriving (any route) -> the connection is closed after the idle timeout (1 s) + 5 s', async () => {
    const { app } = await makeApp({ idleTimeoutMs: 1000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const conn = await connect(app);
    const started = Date.now();
    conn.socket.write(`POST /api/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: ${TEST_ORIGIN}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"email":`);
    await Promise.race([conn.closed, sleep(10_000)]);
    expect(conn.ended()).toBe(true);
    expect(Date.now() - started).toBeGreaterThanOrEqual(5500);
    expect(Date.now() - started).toBeLessThan(8000);
  });

  it('a client that goes away mid-upload -> temp file and early copy removed, no pending row, its slot freed', async () => {
    const { app, dataDir } = await makeApp({ inFlight: 1 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signIn(app);
    const { payload, boundary } = wavBody(2 * MB);
    const conn = await connect(app);
    conn.socket.write(uploadHead(user, boundary, payload.length), 'latin1');
    conn.socket.write(payload.subarray(0, MB));
    await sleep(300);
    expect((await leftovers(dataDir)).length).toBeGreaterThan(0);
    conn.socket.destroy();
    let left = await leftovers(dataDir);
    for (let i = 0; i < 50 && left.length; i++) {
      await sleep(50);
      left = await leftovers(dataDir);
    }
    expect(left).toEqual([]);
    expect(await pendingRows(user.id)).toEqual([]);
    expect((await upload(app, user, wav({ seconds: 0.2 }))).statusCode).toBe(201);
  });
});

describe('a refusal before the body is read, on a keep-alive connection (real socket)', () => {
  for (const [name, who, url, length] of [
    ['anonymous -> 401', 'anonymous', '/api/uploads/audio', 1024 * 1024],
    ['far larger than allowed -> 413', 'user', '/api/uploads/cover', 40 * 1024 * 1024],
  ] as const) {
    it(`${name}: answered with Connection: close and the connection closed; the next request (new connection) is answered at once`, async () => {
      const { app } = await makeApp();
      await app.listen({ port: 0, host: '127.0.0.1' });
      const user = who === 'user' ? await signIn(app) : null;
      const conn = await connect(app);
      // Headers and a first piece of the body; the rest never comes.
      conn.socket.write(uploadHead(user, 'x', length, url) + '--x\r\n', 'latin1');
      expect(await conn.waitFor((t) => t.includes('\r\n\r\n'), 3000)).toBe(true);
      expect(statusOf(conn.received())).toBe(who === 'user' ? 413 : 401);
      expect(conn.received().toLowerCase()).toContain('connection: close');
      await Promise.race([conn.closed, sleep(2000)]);
      expect(conn.ended()).toBe(true);

      const started = Date.now();
      const next = await fetch(`http://127.0.0.1:${(app.server.address() as net.AddressInfo).port}/healthz`, { signal: AbortSignal.timeout(2000) });
      expect(next.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(1000);
    });
  }
});

describe('leftovers and expiry', () => {
  it('at start: temp and .part files of a process that is gone -> removed; those of a running process and stored files -> kept', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-leftovers-'));
    dirs.push(dataDir);
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((r) => gone.once('exit', r));
    const dead = gone.pid!;
    const live = process.ppid;
    const files = {
      deadTemp: `tmp/${dead}-1b4e28ba-2fa1-11d2-883f-0016d3cca427.upload`,
      oldStyleTemp: 'tmp/1b4e28ba-2fa1-11d2-883f-0016d3cca427.upload',
      liveTemp: `tmp/${live}-1b4e28ba-2fa1-11d2-883f-0016d3cca427.upload`,
      deadPart: `uploads/audio-files/u1/1700000000000_a.mp3.${dead}-0a1b2c3d4e5f.part`,
      livePart: `uploads/audio-files/u1/1700000000000_b.mp3.${live}-0a1b2c3d4e5f.part`,
      stored: 'uploads/audio-files/u1/1700000000000_c.mp3',
    };
    for (const f of Object.values(files)) {
      await fs.mkdir(path.dirname(path.join(dataDir, f)), { recursive: true });
      await fs.writeFile(path.join(dataDir, f), 'x');
    }
    const app = await buildApp({ config: testConfig({ dataDir }), db: database.db, storage: new LocalStorage(path.join(dataDir, 'uploads')), mailer: createMemoryMailer() });
    apps.push(app);
    await app.ready();
    expect(await leftovers(dataDir)).toEqual([files.liveTemp, files.livePart, files.stored].sort());
  });
});

describe('shutdown with uploads running', () => {
  it('grace 1 s: an upload that completes within it -> 201; a stalled one -> cut off and removed; close() returns soon after the grace', async () => {
    const { app, dataDir } = await makeApp({ shutdownGraceMs: 1000 });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const user = await signIn(app);
    const finishing = wavBody(MB);
    const stalled = wavBody(MB);
    const a = await connect(app);
    const b = await connect(app);
    a.socket.write(uploadHead(user, finishing.boundary, finishing.payload.length), 'latin1');
    a.socket.write(finishing.payload.subarray(0, 200 * 1024));
    b.socket.write(uploadHead(user, stalled.boundary, stalled.payload.length), 'latin1');
    b.socket.write(stalled.payload.subarray(0, 200 * 1024));
    await sleep(300);

    const started = Date.now();
    const closing = app.close();
    await sleep(300);
    a.socket.write(finishing.payload.subarray(200 * 1024));
    await closing;
    const took = Date.now() - started;
    expect(took).toBeGreaterThanOrEqual(900);
    expect(took).toBeLessThan(4000);
    expect(await a.waitFor((t) => statusOf(t) === 201, 1000)).toBe(true);
    const rows = await pendingRows(user.id);
    expect(rows).toHaveLength(1);
    expect(await leftovers(dataDir)).toEqual([path.join('uploads', rows[0]!.file_path)]);
    a.socket.destroy();
    b.socket.destroy();
  });
});
