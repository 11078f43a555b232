// The app's page names what a shared link shows, for link previews (messengers run no script):
// title, description and og: tags per address in the request's language (the language cookie,
// else Accept-Language), HTML-escaped; what nobody else may see (a draft set, an unknown profile,
// a revoked share link) gets the site's own head, in that language too.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ORIGIN } from './helpers/app';
import { insertTonie, signedInUser, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';
import { insertSet } from './helpers/sets';

// As Vite writes it: the description over several lines.
const PAGE = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta
      name="description"
      content="TonieShelf is a fan-made community catalogue of Tonies: ratings, reviews and shared audio for Creative Tonies."
    />
    <title>TonieShelf</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

let database: TestDatabase;
let app: FastifyInstance;
let dist: string;
let owner: SignedInUser;
let setId: number;
let trickySetId: number;
let draftSetId: number;
let token: string;
let tonieId: number;

beforeAll(async () => {
  database = await createTestDatabase();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), PAGE);
  app = await createTestApp(database, { clientDist: dist });
  owner = await signedInUser(database, { firstName: 'Mia', lastName: 'Muster' });
  setId = await insertSet(database, owner.id, [], { title: 'Gutenachtgeschichten', description: 'Ruhige Geschichten zum Einschlafen.' });
  await database.db.updateTable('sets').set({ cover_path: 'covers/moon.png' }).where('id', '=', setId).execute();
  trickySetId = await insertSet(database, owner.id, [], { title: `Tom & "Jerry" <script>alert(1)</script> $& $'`, description: null });
  draftSetId = await insertSet(database, owner.id, [], { title: 'Secret draft', status: 'draft' });
  const sharing = await (await owner.call()).shelf.setSharing({ shelf: 'wishlist', enabled: true });
  token = sharing.find((s) => s.shelf === 'wishlist')!.token!;
  tonieId = await insertTonie(database, 'Der Grüffelo');
  await database.db.updateTable('tonies').set({ image: '/media/demo-covers/demo-001.svg', description: 'Eine Maus geht im Wald spazieren.' }).where('id', '=', tonieId).execute();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function page(url: string, headers: Record<string, string> = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' }) {
  const res = await app.inject({ method: 'GET', url, headers });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  expect(res.headers.vary).toMatch(/Accept-Language/);
  return res.body;
}

/** The content of a meta tag (property or name), unescaped as a browser reads it; null without one. */
function meta(html: string, key: string): string | null {
  const found = new RegExp(`<meta (?:property|name)="${key}" content="([^"]*)">`).exec(html);
  return found
    ? found[1]!
        .replace(/&quot;/g, '"')
        .replace(/&#39;/g, "'")
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&amp;/g, '&')
    : null;
}

const title = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];

describe('link previews of shared addresses', () => {
  it('a set in German: its title, description, cover and address; English by the language cookie', async () => {
    const html = await page(`/sets/${setId}`);
    expect(title(html)).toBe('Gutenachtgeschichten | TonieShelf');
    expect(meta(html, 'description')).toBe('Ruhige Geschichten zum Einschlafen.');
    expect(meta(html, 'og:title')).toBe('Gutenachtgeschichten | TonieShelf');
    expect(meta(html, 'og:description')).toBe('Ruhige Geschichten zum Einschlafen.');
    expect(meta(html, 'og:image')).toBe(`${TEST_ORIGIN}/files/covers/moon.png`);
    expect(meta(html, 'og:url')).toBe(`${TEST_ORIGIN}/sets/${setId}`);
    expect(meta(html, 'og:locale')).toBe('de_DE');
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/name="description"/g)).toHaveLength(1);

    const english = await page(`/sets/${trickySetId}`, { 'accept-language': 'de', cookie: 'tonieshelf_lang=en' });
    expect(meta(english, 'description')).toBe('A Creative-Tonie set by Mia Muster: 0 chapters, 0 mins 0 sec.');
    expect(meta(english, 'og:locale')).toBe('en_GB');
  });

  it('escapes what people wrote, and "$" patterns stay as written', async () => {
    const html = await page(`/sets/${trickySetId}`);
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>Tom &amp; &quot;Jerry&quot; &lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#39; | TonieShelf</title>');
    expect(meta(html, 'og:title')).toBe(`Tom & "Jerry" <script>alert(1)</script> $& $' | TonieShelf`);
    expect(html.match(/<html/g)).toHaveLength(1);
  });

  it('a profile, a shared shelf and a Tonie in German', async () => {
    const profile = await page(`/u/${owner.username}`);
    expect(title(profile)).toBe(`Mia Muster (@${owner.username}) | TonieShelf`);
    expect(meta(profile, 'og:description')).toBe('Rezensionen, Regale und geteilte Audios von Mia Muster auf TonieShelf.');
    expect(meta(profile, 'og:type')).toBe('profile');

    const shelf = await page(`/shared/${token}`);
    expect(title(shelf)).toBe('Wunschliste von Mia Muster | TonieShelf');
    expect(meta(shelf, 'og:description')).toBe('0 Tonies, geteilt von Mia Muster auf TonieShelf.');
    // The share link is the owner's secret to pass on: the preview does not repeat it.
    expect(meta(shelf, 'og:url')).toBeNull();

    const tonie = await page(`/catalog?tonieId=${tonieId}`);
    expect(title(tonie)).toBe('Der Grüffelo | TonieShelf');
    expect(meta(tonie, 'og:description')).toBe('Bewertungen, Rezensionen, Titel und Details auf TonieShelf. Eine Maus geht im Wald spazieren.');
    expect(meta(tonie, 'og:image')).toBe(`${TEST_ORIGIN}/media/demo-covers/demo-001.svg`);
    expect(tonie).toContain('id="tonie-preview"');
  });

  it('a draft set, an unknown profile or set, a revoked link and every other page: the site’s own head in the request’s language', async () => {
    await (await owner.call()).shelf.setSharing({ shelf: 'wishlist', enabled: false });
    for (const url of [`/sets/${draftSetId}`, '/sets/987654', '/u/nobody-here', `/shared/${token}`, '/faq', '/']) {
      const html = await page(url);
      expect(title(html), url).toBe('TonieShelf');
      expect(html, url).toContain('<html lang="de">');
      expect(meta(html, 'description'), url).toBe('TonieShelf ist ein Gemeinschaftskatalog von Fans für Tonies: Bewertungen, Rezensionen und geteilte Audios für Kreativ-Tonies.');
      expect(html, url).not.toContain('Secret draft');
    }
    const english = await page('/faq', { 'accept-language': 'en-GB' });
    expect(english).toContain('<html lang="en">');
    expect(meta(english, 'og:description')).toBe('TonieShelf is a fan-made community catalogue of Tonies: ratings, reviews and shared audio for Creative Tonies.');
  });
});
