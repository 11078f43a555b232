// The embedded database is one process at a time: a running server holds DATA_DIR's lock, and
// the import, the migrator and a second server on the same DATA_DIR refuse with one line instead
// of opening it (real processes); a lock left by a killed process is taken over.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir-lock';

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
    status = await fetch(`http://127.0.0.1:${port}/healthz`).then((r) => r.status, () => 0);
  }
  expect(status, server.output().stderr).toBe(200);
  return { ...server, port };
}

const importTonies = (dataDir: string) => run('src/import/cli.ts', ['server/test/fixtures/tonies-dirty.json'], { DATA_DIR: dataDir });
const migrate = (dataDir: string) => run('src/db/migrate-cli.ts', [], { DATA_DIR: dataDir });

describe('embedded database: one process per DATA_DIR', () => {
  it('server running: import, migrate and a second server on its DATA_DIR -> exit 1 with one line naming the server PID; the server keeps serving; after SIGTERM the import runs', async () => {
    const dataDir = tempDir();
    const server = await startServer(dataDir);
    const pid = server.child.pid!;
    const holder = JSON.parse(fs.readFileSync(path.join(dataDir, 'pglite.lock'), 'utf8'));
    expect(holder).toMatchObject({ pid, purpose: 'server' });

    const imp = importTonies(dataDir);
    expect(await imp.exited).toBe(1);
    expect(imp.output().stdout).toBe('');
    expect(imp.lines()).toEqual([
      `import:tonies: error: the server is running on this DATA_DIR (PID ${pid}, embedded database ${path.join(dataDir, 'pglite')}); stop it first, then run this again`,
    ]);

    const mig = migrate(dataDir);
    expect(await mig.exited).toBe(1);
    expect(mig.lines()).toEqual([`Migration failed: the server is running on this DATA_DIR (PID ${pid}, embedded database ${path.join(dataDir, 'pglite')}); stop it first, then run this again`]);

    const second = run('src/main.ts', [], { DATA_DIR: dataDir, PORT: String(server.port + 1), HOST: '127.0.0.1' });
    expect(await second.exited).toBe(1);
    expect(second.lines()).toEqual([`TonieShelf cannot start: the server is running on this DATA_DIR (PID ${pid}, embedded database ${path.join(dataDir, 'pglite')}); stop it first, then run this again`]);

    // In this process too: refused before PGlite opens the directory.
    await expect(openDatabase({ pgliteDir: path.join(dataDir, 'pglite'), purpose: 'test' })).rejects.toBeInstanceOf(DataDirLockedError);

    // The server was never disturbed.
    expect((await fetch(`http://127.0.0.1:${server.port}/healthz`)).status).toBe(200);
    const tonies = await fetch(`http://127.0.0.1:${server.port}/api/tonies`).then((r) => r.json() as Promise<{ total?: number }>);
    expect(tonies).toBeTruthy();

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

    const after = importTonies(dataDir);
    expect(await after.exited, after.output().stderr).toBe(0);
    expect(after.output().stdout).toMatch(/24 inserted/);
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
