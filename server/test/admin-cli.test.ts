// `npm run admin -- grant <email> <role>` / `revoke <email>`: on an embedded database no server
// holds (the command opens it itself), on one a running server holds (the command hands the
// change to the server, which applies it at once), and on PostgreSQL (DATABASE_URL). One line
// of output; exit 1 with one line on an unknown email or bad arguments; an audit row each time.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase } from './helpers/db';
import { newUser } from './helpers/auth';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TSX = path.join(ROOT, 'node_modules/tsx/dist/cli.mjs');
const CLI = path.join(ROOT, 'server/src/admin/cli.ts');
const MAIN = path.join(ROOT, 'server/src/main.ts');
const dirs: string[] = [];
const children: ReturnType<typeof spawn>[] = [];

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-admin-'));
  dirs.push(dir);
  return dir;
}

afterAll(() => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const baseEnv = () => ({ PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', SEED_DEMO: '0', LOG_LEVEL: 'warn' });

function run(command: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...baseEnv(), ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d) => (stdout += d));
  child.stderr!.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, stdout, stderr })));
}

const admin = (args: string[], env: Record<string, string>) => run(process.execPath, [TSX, CLI, ...args], env);
/** The lines a person reads (not Node's experimental warnings, not npm's banner lines). */
const lines = (text: string) => text.split('\n').filter((l) => l.trim() && !/ExperimentalWarning|--trace-warnings|^> |^npm warn/.test(l));

async function addUser(db: Awaited<ReturnType<typeof openDatabase>>['db'], email: string, username: string) {
  return db.insertInto('users').values({ email, username, first_name: 'Ada', last_name: 'Admin', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
}

// The database tests run twice (PGlite, then PostgreSQL with TEST_DATABASE_URL): the embedded
// database's cases start processes on a data directory of their own whatever TEST_DATABASE_URL
// says, so they are defined in the PGlite run only; the PostgreSQL case in the PostgreSQL run.
const embeddedRun = !process.env.TEST_DATABASE_URL;

describe('npm run admin', () => {
  if (embeddedRun)
    it('embedded database, no server: grant admin, grant moderator, revoke; audit rows by "command line"; unknown email and bad arguments exit 1 with one line', async () => {
      const dataDir = tempDir();
      const pgliteDir = path.join(dataDir, 'pglite');
      let database = await openDatabase({ pgliteDir, purpose: 'test' });
      await migrateToLatest(database.db);
      const { id } = await addUser(database.db, 'ada@example.com', 'ada');
      await database.close();

      const granted = await admin(['grant', 'ADA@example.com', 'admin'], { DATA_DIR: dataDir });
      expect({ code: granted.code, out: lines(granted.stdout), err: lines(granted.stderr) }).toEqual({ code: 0, out: ['ada <ada@example.com> is now admin (was user)'], err: [] });
      const again = await admin(['grant', 'ada@example.com', 'admin'], { DATA_DIR: dataDir });
      expect(lines(again.stdout)).toEqual(['ada <ada@example.com> is already admin; nothing changed']);
      const revoked = await admin(['revoke', 'ada@example.com'], { DATA_DIR: dataDir });
      expect(lines(revoked.stdout)).toEqual(['ada <ada@example.com> is now user (was admin)']);

      const unknown = await admin(['grant', 'nobody@example.com', 'moderator'], { DATA_DIR: dataDir });
      expect({ code: unknown.code, err: lines(unknown.stderr) }).toEqual({ code: 1, err: ['admin: error: there is no account with the email address nobody@example.com'] });
      const badRole = await admin(['grant', 'ada@example.com', 'king'], { DATA_DIR: dataDir });
      expect(badRole.code).toBe(1);
      expect(lines(badRole.stderr)[0]).toBe('admin: unknown role "king" (admin, moderator or user)');
      const noCommand = await admin([], { DATA_DIR: dataDir });
      expect(noCommand.code).toBe(1);
      expect(lines(noCommand.stderr)[0]).toBe('admin: expected a command');

      database = await openDatabase({ pgliteDir, purpose: 'test' });
      try {
        expect((await database.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role).toBe('user');
        const rows = await database.db.selectFrom('moderation_actions').select(['action', 'role', 'actor_name', 'actor_id', 'target_id']).orderBy('id').execute();
        expect(rows).toEqual([
          { action: 'grant_role', role: 'admin', actor_name: 'command line', actor_id: null, target_id: id },
          { action: 'revoke_role', role: 'user', actor_name: 'command line', actor_id: null, target_id: id },
        ]);
      } finally {
        await database.close();
      }
    }, 120_000);

  if (embeddedRun)
    it('while the server runs on the embedded database: `npm run admin -- grant <email> moderator` goes through the server; the signed-in user is a moderator at once', async () => {
      const dataDir = tempDir();
      const port = 20000 + Math.floor(Math.random() * 20000);
      const server = spawn(process.execPath, [TSX, MAIN], {
        cwd: ROOT,
        env: { ...baseEnv(), DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      children.push(server);
      const exited = new Promise<number | null>((resolve) => server.on('exit', (code) => resolve(code)));
      const base = `http://127.0.0.1:${port}`;
      let status = 0;
      for (let i = 0; i < 160 && status !== 200; i++) {
        await new Promise((r) => setTimeout(r, 250));
        status = await fetch(`${base}/healthz`).then(
          (r) => r.status,
          () => 0,
        );
      }
      expect(status).toBe(200);
      // server.json is written once the server listens.
      for (let i = 0; i < 40 && !fs.existsSync(path.join(dataDir, 'server.json')); i++) await new Promise((r) => setTimeout(r, 100));

      const input = newUser();
      const headers = { 'content-type': 'application/json', origin: base };
      const reg = await fetch(`${base}/api/auth/register`, { method: 'POST', headers, body: JSON.stringify(input) });
      expect(reg.status).toBe(201);
      const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
      const roleNow = async () => ((await (await fetch(`${base}/api/auth/me`, { headers: { cookie } })).json()) as { role: string }).role;
      expect(await roleNow()).toBe('user');

      const granted = await run('npm', ['run', '--silent', 'admin', '--', 'grant', input.email, 'moderator'], { DATA_DIR: dataDir });
      expect({ code: granted.code, err: lines(granted.stderr) }).toEqual({ code: 0, err: [] });
      expect(lines(granted.stdout)).toEqual([expect.stringMatching(new RegExp(`<${input.email.replace(/\./g, '\\.')}> is now moderator \\(was user\\)$`))]);
      expect(await roleNow()).toBe('moderator');
      const queue = await fetch(`${base}/trpc/moderation.queue?input=${encodeURIComponent('{}')}`, { headers: { cookie } });
      expect(queue.status).toBe(200);

      const unknown = await admin(['revoke', 'ghost@example.com'], { DATA_DIR: dataDir });
      expect({ code: unknown.code, err: lines(unknown.stderr) }).toEqual({ code: 1, err: ['admin: error: there is no account with the email address ghost@example.com'] });

      server.kill('SIGTERM');
      expect(await exited).toBe(0);
    }, 120_000);

  if (!embeddedRun)
    it('PostgreSQL (DATABASE_URL): grant moderator, then revoke', async () => {
      const database = await createTestDatabase();
      try {
        const { id } = await addUser(database.db, 'pg-admin@example.com', 'pgadmin');
        const granted = await admin(['grant', 'pg-admin@example.com', 'moderator'], { DATABASE_URL: database.url!, DATA_DIR: tempDir() });
        expect({ code: granted.code, out: lines(granted.stdout) }).toEqual({ code: 0, out: ['pgadmin <pg-admin@example.com> is now moderator (was user)'] });
        expect((await database.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role).toBe('moderator');
        const revoked = await admin(['revoke', 'pg-admin@example.com'], { DATABASE_URL: database.url!, DATA_DIR: tempDir() });
        expect(revoked.code).toBe(0);
        expect((await database.db.selectFrom('users').select('role').where('id', '=', id).executeTakeFirstOrThrow()).role).toBe('user');
      } finally {
        await database.close();
      }
    }, 60_000);
});
