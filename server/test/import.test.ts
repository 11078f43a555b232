// The toniesV2.json importer against a real database: every cleaning rule as stored, idempotent
// re-runs, in-place updates, all-or-nothing on broken input, the CLI, and the real catalogue.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TONIE_CATEGORIES } from '@tonieshelf/shared/values/tonie';
import { ImportFormatError } from '../src/catalogue/clean';
import { importTonies, type ImportSummary } from '../src/import/import-tonies';
import { readSource } from '../src/import/source';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const here = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(here, '../..');
const FIXTURE = path.join(here, 'fixtures/tonies-dirty.json');
const REAL_FILE = path.resolve(repoRoot, '../shared/data/toniesV2.json');
const run = promisify(execFile);

const readFixture = () => JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as { article?: string; data: Record<string, unknown>[] }[];

let database: TestDatabase;
let first: ImportSummary;

beforeAll(async () => {
  database = await createTestDatabase();
  first = await importTonies(database.db, readFixture());
});
afterAll(async () => {
  await database?.close();
});

async function tonie(article: string, on = database) {
  return on.db.selectFrom('tonies').selectAll().where('article', '=', article).executeTakeFirstOrThrow();
}

async function tagsOf(article: string): Promise<string[]> {
  const rows = await database.db
    .selectFrom('tonie_tags')
    .innerJoin('tonies', 'tonies.id', 'tonie_tags.tonie_id')
    .innerJoin('tags', 'tags.id', 'tonie_tags.tag_id')
    .select('tags.name')
    .where('tonies.article', '=', article)
    .orderBy('tags.name')
    .execute();
  return rows.map((r) => r.name);
}

async function countTonies(on = database): Promise<number> {
  const row = await on.db
    .selectFrom('tonies')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('import: dirty fixture', () => {
  it('first run -> 24 inserted, 0 updated, 5 skipped with article and reason', () => {
    expect(first.records).toBe(29);
    expect(first.inserted).toBe(24);
    expect(first.updated).toBe(0);
    expect(first.unchanged).toBe(0);
    expect(first.skipped).toEqual([
      { article: 'TS-0014', reason: 'system sound, not a figure' },
      { article: '(record #21 without article)', reason: 'no article' },
      { article: 'TS-0022', reason: 'runtime is not a number' },
      { article: 'TS-0023', reason: 'no series' },
      { article: 'TS-0001', reason: 'duplicate article (an earlier record has it)' },
    ]);
    expect(first.categories).toEqual({
      'Audio Play': 12,
      Music: 4,
      'Audio Book': 1,
      Songs: 2,
      Knowledge: 2,
      'Creative Tonie': 2,
      Other: 1,
    });
  });

  it('skipped records -> not in the database', async () => {
    const rows = await database.db.selectFrom('tonies').select('article').where('article', 'in', ['TS-0014', 'TS-0022', 'TS-0023']).execute();
    expect(rows).toEqual([]);
    expect((await tonie('TS-0001')).episode).toBe('Der Leuchtturmsturm'); // the duplicate did not overwrite
  });

  it('a clean record -> every column as cleaned', async () => {
    const t = await tonie('TS-0001');
    expect(t).toMatchObject({
      name: 'Kapitän Kiesel – Der Leuchtturmsturm',
      series: 'Kapitän Kiesel',
      episode: 'Der Leuchtturmsturm',
      category: 'Audio Play',
      description: 'Kapitän Kiesel: Der Leuchtturmsturm. Audio play in German: 3 tracks, 52 minutes, for ages 4+.',
      html_description: null,
      html_tracklist: '<ol><li>Sturm zieht auf</li><li>Das Licht geht aus</li><li>Kiesel rudert los</li></ol>',
      runtime: 52,
      language: 'de-DE',
      song_count: 3,
      release_date: '2020-09-13',
      age_range: '4+',
      age_min: 4,
      origin: 'stock',
      rating_count: 0,
    });
    expect(t.image).toMatch(/^https:\/\/images\.example\.invalid\/kapit/);
    expect(t.url).toMatch(/^https:\/\/shop\.example\.invalid\/kapit/);
    expect(await tagsOf('TS-0001')).toEqual(['Ages 4+', 'German', 'Kapitän Kiesel']);
  });

  it('category variants -> one readable set: slugs, German labels, Tonie, missing, unknown', async () => {
    const expected: Record<string, string> = {
      'TS-0001': 'Audio Play', // audio-play
      'TS-0002': 'Audio Play', // Hörspiele & Hörbücher
      'TS-0003': 'Audio Play', // Tonie, nothing better
      'TS-0004': 'Music', // Tonie, title says songs
      'TS-0005': 'Audio Book', // audio-book
      'TS-0006': 'Music', // music
      'TS-0007': 'Music', // Musik
      'TS-0008': 'Songs', // audio-play-songs
      'TS-0009': 'Songs', // audio-book-songs
      'TS-0010': 'Knowledge', // audio-play-educational
      'TS-0011': 'Knowledge', // Wissen & Lernen
      'TS-0012': 'Creative Tonie', // creative-tonie
      'TS-0013': 'Creative Tonie', // Creative Tonie
      'TS-0015': 'Audio Play', // missing
      'TS-0027': 'Other', // unknown label
    };
    const rows = await database.db.selectFrom('tonies').select(['article', 'category']).where('article', 'in', Object.keys(expected)).execute();
    expect(Object.fromEntries(rows.map((r) => [r.article, r.category]))).toEqual(expected);
    const all = await database.db.selectFrom('tonies').select('category').distinct().execute();
    for (const { category } of all) expect(TONIE_CATEGORIES).toContain(category);
  });

  it("languages -> 'de-DE' / 'en-US' / 'fr-FR' with a readable tag; missing -> null and no language tag", async () => {
    expect((await tonie('TS-0006')).language).toBe('fr-FR');
    expect(await tagsOf('TS-0006')).toContain('French');
    expect((await tonie('TS-0026')).language).toBe('en-US'); // 'EN_us'
    expect((await tonie('TS-0005')).language).toBe('en-GB');
    expect((await tonie('TS-0015')).language).toBeNull();
    expect(await tagsOf('TS-0015')).toEqual(['Ages 3+', 'Pünktchen & Punkt']);
  });

  it('age 99 and an implausible 45 -> null with no age tag; a series whose other Tonie has an age lends it', async () => {
    for (const article of ['TS-0012', 'TS-0013', 'TS-0028']) {
      const t = await tonie(article);
      expect(t.age_min, article).toBeNull();
      expect(t.age_range, article).toBeNull();
      expect(
        (await tagsOf(article)).some((n) => n.startsWith('Ages ')),
        article,
      ).toBe(false);
    }
    // 'Moonbeam Tales' (99) takes 3 from 'MOONBEAM TALES' (3), the same series in English.
    const moonbeam = await tonie('TS-0003');
    expect([moonbeam.age_min, moonbeam.age_range]).toEqual([3, '3+']);
    expect(await tagsOf('TS-0003')).toContain('Ages 3+');
  });

  it('tunes runtime in seconds -> minutes; tunes 95 and stock minutes kept; 0 -> null', async () => {
    expect((await tonie('TS-0015')).runtime).toBe(46); // tunes 2730 s
    expect((await tonie('TS-0011')).runtime).toBe(81); // tunes 4831 s
    expect((await tonie('TS-0016')).runtime).toBe(95); // tunes, already minutes
    expect((await tonie('TS-0005')).runtime).toBe(95); // stock
    expect((await tonie('TS-0003')).runtime).toBeNull(); // 0
  });

  it('missing image / track-desc / release / web -> null (no placeholder stored)', async () => {
    expect((await tonie('TS-0013')).image).toBeNull();
    expect((await tonie('TS-0027')).image).toBeNull(); // javascript: URL dropped
    const noTracks = await tonie('TS-0017');
    expect(noTracks.html_tracklist).toBeNull();
    expect(noTracks.song_count).toBe(0);
    expect((await tonie('TS-0018')).release_date).toBeNull(); // no release key
    expect((await tonie('TS-0019')).release_date).toBeNull(); // release 0
    expect((await tonie('TS-0012')).url).toBeNull();
  });

  it('HTML in track titles -> escaped in the tracklist; no raw markup anywhere in it', async () => {
    const t = await tonie('TS-0024');
    expect(t.html_tracklist).toBe('<ol><li>&lt;script&gt;x&lt;/script&gt;</li><li>Rock &amp; Roll &quot;Robots&quot;</li><li>Tom&#39;s &lt;b&gt;Tune&lt;/b&gt;</li></ol>');
    expect(t.html_tracklist).not.toContain('<script');
    expect(t.song_count).toBe(3);
    expect(t.name).toBe('Bits & Bobs <Band> – Loud & Proud'); // plain text, escaped by whoever renders it
  });

  it('a set of 2 entries -> one Tonie: main entry named, tracks merged without duplicates, both episodes described', async () => {
    const t = await tonie('TS-0020');
    expect(t.name).toBe('Ritter Rost-frei – Die Burgpiraten');
    expect(t.song_count).toBe(3);
    expect(t.html_tracklist).toBe('<ol><li>Alarm auf der Burg</li><li>Der Schatzplan</li><li>Das Ei wackelt</li></ol>');
    expect(t.runtime).toBe(48);
    expect(t.description).toContain('A set of 2: Die Burgpiraten; Das Drachenei.');
    const rows = await database.db.selectFrom('tonies').select('id').where('article', '=', 'TS-0020').execute();
    expect(rows).toHaveLength(1);
  });

  it('names: episode repeating nothing -> Series – Episode; lower-case continuation -> joined', async () => {
    expect((await tonie('TS-0028')).name).toBe('Benno Brummbär als Bäcker');
    expect((await tonie('TS-0003')).name).toBe('Moonbeam Tales – The Sleepy Comet');
  });

  it('tags: long series shortened to <= 40 chars; one tag per name case-insensitively', async () => {
    expect(await tagsOf('TS-0025')).toContain('Wunderbare Reisen der kleinen Wolke');
    const moon = await database.db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where((eb) => eb(eb.fn('lower', ['name']), '=', 'moonbeam tales'))
      .execute();
    expect(moon).toHaveLength(1);
    expect(await tagsOf('TS-0026')).toContain(moon[0]!.name);
    expect(await tagsOf('TS-0003')).toContain(moon[0]!.name);
    const names = await database.db.selectFrom('tags').select('name').execute();
    for (const { name } of names) expect([...name].length).toBeLessThanOrEqual(40);
  });

  it('second run of the same file -> 0 inserted, 0 updated, rows not rewritten', async () => {
    const before = await tonie('TS-0001');
    const second = await importTonies(database.db, readFixture());
    expect(second.inserted).toBe(0);
    expect(second.updated).toBe(0);
    expect(second.unchanged).toBe(24);
    expect(second.tagsCreated).toBe(0);
    const after = await tonie('TS-0001');
    expect(after.updated_at.getTime()).toBe(before.updated_at.getTime());
  });

  it('a changed record -> updated in place (same id), tags replaced, others unchanged', async () => {
    const before = await tonie('TS-0001');
    const data = readFixture();
    const record = data.find((r) => r.article === 'TS-0001')!;
    record.data[0]!.episode = 'Die Nebelbucht';
    record.data[0]!.age = 6;
    record.data[0]!.language = 'en-gb';
    const summary = await importTonies(database.db, data);
    expect(summary.inserted).toBe(0);
    expect(summary.updated).toBe(1);
    expect(summary.unchanged).toBe(23);
    const after = await tonie('TS-0001');
    expect(after.id).toBe(before.id);
    expect(after.name).toBe('Kapitän Kiesel – Die Nebelbucht');
    expect(after.age_min).toBe(6);
    expect(after.language).toBe('en-GB');
    expect(await tagsOf('TS-0001')).toEqual(['Ages 6+', 'English', 'Kapitän Kiesel']);
    const again = await importTonies(database.db, data);
    expect([again.inserted, again.updated]).toEqual([0, 0]);
  });

  it('a changed record keeps its ratings aggregates', async () => {
    const user = await database.db
      .insertInto('users')
      .values({ email: 'importer-rater@test.example', username: 'importer-rater', first_name: 'Ida', last_name: 'Rater', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const t = await tonie('TS-0002');
    await database.db.insertInto('ratings').values({ tonie_id: t.id, user_id: user.id, rating: 4 }).execute();
    const data = readFixture();
    data.find((r) => r.article === 'TS-0002')!.data[0]!.runtime = 77;
    const summary = await importTonies(database.db, data);
    expect(summary.updated).toBeGreaterThanOrEqual(1);
    const after = await tonie('TS-0002');
    expect(after).toMatchObject({ runtime: 77, rating_count: 1, rating_sum: 4 });
  });

  it('a broken file -> ImportFormatError and nothing changed', async () => {
    const count = await countTonies();
    const snapshot = await tonie('TS-0005');
    await expect(importTonies(database.db, { article: 'TS-0005', data: [] })).rejects.toThrow(ImportFormatError);
    await expect(importTonies(database.db, ['TS-0005', 'TS-0006'])).rejects.toThrow(/item #1 is not an object/);
    await expect(importTonies(database.db, [{ no: '1', title: 'old format' }])).rejects.toThrow(/no record has a "data" list/);
    expect(await countTonies()).toBe(count);
    expect(await tonie('TS-0005')).toEqual(snapshot);
  });

  it('a write failing half-way -> whole import rolled back (rows already upserted are undone)', async () => {
    const count = await countTonies();
    const data = readFixture();
    data.push({ article: 'TS-NEW-1', data: [{ series: 'Neu', episode: 'Eins', category: 'audio-play' }] });
    data.find((r) => r.article === 'TS-0006')!.data[0]!.runtime = 12;
    // The Tonie upsert (TS-0006 updated, TS-NEW-1 inserted) succeeds; the later tag insert of
    // the new series tag 'Neu' then violates a constraint the cleaning cannot know about.
    await database.db.schema.alterTable('tags').addCheckConstraint('import_test_no_neu', sql`name <> 'Neu'`).execute();
    try {
      await expect(importTonies(database.db, data)).rejects.toThrow(/import_test_no_neu/);
    } finally {
      await database.db.schema.alterTable('tags').dropConstraint('import_test_no_neu').execute();
    }
    expect(await countTonies()).toBe(count);
    expect((await tonie('TS-0006')).runtime).toBe(38);
    const added = await database.db.selectFrom('tonies').select('id').where('article', '=', 'TS-NEW-1').execute();
    expect(added).toEqual([]);
  });
});

describe('import: sources and CLI', () => {
  it('readSource over http from 127.0.0.1 -> the parsed array; HTTP 404 -> clear error', async () => {
    const body = fs.readFileSync(FIXTURE);
    const server = http.createServer((req, res) => {
      if (req.url === '/toniesV2.json') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      } else {
        res.writeHead(404).end();
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      const data = await readSource(`http://127.0.0.1:${port}/toniesV2.json`);
      expect(Array.isArray(data) && data.length).toBe(29);
      await expect(readSource(`http://127.0.0.1:${port}/missing.json`)).rejects.toThrow(/HTTP 404/);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('readSource: not JSON / missing file -> ImportFormatError naming the file', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-import-'));
    try {
      const broken = path.join(dir, 'broken.json');
      fs.writeFileSync(broken, '[{"article": "x", "data": [');
      await expect(readSource(broken)).rejects.toThrow(/broken\.json is not valid JSON/);
      await expect(readSource(path.join(dir, 'nope.json'))).rejects.toThrow(/no such file/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('CLI: fixture path relative to INIT_CWD -> exit 0 with summary; broken file -> exit 1 with one error line', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-cli-'));
    const env = { ...process.env, DATA_DIR: dir, DATABASE_URL: '', INIT_CWD: repoRoot, NODE_ENV: 'test' };
    const cli = [path.join(repoRoot, 'node_modules/tsx/dist/cli.mjs'), 'src/import/cli.ts'];
    const cwd = path.join(repoRoot, 'server'); // as `npm run import:tonies -w server` runs it
    try {
      const ok = await run(process.execPath, [...cli, 'server/test/fixtures/tonies-dirty.json'], { cwd, env });
      expect(ok.stdout).toMatch(/24 inserted, 0 updated, 0 unchanged, 5 skipped/);
      expect(ok.stdout).toContain('TS-0022: runtime is not a number');
      expect(ok.stdout).toMatch(/Audio Play: 12/);

      const broken = path.join(dir, 'broken.json');
      fs.writeFileSync(broken, '{"not": "an array"}');
      const failed = await run(process.execPath, [...cli, broken], { cwd, env }).then(
        () => null,
        (err: { code: number; stdout: string; stderr: string }) => err,
      );
      expect(failed?.code).toBe(1);
      expect(failed?.stdout).toBe('');
      expect(failed?.stderr.trim().split('\n')).toEqual(['import:tonies: error: expected a JSON array of {article, data} records, got an object']);

      const again = await run(process.execPath, [...cli, 'server/test/fixtures/tonies-dirty.json'], { cwd, env });
      expect(again.stdout).toMatch(/0 inserted, 0 updated, 24 unchanged/);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000); // three tool starts (tsx compiles each): slow on a busy machine
});

// A database of its own: the first import into a new install, as bench:import measures it (after
// the failed import above, the session's cached plans slow the same import down; see issue 33).
describe('import: the real toniesV2.json', () => {
  let fresh: TestDatabase;
  beforeAll(async () => {
    fresh = await createTestDatabase();
  });
  afterAll(async () => {
    await fresh?.close();
  });
  it.runIf(fs.existsSync(REAL_FILE))(
    'full file -> about 6,500 Tonies, categories within TONIE_CATEGORIES, second run 0 changes (its speed is measured by npm run bench:import)',
    async () => {
      const data = JSON.parse(fs.readFileSync(REAL_FILE, 'utf8')) as unknown[];
      const before = await countTonies(fresh);
      const summary = await importTonies(fresh.db, data);
      expect(summary.records).toBe(data.length);
      expect(summary.inserted).toBeGreaterThan(6300);
      expect(summary.inserted + summary.skipped.length).toBe(data.length);
      expect(summary.skipped.every((s) => s.reason.length > 0)).toBe(true);
      expect(await countTonies(fresh)).toBe(before + summary.inserted);
      for (const category of Object.keys(summary.categories)) expect(TONIE_CATEGORIES).toContain(category);
      const stored = await fresh.db.selectFrom('tonies').select('category').distinct().execute();
      for (const { category } of stored) expect(TONIE_CATEGORIES).toContain(category);
      const over = await fresh.db
        .selectFrom('tonies')
        .select('article')
        .where((eb) => eb.or([eb('runtime', '>', 1500), eb('age_min', '>', 18)]))
        .execute();
      expect(over).toEqual([]);

      const second = await importTonies(fresh.db, data);
      expect([second.inserted, second.updated, second.unchanged]).toEqual([0, 0, summary.inserted]);

      // Non-figures skipped with their reason (counts of this snapshot).
      expect(summary.skippedByReason).toMatchObject({
        'system sound, not a figure': 71,
        'no series': 32,
        'shop placeholder, not a figure': 3,
        'test product, not a figure': 3,
        'dummy entry, not a figure': 2,
        "blocked entry ('GESPERRT'), not a figure": 1,
        'Toniebox bundle, not a figure': 2,
      });
      const junk = await fresh.db
        .selectFrom('tonies')
        .select('name')
        .where((eb) => eb.or(['%platzhalter%', '%dummy%', '%test product%', '%gesperrt%', '%demo tonie%', 'coming soon%'].map((p) => eb('name', 'ilike', p))))
        .execute();
      expect(junk).toEqual([]);
      // 'Newest First' opens on real figures with a language.
      const newest = await fresh.db
        .selectFrom('tonies')
        .select(['name', 'language', 'release_date'])
        .orderBy('release_date', sql`desc nulls last`)
        .orderBy('id', 'desc')
        .limit(24)
        .execute();
      for (const t of newest) {
        expect(t.name).not.toMatch(/test|dummy|platzhalter|coming soon|gesperrt|^z\b/i);
        expect(t.language).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
      }
      // Names never hold their series twice; the episode column keeps what is not the series.
      const olaf = await tonie('10000996', fresh);
      expect({ name: olaf.name, series: olaf.series, episode: olaf.episode }).toEqual({
        name: 'Die Eiskönigin – Olaf taut auf',
        series: 'Die Eiskönigin – Olaf taut auf',
        episode: null,
      });
      expect((await tonie('2000011304', fresh)).episode).toBe('Folge 115: Das unbekannte Pferd');
      // Filled as well as the file allows: series and language everywhere, age and release nearly.
      const gaps = await sql<{ total: number; no_series: number; no_language: number; no_age: number; no_release: number }>`
        select count(*)::int as total,
               count(*) filter (where series is null)::int as no_series,
               count(*) filter (where language is null)::int as no_language,
               count(*) filter (where age_min is null and category <> 'Creative Tonie')::int as no_age,
               count(*) filter (where release_date is null)::int as no_release
          from tonies where article not like 'TS-%'`.execute(fresh.db);
      const g = gaps.rows[0]!;
      expect([g.no_series, g.no_language]).toEqual([0, 0]);
      expect(g.no_age / g.total).toBeLessThan(0.06);
      expect(g.no_release / g.total).toBeLessThan(0.06);
    },
    240_000,
  );
});
