// Discover's busiest pages are planned once per connection: the statement of an unfiltered (or
// licence-only) page among the first ones at Discover's page size has its visibility rule and
// paging written in (no parameter the partial indexes or LIMIT depend on) and runs as a named
// prepared statement whose generic plan PostgreSQL keeps; a deeper page keeps one plan for the
// pages within its bound (boundedPage). Every page, literal or not, answers the same rows as
// a plain ordered read of the visible files.
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVER_PAGE_SIZE, type AudioSort } from '@tonieshelf/shared/constants';
import { openDatabase } from '../src/db/database';
import { shouldName } from '../src/db/prepared-statements';
import { shapeStats } from '../src/db/compiled-shapes';
import * as audioRepo from '../src/repositories/audio';
import { insertAudio, signedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
/** The visible files' ids in each sort's order, as a plain query reads them. */
const expected = new Map<AudioSort, number[]>();

const ORDER: Record<AudioSort, string> = {
  recent: 'created_at desc, id desc',
  popular: 'like_count desc, id desc',
  downloads: 'download_count desc, id desc',
  az: 'lower(title), id',
  za: 'lower(title) desc, id desc',
};

beforeAll(async () => {
  database = await createTestDatabase();
  const owner = await signedInUser(database);
  const words = ['apple', 'Banana', 'cherry', 'date', 'Elder', 'fig', 'grape'];
  // 7 x 12 + 5 visible files (more than LITERAL_PAGES pages of 12), some hidden and some drafts.
  for (let i = 0; i < 89; i += 1) {
    const id = await insertAudio(database, owner.id, { title: `${words[i % words.length]} ${i % 13}` });
    await sql`update audio_files set like_count = ${(i * 7) % 5}, download_count = ${(i * 3) % 4},
      created_at = ${new Date(Date.UTC(2025, 0, 1, 0, i % 17))} where id = ${id}`.execute(database.db);
  }
  await insertAudio(database, owner.id, { status: 'draft' });
  const hidden = await insertAudio(database, owner.id);
  await database.db.updateTable('audio_files').set({ hidden_at: new Date() }).where('id', '=', hidden).execute();
  for (const sort of Object.keys(ORDER) as AudioSort[]) {
    const rows = await sql<{ id: number }>`select id from audio_files
      where status = 'published' and hidden_at is null and not owner_suspended order by ${sql.raw(ORDER[sort])}`.execute(database.db);
    expected.set(sort, rows.rows.map((r) => r.id));
  }
});

afterAll(async () => {
  await database?.close();
});

describe('Discover pages', () => {
  it.each(Object.keys(ORDER) as AudioSort[])('every page of %s, at Discover’s page size and another, in the order of a plain read', async (sortBy) => {
    const all = expected.get(sortBy)!;
    expect(all).toHaveLength(89);
    for (const pageSize of [DISCOVER_PAGE_SIZE, 5]) {
      const seen: number[] = [];
      for (let page = 1; (page - 1) * pageSize < all.length + pageSize; page += 1) {
        const found = await audioRepo.discoverPage(database.db, { page, pageSize, sortBy }, null);
        expect(found.total).toBe(89);
        seen.push(...found.rows.map((r) => r.id));
      }
      expect(seen).toEqual(all);
    }
  });

  it('the first pages of an unfiltered Discover run as named statements with their paging and visibility written in', async () => {
    // The statements as compiled (a plugin compiles what goes through it; a fresh instance compiles every shape anew).
    const statements: { sql: string; parameters: readonly unknown[] }[] = [];
    const compiling: KyselyPlugin = {
      transformQuery(args) {
        statements.push(database.db.getExecutor().compileQuery(args.node, args.queryId));
        return args.node;
      },
      transformResult: async (args) => args.result,
    };
    const db = database.db.withPlugin(compiling);
    for (const page of [1, 2]) await audioRepo.discoverPage(db, { page, pageSize: DISCOVER_PAGE_SIZE, sortBy: 'recent' }, null);
    await audioRepo.discoverPage(db, { page: 1, pageSize: DISCOVER_PAGE_SIZE, sortBy: 'az', licence: 'cc-by-4.0' }, 'a0000000-0000-4000-8000-000000000001');
    await audioRepo.discoverPage(db, { page: 40, pageSize: DISCOVER_PAGE_SIZE, sortBy: 'recent' }, null);
    // Each page's whole statement (the plugin also sees its parts as they are built, and, as the
    // tests verify every shaped statement, each statement built afresh once more: db/compiled-shapes.ts).
    const distinct = (list: typeof statements) => [...new Map(list.map((s) => [s.sql, s])).values()];
    const pages = distinct(statements.filter((s) => s.sql.startsWith('select "t"."n" as "total_count"')));
    expect(pages).toHaveLength(4);
    for (const s of pages) expect(shouldName(s.sql, s.parameters)).toBe(true);
    for (const s of pages) expect(s.sql).toContain(`"audio_files"."status" = 'published'`);
    expect(pages[0]!.sql).toMatch(/limit 12 offset 0\b/);
    expect(pages[1]!.sql).toMatch(/limit 12 offset 12\b/);
    expect(pages[2]!.sql).toMatch(/limit 12 offset 0\b/);
    // A deeper page: cut at its bound (page 40 ends at row 480: 1,024), its limit written in, its offset a parameter.
    expect(pages[3]!.sql).toMatch(/limit 1024\)\) b order by "b"."k0" desc, "b"."k1" desc limit 12 offset \$\d+\)/);
    expect(pages[3]!.sql).not.toMatch(/limit \$\d+/);
    // Another page size, and a page past the last bound (row 262,144), take both as parameters:
    // page numbers a client makes up cannot make statements without end.
    statements.length = 0;
    const compiledBefore = shapeStats.compiled;
    await audioRepo.discoverPage(db, { page: 40, pageSize: 5, sortBy: 'recent' }, null);
    for (const page of [21_846, 9_000_000_000]) {
      const empty = await audioRepo.discoverPage(db, { page, pageSize: DISCOVER_PAGE_SIZE, sortBy: 'recent' }, null);
      expect(empty).toEqual({ rows: [], total: 89 });
    }
    // One statement with both as parameters, compiled once for the page of 5 and serving the deep pages too.
    const parameters = distinct(statements.filter((s) => s.sql.startsWith('select "t"."n" as "total_count"')));
    expect(parameters).toHaveLength(1);
    expect(shapeStats.compiled - compiledBefore).toBe(1);
    expect(parameters[0]!.sql).toMatch(/limit \$\d+ offset \$\d+/);
  });
});

// Only on PostgreSQL (the db project's second run, with TEST_DATABASE_URL): PGlite runs no named
// statements (it is one connection in the process), so there the statements' text above is what counts.
if (process.env.TEST_DATABASE_URL) {
  describe('Discover pages on PostgreSQL', () => {
    it('on PostgreSQL a first page is planned for its parameters five times, then runs the kept generic plan', async () => {
      const url = database.url;
      expect(url).toMatch(/^postgres/);
      const probe = await openDatabase({ url: url!, poolSize: 1 });
      try {
        for (const page of [1, 2]) {
          for (let run = 0; run < 7; run += 1) await audioRepo.discoverPage(probe.db, { page, pageSize: DISCOVER_PAGE_SIZE, sortBy: 'recent' }, null);
        }
        const kept = await sql<{ statement: string; generic_plans: string }>`
          select statement, generic_plans from pg_prepared_statements where statement like '%audio_discover_counts%'`.execute(probe.db);
        const first = kept.rows.filter((r) => /limit 12 offset (0|12)\b/.test(r.statement));
        expect(first).toHaveLength(2);
        for (const r of first) expect(Number(r.generic_plans)).toBeGreaterThanOrEqual(2);
      } finally {
        await probe.close();
      }
    });

    it('deeper pages within one bound share one statement and run its kept generic plan', async () => {
      const probe = await openDatabase({ url: database.url!, poolSize: 1 });
      try {
        for (let run = 0; run < 4; run += 1) {
          for (const page of [6, 7, 8]) await audioRepo.discoverPage(probe.db, { page, pageSize: DISCOVER_PAGE_SIZE, sortBy: 'popular' }, null);
        }
        const kept = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
          select statement, generic_plans, custom_plans from pg_prepared_statements where statement like '%audio_discover_counts%'`.execute(probe.db);
        expect(kept.rows).toHaveLength(1);
        expect(kept.rows[0]!.statement).toMatch(/limit 256\)\) b order by .* limit 12 offset \$\d+\)/);
        // Five runs planned for their parameters, then the generic plan for the other seven.
        expect(Number(kept.rows[0]!.custom_plans)).toBe(5);
        expect(Number(kept.rows[0]!.generic_plans)).toBe(7);
      } finally {
        await probe.close();
      }
    });

    it("a search by words keeps one generic plan whatever the words (their ids are hidden from the planner)", async () => {
      const probe = await openDatabase({ url: database.url!, poolSize: 1 });
      try {
        const results: number[][] = [];
        for (let run = 0; run < 3; run += 1) {
          for (const search of ['apple', 'banana', 'cherry', 'grape']) {
            const page = await audioRepo.discoverPage(probe.db, { page: 1, pageSize: DISCOVER_PAGE_SIZE, sortBy: 'recent', search }, null);
            results.push(page.rows.map((r) => r.id));
          }
        }
        expect(results.every((ids) => ids.length > 0)).toBe(true);
        const kept = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
          select statement, generic_plans, custom_plans from pg_prepared_statements where statement like '%audio_file_words%audio_discover_counts%'`.execute(probe.db);
        expect(kept.rows).toHaveLength(1);
        // The ids reach the plan only through a subquery: with them in sight, the planner costs each
        // set anew, and on the benchmark's 100,000 files it planned every run (~0.7 ms of ~2 ms).
        expect(kept.rows[0]!.statement).toMatch(/word_id = any\(\(select \$\d+::int\[\]\)::int\[\]\)/);
        expect(kept.rows[0]!.statement).not.toMatch(/any\(\$\d+/);
        expect(Number(kept.rows[0]!.custom_plans)).toBe(5);
        expect(Number(kept.rows[0]!.generic_plans)).toBe(7);
      } finally {
        await probe.close();
      }
    });
  });
}
