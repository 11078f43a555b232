// Import benchmark: the real community toniesV2.json (never copied into the repository) into a
// fresh in-memory PGlite and a fresh PostgreSQL database, first import and re-import.
//
//   node node_modules/tsx/dist/cli.mjs bench/import.bench.ts
//
// BENCH_TONIES_FILE overrides the data file (default ../shared/data/toniesV2.json from the repo
// root); BENCH_DATABASE_URL the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres),
// where a scratch database is created and dropped again. Budget: every import <= 10 s; the
// process exits 1 when one is over.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, type Database } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';
import { importTonies, type ImportSummary } from '../server/src/import/import-tonies';

const BUDGET_MS = 10_000;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const file = path.resolve(process.env.BENCH_TONIES_FILE ?? path.resolve(repoRoot, '../shared/data/toniesV2.json'));
const adminUrl = process.env.BENCH_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

interface Row {
  target: string;
  step: string;
  ms: number;
  rowsPerSec: number | null;
  inserted: number | null;
  updated: number | null;
  unchanged: number | null;
  skipped: number | null;
  peakRssMb: number;
}

const rows: Row[] = [];

function peakRssMb(): number {
  // maxRSS is in KiB on Linux/macOS: the process's peak so far (so it only grows down the table).
  return Math.round(process.resourceUsage().maxRSS / 1024);
}

async function timed<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const start = performance.now();
  const result = await fn();
  return [result, Math.round(performance.now() - start)];
}

function record(target: string, step: string, ms: number, summary?: ImportSummary) {
  const written = summary ? summary.inserted + summary.updated + summary.unchanged : null;
  rows.push({
    target,
    step,
    ms,
    rowsPerSec: written !== null && ms > 0 ? Math.round((written / ms) * 1000) : null,
    inserted: summary?.inserted ?? null,
    updated: summary?.updated ?? null,
    unchanged: summary?.unchanged ?? null,
    skipped: summary?.skipped.length ?? null,
    peakRssMb: peakRssMb(),
  });
}

async function benchTarget(target: string, open: () => Promise<Database>, data: unknown[]) {
  const [database, openMs] = await timed(async () => {
    const db = await open();
    await migrateToLatest(db.db);
    return db;
  });
  record(target, 'open + migrate', openMs);
  try {
    const [firstRun, firstMs] = await timed(() => importTonies(database.db, data));
    record(target, 'first import', firstMs, firstRun);
    const [again, againMs] = await timed(() => importTonies(database.db, data));
    record(target, 're-import (no change)', againMs, again);
    if (again.inserted !== 0 || again.updated !== 0) {
      console.error(`${target}: re-import changed rows (${again.inserted} inserted, ${again.updated} updated)`);
      process.exitCode = 1;
    }
  } finally {
    await database.close();
  }
}

async function withScratchPostgres<T>(fn: (url: string) => Promise<T>): Promise<T> {
  const name = `tonieshelf_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await fn(url.toString());
  } finally {
    const dropper = new pg.Client({ connectionString: adminUrl });
    await dropper.connect();
    try {
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    } finally {
      await dropper.end();
    }
  }
}

function printTable() {
  const header = ['target', 'step', 'ms', 'rows/s', 'inserted', 'updated', 'unchanged', 'skipped', 'peak RSS MB'];
  const body = rows.map((r) => [
    r.target,
    r.step,
    String(r.ms),
    r.rowsPerSec?.toString() ?? '',
    r.inserted?.toString() ?? '',
    r.updated?.toString() ?? '',
    r.unchanged?.toString() ?? '',
    r.skipped?.toString() ?? '',
    String(r.peakRssMb),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((b) => b[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(line(header));
  console.log(`|${widths.map((w, i) => (i >= 2 ? `${'-'.repeat(w + 1)}:` : `${'-'.repeat(w + 2)}`)).join('|')}|`);
  for (const b of body) console.log(line(b));
}

async function main() {
  if (!fs.existsSync(file)) {
    console.log(`import bench skipped: ${file} does not exist (set BENCH_TONIES_FILE).`);
    return;
  }
  const [data, parseMs] = await timed(async () => JSON.parse(await fs.promises.readFile(file, 'utf8')) as unknown[]);
  console.log(`File ${file}: ${(fs.statSync(file).size / 1e6).toFixed(1)} MB, ${data.length} records, read + parse ${parseMs} ms`);
  console.log(`Node ${process.version}, ${process.platform}/${process.arch}\n`);

  await benchTarget('PGlite (memory)', () => openDatabase({ pgliteDir: 'memory' }), data);

  try {
    await withScratchPostgres((url) => benchTarget(`PostgreSQL (${new URL(adminUrl).host})`, () => openDatabase({ url, poolSize: 2 }), data));
  } catch (err) {
    console.log(`PostgreSQL skipped: ${err instanceof Error ? err.message : String(err)}`);
  }

  printTable();
  const over = rows.filter((r) => r.step !== 'open + migrate' && r.ms > BUDGET_MS);
  if (over.length > 0) {
    console.log(`\nOVER BUDGET (${BUDGET_MS} ms): ${over.map((r) => `${r.target} ${r.step} ${r.ms} ms`).join('; ')}`);
    process.exitCode = 1;
  } else {
    console.log(`\nEvery import within the ${BUDGET_MS / 1000} s budget.`);
  }
}

main().catch((err: unknown) => {
  console.error(`import bench failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
});
