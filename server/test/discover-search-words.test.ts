// Discover's search words answer from the word links of migration 0016 (the files' rows are not
// read to decide a match): the same total and the same pages, in every sort, as the substring
// search over search_text (listPublishedAudioPage and countPublishedAudio still search that way),
// and the links stay exactly the words of the visible files after every kind of change:
// inserting one or many files, editing a title or description, unpublishing and publishing,
// hiding and unhiding, a suspension and its end, deleting.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioSort } from '@tonieshelf/shared/values/audio';
import * as audioRepo from '../src/repositories/audio';
import * as publishable from '../src/repositories/publishable';
import * as moderation from '../src/repositories/moderation';
import { insertAudio, signedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let ownerId: string;
let otherId: string;
const ids: number[] = [];

const SEARCHES = ['dragon', 'DRAG', 'agon', 'moon', 'dragon moon', 'the', 'zzz', '50%', 'a_b', 'x\\y', 'night.', 'mond', 'tab', 'nbsp', 'ü'];
const SORTS: AudioSort[] = ['recent', 'az', 'popular', 'za'];

/** Every search, sort and page size answers what the substring search answers. */
async function expectSameAsSubstringSearch() {
  for (const search of SEARCHES) {
    const total = await audioRepo.countPublishedAudio(database.db, { search });
    for (const sortBy of SORTS) {
      for (const [page, pageSize] of [
        [1, 12],
        [2, 3],
        [4, 3],
      ] as const) {
        const query = { search, sortBy, page, pageSize };
        const got = await audioRepo.discoverPage(database.db, query, null);
        const want = await audioRepo.listPublishedAudioPage(database.db, query);
        expect({ search, sortBy, page, total: got.total, ids: got.rows.map((r) => r.id) }).toEqual({ search, sortBy, page, total, ids: want.map((r) => r.id) });
        expect(got.rows.map((r) => r.tag_names)).toEqual(want.map((r) => r.tag_names));
      }
    }
  }
}

/** The links are exactly the words (cut at ASCII whitespace) of the visible files' search texts. */
async function expectLinksRight() {
  const kept = await sql<{ audio_file_id: number; word: string }>`
    select l.audio_file_id, w.word from audio_file_words l join audio_search_words w on w.id = l.word_id order by l.audio_file_id, w.word collate "C"`.execute(database.db);
  const files = await sql<{ id: number; search_text: string }>`
    select id, search_text from audio_files where status = 'published' and hidden_at is null and not owner_suspended order by id`.execute(database.db);
  const truth = files.rows.flatMap((f) =>
    [...new Set(f.search_text.split(/[ \t\n\r\f\v]+/).filter(Boolean))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)).map((word) => ({ audio_file_id: f.id, word })),
  );
  expect(kept.rows).toEqual(truth);
}

beforeAll(async () => {
  database = await createTestDatabase();
  ownerId = (await signedInUser(database)).id;
  otherId = (await signedInUser(database)).id;
  const texts: [string, string][] = [
    ['Dragon Moon', 'A song about the dragon.'],
    ['The snapdragon', 'Flowers\tand a tab between'],
    ['Night. Night.', 'Der Mond\nscheint; a\u00a0nbsp inside'],
    ['Rabatt 50% heute', 'a_b and x\\y'],
    ['Über den Mond', 'Grüße vom Drachen'],
    ['Moonlight', 'Slow dragonfly music'],
    ['Plain song', 'Nothing to find here'],
  ];
  for (const [i, [title, description]] of texts.entries()) {
    const id = await insertAudio(database, i % 2 === 0 ? ownerId : otherId, { title, description });
    ids.push(id);
    await sql`update audio_files set like_count = ${i % 3}, created_at = now() - make_interval(mins => ${i}) where id = ${id}`.execute(database.db);
  }
  ids.push(await insertAudio(database, ownerId, { title: 'Dragon draft', description: 'Not published', status: 'draft' }));
  await publishable.replaceTags(database.db, 'audio_files', ids[0]!, ['Fantasy', 'Night']);
});

afterAll(async () => {
  await database?.close();
});

describe('Discover search words', () => {
  it('answer the same totals and pages as the substring search, and the links are the visible files’ words', async () => {
    await expectLinksRight();
    await expectSameAsSubstringSearch();
    const found = await audioRepo.discoverPage(database.db, { search: 'dragon', sortBy: 'az', page: 1, pageSize: 12 }, null);
    // Dragon Moon, The snapdragon, Moonlight (dragonfly): never the draft.
    expect(found.total).toBe(3);
    expect(found.rows.map((r) => r.title)).toEqual(['Dragon Moon', 'Moonlight', 'The snapdragon']);
  });

  it('follow every change of a file: edits, publishing, hiding, a suspension, deleting, a multi-row insert', async () => {
    await audioRepo.updateAudio(database.db, ids[6]!, { title: 'Plain dragon song', description: 'now findable' });
    await audioRepo.updateAudio(database.db, ids[7]!, { status: 'published', publish: true });
    await audioRepo.updateAudio(database.db, ids[0]!, { status: 'draft' });
    await moderation.setAudioHidden(database.db, ids[1]!, true);
    await sql`update audio_files set owner_suspended = true where user_id = ${otherId}`.execute(database.db);
    await expectLinksRight();
    await expectSameAsSubstringSearch();
    expect((await audioRepo.discoverPage(database.db, { search: 'dragon', sortBy: 'recent', page: 1, pageSize: 12 }, null)).total).toBe(2);

    await moderation.setAudioHidden(database.db, ids[1]!, false);
    await sql`update audio_files set owner_suspended = false where user_id = ${otherId}`.execute(database.db);
    await audioRepo.updateAudio(database.db, ids[0]!, { status: 'published', publish: true });
    await audioRepo.deleteAudio(database.db, ids[5]!);
    await sql`insert into audio_files (user_id, title, description, status, published_at, file_path, file_name, file_size, mime_type, licence)
      select ${ownerId}::uuid, 'Bulk dragon ' || g, 'Moon number ' || g, case when g % 2 = 0 then 'published' else 'draft' end, now(),
             'audio/bulk-' || g || '.mp3', 'bulk.mp3', 1000, 'audio/mpeg', 'cc0-1.0'
        from generate_series(1, 6) g`.execute(database.db);
    await expectLinksRight();
    await expectSameAsSubstringSearch();
    // Dragon Moon, The snapdragon, Plain dragon song, Dragon draft (published now), three published of the bulk.
    expect((await audioRepo.discoverPage(database.db, { search: 'dragon', sortBy: 'recent', page: 1, pageSize: 12 }, null)).total).toBe(7);
  });

  it('a like, a download count or an analysis leaves the links alone', async () => {
    const before = await sql<{ n: number }>`select count(*)::int as n from audio_file_words`.execute(database.db);
    await sql`update audio_files set like_count = like_count + 1, download_count = download_count + 1, analysis = 'failed'`.execute(database.db);
    await expectLinksRight();
    const after = await sql<{ n: number }>`select count(*)::int as n from audio_file_words`.execute(database.db);
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
    expect(after.rows[0]!.n).toBeGreaterThan(0);
  });
});
