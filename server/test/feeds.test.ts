// Podcast feeds (/feeds/...) read with a maintained feed parser: what a set's, a tag's and a
// user's feed carry and in which order, the enclosures fetched without a session (whole and by
// range), tampered links, and how hiding, suspension, deletion, a licence change, a replaced
// file and a set taken back to draft end items and their links.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { parseFeed } from '@rowanmanning/feed-parser';
import type { FastifyInstance } from 'fastify';
import { SaxesParser } from 'saxes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAudio } from '../src/feeds/signing';
import { deleteAudioItem, setAudioHidden, setSuspension } from '../src/repositories/moderation';
import { audioKey } from '../src/storage/keys';
import type { LocalStorage } from '../src/storage/local';
import { createTestApp, createTestStorage, removeTestStorage, TEST_ORIGIN } from './helpers/app';
import { signedInUser, unique, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { insertSet, storedAudio } from './helpers/sets';

describe('podcast feeds', () => {
  let database: TestDatabase;
  let storage: LocalStorage;
  let app: FastifyInstance;
  let owner: SignedInUser;
  let other: SignedInUser;

  beforeAll(async () => {
    database = await createTestDatabase();
    storage = await createTestStorage('feeds');
    app = await createTestApp(database, {}, undefined, storage);
    owner = await signedInUser(database, { firstName: 'Olga', lastName: 'Owner' });
    other = await signedInUser(database, { firstName: 'Anna', lastName: 'Author' });
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
    await removeTestStorage(storage);
  });

  /**
   * GETs a feed (no cookie): its status, headers and, for a 200, the parsed feed — after a strict
   * XML parser (saxes, namespaces on) found it well-formed, as picky podcast apps would.
   */
  async function feed(path: string) {
    const res = await app.inject({ method: 'GET', url: path });
    if (res.statusCode !== 200) return { res, feed: null };
    const strict = new SaxesParser({ xmlns: true });
    strict.write(res.body).close();
    return { res, feed: parseFeed(res.body) };
  }

  /** The path of an absolute enclosure URL on the test origin. */
  const pathOf = (url: string | null | undefined) => {
    expect(url?.startsWith(`${TEST_ORIGIN}/feeds/audio/`)).toBe(true);
    return url!.slice(TEST_ORIGIN.length);
  };

  const itunes = (item: { element: { findElementWithName(name: string): { textContentNormalized: string | null } | null } }, name: string) =>
    item.element.findElementWithName(name)?.textContentNormalized ?? null;

  it('set feed: the shareable chapters in set order, with enclosures, iTunes duration and episode; chapter 1 dated newest; cached publicly', async () => {
    const a = await storedAudio(database, storage, owner.id, { title: 'Morning Song', duration: 61.5 });
    const reserved = await storedAudio(database, storage, owner.id, { title: 'Not for sharing', licence: 'all-rights-reserved' });
    const c = await storedAudio(database, storage, other.id, { title: 'Rain & Thunder', duration: 3725, licence: 'cc0-1.0', fileName: 'rain.wav', mimeType: 'audio/wav' });
    const draft = await storedAudio(database, storage, other.id, { title: 'A draft', status: 'draft' });
    const setId = await insertSet(database, owner.id, [a.id, reserved.id, c.id, draft.id], { title: 'Sleepy Time', description: 'Songs for the night' });
    await database.db.updateTable('sets').set({ cover_path: 'cover-images/1_cover_sleepy.png', cover_mime_type: 'image/png' }).where('id', '=', setId).execute();

    const { res, feed: parsed } = await feed(`/feeds/sets/${setId}.rss`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/rss+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expect(parsed!.meta.type).toBe('rss');
    expect(parsed!.title).toBe('Sleepy Time');
    expect(parsed!.description).toBe('Songs for the night');
    expect(parsed!.url).toBe(`${TEST_ORIGIN}/sets/${setId}`);
    expect(parsed!.self).toBe(`${TEST_ORIGIN}/feeds/sets/${setId}.rss`);
    expect(parsed!.image?.url).toBe(`${TEST_ORIGIN}/files/cover-images/1_cover_sleepy.png`);
    expect(parsed!.categories.map((cat) => cat.term)).toContain('Kids & Family');
    expect(parsed!.authors.map((au) => au.name)).toContain('Olga Owner');

    expect(parsed!.items.map((i) => i.title)).toEqual(['Morning Song', 'Rain & Thunder']);
    expect(parsed!.items.map((i) => i.id)).toEqual([`tonieshelf-audio-${a.id}`, `tonieshelf-audio-${c.id}`]);
    const [first, second] = parsed!.items;
    expect(first!.media).toHaveLength(1);
    expect(first!.media[0]!.url).toMatch(new RegExp(`^${TEST_ORIGIN}/feeds/audio/${a.id}/[A-Za-z0-9_-]{32}\\.mp3$`));
    expect(first!.media[0]!.length).toBe(a.bytes.length);
    expect(first!.media[0]!.mimeType).toBe('audio/mpeg');
    expect(second!.media[0]!.url).toMatch(new RegExp(`^${TEST_ORIGIN}/feeds/audio/${c.id}/[A-Za-z0-9_-]{32}\\.wav$`));
    expect(second!.media[0]!.mimeType).toBe('audio/wav');
    expect(itunes(first!, 'duration')).toBe('01:02');
    expect(itunes(second!, 'duration')).toBe('1:02:05');
    expect(itunes(first!, 'episode')).toBe('1');
    expect(itunes(second!, 'episode')).toBe('3');
    // Newest first (tonie-podcast-sync's default) plays the set in order.
    expect(first!.published!.getTime()).toBeGreaterThan(second!.published!.getTime());
    expect(first!.description).toContain(`By Olga Owner (@${owner.username}). Licence: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)`);
    expect(second!.description).toContain('Licence: CC0 1.0');

    // The signature is the server's 'feeds' key over the file's id and path, the key made once.
    const keys = await database.db.selectFrom('server_keys').select(['name', 'key']).execute();
    expect(keys.map((k) => k.name)).toEqual(['feeds']);
    expect(first!.media[0]!.url).toBe(`${TEST_ORIGIN}/feeds/audio/${a.id}/${signAudio(Buffer.from(keys[0]!.key), a.id, a.filePath)}.mp3`);
  });

  it("a German owner's set -> the channel's own words, each episode's credit and <language> in German", async () => {
    const german = await signedInUser(database, { firstName: 'Greta', lastName: 'Gans' });
    await database.db.updateTable('users').set({ locale: 'de' }).where('id', '=', german.id).execute();
    const audio = await storedAudio(database, storage, german.id, { title: 'Schlaflied' });
    const setId = await insertSet(database, german.id, [audio.id], { title: 'Abendlieder', description: null });
    const { res, feed: parsed } = await feed(`/feeds/sets/${setId}.rss`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<language>de</language>');
    expect(parsed!.description).toBe(`Eine Kreativ-Tonie-Playlist von Greta Gans (@${german.username}) auf TonieShelf.`);
    expect(parsed!.items[0]!.description).toContain(`Von Greta Gans (@${german.username}). Lizenz: CC BY 4.0 (https://creativecommons.org/licenses/by/4.0/)`);
    expect(parsed!.copyright).toBe('Jede Folge unter ihrer eigenen Lizenz, genannt in ihrer Beschreibung (TonieShelf).');
  });

  it("a title that closes the writer's CDATA and a description with control characters -> still one well-formed item with the title as text, no element of its own", async () => {
    const sneaky = 'a]]>b]]><injected>x</injected><![CDATA[';
    const a = await storedAudio(database, storage, owner.id, { title: sneaky });
    await database.db.updateTable('audio_files').set({ description: 'Bell\u0001 and tab\u000B end\uFFFF' }).where('id', '=', a.id).execute();
    const setId = await insertSet(database, owner.id, [a.id], { title: 'Tricky ]]> set' });
    const { res, feed: parsed } = await feed(`/feeds/sets/${setId}.rss`);
    expect(res.statusCode).toBe(200);
    // What a strict XML parser sees: no element the title made.
    const elements: string[] = [];
    const strict = new SaxesParser({ xmlns: true });
    strict.on('opentag', (tag) => elements.push(tag.name));
    strict.write(res.body).close();
    expect(elements).not.toContain('injected');
    expect(parsed!.title).toBe('Tricky ]] > set');
    expect(parsed!.items).toHaveLength(1);
    expect(parsed!.items[0]!.title).toBe('a]] >b]] ><injected>x</injected><![CDATA[');
    expect(parsed!.items[0]!.description).toContain('Bell and tab end');
  });

  it('enclosure: fetched without a session -> 200 with the stored bytes; a range -> 206; tampered or foreign signature -> 404', async () => {
    const a = await storedAudio(database, storage, owner.id, { bytes: Buffer.from('x'.repeat(5000) + 'y'.repeat(5000)) });
    const setId = await insertSet(database, owner.id, [a.id]);
    const { feed: parsed } = await feed(`/feeds/sets/${setId}.rss`);
    const path = pathOf(parsed!.items[0]!.media[0]!.url);

    const whole = await app.inject({ method: 'GET', url: path });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(a.bytes)).toBe(true);
    expect(whole.headers['content-type']).toBe('audio/mpeg');
    expect(whole.headers['accept-ranges']).toBe('bytes');
    expect(whole.headers['content-length']).toBe(String(a.bytes.length));

    const part = await app.inject({ method: 'GET', url: path, headers: { range: 'bytes=4990-5009' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 4990-5009/${a.bytes.length}`);
    expect(part.body).toBe('x'.repeat(10) + 'y'.repeat(10));

    const sig = /\/([^/]+)\.mp3$/.exec(path)![1]!;
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    const tampered = await app.inject({ method: 'GET', url: path.replace(sig, flipped) });
    expect(tampered.statusCode).toBe(404);
    expect(tampered.json().error).toBe('NOT_FOUND');
    const b = await storedAudio(database, storage, owner.id);
    expect((await app.inject({ method: 'GET', url: path.replace(`/${a.id}/`, `/${b.id}/`) })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/feeds/audio/${a.id}/short.mp3` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/feeds/audio/abc/${sig}.mp3` })).statusCode).toBe(404);
  });

  it('hiding, a licence change to all-rights-reserved, a replaced file and deletion -> the item leaves the feed and its old link 404s', async () => {
    const keep = await storedAudio(database, storage, owner.id, { title: 'Stays' });
    const hidden = await storedAudio(database, storage, other.id, { title: 'Gets hidden' });
    const relicensed = await storedAudio(database, storage, owner.id, { title: 'Gets relicensed' });
    const replaced = await storedAudio(database, storage, owner.id, { title: 'Gets replaced' });
    const deleted = await storedAudio(database, storage, other.id, { title: 'Gets deleted' });
    const setId = await insertSet(database, owner.id, [keep.id, hidden.id, relicensed.id, replaced.id, deleted.id]);
    const before = (await feed(`/feeds/sets/${setId}.rss`)).feed!;
    expect(before.items.map((i) => i.title)).toEqual(['Stays', 'Gets hidden', 'Gets relicensed', 'Gets replaced', 'Gets deleted']);
    const link = Object.fromEntries(before.items.map((i) => [i.title!, pathOf(i.media[0]!.url)]));
    for (const path of Object.values(link)) expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);

    await setAudioHidden(database.db, hidden.id, true);
    await database.db.updateTable('audio_files').set({ licence: 'all-rights-reserved' }).where('id', '=', relicensed.id).execute();
    // Replaced as audio.update does it: new bytes under a new key.
    const newFile = { filePath: audioKey(owner.id, 'new-take.mp3'), bytes: randomBytes(3000) };
    await storage.put(newFile.filePath, Readable.from([newFile.bytes]), { contentType: 'audio/mpeg' });
    await database.db.updateTable('audio_files').set({ file_path: newFile.filePath, file_size: newFile.bytes.length }).where('id', '=', replaced.id).execute();
    await deleteAudioItem(database.db, deleted.id);

    const after = (await feed(`/feeds/sets/${setId}.rss`)).feed!;
    expect(after.items.map((i) => i.title)).toEqual(['Stays', 'Gets replaced']);
    // Numbered as the set page shows it to everyone: the hidden chapter is not counted ('Gets relicensed' is the owner's own, still 2).
    expect(after.items.map((i) => itunes(i, 'episode'))).toEqual(['1', '3']);
    expect((await app.inject({ method: 'GET', url: link['Stays']! })).statusCode).toBe(200);
    for (const title of ['Gets hidden', 'Gets relicensed', 'Gets replaced', 'Gets deleted']) {
      expect((await app.inject({ method: 'GET', url: link[title]! })).statusCode, title).toBe(404);
    }
    // The replaced file's new link serves the new bytes.
    const fresh = pathOf(after.items[1]!.media[0]!.url);
    expect(fresh).not.toBe(link['Gets replaced']);
    const res = await app.inject({ method: 'GET', url: fresh });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(newFile.bytes)).toBe(true);

    // Un-hidden: the same link works again (links do not expire; the state decides).
    await setAudioHidden(database.db, hidden.id, false);
    expect((await app.inject({ method: 'GET', url: link['Gets hidden']! })).statusCode).toBe(200);
  });

  it('a set back to draft, hidden, unknown or malformed -> 404 (JSON); its enclosures follow their files', async () => {
    const a = await storedAudio(database, storage, owner.id);
    const setId = await insertSet(database, owner.id, [a.id]);
    const path = pathOf((await feed(`/feeds/sets/${setId}.rss`)).feed!.items[0]!.media[0]!.url);

    await database.db.updateTable('sets').set({ status: 'draft' }).where('id', '=', setId).execute();
    const draft = await app.inject({ method: 'GET', url: `/feeds/sets/${setId}.rss` });
    expect(draft.statusCode).toBe(404);
    expect(draft.headers['content-type']).toContain('application/json');
    expect(draft.json()).toMatchObject({ statusCode: 404, error: 'NOT_FOUND', message: 'No such feed.' });
    // The file itself is still published and shareable: its link still works (no set needed).
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);

    await database.db.updateTable('sets').set({ status: 'published', hidden_at: new Date() }).where('id', '=', setId).execute();
    expect((await app.inject({ method: 'GET', url: `/feeds/sets/${setId}.rss` })).statusCode).toBe(404);
    const unknownPath = await app.inject({ method: 'GET', url: '/feeds/whatever' });
    expect(unknownPath.statusCode).toBe(404);
    expect(unknownPath.headers['content-type']).toContain('application/json');
    for (const url of ['/feeds/tags/%00.rss', '/feeds/users/a%00b.rss', '/feeds/tags/.rss', `/feeds/tags/${'x'.repeat(300)}.rss`, '/feeds/audio/1/%00.mp3']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect((await app.inject({ method: 'GET', url: '/feeds/tags/%E0%A4%A.rss' })).statusCode).toBeLessThan(500);
    for (const url of ['/feeds/sets/99999999.rss', '/feeds/sets/abc.rss', `/feeds/sets/${setId}.xml`, '/feeds/sets/0.rss', '/feeds/sets/99999999999.rss']) {
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('tag feed: the newest shareable, visible files with the tag (any case), newest first; an unknown tag -> a valid empty feed', async () => {
    const tag = `Lullaby${unique()}`;
    const t0 = Date.now() - 3_600_000;
    await storedAudio(database, storage, owner.id, { title: 'Old one', tags: [tag], publishedAt: new Date(t0) });
    await storedAudio(database, storage, other.id, { title: 'New one', tags: [tag], publishedAt: new Date(t0 + 60_000) });
    await storedAudio(database, storage, owner.id, { title: 'Reserved one', tags: [tag], licence: 'all-rights-reserved' });
    await storedAudio(database, storage, owner.id, { title: 'Draft one', tags: [tag], status: 'draft' });
    await storedAudio(database, storage, owner.id, { title: 'Untagged one' });

    const { res, feed: parsed } = await feed(`/feeds/tags/${encodeURIComponent(tag.toLowerCase())}.rss`);
    expect(res.statusCode).toBe(200);
    expect(parsed!.items.map((i) => i.title)).toEqual(['New one', 'Old one']);
    expect(parsed!.items.every((i) => i.media[0]?.url?.startsWith(`${TEST_ORIGIN}/feeds/audio/`))).toBe(true);

    const empty = await feed(`/feeds/tags/${encodeURIComponent('no such täg')}.rss`);
    expect(empty.res.statusCode).toBe(200);
    expect(empty.feed!.title).toBe('#no such täg on TonieShelf');
    expect(empty.feed!.items).toEqual([]);
  });

  it("user feed: the user's shareable, visible files newest first; unknown user -> 404; suspension -> user and set feeds 404 and links die", async () => {
    const author = await signedInUser(database, { firstName: 'Sam', lastName: 'Singer' });
    const t0 = Date.now() - 3_600_000;
    const older = await storedAudio(database, storage, author.id, { title: 'First song', publishedAt: new Date(t0) });
    await storedAudio(database, storage, author.id, { title: 'Second song', publishedAt: new Date(t0 + 1000) });
    await storedAudio(database, storage, author.id, { title: 'Private song', licence: 'all-rights-reserved' });
    await storedAudio(database, storage, other.id, { title: 'Someone else' });
    const setId = await insertSet(database, author.id, [older.id]);

    const { res, feed: parsed } = await feed(`/feeds/users/${author.username.toUpperCase()}.rss`);
    expect(res.statusCode).toBe(200);
    expect(parsed!.title).toBe(`Sam Singer (@${author.username}) on TonieShelf`);
    expect(parsed!.items.map((i) => i.title)).toEqual(['Second song', 'First song']);
    const path = pathOf(parsed!.items[1]!.media[0]!.url);
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: '/feeds/users/nobody-here-at-all.rss' })).statusCode).toBe(404);

    await setSuspension(database.db, author.id, new Date(Date.now() + 86_400_000));
    expect((await app.inject({ method: 'GET', url: `/feeds/users/${author.username}.rss` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `/feeds/sets/${setId}.rss` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(404);

    await setSuspension(database.db, author.id, null);
    expect((await app.inject({ method: 'GET', url: `/feeds/users/${author.username}.rss` })).statusCode).toBe(200);
    expect((await app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
  });
});
