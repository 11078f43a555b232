// The demo catalogue is for an empty install only: importing a catalogue removes the demo Tonies
// nobody besides the demo users rated or reviewed (with their demo ratings and the tags only they
// used); demo Tonies someone else rated stay. A dry run reports the same numbers and changes
// nothing; a file without a single figure removes nothing.
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importTonies, formatSummary } from '../src/import/import-tonies';
import { DEMO_TONIES } from '../src/seed/demo-catalogue';
import { seedDemo } from '../src/seed/seed';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const FIXTURE = path.join(import.meta.dirname, 'fixtures/tonies-dirty.json');
const readFixture = () => JSON.parse(fs.readFileSync(FIXTURE, 'utf8')) as unknown[];

let database: TestDatabase;
let claimedByReview: number;
let claimedByStars: number;

async function count(table: 'tonies' | 'ratings' | 'tags'): Promise<number> {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function demoArticles(): Promise<string[]> {
  const rows = await database.db.selectFrom('tonies').select('article').where('article', 'like', 'demo-%').orderBy('article').execute();
  return rows.map((r) => r.article);
}

async function tonieId(article: string): Promise<number> {
  return (await database.db.selectFrom('tonies').select('id').where('article', '=', article).executeTakeFirstOrThrow()).id;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const seeded = await seedDemo(database.db);
  expect(seeded.tonies).toBe(DEMO_TONIES.length);
  // A real user reviews one demo Tonie and gives another stars only.
  const user = await database.db
    .insertInto('users')
    .values({ email: 'parent@example.com', username: 'parent', first_name: 'Pat', last_name: 'Parent', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
  claimedByReview = await tonieId('demo-001');
  claimedByStars = await tonieId('demo-012');
  await database.db
    .insertInto('ratings')
    .values([
      { tonie_id: claimedByReview, user_id: user.id, rating: 5, review: 'We play it every evening.' },
      { tonie_id: claimedByStars, user_id: user.id, rating: 3, review: null },
    ])
    .execute();
});
afterAll(async () => {
  await database?.close();
});

describe(`import replaces the demo catalogue (${process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite'})`, () => {
  it('a file without a single figure -> no demo Tonie removed', async () => {
    const junk = [
      { article: '99-0001', data: [{ series: 'Kreativ-Tonie', episode: '(Platzhalter) - DE', category: 'creative-tonie' }] },
      { article: 'pseudo:98-0414', data: [{ series: 'DEMO TONIE', episode: 'DEMO TONIE', category: 'DEMO TONIE' }] },
    ];
    const summary = await importTonies(database.db, junk);
    expect(summary).toMatchObject({ inserted: 0, demoRemoved: 0, demoKept: 0 });
    expect(summary.skippedByReason).toEqual({ 'shop placeholder, not a figure': 1, 'test product, not a figure': 1 });
    expect(await demoArticles()).toHaveLength(DEMO_TONIES.length);
  });

  it('dry run -> reports how many would go, changes nothing', async () => {
    const before = await Promise.all([count('tonies'), count('ratings'), count('tags')]);
    const summary = await importTonies(database.db, readFixture(), { dryRun: true });
    expect(summary).toMatchObject({ inserted: 0, demoRemoved: DEMO_TONIES.length - 2, demoKept: 2 });
    expect(await Promise.all([count('tonies'), count('ratings'), count('tags')])).toEqual(before);
  });

  it('the import -> unclaimed demo Tonies, their ratings and their own tags gone; the two others rated stay with all their ratings', async () => {
    const demoRatingsOfKept = await database.db
      .selectFrom('ratings')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('tonie_id', 'in', [claimedByReview, claimedByStars])
      .executeTakeFirstOrThrow();

    const summary = await importTonies(database.db, readFixture());
    expect(summary).toMatchObject({ inserted: 24, demoRemoved: DEMO_TONIES.length - 2, demoKept: 2 });
    expect(formatSummary(summary).split('\n')[0]).toMatch(
      new RegExp(
        `24 inserted, 0 updated, 0 unchanged, 5 skipped; \\d+ new tags\\. Demo catalogue: ${DEMO_TONIES.length - 2} demo Tonies removed, 2 kept \\(rated by others\\)\\.$`,
      ),
    );

    expect(await demoArticles()).toEqual(['demo-001', 'demo-012']);
    expect(await count('tonies')).toBe(24 + 2);
    // Every remaining rating belongs to a remaining Tonie; the kept ones lost none.
    expect(await count('ratings')).toBe(Number(demoRatingsOfKept.n));
    const kept = await database.db.selectFrom('tonies').select(['article', 'rating_count']).where('article', 'like', 'demo-%').orderBy('article').execute();
    expect(kept.every((t) => t.rating_count >= 1)).toBe(true);
    // Tags no remaining Tonie or review uses (demo themes, unused review tags) are gone; the
    // catalogue's and the kept Tonies' tags stay.
    const orphans = await sql<{ name: string }>`
      select name from tags t
       where not exists (select 1 from tonie_tags tt where tt.tag_id = t.id)
         and not exists (select 1 from rating_tags rt where rt.tag_id = t.id)`.execute(database.db);
    expect(orphans.rows).toEqual([]);
    const names = (await database.db.selectFrom('tags').select('name').execute()).map((t) => t.name);
    expect(names).toEqual(expect.arrayContaining(['Sea', 'Nature', 'Ages 4+']));
    expect(names).not.toContain('Space');
    // The category counts follow the deletions.
    const counts = await sql<{ category: string; tonie_count: number; actual: number }>`
      select c.category, c.tonie_count, (select count(*)::int from tonies t where t.category = c.category) as actual
        from tonie_category_counts c`.execute(database.db);
    for (const row of counts.rows) expect(row.tonie_count, row.category).toBe(row.actual);
  });

  it('the next import -> nothing more removed; the kept demo Tonies stay', async () => {
    const summary = await importTonies(database.db, readFixture());
    expect(summary).toMatchObject({ inserted: 0, updated: 0, unchanged: 24, demoRemoved: 0, demoKept: 2 });
    expect(await demoArticles()).toEqual(['demo-001', 'demo-012']);
  });
});
