// The demo seed against a real database, and the demo cover route through Fastify's inject.
import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TONIE_CATEGORIES } from '@tonieshelf/shared/values/tonie';
import { verifyPassword } from '../src/auth/password';
import { demoCoverRoutes } from '../src/http/demo-covers';
import { DEMO_TONIES } from '../src/seed/demo-catalogue';
import { DEMO_PASSWORD, DEMO_USERS, planDemoRatings, seedDemo, type SeedSummary } from '../src/seed/seed';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;
let first: SeedSummary;

beforeAll(async () => {
  database = await createTestDatabase();
  app = Fastify();
  await app.register(demoCoverRoutes);
  await app.ready();
  first = await seedDemo(database.db);
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const count = async (table: 'tonies' | 'users' | 'ratings' | 'rating_tags' | 'tonie_tags' | 'tags') => {
  const row = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
};

describe('seedDemo', () => {
  it('empty database -> >= 48 demo Tonies in >= 5 categories, all within TONIE_CATEGORIES', async () => {
    expect(first.seeded).toBe(true);
    expect(first.tonies).toBe(DEMO_TONIES.length);
    expect(await count('tonies')).toBeGreaterThanOrEqual(48);
    const categories = await database.db.selectFrom('tonies').select('category').distinct().execute();
    expect(categories.length).toBeGreaterThanOrEqual(5);
    for (const { category } of categories) expect(TONIE_CATEGORIES).toContain(category);
  });

  it('every demo Tonie -> description, cover URL on the app, language, release date; tracklists where it has tracks', async () => {
    const rows = await database.db.selectFrom('tonies').selectAll().execute();
    for (const t of rows) {
      expect(t.description.length, t.article).toBeGreaterThan(40);
      expect(t.image).toBe(`/media/demo-covers/${t.article}.svg`);
      expect(t.language).toMatch(/^[a-z]{2}-[A-Z]{2}$/);
      expect(t.release_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      if (t.category !== 'Creative Tonie') {
        expect(t.html_tracklist, t.article).toMatch(/^<ol>(<li>[^<]+<\/li>)+<\/ol>$/);
        expect(t.song_count).toBeGreaterThan(0);
        expect(t.runtime).toBeGreaterThan(0);
      }
    }
    expect(rows.filter((t) => t.description.length > 150).length).toBeGreaterThanOrEqual(10);
    expect(rows.filter((t) => t.age_min !== null).length).toBeGreaterThan(40);
  });

  it('tags -> themes plus age and language tags, each Tonie with several', async () => {
    const names = (await database.db.selectFrom('tags').select('name').execute()).map((r) => r.name);
    for (const theme of ['Bedtime', 'Adventure', 'Animals', 'Learning', 'Music', 'Classic', 'English', 'German', 'Ages 3+']) {
      expect(names).toContain(theme);
    }
    const perTonie = await database.db
      .selectFrom('tonie_tags')
      .select(['tonie_id', (eb) => eb.fn.countAll<number>().as('n')])
      .groupBy('tonie_id')
      .execute();
    expect(perTonie).toHaveLength(DEMO_TONIES.length);
    for (const row of perTonie) expect(Number(row.n)).toBeGreaterThanOrEqual(2);
  });

  it('demo users -> 6 accounts whose password is demo-password-123', async () => {
    const users = await database.db.selectFrom('users').selectAll().orderBy('email').execute();
    expect(users.map((u) => u.email).sort()).toEqual(DEMO_USERS.map((u) => u.email).sort());
    for (const u of users) {
      expect(u.first_name.length).toBeGreaterThan(0);
      expect(u.password_hash).toMatch(/^\$argon2id\$/);
    }
    // One hash, made once per seed, serves every demo user.
    for (const u of users) expect(await verifyPassword(u.password_hash, DEMO_PASSWORD), u.email).toBe(true);
    expect(await verifyPassword(users[0]!.password_hash, 'wrong-password')).toBe(false);
  });

  it('ratings -> 60-120 ratings 1-5, ~30 reviews with tags', async () => {
    const ratings = await count('ratings');
    expect(ratings).toBeGreaterThanOrEqual(60);
    expect(ratings).toBeLessThanOrEqual(120);
    expect(first.ratings).toBe(ratings);
    const reviews = await database.db.selectFrom('ratings').select(['id', 'rating', 'review']).where('review', 'is not', null).execute();
    expect(reviews.length).toBeGreaterThanOrEqual(25);
    expect(reviews.length).toBeLessThanOrEqual(35);
    const values = await database.db.selectFrom('ratings').select('rating').distinct().execute();
    expect(values.length).toBeGreaterThanOrEqual(3);
    for (const { rating } of values) expect(rating >= 1 && rating <= 5).toBe(true);
    const tagged = await database.db.selectFrom('rating_tags').select('rating_id').distinct().execute();
    expect(tagged.length).toBeGreaterThanOrEqual(20);
    expect(reviews.some((r) => r.review!.includes('{'))).toBe(false);
  });

  it('rating aggregates on tonies -> equal to the ratings table', async () => {
    const mismatches = await sql<{ id: number }>`
      select t.id
        from tonies t
        left join (select tonie_id, count(*)::int as n, sum(rating)::int as s from ratings group by tonie_id) r
          on r.tonie_id = t.id
       where t.rating_count <> coalesce(r.n, 0) or t.rating_sum <> coalesce(r.s, 0)`.execute(database.db);
    expect(mismatches.rows).toEqual([]);
    const rated = await database.db.selectFrom('tonies').select('id').where('rating_count', '>', 0).execute();
    expect(rated.length).toBeGreaterThan(30);
  });

  it('planDemoRatings -> the same plan on every run (seeded PRNG)', () => {
    expect(planDemoRatings()).toEqual(planDemoRatings());
    expect(planDemoRatings(1)).not.toEqual(planDemoRatings(2));
  });

  it('second call -> inserts nothing', async () => {
    const before = await Promise.all((['tonies', 'users', 'ratings', 'rating_tags', 'tonie_tags', 'tags'] as const).map(count));
    const second = await seedDemo(database.db);
    expect(second).toEqual({ seeded: false, tonies: 0, users: 0, ratings: 0, reviews: 0 });
    const after = await Promise.all((['tonies', 'users', 'ratings', 'rating_tags', 'tonie_tags', 'tags'] as const).map(count));
    expect(after).toEqual(before);
  });
});

describe('demo covers', () => {
  it('every demo image URL -> 200 SVG with cache and nosniff headers, no scripts or external references', async () => {
    const rows = await database.db.selectFrom('tonies').select(['article', 'image', 'name']).execute();
    expect(rows.length).toBe(DEMO_TONIES.length);
    const bodies = new Set<string>();
    for (const row of rows) {
      const res = await app.inject({ method: 'GET', url: row.image! });
      expect(res.statusCode, row.article).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=86400');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      const svg = res.body;
      expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
      expect(svg).not.toMatch(/<script|javascript:|href|<image|<foreignObject|@import|\son[a-z]+=/i);
      // The only URL is the SVG namespace; fills refer to in-document ids only.
      expect(svg.match(/https?:\/\/[^"]+/g)).toEqual(['http://www.w3.org/2000/svg']);
      for (const ref of svg.match(/url\([^)]*\)/g) ?? []) expect(ref).toMatch(/^url\(#[\w-]+\)$/);
      bodies.add(svg);
    }
    expect(bodies.size).toBe(rows.length); // one distinct cover per Tonie
  });

  it('same article twice -> identical bytes (deterministic)', async () => {
    const a = await app.inject({ method: 'GET', url: '/media/demo-covers/demo-001.svg' });
    const b = await app.inject({ method: 'GET', url: '/media/demo-covers/demo-001.svg' });
    expect(a.body).toBe(b.body);
    expect(a.body).toContain('Captain Pebble');
  });

  it('unknown article, wrong extension or path tricks -> 404 JSON', async () => {
    for (const url of [
      '/media/demo-covers/demo-999.svg',
      '/media/demo-covers/demo-001.png',
      '/media/demo-covers/demo-001',
      '/media/demo-covers/..%2F..%2Fpackage.json',
      '/media/demo-covers/DEMO-001.svg',
      '/media/demo-covers/01-0001.svg',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toMatchObject({ statusCode: 404 });
    }
  });
});
