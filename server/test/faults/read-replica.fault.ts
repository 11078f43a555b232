// Read replicas (DATABASE_REPLICA_URL): a primary and a streaming replica of the test's own
// (initdb, then pg_basebackup -R), and the server on both with its read cache off, so every read
// shows where it went. The replica's replay is paused to make it lag: a change written behind the
// app's back on the primary then shows only where the primary is read.
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, createCluster, createStandby, freePort, type PgCluster } from './pg-cluster';
import { call, startServer, type ServerProcess } from './server-process';
import { sleep, timeUntil } from './wait';

/** read-routing.ts's MAX_BEHIND_MS: a replica further behind is not read. */
const MAX_BEHIND_MS = 5000;

let primary: PgCluster;
let replica: PgCluster;
let server: ServerProcess;
let cookie: string;
let tonieIds: number[] = [];
let nextTonie = 0;

const onPrimary = <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) => adminQuery<R>(primary, text, params);
const onReplica = <R extends pg.QueryResultRow>(text: string, params: unknown[] = []) => adminQuery<R>(replica, text, params);

async function tonieName(id: number): Promise<string> {
  const res = await call(server, 'GET', `/api/tonies/${id}`);
  expect(res.status, res.text).toBe(200);
  return res.json().name as string;
}

async function ratingCount(id: number): Promise<number> {
  const res = await call(server, 'GET', `/api/tonies/${id}/ratings/summary`);
  expect(res.status, res.text).toBe(200);
  return res.json().totalRatings as number;
}

/** The replica has replayed everything the primary has written so far. */
async function replicaCaughtUp(): Promise<void> {
  const [{ lsn }] = await onPrimary<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const ms = await timeUntil(async () => (await onReplica<{ behind: boolean }>('select pg_last_wal_replay_lsn() < $1::pg_lsn as behind', [lsn]))[0]!.behind === false, 10_000);
  expect(ms, 'the replica should catch up').toBeLessThan(10_000);
}

/**
 * Renames a Tonie on the primary behind the app's back while the replica's replay is paused:
 * the server answers the old name while it reads the replica. Returns the Tonie and both names.
 */
async function renameWhileReplicaPaused(): Promise<{ id: number; before: string; after: string }> {
  const id = tonieIds[nextTonie++]!;
  await replicaCaughtUp();
  const before = await tonieName(id);
  await onReplica('select pg_wal_replay_pause()');
  const after = `${before} (renamed ${Date.now()})`;
  await onPrimary('update tonies set name = $1 where id = $2', [after, id]);
  return { id, before, after };
}

beforeAll(async () => {
  primary = await createCluster({ portFrom: Number(process.env.FAULT_PG_PORT_FROM) || undefined });
  await primary.start();
  replica = await createStandby(primary);
  await replica.start();
  const port = await freePort(Number(process.env.FAULT_APP_PORT_FROM) || 45000 + Math.floor(Math.random() * 2000));
  server = await startServer({
    port,
    databaseUrl: primary.url(),
    env: { DATABASE_REPLICA_URL: replica.url(), CACHE_TTL_SECONDS: '0', LOG_LEVEL: 'info' },
  });
  await onPrimary(`insert into tonies (article, name, category) select 'R-' || i, 'Replica Tonie ' || i, 'Music' from generate_series(1, 20) as i`);
  tonieIds = (await onPrimary<{ id: number }>(`select id from tonies where article like 'R-%' order by id`)).map((r) => r.id);

  const stamp = Date.now().toString(36);
  const password = 'Replica-Shelf-Pass-Phrase-42';
  const registered = await call(server, 'POST', '/api/auth/register', {
    body: { firstName: 'Rita', lastName: 'Plica', email: `rita-${stamp}@example.com`, username: `rita${stamp}`, password, confirmPassword: password },
  });
  expect(registered.status, registered.text).toBe(201);
  cookie = registered.headers
    .getSetCookie()
    .find((c) => c.startsWith('tonieshelf_session='))!
    .split(';')[0]!;
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await replica?.destroy();
  await primary?.destroy();
}, 60_000);

describe('read replicas (a primary and a streaming replica of the test, the read cache off)', () => {
  it('public reads go to the replica: a change it has not replayed is not seen; once replayed it is', async () => {
    const { id, before, after } = await renameWhileReplicaPaused();
    expect(await tonieName(id)).toBe(before);
    // The primary has it: this is the replica answering.
    expect((await onPrimary<{ name: string }>('select name from tonies where id = $1', [id]))[0]!.name).toBe(after);
    await onReplica('select pg_wal_replay_resume()');
    expect(await timeUntil(async () => (await tonieName(id)) === after, 3000)).toBeLessThan(3000);
  });

  it(`a replica more than ${MAX_BEHIND_MS / 1000} s behind is not read: the primary answers`, async () => {
    const { id, before, after } = await renameWhileReplicaPaused();
    const pausedAt = performance.now();
    expect(await tonieName(id)).toBe(before);
    const ms = await timeUntil(async () => (await tonieName(id)) === after, MAX_BEHIND_MS + 5000, 100);
    const since = performance.now() - pausedAt;
    await onReplica('select pg_wal_replay_resume()');
    expect(ms).toBeLessThan(Infinity);
    expect(since).toBeGreaterThan(MAX_BEHIND_MS - 1000);
  });

  it("a user's own write is read back at once from the primary while the replica lags; afterwards the replica is read again", async () => {
    const id = tonieIds[nextTonie++]!;
    await replicaCaughtUp();
    expect(await ratingCount(id)).toBe(0);
    await onReplica('select pg_wal_replay_pause()');
    const rated = await call(server, 'POST', `/api/tonies/${id}/ratings`, { cookie, body: { rating: 4 } });
    expect(rated.status, rated.text).toBe(201);
    // The replica does not have it yet; the answer does.
    expect((await onReplica<{ n: number }>('select count(*)::int as n from ratings where tonie_id = $1', [id]))[0]!.n).toBe(0);
    expect(await ratingCount(id)).toBe(1);
    await onReplica('select pg_wal_replay_resume()');

    // Caught up, the replica answers again (a change behind the app's back is unseen while paused).
    await sleep(1000);
    const renamed = await renameWhileReplicaPaused();
    expect(await tonieName(renamed.id)).toBe(renamed.before);
    await onReplica('select pg_wal_replay_resume()');
  });

  it("a helpful vote shows at once in the Tonie's review list while the replica lags", async () => {
    const id = tonieIds[nextTonie++]!;
    const stamp = `${Date.now().toString(36)}b`;
    const password = 'Replica-Shelf-Pass-Phrase-42';
    const author = await call(server, 'POST', '/api/auth/register', {
      body: { firstName: 'Rolf', lastName: 'Plica', email: `rolf-${stamp}@example.com`, username: `rolf${stamp}`, password, confirmPassword: password },
    });
    expect(author.status, author.text).toBe(201);
    const authorCookie = author.headers
      .getSetCookie()
      .find((c) => c.startsWith('tonieshelf_session='))!
      .split(';')[0]!;
    const review = await call(server, 'POST', `/api/tonies/${id}/ratings`, { cookie: authorCookie, body: { rating: 5, review: 'Our daughter hears it every night.' } });
    expect(review.status, review.text).toBe(201);
    const ratingId = review.json().id as number;
    // Once the app has seen the replica replay the review (its probes), the replica is paused and
    // answers the catalogue's reads: a rename it lacks is not seen.
    await replicaCaughtUp();
    await sleep(1000);
    const renamed = await renameWhileReplicaPaused();
    try {
      expect(await tonieName(renamed.id)).toBe(renamed.before);
      const vote = await call(server, 'PUT', `/api/ratings/${ratingId}/helpful`, { cookie });
      expect(vote.status, vote.text).toBe(200);
      const list = await call(server, 'GET', `/api/tonies/${id}/ratings`);
      expect(list.status, list.text).toBe(200);
      const shown = (list.json() as { id: number; helpfulCount: number }[]).find((r) => r.id === ratingId);
      expect(shown?.helpfulCount).toBe(1);
    } finally {
      await onReplica('select pg_wal_replay_resume()');
    }
  });

  it('the replica going away: reads fall back to the primary with no 5xx; back, it is read again', async () => {
    await replicaCaughtUp();
    await replica.stop('immediate');
    const statuses: number[] = [];
    const started = performance.now();
    while (performance.now() - started < 3000) {
      const [list, one] = await Promise.all([call(server, 'GET', '/api/tonies?page=1'), call(server, 'GET', `/api/tonies/${tonieIds[0]}`)]);
      statuses.push(list.status, one.status);
    }
    expect(statuses.length).toBeGreaterThan(10);
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
    expect(server.output()).toContain('cannot be reached: its reads go to the primary');

    await replica.start();
    expect(await timeUntil(async () => server.output().includes('answers again: public reads use it'), 10_000)).toBeLessThan(10_000);
    await sleep(1000);
    const renamed = await renameWhileReplicaPaused();
    expect(await tonieName(renamed.id)).toBe(renamed.before);
    await onReplica('select pg_wal_replay_resume()');
    expect(server.child.exitCode).toBeNull();
  });
});
