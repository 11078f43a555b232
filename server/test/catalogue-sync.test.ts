// The daily catalogue sync (CATALOGUE_SYNC_URL) with a short interval against a local HTTP
// server: the first run after its delay imports and logs what changed; a failing source is
// logged, changes nothing and is retried at the next run; a changed file updates in place; runs
// never overlap, even when one outlasts the interval; stop ends the schedule. The app's jobs
// schedule it only when CATALOGUE_SYNC_URL is set.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReadCache } from '../src/cache';
import { loadConfig } from '../src/config';
import type { AppDeps, Log } from '../src/deps';
import { startJobs } from '../src/jobs/index';
import { startCatalogueSync, syncCatalogueOnce, type SyncOutcome } from '../src/jobs/catalogue-sync';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/tonies-dirty.json');

let database: TestDatabase;
let source: http.Server;
let url: string;
/** What the source answers next: the fixture, a changed fixture, an error, or the fixture slowly. */
let mode: 'fixture' | 'changed' | 'error' | 'slow' = 'fixture';
let requests = 0;
let inFlight = 0;
let maxInFlight = 0;

interface Line {
  level: 'info' | 'warn' | 'error';
  obj: Record<string, unknown>;
  msg?: string;
}
const logged: Line[] = [];
const log: Log = {
  info: (obj, msg) => logged.push({ level: 'info', obj: obj as Record<string, unknown>, msg }),
  warn: (obj, msg) => logged.push({ level: 'warn', obj: obj as Record<string, unknown>, msg }),
  error: (obj, msg) => logged.push({ level: 'error', obj: obj as Record<string, unknown>, msg }),
};

function changedFixture(): Buffer {
  const data = JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { article?: string; data: Record<string, unknown>[] }[];
  const record = data.find((r) => r.article === 'TS-0006')!;
  record.data[0]!.runtime = 77;
  return Buffer.from(JSON.stringify(data));
}

beforeAll(async () => {
  database = await createTestDatabase();
  const fixture = fs.readFileSync(FIXTURE);
  const changed = changedFixture();
  source = http.createServer((_req, res) => {
    requests++;
    inFlight++;
    maxInFlight = Math.max(maxInFlight, inFlight);
    res.on('close', () => inFlight--);
    if (mode === 'error') {
      res.writeHead(503).end();
    } else if (mode === 'slow') {
      setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end(fixture), 600);
    } else {
      res.writeHead(200, { 'content-type': 'application/json' }).end(mode === 'changed' ? changed : fixture);
    }
  });
  await new Promise<void>((resolve) => source.listen(0, '127.0.0.1', resolve));
  url = `http://sync:secret@127.0.0.1:${(source.address() as AddressInfo).port}/toniesV2.json`;
});
afterAll(async () => {
  await new Promise((resolve) => source?.close(resolve));
  await database?.close();
});

async function countTonies(): Promise<number> {
  const row = await database.db
    .selectFrom('tonies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Resolves with the next `n` outcomes of the schedule. */
function outcomes(n: number): { seen: SyncOutcome[]; done: Promise<SyncOutcome[]>; onRun: (o: SyncOutcome) => void } {
  const seen: SyncOutcome[] = [];
  let resolve!: (v: SyncOutcome[]) => void;
  const done = new Promise<SyncOutcome[]>((r) => (resolve = r));
  return {
    seen,
    done,
    onRun(o) {
      seen.push(o);
      if (seen.length === n) resolve(seen);
    },
  };
}

describe(`catalogue sync (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('schedule: first run after the delay imports; a failing source is logged and retried; a changed file updates; no overlap; stop ends it', async () => {
    const deps = { db: database.db, cache: new ReadCache(10_000), log };
    const runs = outcomes(4);
    const started = Date.now();
    let sync: { stop: () => Promise<void> } | null = null;
    const order: string[] = [];
    sync = startCatalogueSync(deps, url, { firstRunMs: 150, everyMs: 400, timeoutMs: 5000 }, (o) => {
      runs.onRun(o);
      // Next run's source: an error, then the changed file, then a slow answer (longer than the interval).
      order.push(mode);
      mode = runs.seen.length === 1 ? 'error' : runs.seen.length === 2 ? 'changed' : 'slow';
    });
    expect(logged.find((l) => l.msg === 'catalogue sync scheduled')?.obj).toMatchObject({ source: url.replace('sync:secret@', ''), firstRunInMs: 150 });
    expect(requests).toBe(0);

    const [first, failed, changed, slow] = await runs.done;
    await sync.stop();
    expect(order).toEqual(['fixture', 'error', 'changed', 'slow']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(150 + 3 * 400 - 50);

    // 1. The first import, logged with what changed.
    expect(first).toMatchObject({ ok: true, summary: { inserted: 24, updated: 0, skipped: expect.any(Array) } });
    const firstLine = logged.find((l) => l.msg?.startsWith('catalogue synced:'))!;
    expect(firstLine.level).toBe('info');
    expect(firstLine.obj).toMatchObject({
      inserted: 24,
      updated: 0,
      unchanged: 0,
      demoRemoved: 0,
      skipped: { 'system sound, not a figure': 1, 'no article': 1, 'runtime is not a number': 1, 'no series': 1, 'duplicate article (an earlier record has it)': 1 },
    });
    expect(JSON.stringify(logged)).not.toContain('secret');

    // 2. The source failing: a warning with the reason, nothing changed.
    expect(failed).toEqual({ ok: false, error: expect.stringMatching(/^could not fetch http:\/\/127\.0\.0\.1:\d+\/toniesV2\.json \(HTTP 503\)$/) });
    expect(logged.filter((l) => l.level === 'warn')).toHaveLength(1);

    // 3. The changed file: one Tonie updated, the rest unchanged.
    expect(changed).toMatchObject({ ok: true, summary: { inserted: 0, updated: 1, unchanged: 23 } });

    // 4. A run slower than the interval (the original file again: that Tonie changes back); the
    //    next waits; never two downloads at once.
    expect(slow).toMatchObject({ ok: true, summary: { inserted: 0, updated: 1, unchanged: 23 } });
    const runtime = await database.db.selectFrom('tonies').select('runtime').where('article', '=', 'TS-0006').executeTakeFirstOrThrow();
    expect(runtime.runtime).toBe(38);
    expect(maxInFlight).toBe(1);
    expect(await countTonies()).toBe(24);

    // Stopped: no further run.
    const after = requests;
    await new Promise((r) => setTimeout(r, 900));
    expect(requests).toBe(after);
  }, 60_000);

  it("the app's jobs: CATALOGUE_SYNC_URL set -> the sync is scheduled (first run minutes later); unset -> not", async () => {
    const scheduled = () => logged.filter((l) => l.msg === 'catalogue sync scheduled').length;
    const before = scheduled();
    const deps = (syncUrl: string | undefined) =>
      ({ db: database.db, cache: new ReadCache(0), log, config: { ...loadConfig({}, '/srv/app'), catalogueSyncUrl: syncUrl } }) as unknown as AppDeps;
    const off = startJobs(deps(undefined), [], []);
    await off.ranOnce;
    await off.stop();
    expect(scheduled()).toBe(before);
    const requestsBefore = requests;
    const on = startJobs(deps(url), [], []);
    await on.ranOnce;
    expect(scheduled()).toBe(before + 1);
    expect(logged.at(-1)?.obj).toMatchObject({ firstRunInMs: 5 * 60 * 1000, everyMs: 24 * 3600 * 1000 });
    await on.stop();
    expect(requests).toBe(requestsBefore);
  });

  it('a source that is not the format -> logged failure, nothing written (one transaction)', async () => {
    const bad = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"not": "a list"}'));
    await new Promise<void>((resolve) => bad.listen(0, '127.0.0.1', resolve));
    try {
      const before = await countTonies();
      const outcome = await syncCatalogueOnce({ db: database.db, cache: new ReadCache(0), log }, `http://127.0.0.1:${(bad.address() as AddressInfo).port}/x.json`);
      expect(outcome).toEqual({ ok: false, error: 'expected a JSON array of {article, data} records, got an object' });
      expect(await countTonies()).toBe(before);
    } finally {
      await new Promise((resolve) => bad.close(resolve));
    }
  });
});
