// Discover's search words (migration 0016) with words of any length, through every change a file
// goes through (publishing, an edit, hiding and unhiding, a suspension and its end); searches that
// the substring search serves better (a short search word, one contained in many stored words);
// and the removal of words no file links any more.
import { randomInt } from 'node:crypto';
import { sql, type KyselyPlugin } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AudioSort } from '@tonieshelf/shared/values/audio';
import * as audioRepo from '../src/repositories/audio';
import * as moderation from '../src/repositories/moderation';
import { insertAudio, signedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;

/** `n` random characters from `alphabet` (random, so a btree could not compress them below its limit). */
function randomText(alphabet: string, n: number): string {
  const chars = [...alphabet];
  return Array.from({ length: n }, () => chars[randomInt(chars.length)]).join('');
}
const CJK = Array.from({ length: 400 }, (_, i) => String.fromCodePoint(0x4e00 + i * 7)).join('');
/** 1,000 CJK characters without a space (3,000 bytes): one word. */
const cjkWord = randomText(CJK, 1000);
/** Letters for long tokens (no q: the words searched for below start with "qq"). */
const LETTERS = 'abcdefghijklmnoprstuvwxyz';
/** A 3,000-letter token. */
const longWord = randomText(LETTERS, 3000);

/** The ids a Discover search finds (word links or substring search) and the substring search's, in A-Z order. */
async function searched(search: string) {
  const query = { search, sortBy: 'az' as AudioSort, page: 1, pageSize: 12 };
  const got = await audioRepo.discoverPage(database.db, query, null);
  const want = await audioRepo.listPublishedAudioPage(database.db, query);
  expect(got.total).toBe(await audioRepo.countPublishedAudio(database.db, { search }));
  expect(got.rows.map((r) => r.id)).toEqual(want.map((r) => r.id));
  return got.rows.map((r) => r.id);
}

/** The statements Discover runs for `run` (a plugin sees each compiled statement). */
async function statementsOf(run: (db: TestDatabase['db']) => Promise<unknown>): Promise<string[]> {
  const seen: string[] = [];
  const plugin: KyselyPlugin = {
    transformQuery(args) {
      seen.push(database.db.getExecutor().compileQuery(args.node, args.queryId).sql);
      return args.node;
    },
    transformResult: async (args) => args.result,
  };
  await run(database.db.withPlugin(plugin));
  return seen;
}
/** A Discover page's whole statement (the plugin also sees its parts as they are built). */
const isPageStatement = (s: string) => s.startsWith('select "t"."n" as "total_count"');

beforeAll(async () => {
  database = await createTestDatabase();
});

afterAll(async () => {
  await database?.close();
});

describe('Discover search words of any length', () => {
  it('a CJK description and a 3,000-letter token: published, edited, hidden and unhidden, suspended and lifted, and found', async () => {
    const owner = await signedInUser(database);
    const cjk = await insertAudio(database, owner.id, { title: 'Long words one', description: cjkWord });
    const long = await insertAudio(database, owner.id, { title: 'Long words two', description: `before ${longWord} after` });
    const slice = cjkWord.slice(400, 700);
    expect(await searched(slice)).toEqual([cjk]);
    expect(await searched(longWord)).toEqual([long]);
    expect(await searched(longWord.slice(1000, 2500))).toEqual([long]);

    // An edit: the same long words on another file, a new long word on this one.
    const other = randomText(LETTERS, 2800);
    await audioRepo.updateAudio(database.db, long, { description: `${other} ${cjkWord}` });
    expect(await searched(longWord)).toEqual([]);
    expect(await searched(other)).toEqual([long]);
    expect(await searched(slice)).toEqual([cjk, long]);

    await moderation.setAudioHidden(database.db, cjk, true);
    expect(await searched(slice)).toEqual([long]);
    await moderation.setAudioHidden(database.db, cjk, false);
    expect(await searched(slice)).toEqual([cjk, long]);

    // A suspension marks every file of the user in one statement, and its end shows them again.
    await moderation.setSuspension(database.db, owner.id, new Date(Date.now() + 3600_000));
    expect(await searched(slice)).toEqual([]);
    await moderation.setSuspension(database.db, owner.id, null);
    expect(await searched(slice)).toEqual([cjk, long]);
    expect(await searched(other)).toEqual([long]);
    // One stored word, however many files have it.
    const stored = await sql<{ n: number }>`select count(*)::int as n from audio_search_words where word = ${cjkWord.toLowerCase()}`.execute(database.db);
    expect(stored.rows[0]!.n).toBe(1);
  });
});

describe('Discover searches the substring search serves better', () => {
  beforeAll(async () => {
    const owner = await signedInUser(database);
    // 101 words containing "qqx" (one file), 100 containing "qqy" (another).
    const many = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => `${prefix}${i}`).join(' ');
    await insertAudio(database, owner.id, { title: 'Many qqx words', description: many('qqx', 100) });
    await insertAudio(database, owner.id, { title: 'Many qqy words', description: many('qqy', 99) });
  });

  it('a search word of one or two characters, or one contained in more than 100 stored words, searches the substrings', async () => {
    for (const search of ['q', 'qq', 'qqx', 'many qqx', 'qq words']) {
      const statements = await statementsOf((db) => audioRepo.discoverPage(db, { search, sortBy: 'recent', page: 1, pageSize: 12 }, null));
      const page = statements.filter(isPageStatement);
      expect(page, search).toHaveLength(1);
      expect(page[0], search).toContain('"audio_files"."search_text" like');
      expect(page[0], search).not.toContain('audio_file_words');
    }
    // 100 words: the word links.
    const statements = await statementsOf((db) => audioRepo.discoverPage(db, { search: 'qqy', sortBy: 'recent', page: 1, pageSize: 12 }, null));
    expect(statements.filter(isPageStatement)[0]).toContain('audio_file_words');
    expect((await audioRepo.discoverPage(database.db, { search: 'qqy', sortBy: 'recent', page: 1, pageSize: 12 }, null)).total).toBe(1);
    // Either way, the same answers as the substring search.
    for (const search of ['q', 'qq', 'qqx', 'qqy', 'many qqx', 'qq words', 'qqx5', 'qqx99 many']) await searched(search);
  });
});

describe('removing the search words no file links', () => {
  it('removes the words of an edited or deleted file that no other file has, and keeps the rest', async () => {
    const owner = await signedInUser(database);
    const a = await insertAudio(database, owner.id, { title: 'Cleanup alpha', description: 'sharedword onlyalpha' });
    const b = await insertAudio(database, owner.id, { title: 'Cleanup beta', description: 'sharedword onlybeta' });
    const has = async (word: string) => (await sql<{ n: number }>`select count(*)::int as n from audio_search_words where word = ${word}`.execute(database.db)).rows[0]!.n;
    await audioRepo.updateAudio(database.db, a, { description: 'sharedword renamed' });
    await audioRepo.deleteAudio(database.db, b);
    expect(await has('onlyalpha')).toBe(1);
    expect(await has('onlybeta')).toBe(1);
    expect(await audioRepo.removeUnusedSearchWords(database.db)).toBeGreaterThanOrEqual(2);
    expect(await has('onlyalpha')).toBe(0);
    expect(await has('onlybeta')).toBe(0);
    expect(await has('sharedword')).toBe(1);
    expect(await has('renamed')).toBe(1);
    expect(await searched('renamed')).toEqual([a]);
    expect(await audioRepo.removeUnusedSearchWords(database.db)).toBe(0);
    // A word removed comes back when a file has it again.
    await audioRepo.updateAudio(database.db, a, { description: 'onlyalpha again' });
    expect(await searched('onlyalpha')).toEqual([a]);
  });
});

// PGlite is one connection: a concurrent writer needs PostgreSQL.
if (process.env.TEST_DATABASE_URL) {
  describe('removing unused search words beside a concurrent write (postgres)', () => {
    it('does nothing while a write that links words is under way, and removes the words after it', async () => {
      const owner = await signedInUser(database);
      const id = await insertAudio(database, owner.id, { title: 'Concurrent words', description: 'goneword' });
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let editing!: () => void;
      const edited = new Promise<void>((resolve) => (editing = resolve));
      const writer = database.db.transaction().execute(async (trx) => {
        // The edit's trigger takes the words' lock shared until this transaction ends.
        await audioRepo.updateAudio(trx, id, { description: 'keptword' });
        editing();
        await released;
      });
      await edited;
      try {
        expect(await audioRepo.removeUnusedSearchWords(database.db)).toBe(0);
      } finally {
        release();
        await writer;
      }
      expect(await audioRepo.removeUnusedSearchWords(database.db)).toBeGreaterThanOrEqual(1);
      expect(await searched('keptword')).toEqual([id]);
      expect(await searched('goneword')).toEqual([]);
    });
  });
}
