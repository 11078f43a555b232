// Catalogue pages as one statement (issue 16): the page's ids are chosen on the sort's index first
// and only its rows are read (a deferred join); the total comes beside the rows (the category
// counts, a window count for a search, a count of the filtered rows otherwise) and, past the
// last page, on its own. Every page of every sort and filter must be exactly what a plain
// ORDER BY ... LIMIT ... OFFSET over the same rows gives, ties included; and the total its count.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATALOGUE_PAGE_SIZE } from '@tonieshelf/shared/values/tonie';
import type { TonieListQuery } from '@tonieshelf/shared/schemas/tonie';
import { listTonies } from '../src/repositories/tonies';
import { createTestApp } from './helpers/app';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;

const PAGE_SIZE = 5;
// Few distinct release dates, averages and counts, and names that repeat: most rows tie on the
// first keys, so the later keys (the name's sort key, the id) decide the order.
const RELEASES = ['2021-05-01', '2019-01-01', null, '2021-05-01', '2023-07-07'];
const NAMES = ['Moon Song', 'Äpfel', 'apfel', 'Moon Song', 'Zebra 10', 'Zebra 9', 'Owl'];
const CATEGORIES = ['Audio Play', 'Music'];
// Not a multiple of either page size (the last page is short).
const TONIES = 71;

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  const tags = await database.db
    .insertInto('tags')
    .values([{ name: 'Red' }, { name: 'Blue' }])
    .returning(['id', 'name'])
    .execute();
  for (let i = 0; i < TONIES; i++) {
    const { id } = await database.db
      .insertInto('tonies')
      .values({
        article: `PG-${i}`,
        name: NAMES[i % NAMES.length]!,
        category: CATEGORIES[i % 2]!,
        series: i % 3 === 0 ? 'Moon Stories' : null,
        description: i % 4 === 0 ? 'under the moon' : 'a story',
        // Some Tonies without a language or an age (counted under NULL in tonie_facet_counts).
        // and a few in a bare language ('en': found by the filter 'en' as 'en-GB' and 'en-US' are).
        language: i % 7 === 5 ? null : i % 13 === 6 ? 'en' : i % 2 === 0 ? 'de-DE' : i % 5 === 1 ? 'en-US' : 'en-GB',
        age_min: i % 11 === 4 ? null : i % 6,
        song_count: 1,
        release_date: RELEASES[i % RELEASES.length]!,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    // Averages 5, 4, 4 (with another count), none: many ties (the ratings' trigger is not needed here).
    const [count, sum] = [
      [2, 10],
      [1, 4],
      [2, 8],
      [0, 0],
    ][i % 4]!;
    await database.db.updateTable('tonies').set({ rating_count: count, rating_sum: sum }).where('id', '=', id).execute();
    if (i % 2 === 0) await database.db.insertInto('tonie_tags').values({ tonie_id: id, tag_id: tags[0]!.id }).execute();
    if (i % 3 === 0) await database.db.insertInto('tonie_tags').values({ tonie_id: id, tag_id: tags[1]!.id }).execute();
  }
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

// The sorts as plain SQL, written out here (not taken from the code under test).
const ORDER: Record<string, string> = {
  newest: 'release_date desc nulls last, id desc',
  az: 'name_sort collate "C", id',
  highest: 'rating_avg desc nulls last, rating_count desc, name_sort collate "C", id',
  lowest: 'rating_avg asc nulls last, rating_count desc, name_sort collate "C", id',
  episode: 'release_date asc nulls last, name_sort collate "C", id',
};

interface Filter {
  label: string;
  query: string;
  where: string;
}
const FILTERS: Filter[] = [
  { label: 'no filter', query: '', where: 'true' },
  { label: 'a category', query: 'category=Music', where: "category = 'Music'" },
  {
    label: 'two tags',
    query: 'tags=red,BLUE',
    where: "id in (select tonie_id from tonie_tags tt join tags t on t.id = tt.tag_id where t.name in ('Red','Blue') group by tonie_id having count(*) = 2)",
  },
  { label: 'a language and an age', query: 'languages=de-DE&age=3', where: "language = 'de-DE' and age_min <= 3" },
  // Totals from tonie_facet_counts (migration 0017): languages and ages alone, or with a category.
  { label: 'two languages and an age', query: 'languages=en-GB,en-US&age=5', where: "language in ('en-GB', 'en-US') and age_min <= 5" },
  { label: 'a bare language (every region)', query: 'languages=en', where: "(language = 'en' or language like 'en-%')" },
  { label: 'an age', query: 'age=2', where: 'age_min <= 2' },
  {
    label: 'a category, a language and an age',
    query: 'category=Music&languages=de-DE,en-US&age=4',
    where: "category = 'Music' and language in ('de-DE', 'en-US') and age_min <= 4",
  },
];

/** What the old offset query answers: the ids of one page, and the count of the filtered rows. */
async function reference(where: string, order: string, page: number, size = PAGE_SIZE): Promise<{ ids: number[]; total: number }> {
  const rows = await sql<{ id: number }>`select id from tonies where ${sql.raw(where)} order by ${sql.raw(order)} limit ${size} offset ${(page - 1) * size}`.execute(database.db);
  const count = await sql<{ n: number }>`select count(*)::int as n from tonies where ${sql.raw(where)}`.execute(database.db);
  return { ids: rows.rows.map((r) => r.id), total: Number(count.rows[0]!.n) };
}

async function page(query: string, n: number, size = PAGE_SIZE): Promise<{ ids: number[]; total: number }> {
  const res = await app.inject({ method: 'GET', url: `/api/tonies?${query}&pageSize=${size}&page=${n}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<{ tonies: { id: number }[]; totalCount: number }>();
  return { ids: body.tonies.map((t) => t.id), total: body.totalCount };
}

describe('catalogue pages: every page equals the plain offset query (ties included)', () => {
  for (const filter of FILTERS) {
    for (const sort of Object.keys(ORDER)) {
      it(`${filter.label}, sort ${sort}: every page, the short last page and one past it, in pages of ${PAGE_SIZE} and ${CATALOGUE_PAGE_SIZE}`, async () => {
        for (const size of [PAGE_SIZE, CATALOGUE_PAGE_SIZE]) {
          const first = await reference(filter.where, ORDER[sort]!, 1, size);
          expect(first.total).toBeGreaterThan(0);
          const last = Math.ceil(first.total / size);
          const seen: number[] = [];
          for (let n = 1; n <= last + 1; n++) {
            const expected = await reference(filter.where, ORDER[sort]!, n, size);
            const got = await page(`${filter.query}&sort=${sort}`, n, size);
            expect(got, `page ${n} of ${size}`).toEqual(expected);
            seen.push(...got.ids);
          }
          // Past the last page: no rows, and still the right total (counted on its own).
          expect((await page(`${filter.query}&sort=${sort}`, last + 1, size)).ids).toEqual([]);
          expect(new Set(seen).size).toBe(first.total);
        }
      });
    }
  }
});

describe('catalogue pages: a search', () => {
  it('pages of 5 run through the same order as one page of 100, and the total is the number of matches', async () => {
    const all = await app.inject({ method: 'GET', url: '/api/tonies/search?q=moon&pageSize=100' });
    const whole = all.json<{ tonies: { id: number }[]; totalCount: number }>();
    const matches = await sql<{ n: number }>`select count(*)::int as n from tonies where search_text like '%moon%'`.execute(database.db);
    expect(whole.totalCount).toBe(Number(matches.rows[0]!.n));
    expect(whole.tonies).toHaveLength(whole.totalCount);
    const paged: number[] = [];
    const last = Math.ceil(whole.totalCount / PAGE_SIZE);
    for (let n = 1; n <= last; n++) {
      const res = await app.inject({ method: 'GET', url: `/api/tonies/search?q=moon&pageSize=${PAGE_SIZE}&page=${n}` });
      const body = res.json<{ tonies: { id: number }[]; totalCount: number }>();
      expect(body.totalCount, `page ${n}`).toBe(whole.totalCount);
      paged.push(...body.tonies.map((t) => t.id));
    }
    expect(paged).toEqual(whole.tonies.map((t) => t.id));
    const past = await app.inject({ method: 'GET', url: `/api/tonies/search?q=moon&pageSize=${PAGE_SIZE}&page=${last + 1}` });
    expect(past.json()).toMatchObject({ tonies: [], totalCount: whole.totalCount, suggestions: [] });
  });

  it('a search that finds nothing: page 1 and page 3 are empty with total 0', async () => {
    for (const n of [1, 3]) {
      const res = await app.inject({ method: 'GET', url: `/api/tonies/search?q=qwertzyx&page=${n}` });
      expect(res.json()).toMatchObject({ tonies: [], totalCount: 0 });
    }
  });

  it('a tag no Tonie has (or that does not exist) empties the list, on any page', async () => {
    for (const query of ['tags=Red,Nope', 'tags=Nope&page=2']) {
      const res = await app.inject({ method: 'GET', url: `/api/tonies?${query}` });
      expect(res.json(), query).toEqual({ tonies: [], totalCount: 0, suggestions: [] });
    }
  });
});

describe('catalogue pages: the tRPC path and the /api shim answer alike', () => {
  it('the same page, the same body', async () => {
    const input = { page: 3, pageSize: PAGE_SIZE, sort: 'highest', tags: ['Red'] };
    const trpc = await app.inject({ method: 'GET', url: `/trpc/tonie.list?input=${encodeURIComponent(JSON.stringify(input))}` });
    const api = await app.inject({ method: 'GET', url: `/api/tonies?page=3&pageSize=${PAGE_SIZE}&sort=highest&tags=Red` });
    expect(trpc.statusCode).toBe(200);
    expect(trpc.json<{ result: { data: unknown } }>().result.data).toEqual(api.json());
    expect(api.json<{ tonies: unknown[] }>().tonies).toHaveLength(PAGE_SIZE);
  });
});

describe('catalogue pages: language and age totals from tonie_facet_counts (migration 0017)', () => {
  /** Rows of the counts that differ from counting the Tonies themselves (none when the triggers kept step). */
  async function countsAstray(): Promise<unknown[]> {
    const { rows } = await sql`
      select coalesce(c.category, t.category) as category, coalesce(c.language, t.language) as language,
             coalesce(c.age_min, t.age_min) as age_min, c.tonie_count as kept, t.n as actual
        from tonie_facet_counts c
        full join (select category, language, age_min, count(*)::int as n from tonies group by 1, 2, 3) t
          on t.category = c.category and t.language is not distinct from c.language and t.age_min is not distinct from c.age_min
       where coalesce(c.tonie_count, 0) <> coalesce(t.n, 0)`.execute(database.db);
    return rows;
  }

  it('the counts follow inserts, changes of category, language and age, rating updates and deletes', async () => {
    expect(await countsAstray()).toEqual([]);
    const added = await database.db
      .insertInto('tonies')
      .values([
        { article: 'FC-1', name: 'Facet One', category: 'Music', language: 'fr-FR', age_min: 3, release_date: null },
        { article: 'FC-2', name: 'Facet Two', category: 'Music', language: null, age_min: null, release_date: null },
        { article: 'FC-3', name: 'Facet Three', category: 'Audio Play', language: 'fr-FR', age_min: 3, release_date: null },
      ])
      .returning('id')
      .execute();
    const ids = added.map((r) => r.id);
    try {
      expect(await countsAstray()).toEqual([]);
      expect((await page('languages=fr-FR&age=3', 1)).total).toBe(2);
      await database.db.updateTable('tonies').set({ language: 'fr-BE', age_min: null }).where('id', '=', ids[0]!).execute();
      await database.db.updateTable('tonies').set({ category: 'Audio Play', language: 'fr-FR', age_min: 2 }).where('id', '=', ids[1]!).execute();
      // A rating's aggregates (and a whole-catalogue update) change no facet.
      await database.db.updateTable('tonies').set({ rating_count: 1, rating_sum: 5 }).where('id', 'in', ids).execute();
      await database.db
        .updateTable('tonies')
        .set((eb) => ({ song_count: eb('song_count', '+', 0) }))
        .execute();
      expect(await countsAstray()).toEqual([]);
      expect((await page('languages=fr&age=3', 1)).total).toBe(2);
      expect((await page('category=Audio Play&languages=fr-FR', 1)).total).toBe(2);
      expect((await page('languages=fr-BE', 1)).total).toBe(1);
    } finally {
      await database.db.deleteFrom('tonies').where('id', 'in', ids).execute();
    }
    expect(await countsAstray()).toEqual([]);
    expect((await page('languages=fr', 1)).total).toBe(0);
  });

  it('a language or age filter takes its total from the counts, not from the rows; a search or a tag with it counts the rows', async () => {
    const honest = (await page('languages=de-DE&age=3', 1)).total;
    const withTag = (await page('languages=de-DE&age=3&tags=red', 1)).total;
    const withSearch = (await page('languages=de-DE&age=3&search=moon', 1)).total;
    expect(withSearch).toBeGreaterThan(0);
    // Rows no Tonie stands behind, added inside a transaction that is rolled back: a total that
    // moves with them was read from the counts.
    await database.db
      .transaction()
      .execute(async (trx) => {
        await sql`update tonie_facet_counts set tonie_count = tonie_count + 1000 where language = 'de-DE' and age_min = 0 and category = 'Audio Play'`.execute(trx);
        const probe = (query: Partial<TonieListQuery>) => listTonies(trx, { page: 1, pageSize: PAGE_SIZE, languages: ['de-DE'], age: 3, ...query });
        expect((await probe({})).total).toBe(honest + 1000);
        expect((await probe({ tags: ['red'] })).total).toBe(withTag);
        expect((await probe({ search: 'moon' })).total).toBe(withSearch);
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect((await page('languages=de-DE&age=3', 1)).total).toBe(honest);
  });
});

describe('catalogue pages: made-up page numbers', () => {
  it('a catalogue page far past the last, or with a page number beyond any catalogue, is empty with the right total', async () => {
    for (const n of [21_846, 9_000_000_000]) {
      const res = await listTonies(database.db, { page: n, pageSize: CATALOGUE_PAGE_SIZE });
      expect(res).toEqual({ rows: [], total: TONIES });
    }
  });
});
