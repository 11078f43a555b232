// The embedded database is one process at a time: a running server holds DATA_DIR's lock; the
// import hands its work to that server (which serves the new data at once), and the migrator and
// a second server on the same DATA_DIR refuse with one line instead of opening it (real
// processes); a lock left by a killed process is taken over.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createMemoryMailer } from '../src/mail/mailer';
import { openDatabase } from '../src/db/database';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock';
import { testConfig } from './helpers/app';
import { createTestDatabase } from './helpers/db';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SERVER = path.join(ROOT, 'server');
const dirs: string[] = [];
const started: { pid?: number | undefined; exitCode: number | null; kill(signal?: NodeJS.Signals): boolean }[] = [];

afterAll(() => {
  // Only the processes this file started, by their PID.
  for (const child of started) if (child.exitCode === null && child.pid) child.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-lock-'));
  dirs.push(dir);
  return dir;
}

/** Runs a TypeScript entry point of the server as its own process (node --import tsx: the PID is the program's). */
function run(entry: string, args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', entry, ...args], {
    cwd: SERVER,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', SEED_DEMO: '0', LOG_LEVEL: 'warn', NODE_ENV: 'test', INIT_CWD: ROOT, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const lines = () => stderr.split('\n').filter((l) => l.trim() && !/ExperimentalWarning|--trace-warnings|EBADENGINE/.test(l));
  return { child, exited, output: () => ({ stdout, stderr }), lines };
}

async function startServer(dataDir: string) {
  const port = 20000 + Math.floor(Math.random() * 20000);
  const server = run('src/main.ts', [], { DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' });
  let status = 0;
  for (let i = 0; i < 160 && status !== 200 && server.child.exitCode === null; i++) {
    await new Promise((r) => setTimeout(r, 250));
    status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
  }
  expect(status, server.output().stderr).toBe(200);
  return { ...server, port };
}

const importTonies = (dataDir: string) => run('src/import/cli.ts', ['server/test/fixtures/tonies-dirty.json'], { DATA_DIR: dataDir });
const migrate = (dataDir: string) => run('src/db/migrate-cli.ts', [], { DATA_DIR: dataDir });

// These cases are about the embedded database's data directory and start server processes on it
// whatever TEST_DATABASE_URL says, so they are defined in the PGlite run only (should the file
// join the PostgreSQL pass).
const embeddedRun = !process.env.TEST_DATABASE_URL;

if (embeddedRun)
  describe('embedded database: one process per DATA_DIR', () => {
    it('server running: the import goes through the server (new data served at once); migrate and a second server -> exit 1 with one line naming the server PID; without the server file the import refuses too; after SIGTERM the import runs itself', async () => {
      const dataDir = tempDir();
      const server = await startServer(dataDir);
      const pid = server.child.pid!;
      const holder = JSON.parse(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8'));
      expect(holder).toMatchObject({ pid, purpose: 'server' });

      const count = async () => ((await fetch(`http://127.0.0.1:${server.port}/api/tonies`).then((r) => r.json())) as { totalCount: number }).totalCount;
      expect(await count()).toBe(0);
      const imp = importTonies(dataDir);
      expect(await imp.exited, imp.output().stderr).toBe(0);
      expect(imp.output().stdout).toMatch(new RegExp(`^\\[through the running server, PID ${pid}\\] .*24 inserted, 0 updated, 0 unchanged, 5 skipped`));
      expect(await count()).toBe(24);

      const mig = migrate(dataDir);
      expect(await mig.exited).toBe(1);
      expect(mig.lines()).toEqual([
        `Migration failed: the server is running on this DATA_DIR (PID ${pid}, embedded database ${path.join(dataDir, 'pglite')}); stop it first, then run this again`,
      ]);

      const second = run('src/main.ts', [], { DATA_DIR: dataDir, PORT: String(server.port + 1), HOST: '127.0.0.1' });
      expect(await second.exited).toBe(1);
      expect(second.lines()).toEqual([
        `TonieShelf cannot start: the server is running on this DATA_DIR (PID ${pid}, embedded database ${path.join(dataDir, 'pglite')}); stop it first, then run this again`,
      ]);

      // In this process too: refused before PGlite opens the directory.
      await expect(openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), purpose: 'test' })).rejects.toBeInstanceOf(DataDirLockedError);

      // Without the server's file (or with a server that cannot take it), the import refuses.
      const serverFile = path.join(dataDir, 'server.json');
      const saved = fs.readFileSync(serverFile);
      fs.rmSync(serverFile);
      const refused = importTonies(dataDir);
      expect(await refused.exited).toBe(1);
      expect(refused.output().stdout).toBe('');
      expect(refused.lines()).toEqual([
        `import:tonies: error: the server is running on this DATA_DIR (PID ${pid}, embedded database ${path.join(dataDir, 'pglite')}); stop it first, then run this again`,
      ]);
      fs.writeFileSync(serverFile, saved);

      // The server was never disturbed.
      expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
      expect(await count()).toBe(24);

      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
      expect(fs.existsSync(path.join(dataDir, 'server.json'))).toBe(false);

      const after = importTonies(dataDir);
      expect(await after.exited, after.output().stderr).toBe(0);
      expect(after.output().stdout).toMatch(/^Imported 29 records in \d+ ms: 0 inserted, 0 updated, 24 unchanged/);
      // And the server starts again on the imported data.
      const again = await startServer(dataDir);
      again.child.kill('SIGTERM');
      expect(await again.exited).toBe(0);
    }, 120_000);

    it('a server killed with SIGKILL leaves its lock -> stale (its PID is gone): the import takes it over and runs', async () => {
      const dataDir = tempDir();
      const server = await startServer(dataDir);
      server.child.kill('SIGKILL');
      await server.exited;
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
      const imp = importTonies(dataDir);
      expect(await imp.exited, imp.output().stderr).toBe(0);
      expect(imp.output().stdout).toMatch(/24 inserted/);
      expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    }, 120_000);

    it('lockDataDir: held in this process -> a second lock refused; released -> taken again; half-written or own-PID leftovers -> stale', async () => {
      const dir = path.join(tempDir(), 'pglite');
      const lock = await lockDataDir(dir, 'server');
      await expect(lockDataDir(dir, 'import:tonies')).rejects.toThrow(`the server is running on this DATA_DIR (PID ${process.pid}`);
      await lock.release();
      expect(fs.existsSync(`${dir}.lock`)).toBe(false);

      fs.writeFileSync(`${dir}.lock`, '{"pid":');
      const again = await lockDataDir(dir, 'db:migrate');
      await expect(lockDataDir(dir, 'server')).rejects.toThrow('db:migrate is running on this DATA_DIR');
      await again.release();

      // Our own PID in a lock we do not hold: left by an earlier life of this PID (a container's PID 1).
      fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.pid, purpose: 'server', host: os.hostname(), startTicks: null, since: '' }));
      const own = await lockDataDir(dir, 'server');
      await own.release();

      // A PID that runs but started at another time (reused): stale where /proc tells start times.
      if (fs.existsSync(`/proc/${process.ppid}/stat`)) {
        fs.writeFileSync(`${dir}.lock`, JSON.stringify({ pid: process.ppid, purpose: 'server', host: os.hostname(), startTicks: '1', since: '' }));
        const reused = await lockDataDir(dir, 'server');
        await reused.release();
      }
    });
  });

describe('POST /internal/import (the server importing for the command-line tool)', () => {
  it("no or a wrong token -> 401; not an array -> 400 with the importer's message; the token and the file -> 200 with the summary, dry run writes nothing", async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig({ dataDir: tempDir() }), db: database.db, internalToken: 'right-token', mailer: createMemoryMailer() });
    try {
      const fixture = JSON.parse(fs.readFileSync(path.join(SERVER, 'test/fixtures/tonies-dirty.json'), 'utf8'));
      const post = (payload: unknown, token?: string, query = '') =>
        app.inject({
          method: 'POST',
          url: `/internal/import${query}`,
          payload: payload as object,
          headers: { 'sec-fetch-site': 'same-origin', ...(token ? { authorization: `Bearer ${token}` } : {}) },
        });
      expect((await post(fixture)).statusCode).toBe(401);
      expect((await post(fixture, 'wrong-token')).statusCode).toBe(401);
      const broken = await post({ not: 'an array' }, 'right-token');
      expect(broken.statusCode).toBe(400);
      expect(broken.json().message).toBe('expected a JSON array of {article, data} records, got an object');
      const dry = await post(fixture, 'right-token', '?dryRun=1');
      expect(dry.statusCode).toBe(200);
      expect(await database.db.selectFrom('tonies').select('id').execute()).toEqual([]);
      const ok = await post(fixture, 'right-token');
      expect(ok.statusCode).toBe(200);
      expect(ok.json().summary).toMatch(/24 inserted/);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('an app built without a token -> no such endpoint (404)', async () => {
    const database = await createTestDatabase();
    const app = await buildApp({ config: testConfig({ dataDir: tempDir() }), db: database.db, mailer: createMemoryMailer() });
    try {
      const res = await app.inject({ method: 'POST', url: '/internal/import', payload: [], headers: { 'sec-fetch-site': 'same-origin', authorization: 'Bearer x' } });
      expect(res.statusCode).toBe(404);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
