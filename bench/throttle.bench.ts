// What the abuse limits add to a sign-in: the throttle's check-and-count (one short transaction
// under row locks) before the password check and its release after a success, next to the
// argon2id check itself and a whole sign-in through the procedure; 40 parallel attempts on one
// account and client; the rate limit of registrations and phone codes. On PostgreSQL (a scratch
// database) and on embedded PGlite in memory.
//
//   node node_modules/tsx/dist/cli.mjs bench/throttle.bench.ts     (npm run bench:throttle)
//
// BENCH_DATABASE_URL: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres);
// a scratch database is created there and dropped at the end. BENCH_ROUNDS: timed calls per case
// (default 300).
import os from 'node:os';
import type { Kysely } from 'kysely';
import { login, register } from '../server/src/accounts/account';
import { hashPassword, verifyPassword } from '../server/src/auth/password';
import { loadConfig } from '../server/src/config';
import { quietLog } from '../server/src/deps';
import { createMemoryMailer } from '../server/src/mail/mailer';
import { addressRules, REGISTRATION_LIMITS, takeRateSlot } from '../server/src/auth/rate-limit';
import { reserveAttempt, signInKeys } from '../server/src/auth/throttle';
import { openDatabase, type Database } from '../server/src/db/database';
import { migrateToLatest } from '../server/src/db/migrate';
import type { DB } from '../server/src/db/types';
import { log, scratchDatabase } from './harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

interface Timing {
  p50: number;
  p99: number;
  mean: number;
}

function summarise(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
  return { p50: at(0.5), p99: at(0.99), mean: samples.reduce((a, b) => a + b, 0) / samples.length };
}

async function timed(rounds: number, fn: (i: number) => Promise<unknown>): Promise<Timing> {
  for (let i = 0; i < Math.min(20, rounds); i++) await fn(-1 - i); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t = performance.now();
    await fn(i);
    samples.push(performance.now() - t);
  }
  return summarise(samples);
}

const fmt = (t: Timing) => `${t.p50.toFixed(2)} | ${t.p99.toFixed(2)} | ${t.mean.toFixed(2)}`;

async function run(label: string, db: Kysely<DB>): Promise<string[]> {
  const rows: string[] = [];
  const row = (name: string, t: Timing) => {
    rows.push(`| ${label} | ${name} | ${fmt(t)} |`);
    log(`${label}: ${name}: p50 ${t.p50.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms`);
  };
  const password = 'blue-giraffe-sings';
  const client = (i: number) => ({ ip: `198.18.${(i >> 8) & 255}.${i & 255}`, userAgent: 'bench' });
  const email = `bench.${label}@example.com`;
  await register({ db, config: loadConfig({}, os.tmpdir()), mailer: createMemoryMailer(), log: quietLog }, client(65000), {
    firstName: 'Ben',
    lastName: 'Bench',
    email,
    password,
    confirmPassword: password,
  });

  // The throttle alone: check-and-count, then the release of a successful sign-in.
  row('throttle: count + release (a right password)', await timed(ROUNDS, async (i) => (await reserveAttempt(db, signInKeys(email, client(i + 100).ip))).succeeded()));
  // A wrong password only counts (each from a new address, so none waits).
  row('throttle: count only (a wrong password)', await timed(ROUNDS, (i) => reserveAttempt(db, signInKeys(`nobody${i}@example.com`, client(i + 20000).ip))));

  const hash = await hashPassword(password);
  row('argon2id check of the password', await timed(Math.min(ROUNDS, 100), () => verifyPassword(hash, password)));
  row('whole sign-in (procedure service: throttle, user, argon2id, session)', await timed(Math.min(ROUNDS, 100), (i) => login(db, client(i + 40000), { email, password }, [])));

  // 40 wrong passwords at once from one client: two are checked, the rest refused under the lock.
  const burst: number[] = [];
  for (let r = 0; r < 5; r++) {
    const ip = client(50000 + r).ip;
    const t = performance.now();
    const results = await Promise.allSettled(Array.from({ length: 40 }, () => reserveAttempt(db, signInKeys(email, ip))));
    burst.push(performance.now() - t);
    const counted = results.filter((x) => x.status === 'fulfilled').length;
    if (counted !== 2) throw new Error(`expected 2 counted attempts of 40, got ${counted}`);
  }
  row('40 parallel attempts, one client (all 40 answered; 2 counted)', summarise(burst));

  // The rate limit of registrations (one advisory lock, a count, an insert), per new address.
  row(
    'rate limit: registration slot',
    await timed(ROUNDS, (i) => takeRateSlot(db, { address: addressRules('register', client(i + 30000).ip, REGISTRATION_LIMITS) }, () => 'http.badRequest')),
  );
  return rows;
}

async function main() {
  const rows: string[] = [];
  const scratch = scratchDatabase('tonieshelf_bench_throttle');
  await (await scratch.recreate()).end();
  let postgres: Database | null = null;
  try {
    postgres = await openDatabase({ url: scratch.url, poolSize: 10 });
    rows.push(...(await run('PostgreSQL 15', postgres.db)));
  } finally {
    await postgres?.close();
    await scratch.drop();
  }
  const pglite = await openDatabase({ pgliteDir: 'memory' });
  try {
    await migrateToLatest(pglite.db);
    rows.push(...(await run('PGlite (memory)', pglite.db)));
  } finally {
    await pglite.close();
  }
  console.log(`\n| database | case | p50 ms | p99 ms | mean ms |\n|---|---|---:|---:|---:|\n${rows.join('\n')}`);
}

await main();
