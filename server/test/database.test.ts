// The database layer on the engine under test: migrations, the PGlite dialect's isolation, and
// the schema's rules (constraints, cascades, aggregates kept in step).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, prepareTemplate } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import { checkTemplate, scratchPath } from '../src/db/pglite-template';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function makeUser(email: string, username = email.split('@')[0]!) {
  return database.db.insertInto('users').values({ email, username, first_name: 'Test', last_name: 'User', password_hash: 'x' }).returning('id').executeTakeFirstOrThrow();
}

async function makeTonie(article: string) {
  return database.db
    .insertInto('tonies')
    .values({ article, name: `Tonie ${article}`, category: 'Music' })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe('database', () => {
  it('migrateToLatest: second run -> nothing applied', async () => {
    expect(await migrateToLatest(database.db)).toEqual([]);
    const tables = await sql<{ n: number }>`
      select count(*)::int as n from information_schema.tables where table_schema = 'public'`.execute(database.db);
    expect(tables.rows[0]!.n).toBeGreaterThanOrEqual(15);
  });

  it('transactions: concurrent rollback and commit -> rollback kept, commit kept', async () => {
    const failing = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('tags').values({ name: 'rolled-back-tag' }).execute();
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('boom');
    });
    const succeeding = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('tags').values({ name: 'committed-tag' }).execute();
      await new Promise((r) => setTimeout(r, 10));
    });
    const [a, b] = await Promise.allSettled([failing, succeeding]);
    expect(a.status).toBe('rejected');
    expect(b.status).toBe('fulfilled');
    const names = (await database.db.selectFrom('tags').select('name').execute()).map((r) => r.name);
    expect(names).toContain('committed-tag');
    expect(names).not.toContain('rolled-back-tag');
  });

  it('transactions: a transaction does not see uncommitted rows of another -> isolated', async () => {
    let seenInside = -1;
    const writer = database.db.transaction().execute(async (trx) => {
      await trx.insertInto('tags').values({ name: 'isolation-probe' }).execute();
      await new Promise((r) => setTimeout(r, 50));
      throw new Error('undo');
    });
    const reader = database.db.transaction().execute(async (trx) => {
      const rows = await trx.selectFrom('tags').select('id').where('name', '=', 'isolation-probe').execute();
      seenInside = rows.length;
    });
    await Promise.allSettled([writer, reader]);
    expect(seenInside).toBe(0);
  });

  it('users: same email in other case -> unique violation', async () => {
    await makeUser('Case@Example.com', 'case1');
    await expect(makeUser('case@example.COM', 'case2')).rejects.toThrow(/unique|duplicate/i);
  });

  it('ratings: rating 6 -> check violation; one per user per Tonie', async () => {
    const user = await makeUser('rater@example.com');
    const tonie = await makeTonie('R-1');
    await expect(database.db.insertInto('ratings').values({ tonie_id: tonie.id, user_id: user.id, rating: 6 }).execute()).rejects.toThrow(/check/i);
    await database.db.insertInto('ratings').values({ tonie_id: tonie.id, user_id: user.id, rating: 4 }).execute();
    await expect(database.db.insertInto('ratings').values({ tonie_id: tonie.id, user_id: user.id, rating: 2 }).execute()).rejects.toThrow(/unique|duplicate/i);
  });

  it('ratings: insert, update and delete -> tonie rating_count/rating_sum/rating_avg in step', async () => {
    const tonie = await makeTonie('AGG-1');
    const u1 = await makeUser('agg1@example.com');
    const u2 = await makeUser('agg2@example.com');
    const read = () => database.db.selectFrom('tonies').select(['rating_count', 'rating_sum', 'rating_avg']).where('id', '=', tonie.id).executeTakeFirstOrThrow();
    expect(await read()).toEqual({ rating_count: 0, rating_sum: 0, rating_avg: null });
    await database.db.insertInto('ratings').values({ tonie_id: tonie.id, user_id: u1.id, rating: 5 }).execute();
    const r2 = await database.db.insertInto('ratings').values({ tonie_id: tonie.id, user_id: u2.id, rating: 2 }).returning('id').executeTakeFirstOrThrow();
    expect(await read()).toEqual({ rating_count: 2, rating_sum: 7, rating_avg: 3.5 });
    await database.db.updateTable('ratings').set({ rating: 4 }).where('id', '=', r2.id).execute();
    expect(await read()).toEqual({ rating_count: 2, rating_sum: 9, rating_avg: 4.5 });
    await database.db.deleteFrom('users').where('id', '=', u1.id).execute();
    expect(await read()).toEqual({ rating_count: 1, rating_sum: 4, rating_avg: 4 });
  });

  it('audio: like and unlike -> like_count follows, never below 0; deleting a file cascades', async () => {
    const owner = await makeUser('owner@example.com');
    const fan = await makeUser('fan@example.com');
    const file = await database.db
      .insertInto('audio_files')
      .values({ user_id: owner.id, title: 'Lullaby', file_path: 'p', file_name: 'a.mp3', file_size: 10, mime_type: 'audio/mpeg' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const count = async () => (await database.db.selectFrom('audio_files').select('like_count').where('id', '=', file.id).executeTakeFirstOrThrow()).like_count;
    await database.db.insertInto('audio_likes').values({ audio_file_id: file.id, user_id: fan.id }).execute();
    expect(await count()).toBe(1);
    await expect(database.db.insertInto('audio_likes').values({ audio_file_id: file.id, user_id: fan.id }).execute()).rejects.toThrow(/unique|duplicate/i);
    await database.db.updateTable('audio_files').set({ like_count: 0 }).where('id', '=', file.id).execute();
    await database.db.deleteFrom('audio_likes').where('audio_file_id', '=', file.id).execute();
    expect(await count()).toBe(0);
    await expect(database.db.updateTable('audio_files').set({ download_count: -1 }).where('id', '=', file.id).execute()).rejects.toThrow(/check/i);
    await expect(
      database.db
        .updateTable('audio_files')
        .set({ status: 'secret' as 'draft' })
        .where('id', '=', file.id)
        .execute(),
    ).rejects.toThrow(/check/i);
    await database.db.insertInto('audio_likes').values({ audio_file_id: file.id, user_id: fan.id }).execute();
    await database.db.deleteFrom('audio_files').where('id', '=', file.id).execute();
    const likes = await database.db.selectFrom('audio_likes').select('user_id').where('audio_file_id', '=', file.id).execute();
    expect(likes).toEqual([]);
  });

  it('search: trigram index answers a substring search on name, series or description', async () => {
    await database.db.insertInto('tonies').values({ article: 'S-1', name: 'Die Lokomotive', series: 'Bahnfahrt', category: 'Audio Play', description: 'Eine Reise' }).execute();
    const rows = await database.db.selectFrom('tonies').select('article').where('search_text', 'like', '%lokomot%').execute();
    expect(rows.map((r) => r.article)).toEqual(['S-1']);
    const bySeries = await database.db.selectFrom('tonies').select('article').where('search_text', 'like', '%bahnfahrt%').execute();
    expect(bySeries.map((r) => r.article)).toEqual(['S-1']);
  });
});

// The embedded database's own settings and start: defined in the PGlite run only (the PostgreSQL
// pass, TEST_DATABASE_URL, runs the cases above, which depend on the engine).
const embeddedRun = !process.env.TEST_DATABASE_URL;
if (embeddedRun)
  describe('embedded database (PGlite)', () => {
    const show = async (db: Awaited<ReturnType<typeof openDatabase>>['db'], name: string) =>
      (await sql<Record<string, string>>`select current_setting(${name}) as value`.execute(db)).rows[0]!.value;

    it('in memory -> the small-memory settings apply (shared_buffers 16MB, not the 128MB default)', async () => {
      const database = await openDatabase({ pgliteDir: 'memory' });
      try {
        expect(await show(database.db, 'shared_buffers')).toBe('16MB');
        expect(await show(database.db, 'maintenance_work_mem')).toBe('16MB');
        // PGlite's own start parameters are kept.
        expect(await show(database.db, 'search_path')).toBe('public');
      } finally {
        await database.close();
      }
    });

    // A new data directory is a copy of the template (pglite-template.ts) when there is one. The
    // templates are made once for the file (initdb and the migrations cost seconds); each test that
    // uses them copies them into a cache of its own (never the install's node_modules/.cache).
    let shared: string;
    let prepared: { templates: string[]; made: boolean };
    beforeAll(async () => {
      shared = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-pglite-shared-'));
      prepared = await prepareTemplate(path.join(shared, 'cache'));
    }, 180_000);
    afterAll(() => {
      if (shared) fs.rmSync(shared, { recursive: true, force: true });
    });
    /** A cache in `dir` holding copies of the shared templates ('base': initdb's only). */
    const cacheWith = (dir: string, which: 'base' | 'both') => {
      const cache = path.join(dir, 'cache');
      fs.mkdirSync(cache, { mode: 0o700 });
      for (const template of which === 'base' ? prepared.templates.slice(0, 1) : prepared.templates) {
        fs.cpSync(template, path.join(cache, path.basename(template)), { recursive: true });
      }
      return cache;
    };
    const [baseKey, migratedKey] = [() => path.basename(prepared.templates[0]!), () => path.basename(prepared.templates[1]!)];
    const mode = (file: string) => fs.statSync(file).mode & 0o777;
    const modesUnder = (root: string) =>
      fs.readdirSync(root, { recursive: true, withFileTypes: true }).map((e) => ({ dir: e.isDirectory(), mode: mode(path.join(e.parentPath, e.name)) }));
    /** A template: every directory 0700 and every file 0600. */
    const expectPrivate = (root: string) => {
      expect(mode(root)).toBe(0o700);
      expect([...new Set(modesUnder(root).map((e) => `${e.dir ? 'dir' : 'file'} ${e.mode.toString(8)}`))].sort()).toEqual(['dir 700', 'file 600']);
    };
    /** A data directory in use: 0700 (what PGlite writes later follows the umask), nothing writable by others. */
    const expectPrivateDataDir = (root: string) => {
      expect(mode(root)).toBe(0o700);
      expect(modesUnder(root).filter((e) => e.mode & 0o022)).toEqual([]);
    };
    const deadPid = () => spawnSync(process.execPath, ['-e', '0']).pid!;
    /** A scratch name as a process `pid` of this host (or of `host`) would make it. */
    const scratchOf = (base: string, tag: 'init' | 'tmp' | 'discard', pid: number, host?: string) => {
      const name = scratchPath(base, tag).replace(`.${tag}-${process.pid}-`, `.${tag}-${pid}-`);
      return host ? name.replace(/-[0-9a-f]{8}-([0-9a-f]{8})$/, `-${host}-$1`) : name;
    };
    const selectOne = async (database: Awaited<ReturnType<typeof openDatabase>>) => (await sql<{ n: number }>`select 1 as n`.execute(database.db)).rows;

    it('new data directory, no template cache -> created by initdb in a child process, private (0700/0600), settings applied, data kept across a reopen', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-pglite-'));
      try {
        const pgliteDir = path.join(dir, 'pglite');
        let database = await openDatabase({ pgliteDir, purpose: 'test', pgliteTemplateCache: false });
        expect(database.origin).toBe('initdb');
        expect(fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))).toBe(true);
        expectPrivateDataDir(pgliteDir);
        expect(await show(database.db, 'shared_buffers')).toBe('16MB');
        await database.exec('create table kept (n int); insert into kept values (42)');
        await database.close();
        fs.chmodSync(pgliteDir, 0o755);
        database = await openDatabase({ pgliteDir, purpose: 'test', pgliteTemplateCache: false });
        try {
          expect(database.origin).toBe('existing');
          expect(mode(pgliteDir)).toBe(0o700);
          expect(await show(database.db, 'shared_buffers')).toBe('16MB');
          const { rows } = await sql<{ n: number }>`select n from kept`.execute(database.db);
          expect(rows).toEqual([{ n: 42 }]);
        } finally {
          await database.close();
        }
        expect(fs.readdirSync(dir)).toEqual(['pglite']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);

    it('a directory holding files but no database -> one clear error, and its files are left alone', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-pglite-'));
      try {
        const pgliteDir = path.join(dir, 'pglite');
        fs.mkdirSync(pgliteDir);
        fs.writeFileSync(path.join(pgliteDir, 'notes.txt'), 'not a database');
        await expect(openDatabase({ pgliteDir, purpose: 'test', pgliteTemplateCache: false })).rejects.toThrow(/pglite holds files but no database/);
        expect(fs.readdirSync(pgliteDir)).toEqual(['notes.txt']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);

    it('prepareTemplate (run at install): makes the initdb template and a migrated one, private; run again it makes nothing and removes stale templates and leftovers; a new directory then starts with no migration to run', async () => {
      expect(prepared.made).toBe(true);
      expect(prepared.templates).toHaveLength(2);
      const sharedCache = path.join(shared, 'cache');
      for (const template of prepared.templates) {
        expect(await checkTemplate(sharedCache, path.basename(template))).toBe(true);
        expectPrivate(template);
      }
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-pglite-'));
      try {
        const cache = cacheWith(dir, 'both');
        const dead = deadPid();
        // A template of an earlier migration set, a half-removed one, another template's scratch
        // of a process that is gone: all removed; nothing is made again.
        const stale = `${baseKey()}-m0000000000000000`;
        fs.cpSync(prepared.templates[1]!, path.join(cache, stale), { recursive: true });
        fs.mkdirSync(scratchOf(path.join(cache, baseKey()), 'discard', process.ppid));
        fs.mkdirSync(scratchOf(path.join(cache, stale), 'tmp', dead));
        fs.mkdirSync(scratchOf(path.join(cache, 'pglite-0.0.1-0123456789abcdef'), 'init', dead));
        const again = await prepareTemplate(cache);
        expect(again).toEqual({ templates: prepared.templates.map((t) => path.join(cache, path.basename(t))), made: false });
        expect(fs.readdirSync(cache).sort()).toEqual([baseKey(), migratedKey()].sort());
        const database = await openDatabase({ pgliteDir: path.join(dir, 'pglite'), purpose: 'test', pgliteTemplateCache: cache });
        try {
          expect(database.origin).toBe('template');
          expectPrivateDataDir(path.join(dir, 'pglite'));
          expect(await migrateToLatest(database.db)).toEqual([]);
          expect(await database.db.selectFrom('tonies').select('id').execute()).toEqual([]);
        } finally {
          await database.close();
        }
        // The copy's writes are its own: the template is as it was.
        expect(await checkTemplate(cache, migratedKey())).toBe(true);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);

    it('template: a file of it damaged (its size or only its bytes) -> that template is discarded and the next is used, or initdb, whose result becomes the template', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-pglite-'));
      try {
        const cache = cacheWith(dir, 'both');
        // Same size, other bytes: the SHA-256 notices; the initdb template is copied instead.
        const pgVersion = path.join(cache, migratedKey(), 'PG_VERSION');
        fs.writeFileSync(pgVersion, fs.readFileSync(pgVersion, 'utf8').replace(/\d/g, '9'));
        let database = await openDatabase({ pgliteDir: path.join(dir, 'a'), purpose: 'test', pgliteTemplateCache: cache });
        try {
          expect(database.origin).toBe('template');
          expect(await selectOne(database)).toEqual([{ n: 1 }]);
        } finally {
          await database.close();
        }
        expect(fs.readdirSync(cache)).toEqual([baseKey()]);
        // Truncated: no template left, initdb makes the database and the new template.
        fs.truncateSync(path.join(cache, baseKey(), 'global', 'pg_control'), 100);
        database = await openDatabase({ pgliteDir: path.join(dir, 'b'), purpose: 'test', pgliteTemplateCache: cache });
        try {
          expect(database.origin).toBe('initdb');
          expect(await selectOne(database)).toEqual([{ n: 1 }]);
        } finally {
          await database.close();
        }
        expect(fs.readdirSync(cache)).toEqual([baseKey()]);
        expect(await checkTemplate(cache, baseKey())).toBe(true);
        expectPrivate(path.join(cache, baseKey()));
        expect(fs.readdirSync(dir).sort()).toEqual(['a', 'b', 'cache']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);

    it('template: a whole copy PostgreSQL cannot start -> moved aside, a warning with the error, the template kept (it checks out whole), the new directory made by initdb', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-pglite-'));
      try {
        const cache = cacheWith(dir, 'base');
        // A template whose manifest agrees with it, but that PostgreSQL refuses.
        const template = path.join(cache, baseKey());
        const bad = fs.readFileSync(path.join(template, 'PG_VERSION'), 'utf8').replace(/\d+/, '99');
        fs.writeFileSync(path.join(template, 'PG_VERSION'), bad);
        const manifest = JSON.parse(fs.readFileSync(path.join(template, 'tonieshelf-template.json'), 'utf8'));
        manifest.files.PG_VERSION = { size: Buffer.byteLength(bad), sha256: createHash('sha256').update(bad).digest('hex') };
        fs.writeFileSync(path.join(template, 'tonieshelf-template.json'), JSON.stringify(manifest));
        const warnings: string[] = [];
        const database = await openDatabase({ pgliteDir: path.join(dir, 'c'), purpose: 'test', pgliteTemplateCache: cache, warn: (m) => warnings.push(m) });
        try {
          expect(database.origin).toBe('initdb');
          expect(fs.readFileSync(path.join(dir, 'c', 'PG_VERSION'), 'utf8')).not.toBe(bad);
          expect(await selectOne(database)).toEqual([{ n: 1 }]);
        } finally {
          await database.close();
        }
        expect(warnings).toHaveLength(1);
        expect(warnings[0]).toMatch(/did not start \(.+\); the template checks out whole and is kept; making .*c with initdb instead/);
        expect(fs.readdirSync(cache)).toEqual([baseKey()]);
        expect(fs.readdirSync(dir).sort()).toEqual(['c', 'cache']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 120_000);

    it('template: two starts at once without one -> both initdb, one whole template; then two copies at once: private, settings and data work, reopened as existing, nothing left over', async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-pglite-'));
      const cache = path.join(dir, 'cache');
      try {
        const openBoth = (a: string, b: string) =>
          Promise.all([a, b].map((name) => openDatabase({ pgliteDir: path.join(dir, name), purpose: 'test', pgliteTemplateCache: cache })));
        const racing = await openBoth('a', 'b');
        expect(racing.map((d) => d.origin)).toEqual(['initdb', 'initdb']);
        for (const database of racing) {
          expect(await selectOne(database)).toEqual([{ n: 1 }]);
          await database.close();
        }
        expect(fs.readdirSync(cache)).toEqual([baseKey()]);
        expect(await checkTemplate(cache, baseKey())).toBe(true);
        expectPrivate(path.join(cache, baseKey()));
        const copies = await openBoth('c', 'd');
        expect(copies.map((d) => d.origin)).toEqual(['template', 'template']);
        for (const database of copies) {
          expect(await show(database.db, 'shared_buffers')).toBe('16MB');
          await database.exec('create table mine (n int); insert into mine values (7)');
          expect((await sql<{ n: number }>`select n from mine`.execute(database.db)).rows).toEqual([{ n: 7 }]);
          await database.close();
        }
        expectPrivateDataDir(path.join(dir, 'c'));
        const again = await openDatabase({ pgliteDir: path.join(dir, 'c'), purpose: 'test', pgliteTemplateCache: cache });
        expect(again.origin).toBe('existing');
        await again.close();
        expect(fs.readdirSync(cache)).toEqual([baseKey()]);
        expect(await checkTemplate(cache, baseKey())).toBe(true);
        expect(fs.readdirSync(dir).sort()).toEqual(['a', 'b', 'c', 'cache', 'd']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 180_000);

    it("a killed start's scratch directories -> swept: this host's of a process that is gone, any set aside, any older than 30 minutes; kept: a running process's, another host's young ones, another directory's", async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-pglite-'));
      try {
        const cache = cacheWith(dir, 'base');
        const pgliteDir = path.join(dir, 'pglite');
        const dead = deadPid();
        // What a killed start leaves: an empty directory (made for the lock) and half a database beside it.
        fs.mkdirSync(pgliteDir);
        const halfMade = scratchOf(pgliteDir, 'init', dead);
        fs.mkdirSync(halfMade);
        fs.writeFileSync(path.join(halfMade, 'PG_VERSION'), '18\n');
        const setAside = scratchOf(pgliteDir, 'discard', process.ppid);
        fs.mkdirSync(setAside);
        const oldForeign = scratchOf(pgliteDir, 'init', process.ppid, 'deadbeef');
        fs.mkdirSync(oldForeign);
        const hourAgo = new Date(Date.now() - 60 * 60_000);
        fs.utimesSync(oldForeign, hourAgo, hourAgo);
        const kept = [scratchOf(pgliteDir, 'init', process.ppid), scratchOf(pgliteDir, 'init', dead, 'deadbeef'), scratchOf(path.join(dir, 'other'), 'init', dead)];
        for (const keep of kept) fs.mkdirSync(keep);
        const database = await openDatabase({ pgliteDir, purpose: 'test', pgliteTemplateCache: cache });
        try {
          expect(database.origin).toBe('template');
          expect(await selectOne(database)).toEqual([{ n: 1 }]);
          expect(fs.existsSync(path.join(pgliteDir, 'base'))).toBe(true);
        } finally {
          await database.close();
        }
        expect(fs.readdirSync(dir).sort()).toEqual(['cache', 'pglite', ...kept.map((k) => path.basename(k))].sort());
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);

    // The install's step (server workspace's postinstall -> scripts/pglite-template.mjs) never fails
    // the install. These make no template: each fails or is skipped before initdb.
    const repo = path.resolve(import.meta.dirname, '../..');
    const postinstall: string = JSON.parse(fs.readFileSync(path.join(repo, 'server/package.json'), 'utf8')).scripts.postinstall;
    const script = path.join(repo, 'scripts/pglite-template.mjs');

    it('postinstall: the scripts not there (an image build copying only package.json files) -> exits 0 with one calm line', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-postinstall-'));
      try {
        fs.mkdirSync(path.join(dir, 'server'));
        const run = spawnSync(postinstall, { shell: true, cwd: path.join(dir, 'server'), encoding: 'utf8' });
        expect(run.status).toBe(0);
        expect(run.stdout).toMatch(/^No embedded database template made at install \(scripts\/pglite-template\.mjs is not there yet\)/);
        expect(run.stderr).toBe('');
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });

    it('postinstall: TONIESHELF_SKIP_PGLITE_TEMPLATE=1 -> exits 0 and does nothing', () => {
      const run = spawnSync(postinstall, { shell: true, cwd: path.join(repo, 'server'), encoding: 'utf8', env: { ...process.env, TONIESHELF_SKIP_PGLITE_TEMPLATE: '1' } });
      expect(run.status).toBe(0);
      expect(run.stdout.trim()).toBe('Skipped the embedded database template (TONIESHELF_SKIP_PGLITE_TEMPLATE=1)');
    });

    it('postinstall: a cache that cannot be written -> exits 0 saying no template was made; with --strict (the image build) exits 1', () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-postinstall-'));
      try {
        fs.writeFileSync(path.join(dir, 'file'), '');
        const cache = path.join(dir, 'file', 'cache');
        const run = spawnSync(process.execPath, [script, '--cache', cache], { encoding: 'utf8' });
        expect(run.status).toBe(0);
        expect(run.stdout).toMatch(/ENOTDIR[^\n]*\nNo embedded database template made \(it failed, as said above\)/);
        const strict = spawnSync(process.execPath, [script, '--strict', '--cache', cache], { encoding: 'utf8' });
        expect(strict.status).toBe(1);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }, 60_000);
  });
