// Discover's totals come from counts kept by statement-level triggers (migration 0013), not from
// counting files: after every kind of change (publish, unpublish, delete, hide and unhide,
// suspension and its end, account deletion, licence change, a set publishing its chapters,
// multi-row statements, concurrent writers, TRUNCATE) the counts equal count(*) of what an
// anonymous visitor's Discover shows, per licence; the migration counts the files of an existing
// database. And Discover's page costs one statement (anonymous) or the session's lookup and one
// statement (signed in), with the read cache off or on (a search first looks its words up).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql, type KyselyPlugin, type QueryId, type RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/database';
import { migrateToLatest } from '../src/db/migrate';
import * as audioRepo from '../src/repositories/audio';
import * as publishable from '../src/repositories/publishable';
import * as moderation from '../src/repositories/moderation';
import * as setsRepo from '../src/repositories/sets';
import * as users from '../src/repositories/users';
import { createTestApp } from './helpers/app';
import { insertAudio, signedInUser, unique } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { insertSet } from './helpers/sets';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

const LICENCES = ['all-rights-reserved', 'cc-by-4.0', 'cc-by-nc-4.0', 'cc-by-sa-4.0', 'cc0-1.0'] as const;

/** What the counts hold and what Discover's rule counts, per licence (licences with neither left out). */
async function countsAndTruth(db = database.db) {
  const kept = await db.selectFrom('audio_discover_counts').select(['licence', 'visible_count']).where('visible_count', '>', 0).orderBy('licence').execute();
  const truth = await db
    .selectFrom('audio_files')
    .select(['licence', (eb) => eb.fn.countAll<number>().as('n')])
    .where('status', '=', 'published')
    .where('hidden_at', 'is', null)
    .where('owner_suspended', '=', false)
    .groupBy('licence')
    .orderBy('licence')
    .execute();
  return {
    kept: Object.fromEntries(kept.map((r) => [r.licence, Number(r.visible_count)])),
    truth: Object.fromEntries(truth.map((r) => [r.licence, Number(r.n)])),
  };
}

/** Asserts the counts equal the visible files; answers the total. */
async function expectCountsRight(): Promise<number> {
  const { kept, truth } = await countsAndTruth();
  expect(kept).toEqual(truth);
  const total = Object.values(truth).reduce((a, b) => a + b, 0);
  // And Discover's unfiltered total (and each licence's) is that count.
  expect(await audioRepo.countPublishedAudio(database.db, {})).toBe(total);
  for (const licence of LICENCES) expect(await audioRepo.countPublishedAudio(database.db, { licence })).toBe(truth[licence] ?? 0);
  return total;
}

const owner = () => signedInUser(database);

describe(`Discover's counts follow every change (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('publish, unpublish, edits that change nothing, licence change, delete', async () => {
    const before = await expectCountsRight();
    const u = await owner();
    const published = await insertAudio(database, u.id);
    const draft = await insertAudio(database, u.id, { status: 'draft' });
    expect(await expectCountsRight()).toBe(before + 1);

    await audioRepo.updateAudio(database.db, draft, { status: 'published', publish: true });
    expect(await expectCountsRight()).toBe(before + 2);
    await audioRepo.updateAudio(database.db, published, { status: 'draft' });
    expect(await expectCountsRight()).toBe(before + 1);
    // An edit, a like and a download change no one's visibility: the counts stay.
    await audioRepo.updateAudio(database.db, draft, { title: 'Renamed' });
    await publishable.addLike(database.db, 'audio_files', draft, u.id);
    await audioRepo.countDownload(database.db, draft, u.id);
    expect(await expectCountsRight()).toBe(before + 1);

    await audioRepo.updateAudio(database.db, draft, { licence: 'cc0-1.0' });
    const { kept } = await countsAndTruth();
    expect(kept['cc0-1.0']).toBeGreaterThanOrEqual(1);
    expect(await expectCountsRight()).toBe(before + 1);
    // A licence change of a draft moves nothing.
    await audioRepo.updateAudio(database.db, published, { licence: 'cc-by-sa-4.0' });
    expect(await expectCountsRight()).toBe(before + 1);

    await audioRepo.deleteAudio(database.db, draft);
    await audioRepo.deleteAudio(database.db, published);
    expect(await expectCountsRight()).toBe(before);
  });

  it('moderators hide and unhide a file, and delete one; a hidden file changing status or licence moves nothing', async () => {
    const before = await expectCountsRight();
    const u = await owner();
    const a = await insertAudio(database, u.id);
    const b = await insertAudio(database, u.id);
    expect(await expectCountsRight()).toBe(before + 2);
    await moderation.setAudioHidden(database.db, a, true);
    expect(await expectCountsRight()).toBe(before + 1);
    await audioRepo.updateAudio(database.db, a, { status: 'draft', licence: 'cc0-1.0' });
    await audioRepo.updateAudio(database.db, a, { status: 'published', publish: true });
    expect(await expectCountsRight()).toBe(before + 1);
    await moderation.setAudioHidden(database.db, a, false);
    expect(await expectCountsRight()).toBe(before + 2);
    await moderation.deleteAudioItem(database.db, b);
    expect(await expectCountsRight()).toBe(before + 1);
    // Deleting a hidden file takes nothing off.
    await moderation.setAudioHidden(database.db, a, true);
    await moderation.deleteAudioItem(database.db, a);
    expect(await expectCountsRight()).toBe(before);
  });

  it("an owner's suspension and its end (one statement over all their files), with a hidden file and a draft among them", async () => {
    const before = await expectCountsRight();
    const u = await owner();
    const ids = await Promise.all([insertAudio(database, u.id), insertAudio(database, u.id), insertAudio(database, u.id), insertAudio(database, u.id, { status: 'draft' })]);
    await moderation.setAudioHidden(database.db, ids[0]!, true);
    expect(await expectCountsRight()).toBe(before + 2);
    await moderation.setSuspension(database.db, u.id, new Date(Date.now() + 86_400_000));
    expect(await expectCountsRight()).toBe(before);
    // Publishing while suspended shows nothing.
    await audioRepo.updateAudio(database.db, ids[3]!, { status: 'published', publish: true });
    expect(await expectCountsRight()).toBe(before);
    await moderation.setSuspension(database.db, u.id, null);
    // The file moderators hid stays hidden.
    expect(await expectCountsRight()).toBe(before + 3);
  });

  it("account deletion takes the owner's visible files off (ON DELETE CASCADE fires the triggers)", async () => {
    const before = await expectCountsRight();
    const u = await owner();
    await Promise.all([insertAudio(database, u.id), insertAudio(database, u.id), insertAudio(database, u.id, { status: 'draft' })]);
    expect(await expectCountsRight()).toBe(before + 2);
    await users.deleteUser(database.db, u.id);
    expect(await expectCountsRight()).toBe(before);
  });

  it("a set publishing its owner's draft chapters counts them all (one multi-row UPDATE)", async () => {
    const before = await expectCountsRight();
    const u = await owner();
    const drafts = await Promise.all([1, 2, 3].map(() => insertAudio(database, u.id, { status: 'draft' })));
    const setId = await insertSet(database, u.id, drafts);
    expect(await expectCountsRight()).toBe(before);
    await setsRepo.publishOwnDraftChapters(database.db, setId, u.id);
    expect(await expectCountsRight()).toBe(before + 3);
  });

  it('multi-row INSERT, UPDATE and DELETE statements of mixed licences, statuses and visibility', async () => {
    const before = await expectCountsRight();
    const u = await owner();
    const tag = unique();
    await sql`insert into audio_files (user_id, title, description, status, published_at, file_path, file_name, file_size, mime_type, licence, hidden_at)
              select ${u.id}::uuid, 'Bulk ' || g, 'bulk', case when g % 3 = 0 then 'draft' else 'published' end, now(),
                     'audio/bulk-' || ${tag} || '-' || g || '.mp3', 'b.mp3', 1, 'audio/mpeg',
                     (array['all-rights-reserved','cc-by-4.0','cc-by-nc-4.0','cc-by-sa-4.0','cc0-1.0'])[1 + g % 5],
                     case when g % 7 = 0 then now() end
                from generate_series(1, 60) g`.execute(database.db);
    // 60 files: 20 drafts (g % 3 = 0); of the 40 published, those with g % 7 = 0 are hidden (g = 7, 14, 28, 35, 49, 56).
    expect(await expectCountsRight()).toBe(before + 34);
    // One UPDATE that publishes some, unpublishes others, hides and unhides and moves licences.
    await sql`update audio_files set status = case when status = 'draft' then 'published' else 'draft' end,
                                     hidden_at = case when hidden_at is null and id % 2 = 0 then now() else null end,
                                     licence = 'cc-by-4.0'
               where file_path like ${`audio/bulk-${tag}-%`}`.execute(database.db);
    await expectCountsRight();
    await sql`delete from audio_files where file_path like ${`audio/bulk-${tag}-%`} and id % 2 = 1`.execute(database.db);
    await expectCountsRight();
    await sql`delete from audio_files where file_path like ${`audio/bulk-${tag}-%`}`.execute(database.db);
    expect(await expectCountsRight()).toBe(before);
  });

  it('concurrent writers lose no count (publish and unpublish in parallel transactions)', async () => {
    const before = await expectCountsRight();
    const people = await Promise.all([1, 2, 3, 4].map(() => owner()));
    const ids = (await Promise.all(people.flatMap((p) => [1, 2, 3, 4, 5].map(() => insertAudio(database, p.id, { status: 'draft' }))))).sort((a, b) => a - b);
    await Promise.all(ids.map((id) => database.db.transaction().execute((trx) => audioRepo.updateAudio(trx, id, { status: 'published', publish: true }))));
    expect(await expectCountsRight()).toBe(before + 20);
    await Promise.all([
      ...ids.slice(0, 10).map((id) => database.db.transaction().execute((trx) => audioRepo.updateAudio(trx, id, { status: 'draft' }))),
      ...people.slice(2).map((p) => database.db.transaction().execute((trx) => moderation.setSuspension(trx, p.id, new Date(Date.now() + 3_600_000)))),
    ]);
    // Ten unpublished, and whatever of the other ten people 3 and 4 own hidden by their suspension.
    expect(await expectCountsRight()).toBeLessThanOrEqual(before + 10);
    await Promise.all(people.map((p) => users.deleteUser(database.db, p.id)));
    expect(await expectCountsRight()).toBe(before);
  });

  it('the migration counts the files of an existing database (applied over data)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'tonieshelf-migrations-'));
    const all = path.resolve(import.meta.dirname, '../../migrations');
    const files = (await fs.readdir(all)).filter((f) => f.endsWith('.sql')).sort();
    expect(files).toContain('0013_discover_counts.sql');
    for (const f of files) if (f < '0013') await fs.copyFile(path.join(all, f), path.join(dir, f));
    // A database of its own: PGlite in memory, or the PostgreSQL test database's server.
    const other = process.env.TEST_DATABASE_URL ? null : await openDatabase({ pgliteDir: 'memory' });
    const target = other ?? (await postgresDatabaseMigratedWith(dir));
    try {
      if (other) await migrateToLatest(other.db, dir);
      const db = target.db;
      const u = await db
        .insertInto('users')
        .values({ email: `${unique()}@example.test`, username: `m${unique()}`.slice(0, 30), first_name: 'M', last_name: 'G', password_hash: 'x' })
        .returning('id')
        .executeTakeFirstOrThrow();
      await sql`insert into audio_files (user_id, title, description, status, published_at, file_path, file_name, file_size, mime_type, licence, hidden_at, owner_suspended)
                select ${u.id}::uuid, 'Old ' || g, 'old', case when g % 4 = 0 then 'draft' else 'published' end, now(),
                       'audio/old-' || g || '.mp3', 'o.mp3', 1, 'audio/mpeg',
                       (array['all-rights-reserved','cc-by-4.0','cc0-1.0'])[1 + g % 3],
                       case when g % 5 = 0 then now() end, g % 11 = 0
                  from generate_series(1, 50) g`.execute(db);
      expect(await migrateToLatest(db)).toContain('0013_discover_counts');
      const { kept, truth } = await countsAndTruth(db);
      expect(kept).toEqual(truth);
      expect(Object.values(kept).reduce((a, b) => a + b, 0)).toBeGreaterThan(20);
    } finally {
      await target.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('TRUNCATE empties the counts with the table (last: it empties this database)', async () => {
    await insertAudio(database, (await owner()).id);
    expect(await expectCountsRight()).toBeGreaterThan(0);
    await sql`truncate audio_files cascade`.execute(database.db);
    expect(await expectCountsRight()).toBe(0);
    await insertAudio(database, (await owner()).id);
    expect(await expectCountsRight()).toBe(1);
  });
});

/** A scratch database on TEST_DATABASE_URL's server, migrated with the migrations in `dir` only. */
async function postgresDatabaseMigratedWith(dir: string) {
  const pg = (await import('pg')).default;
  const name = `tonieshelf_test_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE "${name}"`).finally(() => admin.end());
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 2 });
  await migrateToLatest(database.db, dir);
  return {
    db: database.db,
    async close() {
      await database.close();
      const dropper = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`).finally(() => dropper.end());
    },
  };
}

/**
 * The test database through a plugin that records the SQL of every statement sent to the
 * database, once each (a plugin sees subqueries built on their own too, but only the statements
 * executed come back with a result).
 */
function executedStatements(database: TestDatabase) {
  const built = new Map<QueryId, RootOperationNode>();
  const statements: string[] = [];
  const recorder: KyselyPlugin = {
    transformQuery(args) {
      built.set(args.queryId, args.node);
      return args.node;
    },
    async transformResult(args) {
      const node = built.get(args.queryId);
      if (node) statements.push(database.db.getExecutor().compileQuery(node, args.queryId).sql);
      return args.result;
    },
  };
  return { db: database.db.withPlugin(recorder), statements };
}

describe('Discover in few statements', () => {
  let counted: ReturnType<typeof executedStatements>;
  let app: FastifyInstance;
  let cachedApp: FastifyInstance;
  let viewer: Awaited<ReturnType<typeof signedInUser>>;
  let liked: number;

  beforeAll(async () => {
    counted = executedStatements(database);
    app = await createTestApp({ ...database, db: counted.db });
    cachedApp = await createTestApp({ ...database, db: counted.db }, { cacheTtlMs: 60_000 });
    viewer = await owner();
    const other = await owner();
    for (let i = 0; i < 5; i++) await insertAudio(database, other.id, { title: `Counted ${i}` });
    liked = await insertAudio(database, other.id, { title: 'Counted liked' });
    await publishable.addLike(database.db, 'audio_files', liked, viewer.id);
  });

  afterAll(async () => {
    await app?.close();
    await cachedApp?.close();
  });

  async function get(target: FastifyInstance, url: string, headers: Record<string, string> = {}) {
    counted.statements.length = 0;
    const res = await target.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return { body: res.json(), statements: [...counted.statements] };
  }

  const URL_RECENT = '/api/audio-files?page=1&pageSize=12&sortBy=recent';

  it('anonymous, cache off: one statement (the page and its total; no count of files)', async () => {
    const { body, statements } = await get(app, URL_RECENT);
    expect(statements).toHaveLength(1);
    expect(statements[0]).toContain('audio_discover_counts');
    expect(statements[0]).not.toMatch(/count\(\*\)/i);
    const total = await expectCountsRight();
    expect(body.totalCount).toBe(total);
    expect(body.audioFiles[0].title).toBe('Counted liked');
  });

  it("signed in, cache off: the session's lookup and one statement, with the viewer's like and live counts", async () => {
    const { body, statements } = await get(app, URL_RECENT, viewer.headers);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain('sessions');
    expect(statements[1]).toContain('audio_discover_counts');
    expect(statements[1]).toContain('audio_likes');
    const first = body.audioFiles[0];
    expect(first).toMatchObject({ id: liked, hasLiked: true, likeCount: 1 });
    expect(first.fileUrl).toMatch(/^\/files\//);
    expect(body.audioFiles.slice(1).every((f: { hasLiked: boolean }) => !f.hasLiked)).toBe(true);
  });

  it("signed in, cache on: two statements when it loads the page, two when the cache answers, and the cached page carries no one's like", async () => {
    const url = '/api/audio-files?page=1&pageSize=12&sortBy=popular';
    const miss = await get(cachedApp, url, viewer.headers);
    expect(miss.statements).toHaveLength(2);
    expect(miss.body.audioFiles[0]).toMatchObject({ id: liked, hasLiked: true });
    const hit = await get(cachedApp, url, viewer.headers);
    expect(hit.statements).toHaveLength(2);
    expect(hit.statements[1]).not.toContain('audio_discover_counts');
    expect(hit.body.audioFiles[0]).toMatchObject({ id: liked, hasLiked: true, likeCount: 1 });
    const anonymous = await get(cachedApp, url);
    expect(anonymous.statements).toHaveLength(0);
    expect(anonymous.body.audioFiles[0]).toMatchObject({ id: liked, hasLiked: false, fileUrl: null });
  });

  it('a licence filter reads its count too; search words are counted over their word links (the words first, then the page and its total), and an empty page still answers the total', async () => {
    const licence = await get(app, `${URL_RECENT}&licence=cc-by-4.0`);
    expect(licence.statements).toHaveLength(1);
    expect(licence.statements[0]).toContain('audio_discover_counts');
    const { truth } = await countsAndTruth();
    expect(licence.body.totalCount).toBe(truth['cc-by-4.0']);
    const words = await get(app, `${URL_RECENT}&search=Counted`);
    expect(words.statements).toHaveLength(2);
    expect(words.statements[0]).toContain('audio_search_words');
    expect(words.statements[1]).toContain('audio_file_words');
    expect(words.body.totalCount).toBe(6);
    const beyond = await get(app, `/api/audio-files?page=999&pageSize=12&sortBy=recent&search=Counted`);
    expect(beyond.statements).toHaveLength(2);
    expect(beyond.body).toEqual({ audioFiles: [], totalCount: 6 });
  });

  it("a tag filter is one statement: the tags looked up by name inside it, the total carried by the page's rows; a page past the last counts in a second", async () => {
    const tagged = await owner();
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const id = await insertAudio(database, tagged.id, { title: `Tagged ${i}` });
      await publishable.replaceTags(database.db, 'audio_files', id, i < 2 ? ['Counted Red', 'Counted Blue'] : ['Counted Red']);
      ids.push(id);
    }
    const both = await get(app, `/api/audio-files?page=1&pageSize=1&sortBy=az&tags=${encodeURIComponent('counted blue,Counted RED')}`);
    expect(both.statements).toHaveLength(1);
    expect(both.statements[0]).toContain('count(*) over ()');
    expect(both.statements[0]).not.toContain('audio_discover_counts');
    expect(both.body.totalCount).toBe(2);
    expect(both.body.audioFiles.map((f: { id: number }) => f.id)).toEqual([ids[0]]);
    const second = await get(app, `/api/audio-files?page=2&pageSize=1&sortBy=az&tags=${encodeURIComponent('Counted Red,Counted Blue')}`);
    expect(second.statements).toHaveLength(1);
    expect(second.body).toMatchObject({ totalCount: 2, audioFiles: [{ id: ids[1] }] });
    const past = await get(app, `/api/audio-files?page=3&pageSize=1&sortBy=az&tags=${encodeURIComponent('Counted Red,Counted Blue')}`);
    expect(past.statements).toHaveLength(2);
    expect(past.body).toEqual({ audioFiles: [], totalCount: 2 });
    const unknown = await get(app, `/api/audio-files?page=1&pageSize=12&tags=${encodeURIComponent('Counted Red,No such tag')}`);
    expect(unknown.statements).toHaveLength(1);
    expect(unknown.body).toEqual({ audioFiles: [], totalCount: 0 });
  });

  it('a search word no stored word contains answers an empty page at once, on any page (no count after)', async () => {
    for (const page of [1, 2]) {
      const none = await get(app, `/api/audio-files?page=${page}&pageSize=12&search=qqzzqq`);
      expect(none.statements).toHaveLength(1);
      expect(none.statements[0]).toContain('audio_search_words');
      expect(none.body).toEqual({ audioFiles: [], totalCount: 0 });
    }
  });
});
