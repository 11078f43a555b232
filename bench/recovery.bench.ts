// Recovery after a database restart: the real server on a PostgreSQL cluster of the benchmark's
// own (initdb in a temporary directory, a free loopback port; never the machine's cluster). Each
// run stops PostgreSQL (alternately a fast shutdown and an immediate one, as a crash), keeps it
// down for a moment while the app answers 503, starts it again, and polls both the database
// (a fresh connection and `select 1`) and the app (a signed-in `GET /api/auth/me`, which needs the
// session store) every 10 ms. Printed: when each answered again, and the gap between them.
//
//   npm run bench:recovery
//
// RECOVERY_RUNS (default 6), RECOVERY_DOWN_SECONDS (default 3). PG_BIN: where initdb and pg_ctl
// live (default /usr/lib/postgresql/15/bin).
import os from 'node:os';
import pg from 'pg';
import { createSession } from '../server/src/auth/session';
import { openDatabase } from '../server/src/db/database';
import { createCluster, freePort } from '../server/test/faults/pg-cluster';
import { call, startServer } from '../server/test/faults/server-process';
import { log } from './harness';

const RUNS = Number(process.env.RECOVERY_RUNS ?? 6);
const DOWN_SECONDS = Number(process.env.RECOVERY_DOWN_SECONDS ?? 3);
const POLL_MS = 10;
const LIMIT_MS = 60_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Milliseconds from `since` until `probe` first succeeds (polled every POLL_MS). */
async function firstSuccess(since: number, probe: () => Promise<boolean>): Promise<number> {
  while (performance.now() - since < LIMIT_MS) {
    if (await probe().catch(() => false)) return performance.now() - since;
    await sleep(POLL_MS);
  }
  return Infinity;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  log(`recovery: ${RUNS} restarts, ${DOWN_SECONDS} s down each; ${os.cpus().length} CPUs, Node ${process.version}`);
  const cluster = await createCluster();
  let server: Awaited<ReturnType<typeof startServer>> | null = null;
  try {
    await cluster.start();
    server = await startServer({ port: await freePort(3414), databaseUrl: cluster.url(), env: { LOG_LEVEL: 'warn' } });
    const database = await openDatabase({ url: cluster.url(), poolSize: 1 });
    const user = await database.db
      .insertInto('users')
      .values({ email: 'recovery@example.com', username: 'recovery', first_name: 'Re', last_name: 'Covery', password_hash: 'not-used' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const { token } = await createSession(database.db, user.id, { aal: 1, ip: '127.0.0.1', userAgent: 'bench' });
    await database.close();
    const cookie = `tonieshelf_session=${token}`;
    const app = server;

    const databaseAnswers = async () => {
      const client = new pg.Client({ connectionString: cluster.url(), connectionTimeoutMillis: 1000 });
      client.on('error', () => {});
      try {
        await client.connect();
        await client.query('select 1');
        return true;
      } finally {
        await client.end().catch(() => {});
      }
    };
    const appAnswers = async () => (await call(app, 'GET', '/api/auth/me', { cookie })).status === 200;

    if (!(await appAnswers())) throw new Error('the app does not answer before the first restart');
    const rows: { mode: string; downStatus: string; dbMs: number; appMs: number }[] = [];
    for (let run = 0; run < RUNS; run++) {
      const mode = run % 2 === 0 ? 'fast' : 'immediate';
      await cluster.stop(mode);
      await sleep(DOWN_SECONDS * 1000);
      const down = await call(app, 'GET', '/api/auth/me', { cookie });
      const since = performance.now();
      await cluster.start({ wait: false });
      const [dbMs, appMs] = await Promise.all([firstSuccess(since, databaseAnswers), firstSuccess(since, appAnswers)]);
      rows.push({ mode, downStatus: `${down.status} Retry-After ${down.headers.get('retry-after')}`, dbMs, appMs });
      log(
        `run ${run + 1} (${mode.padEnd(9)}): while down ${rows.at(-1)!.downStatus}; database answered ${dbMs.toFixed(0).padStart(5)} ms after start, app ${appMs.toFixed(0).padStart(5)} ms -> gap ${(appMs - dbMs).toFixed(0)} ms`,
      );
      await sleep(1000);
    }
    const gaps = rows.map((r) => r.appMs - r.dbMs);
    console.log('');
    console.log(
      `gap from the database answering to the app's first success: median ${median(gaps).toFixed(0)} ms, min ${Math.min(...gaps).toFixed(0)} ms, max ${Math.max(...gaps).toFixed(0)} ms (polled every ${POLL_MS} ms)`,
    );
    console.log(`server process ${app.child.exitCode === null ? 'was still running' : 'HAD EXITED'} at the end`);
    if (app.child.exitCode !== null || !gaps.every(Number.isFinite)) process.exitCode = 1;
  } finally {
    await server?.stop();
    await cluster.destroy();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
