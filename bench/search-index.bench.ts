// The catalogue's search index as the catalogue grows (issue 33): at the real catalogue (~6,500
// Tonies, ../shared/data/toniesV2.json) and the synthetic one at 100,000 and 1,000,000 Tonies on
// PostgreSQL, the index built from the database as the server builds it (build time, heap it
// holds), the server CPU one search costs on it (each query of the mix, many times), and beside
// it the SQL search's cost on the same queries: pgbench's ceiling with 50 clients (cores / tps).
//
//   npm run bench:search
//
// BENCH_SIZES: which sizes (default 'real,100000,1000000'); BENCH_PGBENCH_SECONDS (default 10);
// BENCH_SQL=0 leaves out the SQL side. Run with --expose-gc (the npm script does) for the heap.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/src/db/database';
import { quietLog } from '../server/src/deps';
import { importTonies } from '../server/src/import/import-tonies';
import { refreshSearchIndexes } from '../server/src/repositories/tonie-search';
import { CatalogueSearch } from '../server/src/search/catalogue-search';
import { PARENT_QUERIES } from '../server/test/fixtures/parent-queries';
import { captureSql, log, pgbenchTps, scratchDatabase, step, syntheticCatalogue } from './harness';

/** Issue 33's targets at 100,000 Tonies. */
const CPU_MS_TARGET = 2;
const INDEX_MB_TARGET = 150;
const BUILD_S_TARGET = 10;
const TARGET_SIZE = 100_000;

const REAL_FILE = path.resolve(import.meta.dirname, '../../shared/data/toniesV2.json');
const SIZES = (process.env.BENCH_SIZES ?? 'real,100000,1000000').split(',').map((s) => s.trim());
const WITH_SQL = process.env.BENCH_SQL !== '0';
/** Times each query runs on the index (after one warm-up round). */
const ROUNDS = 30;

/** What parents type, on the synthetic catalogue's words: names, series, typos, folding, typing. */
const SYNTHETIC_QUERIES = [
  'moon',
  'Pírate-Tréasure',
  'lighthuse',
  'Fox und Owl',
  'captan',
  'dragon castle',
  'Moon Stories',
  'rainbow unicorn 17',
  'ca',
  'cas',
  'castl',
  'penguin and the',
  'Lighthuse Qwertzy',
];

const gc = (globalThis as { gc?: () => void }).gc;
function heapMb(): number {
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed / 1024 / 1024;
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

interface Row {
  size: string;
  tonies: number;
  buildS: number;
  heapMb: number;
  meanMs: number;
  p99Ms: number;
  worst: string;
  sqlMeanMs: number | null;
  sqlWorst: string;
}

async function measureSize(size: string): Promise<Row> {
  const scratch = scratchDatabase(`tonieshelf_bench_search_${size}`);
  const client = await scratch.recreate();
  let queries: string[];
  if (size === 'real') {
    if (!fs.existsSync(REAL_FILE)) throw new Error(`${REAL_FILE} is missing`);
    const { db, close } = await openDatabase({ url: scratch.url, poolSize: 2 });
    const t = performance.now();
    await importTonies(db, JSON.parse(fs.readFileSync(REAL_FILE, 'utf8')) as unknown[]);
    await refreshSearchIndexes(db);
    await close();
    log(`real catalogue imported in ${Math.round(performance.now() - t)} ms`);
    queries = PARENT_QUERIES.map((q) => q.query);
  } else {
    await syntheticCatalogue(client, Number(size), 2000);
    await step(client, 'vacuum analyze', 'VACUUM ANALYZE');
    queries = SYNTHETIC_QUERIES;
  }
  await client.end();

  const { db, close } = await openDatabase({ url: scratch.url, poolSize: 2 });
  try {
    const before = heapMb();
    const index = new CatalogueSearch(db, quietLog);
    const t = performance.now();
    index.start();
    await index.settled();
    const buildS = (performance.now() - t) / 1000;
    const held = heapMb() - before;
    log(`${size}: ${index.size} Tonies indexed in ${round(buildS)} s, ${Math.round(held)} MB of heap`);

    const perQuery = new Map<string, number[]>();
    for (const q of queries) index.search(q);
    for (let r = 0; r < ROUNDS; r++) {
      for (const q of queries) {
        const s = performance.now();
        index.search(q);
        const ms = performance.now() - s;
        perQuery.set(q, [...(perQuery.get(q) ?? []), ms]);
      }
    }
    const all = [...perQuery.values()].flat().sort((a, b) => a - b);
    const medians = [...perQuery].map(([q, times]) => ({ q, ms: [...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]! }));
    medians.sort((a, b) => b.ms - a.ms);
    for (const m of medians) log(`    index ${JSON.stringify(m.q)}: ${round(m.ms)} ms`);

    let sqlMeanMs: number | null = null;
    let sqlWorst = '–';
    if (WITH_SQL) {
      const costs: { q: string; ms: number }[] = [];
      for (const q of queries) {
        const statements = await captureSql(scratch.url, (caller) => caller.tonie.list({ search: q }));
        const tps = pgbenchTps(scratch.url, statements);
        costs.push({ q, ms: (os.cpus().length * 1000) / tps });
        log(`    SQL ${JSON.stringify(q)}: ${Math.round(tps)} tps, ${round(costs.at(-1)!.ms)} ms CPU`);
      }
      sqlMeanMs = costs.reduce((sum, c) => sum + c.ms, 0) / costs.length;
      const worst = costs.reduce((a, b) => (b.ms > a.ms ? b : a));
      sqlWorst = `${round(worst.ms)} (${worst.q})`;
    }
    index.stop();
    return {
      size,
      tonies: index.size,
      buildS,
      heapMb: held,
      meanMs: all.reduce((a, b) => a + b, 0) / all.length,
      p99Ms: percentile(all, 99),
      worst: `${round(medians[0]!.ms)} (${medians[0]!.q})`,
      sqlMeanMs,
      sqlWorst,
    };
  } finally {
    await close();
    if (process.env.BENCH_KEEP !== '1') await scratch.drop();
  }
}

async function main() {
  if (!gc) log('run with --expose-gc for the heap figures (npm run bench:search does)');
  log(`Node ${process.version}, ${os.cpus().length} cores`);
  const rows: Row[] = [];
  for (const size of SIZES) rows.push(await measureSize(size));
  console.log(
    `\nIndex: built from PostgreSQL as the server builds it; heap held after GC; CPU per search on the index: each query ${ROUNDS} times in one thread (mean and p99 over all, and the slowest query's median). ` +
      `SQL: the catalogue search's statements under pgbench, 50 clients; CPU = ${os.cpus().length} cores / tps (mean over the queries, and the dearest). ` +
      `Targets at ${TARGET_SIZE.toLocaleString('en')} Tonies: CPU per search ≤ ${CPU_MS_TARGET} ms, index ≤ ${INDEX_MB_TARGET} MB, build ≤ ${BUILD_S_TARGET} s.\n`,
  );
  console.log('| Tonies | build s | index MB | index CPU ms/search mean | p99 | slowest query (median ms) | SQL CPU ms/search mean | dearest SQL query (ms) |');
  console.log('|---:|---:|---:|---:|---:|---|---:|---|');
  for (const r of rows) {
    console.log(
      `| ${r.tonies.toLocaleString('en')} | ${round(r.buildS, 1)} | ${Math.round(r.heapMb)} | ${round(r.meanMs)} | ${round(r.p99Ms)} | ${r.worst} | ${r.sqlMeanMs === null ? '–' : round(r.sqlMeanMs)} | ${r.sqlWorst} |`,
    );
  }
  const target = rows.find((r) => r.tonies >= TARGET_SIZE && r.tonies < TARGET_SIZE * 2);
  if (target) {
    const misses = [
      target.meanMs > CPU_MS_TARGET ? `CPU ${round(target.meanMs)} > ${CPU_MS_TARGET} ms` : '',
      target.heapMb > INDEX_MB_TARGET ? `index ${Math.round(target.heapMb)} > ${INDEX_MB_TARGET} MB` : '',
      target.buildS > BUILD_S_TARGET ? `build ${round(target.buildS, 1)} > ${BUILD_S_TARGET} s` : '',
    ].filter(Boolean);
    console.log(misses.length ? `\nMissed at ${TARGET_SIZE.toLocaleString('en')}: ${misses.join('; ')}` : `\nEvery target met at ${TARGET_SIZE.toLocaleString('en')}.`);
  }
}

await main();
