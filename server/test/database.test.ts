// The database layer on the engine under test: migrations, the PGlite dialect's isolation, and
// the schema's rules (constraints, cascades, aggregates kept in step).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/db/migrate';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function makeUser(email: string, username = email.split('@')[0]!) {
  return database.db
    .insertInto('users')
    .values({ email, username, first_name: 'Test', last_name: 'User', password_hash: 'x' })
    .returning('id')
    .executeTakeFirstOrThrow();
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
    await expect(
      database.db.insertInto('ratings').values({ tonie_id: tonie.id, user_id: user.id, rating: 6 }).execute(),
    ).rejects.toThrow(/check/i);
    await database.db.insertInto('ratings').values({ tonie_id: tonie.id, user_id: user.id, rating: 4 }).execute();
    await expect(
      database.db.insertInto('ratings').values({ tonie_id: tonie.id, user_id: user.id, rating: 2 }).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
  });

  it('ratings: insert, update and delete -> tonie rating_count/rating_sum/rating_avg in step', async () => {
    const tonie = await makeTonie('AGG-1');
    const u1 = await makeUser('agg1@example.com');
    const u2 = await makeUser('agg2@example.com');
    const read = () =>
      database.db.selectFrom('tonies').select(['rating_count', 'rating_sum', 'rating_avg']).where('id', '=', tonie.id).executeTakeFirstOrThrow();
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
    const count = async () =>
      (await database.db.selectFrom('audio_files').select('like_count').where('id', '=', file.id).executeTakeFirstOrThrow()).like_count;
    await database.db.insertInto('audio_likes').values({ audio_file_id: file.id, user_id: fan.id }).execute();
    expect(await count()).toBe(1);
    await expect(
      database.db.insertInto('audio_likes').values({ audio_file_id: file.id, user_id: fan.id }).execute(),
    ).rejects.toThrow(/unique|duplicate/i);
    await database.db.updateTable('audio_files').set({ like_count: 0 }).where('id', '=', file.id).execute();
    await database.db.deleteFrom('audio_likes').where('audio_file_id', '=', file.id).execute();
    expect(await count()).toBe(0);
    await expect(
      database.db.updateTable('audio_files').set({ download_count: -1 }).where('id', '=', file.id).execute(),
    ).rejects.toThrow(/check/i);
    await expect(
      database.db.updateTable('audio_files').set({ status: 'secret' as 'draft' }).where('id', '=', file.id).execute(),
    ).rejects.toThrow(/check/i);
    await database.db.insertInto('audio_likes').values({ audio_file_id: file.id, user_id: fan.id }).execute();
    await database.db.deleteFrom('audio_files').where('id', '=', file.id).execute();
    const likes = await database.db.selectFrom('audio_likes').select('user_id').where('audio_file_id', '=', file.id).execute();
    expect(likes).toEqual([]);
  });

  it('search: trigram index answers a substring search on name, series or description', async () => {
    await database.db
      .insertInto('tonies')
      .values({ article: 'S-1', name: 'Die Lokomotive', series: 'Bahnfahrt', category: 'Audio Play', description: 'Eine Reise' })
      .execute();
    const rows = await database.db.selectFrom('tonies').select('article').where('search_text', 'like', '%lokomot%').execute();
    expect(rows.map((r) => r.article)).toEqual(['S-1']);
    const bySeries = await database.db.selectFrom('tonies').select('article').where('search_text', 'like', '%bahnfahrt%').execute();
    expect(bySeries.map((r) => r.article)).toEqual(['S-1']);
  });
});
