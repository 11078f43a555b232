// The catalogue: list, search, tag filter, category, sort and paging; a Tonie's details;
// ratings, reviews and the summary; quick search; and the /api shims with SPEC §7's shapes.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from './helpers/app';
import { failure, newUser, TestClient } from './helpers/auth';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;
const ids: Record<string, number> = {};

async function addTonie(
  article: string,
  values: {
    name: string;
    category: string;
    series?: string;
    description?: string;
    tags?: string[];
    html_tracklist?: string;
    html_description?: string;
    release_date?: string | null;
  },
) {
  const row = await database.db
    .insertInto('tonies')
    .values({
      article,
      name: values.name,
      category: values.category,
      series: values.series ?? null,
      description: values.description ?? '',
      html_tracklist: values.html_tracklist ?? null,
      html_description: values.html_description ?? null,
      runtime: 45,
      language: 'en-GB',
      song_count: 3,
      release_date: values.release_date === undefined ? '2021-03-04' : values.release_date,
      age_range: '4+',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const name of values.tags ?? []) {
    const existing = await database.db.selectFrom('tags').select('id').where('name', '=', name).executeTakeFirst();
    const tagId = existing?.id ?? (await database.db.insertInto('tags').values({ name }).returning('id').executeTakeFirstOrThrow()).id;
    await database.db.insertInto('tonie_tags').values({ tonie_id: row.id, tag_id: tagId }).execute();
  }
  ids[article] = row.id;
  return row.id;
}

async function rate(tonieId: number, stars: number[]) {
  for (const rating of stars) {
    const user = await database.db
      .insertInto('users')
      .values({ email: `r${Math.random()}@example.com`, username: `r${Math.random()}`.slice(0, 30), first_name: 'Rae', last_name: 'Ter', password_hash: 'x' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await database.db.insertInto('ratings').values({ tonie_id: tonieId, user_id: user.id, rating }).execute();
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  app = await createTestApp(database);
  // 30 plain Tonies for paging, then the interesting ones (higher ids = newer).
  for (let i = 1; i <= 30; i++) await addTonie(`P-${i}`, { name: `Plain ${String(i).padStart(2, '0')}`, category: 'Audio Book', tags: ['Bedtime'] });
  await addTonie('GRUF', {
    name: 'The Gruffalo',
    category: 'Audio Play',
    series: 'Woodland Tales',
    description: 'A mouse took a stroll through the deep dark wood.',
    tags: ['Animals', 'Bedtime', 'Ages 3+'],
  });
  await addTonie('PCT', { name: '100% Fun_Songs', category: 'Songs', description: 'Sing along', tags: ['Music', 'Animals'] });
  await addTonie('DINO', { name: 'Dino Detectives', category: 'Knowledge', description: 'Fossils and footprints', tags: ['Animals', 'Learning'] });
  await addTonie('ZEBRA', { name: 'Zebra Zoo', category: 'Audio Play', description: 'Stripes everywhere', tags: ['Animals'] });
  await addTonie('HTML', {
    name: 'Careful HTML',
    release_date: '2023-05-06',
    category: 'Music',
    html_tracklist: '<ol><li>One</li><li onclick="x()">Two<script>alert(1)</script></li></ol>',
    html_description: '<p>Hi <a href="javascript:alert(1)">bad</a> <a href="https://example.org/x">good</a></p><img src=x onerror=alert(1)>',
  });
  await rate(ids.GRUF!, [5, 4]); // 4.5 (2)
  await rate(ids.DINO!, [5, 4, 5, 4]); // 4.5 (4): ties with GRUF, more ratings first
  await rate(ids.ZEBRA!, [1]); // 1.0
  await rate(ids.PCT!, [3]); // 3.0
});

afterAll(async () => {
  await app?.close();
  await database?.close();
});

const api = () => new TestClient(database).caller();

describe('tonie.list', () => {
  it('tonie.list: defaults -> 12 per page, newest release date first (ties newest added), totalCount of all', async () => {
    const res = await (await api()).tonie.list({});
    expect(res.tonies).toHaveLength(12);
    expect(res.totalCount).toBe(35);
    // 'Careful HTML' was released last (2023), the others on one day (2021): newest added first.
    expect(res.tonies[0]!.name).toBe('Careful HTML');
    const sameDay = res.tonies.slice(1).map((t) => t.id);
    expect(sameDay[0]).toBe(ids.ZEBRA);
    expect(sameDay).toEqual([...sameDay].sort((a, b) => b - a));
    expect(res.tonies[0]).toMatchObject({ releaseDate: '2023-05-06', episode: null, ageMin: null });
    expect(res.tonies[0]).not.toHaveProperty('html_tracklist');
    expect(res.suggestions).toEqual([]);
  });

  it('tonie.list: page 3 of 12 -> the last 11; pages do not overlap', async () => {
    const c = await api();
    const pages = await Promise.all([1, 2, 3].map((page) => c.tonie.list({ page })));
    expect(pages[2]!.tonies).toHaveLength(11);
    const all = pages.flatMap((p) => p.tonies.map((t) => t.id));
    expect(new Set(all).size).toBe(35);
    expect((await c.tonie.list({ page: 4 })).tonies).toEqual([]);
  });

  it('tonie.list: search -> name, series or description, any case; every word must match', async () => {
    const c = await api();
    expect((await c.tonie.list({ search: 'GRUFF' })).tonies.map((t) => t.article)).toEqual(['GRUF']);
    expect((await c.tonie.list({ search: 'woodland' })).tonies.map((t) => t.article)).toEqual(['GRUF']);
    expect((await c.tonie.list({ search: 'dark wood' })).tonies.map((t) => t.article)).toEqual(['GRUF']);
    expect((await c.tonie.list({ search: 'gruffalo fossils' })).totalCount).toBe(0);
  });

  it('tonie.list: SQL and LIKE metacharacters in the search -> matched literally, no error', async () => {
    const c = await api();
    expect((await c.tonie.list({ search: '100%' })).tonies.map((t) => t.article)).toEqual(['PCT']);
    expect((await c.tonie.list({ search: 'fun_' })).tonies.map((t) => t.article)).toEqual(['PCT']);
    // Punctuation alone is no search word: the whole catalogue, not a LIKE wildcard.
    expect((await c.tonie.list({ search: '%' })).totalCount).toBe(35);
    expect((await c.tonie.list({ search: "'; drop table tonies; --" })).totalCount).toBe(0);
    expect((await c.tonie.list({ search: '.*(' })).totalCount).toBe(35);
    expect((await c.tonie.list({ search: '.*( zebra' })).tonies.map((t) => t.article)).toEqual(['ZEBRA']);
    expect((await c.tonie.list({ tags: ["' or 1=1 --", '%'] })).totalCount).toBe(0);
  });

  it('tonie.list: tags -> only Tonies having ALL of them, names in any case', async () => {
    const c = await api();
    const animals = await c.tonie.list({ tags: ['animals'] });
    expect(animals.totalCount).toBe(4);
    const both = await c.tonie.list({ tags: ['Animals', 'BEDTIME'] });
    expect(both.tonies.map((t) => t.article)).toEqual(['GRUF']);
    expect(both.tonies[0]!.tags).toEqual(['Ages 3+', 'Animals', 'Bedtime']);
    expect((await c.tonie.list({ tags: 'Animals,Learning' as never })).tonies.map((t) => t.article)).toEqual(['DINO']);
    expect((await c.tonie.list({ tags: ['Animals', 'No Such Tag'] })).totalCount).toBe(0);
  });

  it('tonie.list: category -> exact category, its total; unknown category -> empty, not an error', async () => {
    const c = await api();
    const plays = await c.tonie.list({ category: 'Audio Play' });
    expect(plays.tonies.map((t) => t.article)).toEqual(['ZEBRA', 'GRUF']);
    expect(plays.totalCount).toBe(2);
    expect(await c.tonie.list({ category: 'Klingons' })).toEqual({ tonies: [], totalCount: 0, suggestions: [] });
  });

  it('tonie.list: an empty category (?category= or spaces) -> no category filter: the whole catalogue and its whole total', async () => {
    const c = await api();
    const all = await c.tonie.list({ pageSize: 5 });
    for (const category of ['', '   ']) {
      const res = await c.tonie.list({ category, pageSize: 5 });
      expect(res.tonies.map((t) => t.id)).toEqual(all.tonies.map((t) => t.id));
      expect(res.totalCount).toBe(all.totalCount);
    }
    expect(all.totalCount).toBeGreaterThan(30);
  });

  it('tonie.list: sort highest / lowest -> by average, ties by count then name, unrated always last', async () => {
    const c = await api();
    const high = (await c.tonie.list({ sort: 'highest', pageSize: 100 })).tonies.map((t) => t.article);
    expect(high.slice(0, 4)).toEqual(['DINO', 'GRUF', 'PCT', 'ZEBRA']);
    const low = (await c.tonie.list({ sort: 'lowest', pageSize: 100 })).tonies.map((t) => t.article);
    expect(low.slice(0, 4)).toEqual(['ZEBRA', 'PCT', 'DINO', 'GRUF']);
    expect(low.slice(4)).toEqual(high.slice(4));
    const first = (await c.tonie.list({ sort: 'highest' })).tonies[0]!;
    expect(first).toMatchObject({ averageRating: 4.5, totalRatings: 4 });
    const unrated = (await c.tonie.list({ sort: 'highest', pageSize: 100 })).tonies.at(-1)!;
    expect(unrated).toMatchObject({ averageRating: 0, totalRatings: 0 });
  });

  it('tonie.list: sort az across the whole catalogue, with filters', async () => {
    const c = await api();
    const az = (await c.tonie.list({ sort: 'az', pageSize: 4 })).tonies.map((t) => t.name);
    expect(az).toEqual(['100% Fun_Songs', 'Careful HTML', 'Dino Detectives', 'Plain 01']);
    const animalsAz = (await c.tonie.list({ sort: 'az', tags: ['Animals'] })).tonies.map((t) => t.name);
    expect(animalsAz).toEqual(['100% Fun_Songs', 'Dino Detectives', 'The Gruffalo', 'Zebra Zoo']);
  });

  it.each([
    [{ page: 0 }, 'page must be a whole number of at least 1'],
    [{ page: -1 }, 'page must be a whole number of at least 1'],
    [{ page: 'abc' }, 'page must be a whole number of at least 1'],
    [{ pageSize: 1e9 }, 'pageSize must be at most 100'],
    [{ sort: 'random' }, 'sort must be newest, highest, lowest, az, relevance, episode or added'],
    [{ search: 'x'.repeat(10_000) }, 'The search has at most 200 characters'],
    [{ tags: ['x'.repeat(41)] }, 'A tag has at most 40 characters'],
  ])('tonie.list: %o -> BAD_REQUEST with a readable message', async (input, message) => {
    const f = await failure((await api()).tonie.list(input as never));
    expect(f.code).toBe('BAD_REQUEST');
    expect(f.text).toContain(message);
  });
});

describe('tonie.byId, quickSearch, categories', () => {
  it('tonie.byId -> every SPEC §3 field; stored HTML sanitised', async () => {
    const t = await (await api()).tonie.byId({ id: ids.HTML! });
    expect(t).toMatchObject({
      id: ids.HTML,
      name: 'Careful HTML',
      category: 'Music',
      runtime: 45,
      language: 'en-GB',
      songCount: 3,
      releaseDate: '2023-05-06',
      ageRange: '4+',
      averageRating: 0,
      totalRatings: 0,
      tags: [],
    });
    expect(t.html_tracklist).toBe('<ol><li>One</li><li>Two</li></ol>');
    expect(t.html_description).not.toMatch(/javascript|onerror|<img|<script/);
    expect(t.html_description).toContain('<a href="https://example.org/x" rel="noopener noreferrer nofollow" target="_blank">good</a>');
  });

  it('tonie.byId: unknown id -> NOT_FOUND; bad id -> BAD_REQUEST', async () => {
    const c = await api();
    expect((await failure(c.tonie.byId({ id: 999_999 }))).code).toBe('NOT_FOUND');
    expect((await failure(c.tonie.byId({ id: 'abc' as never }))).code).toBe('BAD_REQUEST');
    expect((await failure(c.tonie.byId({ id: 1e12 }))).code).toBe('BAD_REQUEST');
  });

  it('tonie.quickSearch -> id, name, image, category; names starting with the text first', async () => {
    const c = await api();
    const res = await c.tonie.quickSearch({ q: 'zo' });
    expect(res).toEqual([{ id: ids.ZEBRA, name: 'Zebra Zoo', image: null, category: 'Audio Play', series: null, episode: null, language: 'en-GB' }]);
    const di = await c.tonie.quickSearch({ q: 'de' });
    expect(di[0]!.name).toBe('Dino Detectives');
    expect((await failure(c.tonie.quickSearch({ q: 'a' }))).code).toBe('BAD_REQUEST');
  });

  it('tonie.categories -> counts per category, largest first', async () => {
    const res = await (await api()).tonie.categories();
    expect(res[0]).toEqual({ category: 'Audio Book', count: 30 });
    expect(res).toContainEqual({ category: 'Audio Play', count: 2 });
    expect(res.reduce((a, b) => a + b.count, 0)).toBe(35);
  });

  it('tonie.categories with the language and age filters -> the same categories in the same order, counting only matching Tonies', async () => {
    const c = await api();
    const whole = await c.tonie.categories();
    // Every Tonie here is English (en-GB) and has no age.
    expect(await c.tonie.categories({ languages: ['en'] })).toEqual(whole);
    expect(await c.tonie.categories({ languages: ['de-DE', 'de'] })).toEqual(whole.map((row) => ({ ...row, count: 0 })));
    expect(await c.tonie.categories({ languages: ['en-GB'], age: 18 })).toEqual(whole.map((row) => ({ ...row, count: 0 })));
    expect((await failure(c.tonie.categories({ age: 99 }))).code).toBe('BAD_REQUEST');
  });
});

describe('ratings', () => {
  it('review.create: anonymous -> UNAUTHORIZED', async () => {
    expect((await failure((await api()).review.create({ tonieId: ids.GRUF!, rating: 5 }))).code).toBe('UNAUTHORIZED');
  });

  it('review.create -> rating with user profile and tags; aggregates, summary and tag filter follow (a catalogue tag tags the Tonie, a new review tag waits)', async () => {
    const client = new TestClient(database);
    const me = await (await client.caller()).auth.register(newUser({ firstName: 'Ada', lastName: 'Lovelace' }));
    const tonieId = ids['P-1']!;
    const created = await (await client.caller()).review.create({
      tonieId,
      rating: 4,
      review: '   Lovely for bedtime.  ',
      tags: ['Calming', 'calming', '  Sleepy   Time ', 'animals'],
      userId: 'someone-else',
      username: 'mallory',
    } as never);
    expect(created).toMatchObject({
      tonieId,
      userId: me.id,
      username: me.username,
      rating: 4,
      review: 'Lovely for bedtime.',
      tags: ['Animals', 'Calming', 'Sleepy Time'],
      userProfile: { firstName: 'Ada', lastName: 'Lovelace' },
    });
    const c = await api();
    const tonie = await c.tonie.byId({ id: tonieId });
    expect(tonie).toMatchObject({ averageRating: 4, totalRatings: 1 });
    // The catalogue's tag (its spelling wins) now tags the Tonie; the review's new tags describe the review only.
    expect(tonie.tags).toEqual(['Animals', 'Bedtime']);
    expect((await c.tonie.list({ tags: ['animals', 'bedtime'] })).tonies.map((t) => t.id)).toContain(tonieId);
    expect((await c.tonie.list({ tags: ['calming'] })).totalCount).toBe(0);
    expect((await c.tag.list()).tags).not.toContain('Sleepy Time');
    const summary = await c.review.summary({ tonieId });
    expect(summary).toEqual({
      tonieId,
      averageRating: 4,
      totalRatings: 1,
      distribution: [
        { stars: 5, count: 0, percentage: 0 },
        { stars: 4, count: 1, percentage: 100 },
        { stars: 3, count: 0, percentage: 0 },
        { stars: 2, count: 0, percentage: 0 },
        { stars: 1, count: 0, percentage: 0 },
      ],
      tags: [
        { name: 'Animals', count: 1 },
        { name: 'Calming', count: 1 },
        { name: 'Sleepy Time', count: 1 },
      ],
    });
    expect(await (await client.caller()).review.mine({ tonieId })).toMatchObject({ id: created.id, hiddenByModerators: false, decisionId: null });
  });

  it('review.create: second review by the same user -> CONFLICT with the spec message; nothing changes', async () => {
    const client = new TestClient(database);
    await (await client.caller()).auth.register(newUser());
    const c = await client.caller();
    await c.review.create({ tonieId: ids['P-2']!, rating: 5 });
    const f = await failure(c.review.create({ tonieId: ids['P-2']!, rating: 1, review: 'changed my mind' }));
    expect(f).toMatchObject({ code: 'CONFLICT', text: 'You have already submitted a review for this Tonie.' });
    expect(await (await api()).tonie.byId({ id: ids['P-2']! })).toMatchObject({ averageRating: 5, totalRatings: 1 });
  });

  it('review.create: concurrent duplicate submissions by one user -> exactly one rating', async () => {
    const client = new TestClient(database);
    await (await client.caller()).auth.register(newUser());
    const c = await client.caller();
    const results = await Promise.allSettled(Array.from({ length: 5 }, () => c.review.create({ tonieId: ids['P-3']!, rating: 3, tags: ['Race'] })));
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await (await api()).tonie.byId({ id: ids['P-3']! })).toMatchObject({ totalRatings: 1, averageRating: 3 });
  });

  it.each([
    [{ rating: 0 }, 'Please select a star rating'],
    [{ rating: 6 }, 'The rating is at most 5 stars'],
    [{ rating: 2.5 }, 'Please select a star rating'],
    [{ rating: 'five' }, 'Please select a star rating'],
    [{ rating: 4, review: 'x'.repeat(5001) }, 'A review has at most 5,000 characters'],
    [{ rating: 4, tags: ['x'.repeat(41)] }, 'A tag has at most 40 characters'],
    [{ rating: 4, tags: ['fun, loud'] }, 'A tag cannot contain a comma'],
    [{ rating: 4, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'Add at most 10 tags'],
  ])('review.create: %o -> BAD_REQUEST', async (input, message) => {
    const client = new TestClient(database);
    await (await client.caller()).auth.register(newUser());
    const f = await failure((await client.caller()).review.create({ tonieId: ids['P-4']!, ...input } as never));
    expect(f.code).toBe('BAD_REQUEST');
    expect(f.text).toContain(message);
  });

  it('review.create: unknown Tonie -> NOT_FOUND and no rating', async () => {
    const client = new TestClient(database);
    await (await client.caller()).auth.register(newUser());
    expect((await failure((await client.caller()).review.create({ tonieId: 987_654, rating: 4 }))).code).toBe('NOT_FOUND');
  });

  it('review.list -> newest first with user profiles; unknown Tonie -> NOT_FOUND', async () => {
    const c = await api();
    const list = await c.review.list({ tonieId: ids.DINO! });
    expect(list).toHaveLength(4);
    expect(list[0]!.userProfile).toEqual({ firstName: 'Rae', lastName: 'Ter' });
    expect((await failure(c.review.list({ tonieId: 987_654 }))).code).toBe('NOT_FOUND');
  });
});

describe('catalogue shims', () => {
  it('GET /api/tonies?page=2&pageSize=5&sort=az -> {tonies, totalCount}', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tonies?page=2&pageSize=5&sort=az' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(['suggestions', 'tonies', 'totalCount']);
    expect(body.tonies).toHaveLength(5);
    expect(body.totalCount).toBe(35);
  });

  it('GET /api/tonies/search?q=gruff&tags=Animals,Bedtime -> the match', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tonies/search?q=gruff&tags=Animals,Bedtime' });
    expect(res.json().tonies.map((t: { article: string }) => t.article)).toEqual(['GRUF']);
    expect((await app.inject({ method: 'GET', url: '/api/tonies/search' })).statusCode).toBe(400);
  });

  it('GET /api/tonies/category/Audio%20Play -> that category; unknown -> empty 200', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/tonies/category/Audio%20Play?pageSize=1' });
    expect(res.json()).toMatchObject({ totalCount: 2 });
    expect(res.json().tonies).toHaveLength(1);
    const none = await app.inject({ method: 'GET', url: '/api/tonies/category/Nope' });
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual({ tonies: [], totalCount: 0, suggestions: [] });
  });

  it('GET /api/tonies with bad parameters -> 400, never 500', async () => {
    for (const qs of ['page=0', 'page=-1', 'page=abc', 'pageSize=1000000000', 'sort=best', `search=${'x'.repeat(10_000)}`]) {
      const res = await app.inject({ method: 'GET', url: `/api/tonies?${qs}` });
      expect(res.statusCode, qs).toBe(400);
      expect(res.json().message).toBeTruthy();
    }
  });

  it('GET /api/tonies/{id}, /ratings, /ratings/summary -> the shapes of SPEC §7; unknown 404; bad 400', async () => {
    const t = await app.inject({ method: 'GET', url: `/api/tonies/${ids.GRUF}` });
    expect(t.json()).toMatchObject({ id: ids.GRUF, name: 'The Gruffalo', averageRating: 4.5, totalRatings: 2 });
    const r = await app.inject({ method: 'GET', url: `/api/tonies/${ids.GRUF}/ratings` });
    expect(Array.isArray(r.json())).toBe(true);
    expect(r.json()).toHaveLength(2);
    const s = await app.inject({ method: 'GET', url: `/api/tonies/${ids.GRUF}/ratings/summary` });
    expect(s.json()).toMatchObject({ averageRating: 4.5, totalRatings: 2, tags: [] });
    expect((await app.inject({ method: 'GET', url: '/api/tonies/424242' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/tonies/abc' })).statusCode).toBe(400);
    expect((await app.inject({ method: 'GET', url: '/api/tonies/abc/ratings/summary' })).statusCode).toBe(400);
  });

  it('POST /api/tonies/{id}/ratings -> 201 as the session user; again -> 409; anonymous -> 401', async () => {
    const reg = await app.inject({ method: 'POST', url: '/api/auth/register', headers: { origin: TEST_ORIGIN }, payload: newUser() });
    const cookie = `tonieshelf_session=${reg.cookies.find((c) => c.name === 'tonieshelf_session')!.value}`;
    const headers = { origin: TEST_ORIGIN, cookie };
    const url = `/api/tonies/${ids.ZEBRA}/ratings`;
    const created = await app.inject({ method: 'POST', url, headers, payload: { rating: 5, review: 'Stripes!', username: 'x', userId: 'y', tags: ['Fun'] } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ rating: 5, review: 'Stripes!', userId: reg.json().id, tags: ['Fun'] });
    const again = await app.inject({ method: 'POST', url, headers, payload: { rating: 2 } });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('You have already submitted a review for this Tonie.');
    const anon = await app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN }, payload: { rating: 2 } });
    expect(anon.statusCode).toBe(401);
    const noStars = await app.inject({ method: 'POST', url: `/api/tonies/${ids.PCT}/ratings`, headers, payload: { review: 'no stars' } });
    expect(noStars.statusCode).toBe(400);
    expect(noStars.json().fieldErrors.rating).toEqual(['Please select a star rating']);
  });

  it('GET /api/tonies/categories and /api/tags -> counts and tag names', async () => {
    const cats = await app.inject({ method: 'GET', url: '/api/tonies/categories' });
    expect(cats.json()).toContainEqual({ category: 'Knowledge', count: 1 });
    const tags = await app.inject({ method: 'GET', url: '/api/tags' });
    expect(tags.json().tags).toEqual(expect.arrayContaining(['Animals', 'Bedtime', 'Learning']));
  });

  it('with the read cache on: a list is served from memory until a rating through this app clears it', async () => {
    const cached = await createTestApp(database, { cacheTtlMs: 60_000 });
    try {
      const url = `/api/tonies/category/Knowledge`;
      const before = (await cached.inject({ method: 'GET', url })).json();
      await database.db.insertInto('tonies').values({ article: 'CACHE-1', name: 'Cache Probe', category: 'Knowledge' }).execute();
      expect((await cached.inject({ method: 'GET', url })).json()).toEqual(before);
      const reg = await cached.inject({ method: 'POST', url: '/api/auth/register', headers: { origin: TEST_ORIGIN }, payload: newUser() });
      const cookie = `tonieshelf_session=${reg.cookies.find((c) => c.name === 'tonieshelf_session')!.value}`;
      const rated = await cached.inject({
        method: 'POST',
        url: `/api/tonies/${ids.DINO}/ratings`,
        headers: { origin: TEST_ORIGIN, cookie },
        payload: { rating: 1 },
      });
      expect(rated.statusCode).toBe(201);
      const after = (await cached.inject({ method: 'GET', url })).json();
      expect(after.totalCount).toBe(before.totalCount + 1);
      expect(after.tonies.find((t: { article: string }) => t.article === 'DINO').totalRatings).toBe(5);
    } finally {
      await cached.close();
    }
  });
});
