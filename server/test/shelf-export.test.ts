// GET /api/shelves/{shelf}/export.csv|json: UTF-8 CSV with a BOM and formula cells made literal,
// names with umlauts, commas and quotes that survive a round trip through csv-parse; JSON rows;
// newest added first; 401 signed out; 400 for a bad shelf or format.
import { parse } from 'csv-parse/sync';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { SHELF_MESSAGES } from '@tonieshelf/shared/values/shelf';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { en } from './helpers/messages';
import { createTestApp } from './helpers/app';
import { signedInUser, unique, type SignedInUser } from './helpers/content';
import { createTestDatabase, type TestDatabase } from './helpers/db';

let database: TestDatabase;
let app: FastifyInstance;
let me: SignedInUser;
const today = () => new Date().toISOString().slice(0, 10);

async function tonie(name: string, series: string | null, language: string | null): Promise<{ id: number; article: string }> {
  return database.db
    .insertInto('tonies')
    .values({ article: `X-${unique()}`, name, series, language, category: 'Audio play' })
    .returning(['id', 'article'])
    .executeTakeFirstOrThrow();
}

const NAMES = ['Die Schöne Bärengeschichte', 'Hänsel, "Gretel" und die Hexe', '=HYPERLINK("http://evil.example","click")', '+1 Rätsel', '-minus', '@at', '\tTabbed'];

describe('shelf export', () => {
  let added: { id: number; article: string }[];

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await createTestApp(database);
    me = await signedInUser(database);
    added = [];
    for (const [i, name] of NAMES.entries()) {
      const t = await tonie(name, i === 0 ? 'Bär & Co' : null, i === 1 ? null : 'de-DE');
      await (await me.call()).shelf.set({ tonieId: t.id, shelf: 'own', on: true });
      await new Promise((r) => setTimeout(r, 3));
      added.push(t);
    }
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it("export.csv: BOM, header, newest added first, formula cells prefixed with ', umlauts, commas and quotes round-trip", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/shelves/own/export.csv', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tonieshelf-own-${today()}.csv"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const bytes = res.rawPayload;
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe('name,series,article,language,added');

    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(NAMES.length);
    const expectedNames = NAMES.map((n) => (/^[=+\-@\t\r]/.test(n) ? `'${n}` : n)).reverse();
    expect(rows.map((r) => r.name)).toEqual(expectedNames);
    expect(rows.map((r) => r.article)).toEqual(added.map((t) => t.article).reverse());
    const bear = rows.find((r) => r.name === 'Die Schöne Bärengeschichte')!;
    expect(bear).toMatchObject({ series: 'Bär & Co', language: 'de-DE' });
    expect(new Date(bear.added!).toISOString()).toBe(bear.added);
    expect(rows.find((r) => r.name!.startsWith('Hänsel'))).toMatchObject({ name: 'Hänsel, "Gretel" und die Hexe', series: '', language: '' });
    // No cell of the file starts a formula.
    for (const row of rows) for (const cell of Object.values(row)) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  it('export.csv?delimiter=semicolon: the same rows separated by semicolons (spreadsheets set to German); a bad delimiter -> 400', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/shelves/own/export.csv?delimiter=semicolon', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tonieshelf-own-${today()}.csv"`);
    const text = res.rawPayload.toString('utf8');
    expect(text.slice(1).split('\r\n')[0]).toBe('name;series;article;language;added');
    const rows = parse(text, { bom: true, columns: true, delimiter: ';' }) as Record<string, string>[];
    expect(rows.map((r) => r.name)).toEqual(NAMES.map((n) => (/^[=+\-@\t\r]/.test(n) ? `'${n}` : n)).reverse());
    expect(rows.find((r) => r.name === 'Die Schöne Bärengeschichte')).toMatchObject({ series: 'Bär & Co', language: 'de-DE' });
    const bad = await app.inject({ method: 'GET', url: '/api/shelves/own/export.csv?delimiter=tab', headers: me.headers });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(en(SHELF_MESSAGES.delimiter));
  });

  it('export.json: the rows, newest added first, unescaped', async () => {
    const res = await app.inject({ method: 'GET', url: '/api/shelves/own/export.json', headers: me.headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="tonieshelf-own-${today()}.json"`);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const rows = res.json() as { name: string; series: string | null; article: string; language: string | null; addedAt: string }[];
    expect(rows.map((r) => r.name)).toEqual([...NAMES].reverse());
    expect(rows.at(-1)).toMatchObject({ name: NAMES[0], series: 'Bär & Co', article: added[0]!.article, language: 'de-DE' });
    expect(rows[0]!.addedAt >= rows.at(-1)!.addedAt).toBe(true);
  });

  it('export of an empty shelf: the header only (CSV) and [] (JSON)', async () => {
    const csv = await app.inject({ method: 'GET', url: '/api/shelves/wishlist/export.csv', headers: me.headers });
    expect(csv.body).toBe('\uFEFFname,series,article,language,added\r\n');
    const json = await app.inject({ method: 'GET', url: '/api/shelves/favourites/export.json', headers: me.headers });
    expect(json.json()).toEqual([]);
  });

  it("export: only the caller's shelf", async () => {
    const other = await signedInUser(database);
    const res = await app.inject({ method: 'GET', url: '/api/shelves/own/export.json', headers: other.headers });
    expect(res.json()).toEqual([]);
  });

  it("export signed out -> 401 'Please sign in to continue.', the same answer as the shelf procedures' /api routes", async () => {
    const res = await app.inject({ method: 'GET', url: '/api/shelves/own/export.csv' });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe(en(AUTH_MESSAGES.signInRequired));
    const summary = await app.inject({ method: 'GET', url: '/api/shelves/summary' });
    expect(summary.statusCode).toBe(401);
    expect(res.json()).toEqual(summary.json());
  });

  it('export of a bad shelf or format -> 400 naming it', async () => {
    const shelf = await app.inject({ method: 'GET', url: '/api/shelves/attic/export.csv', headers: me.headers });
    expect(shelf.statusCode).toBe(400);
    expect(shelf.json().message).toBe(en(SHELF_MESSAGES.shelf));
    const format = await app.inject({ method: 'GET', url: '/api/shelves/own/export.xlsx', headers: me.headers });
    expect(format.statusCode).toBe(400);
    expect(format.json().message).toBe(en(SHELF_MESSAGES.format));
  });
});
