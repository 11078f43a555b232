// A shared Tonie's address answered with the Tonie's name and picture in the page (before the
// app's root), HTML-escaped; any other address, an unknown Tonie, an unusable picture address or
// a database that does not answer gets the page as it is.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tonieTint } from '@tonieshelf/shared/values/tonie';
import { previewedTonieId, withToniePreview } from '../src/http/tonie-preview';
import { createTestApp } from './helpers/app';
import { insertTonie } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

const PAGE = '<!doctype html><title>TonieShelf</title><body><noscript>x</noscript><div id="root"></div><script type="module" src="/assets/index.js"></script></body>';

let database: TestDatabase;
let app: FastifyInstance;
let dist: string;
let moon: number;
let tricky: number;

beforeAll(async () => {
  database = await createTestDatabase();
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'tonieshelf-dist-'));
  fs.writeFileSync(path.join(dist, 'index.html'), PAGE);
  app = await createTestApp(database, { clientDist: dist });
  moon = await insertTonie(database, 'The Moon Bakery');
  await database.db.updateTable('tonies').set({ image: '/media/demo-covers/demo-027.svg' }).where('id', '=', moon).execute();
  tricky = await insertTonie(database, `Pippi & "Kling" <script>alert(1)</script>`);
  await database.db.updateTable('tonies').set({ image: 'https://img.example/a.png?x=1&y="2"' }).where('id', '=', tricky).execute();
});

afterAll(async () => {
  await app?.close();
  await database?.close();
  fs.rmSync(dist, { recursive: true, force: true });
});

async function page(url: string) {
  const res = await app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['cache-control']).toBe('no-cache');
  expect(res.headers['content-type']).toMatch(/^text\/html/);
  return res.body;
}

describe('a shared Tonie’s page', () => {
  it('has the Tonie’s name and picture before the app’s root, in its tint, hidden from assistive technology', async () => {
    const html = await page(`/catalog?tonieId=${moon}`);
    expect(html).toContain(
      `<div id="tonie-preview" class="tonie-preview" aria-hidden="true"><div class="tonie-preview-panel"><div class="tonie-preview-title">The Moon Bakery</div>` +
        `<div class="tonie-picture tonie-preview-picture" data-tint="${tonieTint(moon)}"><img class="tonie-picture-image" src="/media/demo-covers/demo-027.svg" alt=""`,
    );
    // The app's root comes after it, inert while the preview covers it (the app lifts that).
    expect(html.indexOf('id="tonie-preview"')).toBeLessThan(html.indexOf('<div id="root" inert></div>'));
    // The rest of the page as it was.
    expect(html.replace(/<div id="tonie-preview".*?<\/div><\/div><\/div>/, '').replace('<div id="root" inert>', '<div id="root">')).toBe(PAGE);
    // With other parameters beside it, and with a trailing slash.
    expect(await page(`/catalog?category=Music&tonieId=${moon}&t=1`)).toContain('id="tonie-preview"');
    expect(await page(`/catalog/?tonieId=${moon}`)).toContain('id="tonie-preview"');
  });

  it('escapes the name and the picture’s address', async () => {
    const html = await page(`/catalog?tonieId=${tricky}`);
    expect(html).toContain('<div class="tonie-preview-title">Pippi &amp; &quot;Kling&quot; &lt;script&gt;alert(1)&lt;/script&gt;</div>');
    expect(html).toContain('<img class="tonie-picture-image" src="https://img.example/a.png?x=1&amp;y=&quot;2&quot;"');
    expect(html).not.toContain('<script>alert(1)');
  });

  it('a name or picture address with "$" patterns stays as written (no second root, no copy of the page)', async () => {
    const dollars = await insertTonie(database, "A $& B $' C $` D $$ E");
    await database.db.updateTable('tonies').set({ image: 'https://img.example/$&.png' }).where('id', '=', dollars).execute();
    const html = await page(`/catalog?tonieId=${dollars}`);
    expect(html).toContain('<div class="tonie-preview-title">A $&amp; B $&#39; C $` D $$ E</div>');
    expect(html).toContain('<img class="tonie-picture-image" src="https://img.example/$&amp;.png"');
    expect(html.match(/id="root"/g)).toHaveLength(1);
    expect(html.match(/<title>/g)).toHaveLength(1);
  });

  it('shows no picture for an address the page may not load (http, javascript:), and none for a Tonie without one', async () => {
    for (const image of ['http://img.example/a.png', 'javascript:alert(1)', null]) {
      await database.db.updateTable('tonies').set({ image }).where('id', '=', tricky).execute();
      const html = await page(`/catalog?tonieId=${tricky}`);
      expect(html).toContain(`<div class="tonie-picture tonie-preview-picture" data-tint="${tonieTint(tricky)}"></div>`);
      expect(html).not.toContain('<img');
    }
  });

  it('any other address, an unknown Tonie or an id that is no id: the page as it is', async () => {
    for (const url of [
      '/catalog',
      '/catalog?tonieId=987654',
      '/catalog?tonieId=abc',
      '/catalog?tonieId=-3',
      '/catalog?tonieId=0',
      '/catalog?tonieId=99999999999',
      `/shelves?tonieId=${moon}`,
      `/catalogue?tonieId=${moon}`,
      '/',
    ]) {
      expect(await page(url), url).toBe(PAGE);
    }
  });

  it('when the database is slow (the Tonies locked by a write): the page as it is, without waiting for it', async () => {
    await database.db.transaction().execute(async (trx) => {
      await sql`lock table tonies in access exclusive mode`.execute(trx);
      const started = Date.now();
      expect(await page(`/catalog?tonieId=${moon}`)).toBe(PAGE);
      expect(Date.now() - started).toBeLessThan(2000);
    });
  });

  it('when the database does not answer: the page as it is, not an error', async () => {
    await sql`alter table tonies rename to tonies_gone`.execute(database.db);
    try {
      expect(await page(`/catalog?tonieId=${moon}`)).toBe(PAGE);
    } finally {
      await sql`alter table tonies_gone rename to tonies`.execute(database.db);
    }
  });
});

describe('previewedTonieId and withToniePreview', () => {
  it('read the id from the catalogue’s address only', () => {
    expect(previewedTonieId('/catalog?tonieId=27')).toBe(27);
    expect(previewedTonieId('/catalog?x=1&tonieId=2147483647')).toBe(2147483647);
    expect(previewedTonieId('/catalog?tonieId=2147483648')).toBeNull();
    expect(previewedTonieId('/catalog?tonieId=27.5')).toBeNull();
    expect(previewedTonieId('/catalog?tonieId=')).toBeNull();
    expect(previewedTonieId('/catalog#tonieId=27')).toBeNull();
    expect(previewedTonieId('/audio?tonieId=27')).toBeNull();
  });

  it('leave a page without the app’s root as it is', () => {
    expect(withToniePreview('<p>maintenance</p>', { id: 1, name: 'A', image: null })).toBe('<p>maintenance</p>');
  });
});
