// What the upload quotas cost an upload request. Each upload runs the quota query twice: once
// before its body is read (uploadRoom: the user's stored and pending bytes and uploads of the
// last hour, one round trip), and once when it is recorded, inside the recording transaction
// under the user's row lock (recordUpload). This measures, on the embedded database (PGlite, in
// memory) and on PostgreSQL (a scratch database on BENCH_DATABASE_URL's server):
//
//   - the check before the body (uploadRoom), alone;
//   - recording an upload with the check (in one transaction: the user's row lock, the query,
//     then the pending row and the upload record in one statement) against the plain insert of
//     the pending row that recording was before the quotas;
//   - a whole cover upload (a 2 KB PNG over app.inject, the real routes) for scale;
//   - and the disk reserve check (fs.statfs), which every upload and write makes.
//
// The user measured keeps 500 audio files, 20 pending uploads and 59 uploads of the last hour,
// among 2,000 users with 100,000 audio files in all.
//
//   node node_modules/tsx/dist/cli.mjs bench/quota.bench.ts    (npm run bench:quota)
//
// BENCH_QUOTA_RUNS: calls per measurement (default 1000).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { buildApp } from '../server/src/app';
import { recordUpload, uploadRoom } from '../server/src/audio/service';
import { loadConfig, type UploadLimits } from '../server/src/config';
import { openDatabase, type Database } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';
import type { DB } from '../server/src/db/types';
import { insertPendingUpload } from '../server/src/repositories/uploads';
import { DiskSpace } from '../server/src/storage/disk-space';
import { LocalStorage } from '../server/src/storage/local';
import { log, scratchDatabase } from './harness';

const RUNS = Number(process.env.BENCH_QUOTA_RUNS ?? 1000);
const MB = 1024 * 1024;
const LIMITS: UploadLimits = { storedBytes: 1024 * 1024 * MB, pendingBytes: 1024 * 1024 * MB, perHour: 1_000_000, inFlight: 2, idleTimeoutMs: 30_000, shutdownGraceMs: 8000 };
const ORIGIN = 'http://tonieshelf.bench';

function stats(samples: number[]) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95), p99: at(0.99) };
}
const ms = (v: number) => `${v.toFixed(3)} ms`;
function report(label: string, samples: number[]) {
  const s = stats(samples);
  log(`  ${label.padEnd(58)} median ${ms(s.median)}  p95 ${ms(s.p95)}  p99 ${ms(s.p99)}`);
  return s;
}

async function time(runs: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < Math.min(50, runs); i++) await fn(-1 - i); // warm-up
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn(i);
    out.push(performance.now() - t);
  }
  return out;
}

/** 2,000 users, 100,000 audio files (500 of them the measured user's), his 20 pending uploads and 59 recent uploads. */
async function seed(db: Kysely<DB>): Promise<string> {
  await sql`INSERT INTO users (email, username, first_name, last_name, password_hash)
            SELECT 'u' || g || '@bench.test', 'u' || g, 'U', 'B', 'x' FROM generate_series(1, 2000) g`.execute(db);
  const { id } = await db.selectFrom('users').select('id').where('username', '=', 'u1').executeTakeFirstOrThrow();
  await sql`INSERT INTO audio_files (user_id, title, file_path, file_name, file_size, mime_type, status)
            SELECT CASE WHEN g <= 500 THEN ${id}::uuid ELSE u.ids[1 + g % array_length(u.ids, 1)] END,
                   'Track ' || g, 'audio-files/x/' || g || '.mp3', g || '.mp3', 1000000 + g, 'audio/mpeg', 'published'
            FROM generate_series(1, 100000) g, (SELECT array_agg(id) AS ids FROM users WHERE id <> ${id}::uuid) u`.execute(db);
  await sql`INSERT INTO pending_uploads (user_id, kind, file_path, file_name, file_size, mime_type)
            SELECT ${id}::uuid, 'audio', 'audio-files/p/' || g || '.mp3', g || '.mp3', 2000000, 'audio/mpeg' FROM generate_series(1, 20) g`.execute(db);
  await sql`INSERT INTO upload_events (user_id, bytes, created_at)
            SELECT ${id}::uuid, 2000000, now() - (g || ' seconds')::interval FROM generate_series(1, 59) g`.execute(db);
  await sql`ANALYZE`.execute(db);
  return id;
}

/** A small PNG (1x1) padded to 2 KB: the cover upload used for the whole-request figure. */
function png2k(): Buffer {
  const head = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4e50000000049454e44ae426082', 'hex');
  return Buffer.concat([head, Buffer.alloc(2048 - head.length)]);
}

async function benchTarget(label: string, database: Database) {
  const db = database.db;
  await migrateToLatest(db);
  const t0 = performance.now();
  const userId = await seed(db);
  log(`${label}: seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const check = report('check before the body (uploadRoom)', await time(RUNS, () => uploadRoom(db, userId, LIMITS, 2 * MB)));

  let n = 0;
  const row = (i: number) => ({
    userId,
    kind: 'cover' as const,
    filePath: `cover-images/bench-${label.length}-${i}-${n++}.png`,
    fileName: 'c.png',
    fileSize: 2048,
    mimeType: 'image/png',
    duration: null,
  });
  const cleanup = () => db.deleteFrom('pending_uploads').where('file_path', 'like', 'cover-images/bench-%').execute();
  const plain = report(
    'recording, before the quotas (insert the pending row)',
    await time(RUNS, async (i) => {
      const u = row(i);
      await insertPendingUpload(db, {
        user_id: u.userId,
        kind: u.kind,
        file_path: u.filePath,
        file_name: u.fileName,
        file_size: u.fileSize,
        mime_type: u.mimeType,
        duration: null,
      });
      if (i % 50 === 0) await cleanup();
    }),
  );
  await cleanup();
  const checked = report(
    'recording with the check (lock, query, pending row, upload record)',
    await time(RUNS, async (i) => {
      await recordUpload(db, row(i), LIMITS);
      if (i % 50 === 0) {
        await cleanup();
        await db.deleteFrom('upload_events').where('bytes', '=', 2048).execute();
      }
    }),
  );
  await cleanup();
  await db.deleteFrom('upload_events').where('bytes', '=', 2048).execute();

  // The whole request, for scale: register once, then upload a cover again and again.
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-quota-bench-'));
  const config = {
    ...loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', SEED_DEMO: '0', PUBLIC_ORIGIN: ORIGIN, DATA_DIR: dataDir }, os.tmpdir()),
    uploadLimits: LIMITS,
  };
  const app = await buildApp({ config, db, storage: new LocalStorage(path.join(dataDir, 'uploads')) });
  await app.ready();
  const reg = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    headers: { origin: ORIGIN },
    payload: { email: `bench${Date.now()}@bench.test`, firstName: 'Bench', lastName: 'Mark', password: 'blue-giraffe-sings', confirmPassword: 'blue-giraffe-sings' },
  });
  if (reg.statusCode !== 201) throw new Error(`register: ${reg.statusCode} ${reg.body}`);
  const c = reg.cookies.find((k) => k.name.endsWith('tonieshelf_session'))!;
  const boundary = '----QuotaBench';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.png"\r\nContent-Type: image/png\r\n\r\n`),
    png2k(),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const whole = report(
    'a whole 2 KB cover upload (app.inject)',
    await time(Math.min(RUNS, 300), async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/uploads/cover',
        payload: body,
        headers: { origin: ORIGIN, cookie: `${c.name}=${c.value}`, 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      if (res.statusCode !== 201) throw new Error(`upload: ${res.statusCode} ${res.body}`);
    }),
  );
  await app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  const added = check.median + (checked.median - plain.median);
  log(
    `${label}: the quotas add ${ms(added)} (median) to an upload request: ${ms(check.median)} before the body, ` +
      `${ms(checked.median - plain.median)} when recording; a whole 2 KB cover upload takes ${ms(whole.median)} (${((added / whole.median) * 100).toFixed(0)} %)`,
  );
}

log(`quota checks, ${RUNS} calls per figure`);
// The disk reserve check every upload and write makes: statfs, asked at most once a second.
{
  const fresh = new DiskSpace(os.tmpdir(), 200 * MB, 0);
  report('disk reserve check, statfs each time', await time(RUNS, () => fresh.assertRoom(2 * MB)));
  const cached = new DiskSpace(os.tmpdir(), 200 * MB);
  report('disk reserve check as the server makes it (once a second)', await time(RUNS, () => cached.assertRoom(2 * MB)));
}
const pglite = await openDatabase({ pgliteDir: 'memory' });
try {
  await benchTarget('PGlite (memory)', pglite);
} finally {
  await pglite.close();
}

const scratch = scratchDatabase('tonieshelf_bench_quota');
try {
  await (await scratch.recreate()).end();
  const postgres = await openDatabase({ url: scratch.url, poolSize: 2 });
  try {
    await benchTarget(`PostgreSQL (${new URL(scratch.url).host})`, postgres);
  } finally {
    await postgres.close();
  }
} catch (err) {
  log(`PostgreSQL skipped: ${err instanceof Error ? err.message : String(err)}`);
} finally {
  await scratch.drop().catch(() => undefined);
}
