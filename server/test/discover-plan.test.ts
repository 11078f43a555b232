// Discover's pages, unfiltered, in every sort and at two page sizes: every page answers the same
// rows as a plain ordered read of the visible files, and past the last page none, with the total.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DISCOVER_PAGE_SIZE, type AudioSort } from '@tonieshelf/shared/values/audio';
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
  // 7 x 12 + 5 visible files (more than 7 pages of 12), some hidden and some drafts.
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
    expected.set(
      sort,
      rows.rows.map((r) => r.id),
    );
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

  it('a page far past the last, or with a page number beyond any catalogue, is empty with the total', async () => {
    for (const page of [21_846, 9_000_000_000]) {
      const empty = await audioRepo.discoverPage(database.db, { page, pageSize: DISCOVER_PAGE_SIZE, sortBy: 'recent' }, null);
      expect(empty).toEqual({ rows: [], total: 89 });
    }
  });
});
