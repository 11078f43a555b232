// Database faults against the real server process and a PostgreSQL cluster of the test's own:
// connections terminated mid-request, the server stopped and started under load. The app must
// stay up, answer 503 with Retry-After (never 500) while the database is gone, keep answering
// cached public reads for signed-in users, serve again within 2 s of the database answering,
// and lose no acknowledged write.
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSession } from '../../src/auth/session';
import { openDatabase } from '../../src/db/database';
import { ERROR_MESSAGES } from '../../src/errors';
import { en } from '../helpers/messages';
import { createCluster, freePort, type PgCluster, adminQuery } from './pg-cluster';
import { call, startServer, type ServerProcess } from './server-process';
import { sleep, timeUntil } from './wait';

/** The application_name of the app's connections, so the test can find and terminate them. */
const APP_NAME = 'tonieshelf-fault-app';
/**
 * Tonies in the test's catalogue. The crash test's writers rate each once and stop when none is
 * left, so there must be more (user, Tonie) pairs than the server can write in its ~6 s before
 * the last restart: 300 (1,800 pairs) ran out once requests got cheaper.
 */
const TONIES = 3000;
const WRITERS = 6;

let cluster: PgCluster;
let server: ServerProcess;
const cookies: string[] = [];

function admin<R extends pg.QueryResultRow = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<R[]> {
  return adminQuery<R>(cluster, text, params);
}

/** Terminates the app's connections (all, or those waiting on a lock); how many. */
async function terminateApp(onlyWaitingOnLock = false): Promise<number> {
  const rows = await admin<{ n: number }>(
    `select count(pg_terminate_backend(pid))::int as n from pg_stat_activity
      where application_name = $1 and pid <> pg_backend_pid() and ($2::boolean = false or wait_event_type = 'Lock')`,
    [APP_NAME, onlyWaitingOnLock],
  );
  return rows[0]?.n ?? 0;
}

function expectAlive() {
  expect(server.child.exitCode, `the server exited:\n${server.output()}`).toBeNull();
  expect(server.child.signalCode).toBeNull();
}

/** A 503 as the issue asks: Retry-After, a readable message, no stack or SQL. */
function expectUnavailable(res: { status: number; headers: Headers; text: string }) {
  expect(res.status, res.text).toBe(503);
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
  expect(res.text).toContain(en(ERROR_MESSAGES.unavailable));
  expect(res.text).not.toMatch(/\bat .*\.(ts|js):\d+|select |insert |ECONNREFUSED|terminat/i);
}

const databaseAnswers = async () => {
  await admin('select 1');
  return true;
};

async function startApp() {
  server = await startServer({
    port: await freePort(41000 + Math.floor(Math.random() * 2000)),
    databaseUrl: cluster.url('postgres', { application_name: APP_NAME }),
    // A short TTL: the outage below outlasts it, so what is answered then is an expired entry.
    env: { CACHE_TTL_SECONDS: '2' },
  });
}

beforeAll(async () => {
  cluster = await createCluster();
  await cluster.start();
  await startApp();
  // The catalogue and signed-in users, written directly (the server has migrated the database).
  await admin(`insert into tonies (article, name, category) select 'F-' || i, 'Fault Tonie ' || i, 'Music' from generate_series(1, $1) as i`, [TONIES]);
  const database = await openDatabase({ url: cluster.url(), poolSize: 1 });
  try {
    for (let i = 0; i < WRITERS + 1; i++) {
      const user = await database.db
        .insertInto('users')
        .values({ email: `writer${i}@example.com`, username: `writer${i}`, first_name: 'Writer', last_name: String(i), password_hash: 'not-used' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { token } = await createSession(database.db, user.id, { aal: 1, ip: '127.0.0.1', userAgent: 'fault test' });
      cookies.push(`tonieshelf_session=${token}`);
    }
  } finally {
    await database.close();
  }
}, 180_000);

// Each test starts from a running database and server, whatever an earlier one left behind.
beforeEach(async () => {
  if (!cluster.running()) await cluster.start();
  const alive = await fetch(`${server.base}/healthz`).then(
    (r) => r.ok,
    () => false,
  );
  if (!alive) {
    await server.stop();
    await startApp();
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await cluster?.destroy();
}, 60_000);

describe('database faults (own PostgreSQL cluster, server process)', () => {
  it('connection terminated mid-transaction: -> that request 503 with Retry-After, the process stays up, the same write then succeeds', async () => {
    const [cookie] = cookies;
    const tonieId = (await admin<{ id: number }>(`select id from tonies where article = 'F-1'`))[0]!.id;
    // Hold the ratings table so the app's INSERT waits inside its transaction, then end that backend.
    const locker = new pg.Client({ connectionString: cluster.url() });
    locker.on('error', () => {});
    await locker.connect();
    await locker.query('begin');
    await locker.query('lock table ratings in access exclusive mode');
    const pending = call(server, 'POST', `/api/tonies/${tonieId}/ratings`, { cookie, body: { rating: 4 } });
    const waited = await timeUntil(async () => (await terminateApp(true)) > 0, 10_000);
    await locker.query('rollback');
    await locker.end();
    expect(waited).toBeLessThan(10_000);

    expectUnavailable(await pending);
    await sleep(300);
    expectAlive();
    const again = await call(server, 'POST', `/api/tonies/${tonieId}/ratings`, { cookie, body: { rating: 4 } });
    expect(again.status, again.text).toBe(201);
    expectAlive();
  });

  it("all the app's connections terminated again and again under a read/write load: -> no 500, the process stays up, later requests succeed", async () => {
    const statuses = new Map<number, number>();
    let failures = 0;
    let stop = false;
    let next = 50;
    const worker = async (w: number) => {
      const cookie = cookies[1 + (w % WRITERS)]!;
      for (let i = 0; !stop && i < 2000; i++) {
        const kind = i % 3;
        const res =
          kind === 0
            ? await call(server, 'POST', `/api/tonies/${(next++ % TONIES) + 1}/ratings`, { cookie, body: { rating: 3 } }).catch(() => null)
            : kind === 1
              ? await call(server, 'GET', '/api/auth/me', { cookie }).catch(() => null)
              : await call(server, 'GET', `/api/tonies/search?q=Fault%20Tonie%20${i}`).catch(() => null);
        if (!res) failures++;
        else statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    const workers = Array.from({ length: 6 }, (_, w) => worker(w));
    let terminated = 0;
    for (let round = 0; round < 30; round++) {
      terminated += await terminateApp();
      await sleep(100);
    }
    stop = true;
    await Promise.all(workers);

    console.info(`terminations: ${terminated} connections ended, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(terminated).toBeGreaterThan(0);
    expect(failures, `requests without an answer; server output:\n${server.output()}`).toBe(0);
    expect(
      [...statuses.keys()].filter((s) => ![200, 201, 409, 503].includes(s)),
      JSON.stringify([...statuses]),
    ).toEqual([]);
    expectAlive();
    expect(await timeUntil(async () => (await call(server, 'GET', '/api/auth/me', { cookie: cookies[0] })).status === 200, 2000)).toBeLessThan(2000);
  });

  it('database stopped: -> /healthz 200, /readyz 503; cached catalogue reads 200 for a signed-in user (past their TTL too); session reads, writes and uncached reads 503 with Retry-After; started again -> first success within 2 s', async () => {
    const [cookie] = cookies;
    const listInput = encodeURIComponent(JSON.stringify({ page: 1 }));
    // Into the read cache while the database answers.
    expect((await call(server, 'GET', '/api/tonies?page=1', { cookie })).status).toBe(200);
    expect((await call(server, 'GET', `/trpc/tonie.list?input=${listInput}`, { cookie })).status).toBe(200);

    await cluster.stop('fast');
    try {
      await sleep(2500);
      // Cached public reads answer, signed in or not (REST and tRPC), even past the cache's TTL.
      const cached = await call(server, 'GET', '/api/tonies?page=1', { cookie });
      expect(cached.status, cached.text).toBe(200);
      expect(cached.json().tonies.length).toBeGreaterThan(0);
      expect((await call(server, 'GET', '/api/tonies?page=1')).status).toBe(200);
      const cachedTrpc = await call(server, 'GET', `/trpc/tonie.list?input=${listInput}`, { cookie });
      expect(cachedTrpc.status, cachedTrpc.text).toBe(200);

      // Liveness is the process; readiness the database (and storage).
      expect((await call(server, 'GET', '/healthz')).status).toBe(200);
      const ready = await call(server, 'GET', '/readyz');
      expect(ready.status).toBe(503);
      expect(ready.json()).toMatchObject({ status: 'unavailable', database: 'unavailable', storage: 'ok' });

      // Anything that needs the session or the database: 503, never "signed out", never 500.
      expectUnavailable(await call(server, 'GET', '/api/auth/me', { cookie }));
      expectUnavailable(await call(server, 'GET', '/trpc/auth.me', { cookie }));
      expectUnavailable(await call(server, 'POST', '/api/tonies/1/ratings', { cookie, body: { rating: 5 } }));
      expectUnavailable(await call(server, 'POST', '/trpc/review.create', { cookie, body: { tonieId: 1, rating: 5 } }));
      expectUnavailable(await call(server, 'GET', '/api/tonies?page=2'));
      expectUnavailable(await call(server, 'GET', `/trpc/tonie.list?input=${encodeURIComponent(JSON.stringify({ page: 3 }))}`, { cookie }));
      expectAlive();
    } finally {
      if (!cluster.running()) await cluster.start({ wait: false });
    }
    const [dbMs, appMs] = await Promise.all([
      timeUntil(databaseAnswers, 60_000),
      timeUntil(async () => (await call(server, 'GET', '/api/auth/me', { cookie })).status === 200, 60_000),
    ]);
    expect(dbMs).toBeLessThan(60_000);
    console.info(`restart: the database answered after ${Math.round(dbMs)} ms, the app's first success after ${Math.round(appMs)} ms`);
    expect(appMs - dbMs, `database answered after ${Math.round(dbMs)} ms, the app after ${Math.round(appMs)} ms`).toBeLessThan(2000);
    expect((await call(server, 'GET', '/readyz')).status).toBe(200);
    expectAlive();
  }, 120_000);

  it('stopped (fast) and started, then stopped (immediate, as a crash) and started, under a write load: -> every acknowledged write is present, the process stays up', async () => {
    const acked: { id: number; tonieId: number; userId: string }[] = [];
    const statuses = new Map<number, number>();
    let failures = 0;
    let stop = false;
    let lastStart = Infinity;
    let ackedAfterLastStart = 0;
    const tonieIds = (await admin<{ id: number }>(`select id from tonies order by id`)).map((r) => r.id);
    const writer = async (w: number) => {
      const cookie = cookies[1 + w]!;
      // Each writer rates the Tonies in turn, each once (no retry: a 503 may or may not have committed).
      for (let i = 0; !stop && i < tonieIds.length; i++) {
        const tonieId = tonieIds[(i + w * 37) % tonieIds.length]!;
        const res = await call(server, 'POST', `/api/tonies/${tonieId}/ratings`, { cookie, body: { rating: 1 + (i % 5) } }).catch(() => null);
        if (!res) {
          failures++;
          continue;
        }
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
        if (res.status === 201) {
          const body = res.json();
          acked.push({ id: body.id, tonieId: body.tonieId, userId: body.userId });
          if (performance.now() > lastStart) ackedAfterLastStart++;
        } else if (res.status === 503) await sleep(50);
      }
    };
    // Clear the earlier tests' ratings so every (user, Tonie) pair is free.
    await admin('delete from ratings');
    const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
    const deadline = performance.now() + 60_000;
    try {
      await sleep(1500);
      await cluster.stop('fast');
      await sleep(1000);
      await cluster.start();
      await sleep(1500);
      await cluster.stop('immediate');
      await sleep(1000);
      await cluster.start();
      lastStart = performance.now();
      while (ackedAfterLastStart < 20 && performance.now() < deadline) await sleep(100);
    } finally {
      stop = true;
      await Promise.all(writers);
    }

    console.info(`write load: ${acked.length} acknowledged writes, answers ${JSON.stringify(Object.fromEntries(statuses))}`);
    expect(failures, `requests without an answer; server output:\n${server.output()}`).toBe(0);
    expect(
      [...statuses.keys()].filter((s) => s !== 201 && s !== 503),
      JSON.stringify([...statuses]),
    ).toEqual([]);
    expect(statuses.get(503) ?? 0).toBeGreaterThan(0);
    expect(ackedAfterLastStart).toBeGreaterThanOrEqual(20);
    const found = await admin<{ id: number; tonie_id: number; user_id: string }>('select id, tonie_id, user_id from ratings where id = any($1::int[])', [acked.map((a) => a.id)]);
    const present = new Map(found.map((r) => [r.id, r]));
    const missing = acked.filter((a) => present.get(a.id)?.tonie_id !== a.tonieId || present.get(a.id)?.user_id !== a.userId);
    expect(missing, `${missing.length} of ${acked.length} acknowledged writes are missing`).toEqual([]);
    expect(acked.length).toBeGreaterThan(50);
    expectAlive();
  }, 120_000);
});
