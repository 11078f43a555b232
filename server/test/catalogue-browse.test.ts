// Browsing the way parents think (issue 12): languages with counts, 'suits a child of N', a
// series' page (summary and episode order), A to Z by the sort key (accents folded, numbers in
// numeric order), 'Newest First' by release date, tags in groups, and the REST shims.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from './helpers/app';
import { failure, TestClient } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;
const ids: Record<string, number> = {};

interface NewTonie {
  name: string;
  series?: string;
  episode?: string;
  language?: string | null;
  age?: number | null;
  release?: string | null;
  tags?: string[];
  tagOrigin?: 'catalogue' | 'review';
}

async function addTonie(article: string, t: NewTonie) {
  const row = await database.db
    .insertInto('tonies')
    .values({
      article,
      name: t.name,
      category: 'Audio Play',
      series: t.series ?? null,
      episode: t.episode ?? null,
      description: '',
      language: t.language === undefined ? 'de-DE' : t.language,
      age_min: t.age ?? null,
      age_range: t.age == null ? null : `${t.age}+`,
      release_date: t.release === undefined ? '2020-01-01' : t.release,
      song_count: 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const name of t.tags ?? []) {
    const existing = await database.db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirst();
    const tagId =
      existing?.id ??
      (
        await database.db
          .insertInto('tags')
          .values({ name, origin: t.tagOrigin ?? 'catalogue', approved_at: t.tagOrigin === 'review' ? new Date() : null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    await database.db.insertInto('tonie_tags').values({ tonie_id: row.id, tag_id: tagId }).execute();
  }
  ids[article] = row.id;
  return row.id;
}

async function rate(tonieId: number, stars: number[]) {
  for (const rating of stars) {
    const user = await database.db
      .insertInto('users')
      .values({ email: `b${Math.random()}@example.com`, username: `b${Math.random()}`.slice(0, 30), first_name: 'B', last_name: 'R', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('ratings').values({ tonie_id: tonieId, user_id: user.id, rating }).execute();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  // A series released in two batches; its names carry numbers ('Folge 9' before 'Folge 10').
  const bb = { series: 'Benjamin Blümchen', tags: ['Benjamin Blümchen', 'Ages 3+', 'German'], age: 3 };
  await addTonie('BB10', { ...bb, name: 'Benjamin Blümchen – Folge 10', episode: 'Folge 10', release: '2019-05-01' });
  await addTonie('BB9', { ...bb, name: 'Benjamin Blümchen – Folge 9', episode: 'Folge 9', release: '2019-05-01' });
  await addTonie('BB2', { ...bb, name: 'Benjamin Blümchen – Folge 2', episode: 'Folge 2', release: '2017-01-01' });
  await addTonie('BBX', { ...bb, name: 'Benjamin Blümchen als Bäcker', episode: 'als Bäcker', release: null });
  await addTonie('FERME', { name: 'À la ferme', language: 'fr-FR', age: 2, tags: ['French', 'Ages 2+'], release: '2024-02-02' });
  await addTonie('ZOE', { name: 'Zoés Zauberschrank', age: 5, tags: ['Ages 5+', 'German'], release: '2018-01-01' });
  await addTonie('AG10', { name: 'Ages 10+ Quiz', language: 'en-GB', age: 10, tags: ['Ages 10+', 'English', 'Quiz'], release: '2022-01-01' });
  await addTonie('AG2', { name: 'Ages 2+ Songs', language: 'en-GB', age: 2, tags: ['Ages 2+', 'English'], release: '2022-01-01' });
  await addTonie('APF', { name: 'Äpfel und Birnen', age: 6, tags: ['Ages 6+', 'German', 'Funny'], tagOrigin: 'review', release: '2021-06-01' });
  await addTonie('US', { name: 'Bedtime Bear', language: 'en-US', age: null, tags: ['English'], release: '2023-01-01' });
  await addTonie('NOLANG', { name: 'Creative Tonie', language: null, release: '2025-01-01' });
  await rate(ids.BB10!, [5, 4]);
  await rate(ids.BB2!, [3]);
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const api = () => new TestClient(database).caller();
const articles = (list: { tonies: { id: number }[] }) => list.tonies.map((t) => Object.keys(ids).find((k) => ids[k] === t.id));

describe('languages', () => {
  it('tonie.languages -> every language with its count, most first; Tonies without one left out', async () => {
    expect(await (await api()).tonie.languages()).toEqual([
      { language: 'de-DE', count: 6 },
      { language: 'en-GB', count: 2 },
      { language: 'en-US', count: 1 },
      { language: 'fr-FR', count: 1 },
    ]);
  });

  it('tonie.list: languages (array or comma list, any case) -> Tonies in any of them', async () => {
    const c = await api();
    const en = await c.tonie.list({ languages: ['en-GB', 'en-US'], sort: 'az' });
    expect(articles(en)).toEqual(['AG2', 'AG10', 'US']);
    expect((await c.tonie.list({ languages: 'fr-fr,EN-us' as never })).totalCount).toBe(2);
    expect(en.tonies.map((t) => t.language)).toEqual(['en-GB', 'en-GB', 'en-US']);
    // A bare language matches every region of it.
    expect(articles(await c.tonie.list({ languages: ['en'], sort: 'az' }))).toEqual(['AG2', 'AG10', 'US']);
  });

  it('tonie.list: a bad language tag -> BAD_REQUEST with the message', async () => {
    const f = await failure((await api()).tonie.list({ languages: ['German!'] }));
    expect(f.code).toBe('BAD_REQUEST');
    expect(f.text).toContain('language must be a language tag such as de-DE or en-GB');
  });
});

describe('age as a range', () => {
  it('tonie.list: age N -> Tonies whose minimum age is at most N (unknown ages left out)', async () => {
    const c = await api();
    expect(articles(await c.tonie.list({ age: 2, sort: 'az' }))).toEqual(['FERME', 'AG2']);
    const four = await c.tonie.list({ age: 4, pageSize: 100 });
    expect(four.totalCount).toBe(6);
    expect(four.tonies.every((t) => t.ageMin !== null && t.ageMin <= 4)).toBe(true);
    expect((await c.tonie.list({ age: 18 })).totalCount).toBe(9);
    expect((await c.tonie.list({ age: 0 })).totalCount).toBe(0);
  });

  it('GET /api/tonies?age=: empty -> no age filter; junk (abc, 0x10, 1e1, 19) -> 400, never age 0', async () => {
    const all = (await (await api()).tonie.list({})).totalCount;
    const empty = await app.inject({ method: 'GET', url: '/api/tonies?age=' });
    expect(empty.statusCode).toBe(200);
    expect(empty.json().totalCount).toBe(all);
    for (const bad of ['abc', '0x10', '1e1', '19', '-1', '%20x']) {
      const res = await app.inject({ method: 'GET', url: `/api/tonies?age=${bad}` });
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('tonie.list: age combines with languages', async () => {
    expect(articles(await (await api()).tonie.list({ age: 4, languages: ['en-GB'] }))).toEqual(['AG2']);
  });

  it.each([[-1], [19], [2.5], ['four']])('tonie.list: age %o -> BAD_REQUEST', async (age) => {
    const f = await failure((await api()).tonie.list({ age: age as never }));
    expect(f.code).toBe('BAD_REQUEST');
    expect(f.text).toContain('age must be a whole number from 0 to 18');
  });
});

describe('series', () => {
  it('tonie.list: series -> its episodes in episode order (release date, then numeric name), unknown dates last', async () => {
    const res = await (await api()).tonie.list({ series: 'Benjamin Blümchen' });
    expect(articles(res)).toEqual(['BB2', 'BB9', 'BB10', 'BBX']);
    expect(res.totalCount).toBe(4);
    expect(res.tonies[0]).toMatchObject({ series: 'Benjamin Blümchen', episode: 'Folge 2', ageMin: 3 });
  });

  it('tonie.series -> episode count, rating over all episodes, languages; unknown -> NOT_FOUND', async () => {
    const c = await api();
    expect(await c.tonie.series({ name: 'Benjamin Blümchen' })).toEqual({
      series: 'Benjamin Blümchen',
      episodeCount: 4,
      averageRating: 4,
      totalRatings: 3,
      languages: ['de-DE'],
    });
    expect((await failure(c.tonie.series({ name: 'No Such Series' }))).code).toBe('NOT_FOUND');
    expect((await failure(c.tonie.series({ name: '  ' }))).code).toBe('BAD_REQUEST');
  });

  it('a series with an explicit sort keeps it', async () => {
    const az = await (await api()).tonie.list({ series: 'Benjamin Blümchen', sort: 'highest' });
    expect(articles(az).slice(0, 2)).toEqual(['BB10', 'BB2']);
  });
});

describe('sorts', () => {
  it("A to Z: by the sort key - 'À la ferme' and 'Äpfel' among the A's, 'Ages 2+' before 'Ages 10+'", async () => {
    const res = await (await api()).tonie.list({ sort: 'az', pageSize: 100 });
    expect(res.tonies.map((t) => t.name)).toEqual([
      'À la ferme',
      'Ages 2+ Songs',
      'Ages 10+ Quiz',
      'Äpfel und Birnen',
      'Bedtime Bear',
      'Benjamin Blümchen als Bäcker',
      'Benjamin Blümchen – Folge 2',
      'Benjamin Blümchen – Folge 9',
      'Benjamin Blümchen – Folge 10',
      'Creative Tonie',
      'Zoés Zauberschrank',
    ]);
  });

  it('Newest First: newest release date first, ties newest added, no release date last', async () => {
    const res = await (await api()).tonie.list({ sort: 'newest', pageSize: 100 });
    expect(articles(res)).toEqual(['NOLANG', 'FERME', 'US', 'AG2', 'AG10', 'APF', 'BB9', 'BB10', 'ZOE', 'BB2', 'BBX']);
    // No sort at all is the same.
    expect(articles(await (await api()).tonie.list({ pageSize: 100 }))).toEqual(articles(res));
  });
});

describe('tag groups', () => {
  it('tag.groups -> series, age, language, topics, other, each with Tonie counts; tag.list unchanged', async () => {
    const c = await api();
    const { groups } = await c.tag.groups();
    expect(groups.map((g) => g.kind)).toEqual(['series', 'age', 'language', 'topic', 'other']);
    const group = (kind: string) => groups.find((g) => g.kind === kind)!.tags;
    expect(group('series')).toEqual([{ name: 'Benjamin Blümchen', count: 4 }]);
    expect(group('age')).toEqual([
      { name: 'Ages 3+', count: 4 },
      { name: 'Ages 2+', count: 2 },
      { name: 'Ages 10+', count: 1 },
      { name: 'Ages 5+', count: 1 },
      { name: 'Ages 6+', count: 1 },
    ]);
    expect(group('language')).toEqual([
      { name: 'German', count: 6 },
      { name: 'English', count: 3 },
      { name: 'French', count: 1 },
    ]);
    expect(group('topic')).toEqual([{ name: 'Funny', count: 1 }]);
    expect(group('other')).toEqual([{ name: 'Quiz', count: 1 }]);
    const flat = (await c.tag.list()).tags;
    expect([...flat].sort()).toEqual(groups.flatMap((g) => g.tags.map((t) => t.name)).sort());
  });
});

describe('REST shims', () => {
  it('GET /api/tonies/languages, /api/series/:name, /api/tags/groups; /api/tags keeps its shape', async () => {
    const langs = await app.inject({ method: 'GET', url: '/api/tonies/languages' });
    expect(langs.statusCode).toBe(200);
    expect(langs.json()[0]).toEqual({ language: 'de-DE', count: 6 });
    const series = await app.inject({ method: 'GET', url: `/api/series/${encodeURIComponent('Benjamin Blümchen')}` });
    expect(series.json()).toMatchObject({ series: 'Benjamin Blümchen', episodeCount: 4, totalRatings: 3 });
    expect((await app.inject({ method: 'GET', url: '/api/series/Nope' })).statusCode).toBe(404);
    const groups = await app.inject({ method: 'GET', url: '/api/tags/groups' });
    expect(groups.json().groups[0]).toEqual({ kind: 'series', tags: [{ name: 'Benjamin Blümchen', count: 4 }] });
    const tags = await app.inject({ method: 'GET', url: '/api/tags' });
    expect(Object.keys(tags.json())).toEqual(['tags']);
  });

  it('GET /api/tonies?languages=en-GB,en-US&age=4&series=... -> the filters from the address', async () => {
    const en = await app.inject({ method: 'GET', url: '/api/tonies?languages=en-GB,en-US&age=4&sort=az' });
    expect(en.json().tonies.map((t: { name: string }) => t.name)).toEqual(['Ages 2+ Songs']);
    const bb = await app.inject({ method: 'GET', url: `/api/tonies?series=${encodeURIComponent('Benjamin Blümchen')}&pageSize=2` });
    expect(bb.json()).toMatchObject({ totalCount: 4 });
    expect(bb.json().tonies.map((t: { episode: string }) => t.episode)).toEqual(['Folge 2', 'Folge 9']);
    expect((await app.inject({ method: 'GET', url: '/api/tonies?age=99' })).statusCode).toBe(400);
  });
});
