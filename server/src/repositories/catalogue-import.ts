// Bulk writes of catalogue rows (the importer and the demo seed): batched multi-row upserts keyed
// by article that leave unchanged rows untouched, bulk tag creation, and per-Tonie replacement of
// tonie_tags when a Tonie's tag set changes. Every statement handles a whole chunk of rows: no
// per-row round trips.
import { sql } from 'kysely';
import type { Db, NewTonie } from '../db/types';

/** One Tonie as the importer and the seed write it, with the names of its catalogue tags. */
export type CatalogueRow = Required<Omit<NewTonie, 'id' | 'rating_count' | 'rating_sum' | 'created_at' | 'updated_at'>> & { tags: string[] };

interface CatalogueWriteResult {
  inserted: number;
  updated: number;
  unchanged: number;
  /** Tonies whose row was unchanged but whose tag links were replaced (counted in `updated`). */
  retagged: number;
  tagsCreated: number;
  /** article -> tonie id, for every written row. */
  ids: Map<string, number>;
}

/** Columns the catalogue owns; rating aggregates and timestamps are never written from here. */
const COLUMNS = [
  'name',
  'series',
  'episode',
  'image',
  'category',
  'description',
  'html_description',
  'html_tracklist',
  'url',
  'runtime',
  'language',
  'song_count',
  'release_date',
  'age_range',
  'age_min',
  'origin',
] as const;

// 17 parameters a row: 1,000 rows stay far below PostgreSQL's 65,535 parameters per statement.
const ROW_CHUNK = 1000;
const ID_CHUNK = 5000;
const LINK_CHUNK = 10000;

function chunks<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/** article -> id for the given articles that exist. */
async function findTonieIdsByArticle(db: Db, articles: readonly string[]): Promise<Map<string, number>> {
  const map = new Map<string, number>();
  for (const part of chunks(articles, ID_CHUNK)) {
    if (part.length === 0) continue;
    const rows = await db.selectFrom('tonies').select(['id', 'article']).where('article', 'in', part).execute();
    for (const row of rows) map.set(row.article, row.id);
  }
  return map;
}

/**
 * Inserts new rows and updates existing ones (by article) only where a column differs; returns
 * the articles that were inserted or updated. Rows must have distinct articles.
 */
async function upsertTonieRows(db: Db, rows: readonly CatalogueRow[]): Promise<Set<string>> {
  const written = new Set<string>();
  const distinct = sql<boolean>`(${sql.join(COLUMNS.map((c) => sql.ref(`tonies.${c}`)))}) IS DISTINCT FROM (${sql.join(COLUMNS.map((c) => sql.ref(`excluded.${c}`)))})`;
  for (const part of chunks(rows, ROW_CHUNK)) {
    if (part.length === 0) continue;
    const result = await db
      .insertInto('tonies')
      .values(
        part.map((r) => ({
          article: r.article,
          name: r.name,
          series: r.series,
          episode: r.episode,
          image: r.image,
          category: r.category,
          description: r.description,
          html_description: r.html_description,
          html_tracklist: r.html_tracklist,
          url: r.url,
          runtime: r.runtime,
          language: r.language,
          song_count: r.song_count,
          release_date: r.release_date,
          age_range: r.age_range,
          age_min: r.age_min,
          origin: r.origin,
        })),
      )
      .onConflict((oc) =>
        oc
          .column('article')
          .doUpdateSet((eb) => ({
            ...Object.fromEntries(COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])),
            updated_at: sql<Date>`now()`,
          }))
          .where(distinct),
      )
      .returning('article')
      .execute();
    for (const row of result) written.add(row.article);
  }
  return written;
}

/**
 * Makes sure every named tag exists (names are unique case-insensitively; an existing spelling
 * wins). Returns lower(name) -> id for all of them and how many were created.
 */
export async function ensureTags(db: Db, names: readonly string[]): Promise<{ ids: Map<string, number>; created: number }> {
  const byLower = new Map<string, string>();
  for (const name of names) if (!byLower.has(name.toLowerCase())) byLower.set(name.toLowerCase(), name);
  const ids = new Map<string, number>();
  let created = 0;
  for (const part of chunks([...byLower.values()], ID_CHUNK)) {
    if (part.length === 0) continue;
    const inserted = await db
      .insertInto('tags')
      .values(part.map((name) => ({ name })))
      .onConflict((oc) => oc.expression(sql`lower(name)`).doNothing())
      .returning('id')
      .execute();
    created += inserted.length;
    const rows = await db
      .selectFrom('tags')
      .select(['id', 'name'])
      .where(
        sql<string>`lower(name)`,
        'in',
        part.map((n) => n.toLowerCase()),
      )
      .execute();
    for (const row of rows) ids.set(row.name.toLowerCase(), row.id);
  }
  return { ids, created };
}

/** tonie id -> its tag ids, for the given Tonies. */
async function findTonieTagIds(db: Db, tonieIds: readonly number[]): Promise<Map<number, Set<number>>> {
  const map = new Map<number, Set<number>>();
  for (const part of chunks(tonieIds, ID_CHUNK)) {
    if (part.length === 0) continue;
    const rows = await db.selectFrom('tonie_tags').select(['tonie_id', 'tag_id']).where('tonie_id', 'in', part).execute();
    for (const row of rows) {
      let set = map.get(row.tonie_id);
      if (!set) map.set(row.tonie_id, (set = new Set()));
      set.add(row.tag_id);
    }
  }
  return map;
}

/** Replaces the whole tag set of each given Tonie: deletes its links, inserts the new ones. */
async function replaceTonieTags(db: Db, links: ReadonlyMap<number, ReadonlySet<number>>): Promise<void> {
  const tonieIds = [...links.keys()];
  for (const part of chunks(tonieIds, ID_CHUNK)) {
    if (part.length === 0) continue;
    await db.deleteFrom('tonie_tags').where('tonie_id', 'in', part).execute();
  }
  const pairs: { tonie_id: number; tag_id: number }[] = [];
  for (const [tonie_id, tagIds] of links) for (const tag_id of tagIds) pairs.push({ tonie_id, tag_id });
  for (const part of chunks(pairs, LINK_CHUNK)) {
    if (part.length === 0) continue;
    await db.insertInto('tonie_tags').values(part).execute();
  }
}

function sameSet(a: ReadonlySet<number> | undefined, b: ReadonlySet<number>): boolean {
  if (!a) return b.size === 0;
  if (a.size !== b.size) return false;
  for (const v of a) if (!b.has(v)) return false;
  return true;
}

/**
 * Writes catalogue rows and their tags: upsert by article (unchanged rows are not rewritten),
 * creates missing tags, replaces tonie_tags of each Tonie whose tag set changed. Run it inside a
 * transaction for all-or-nothing. Rows must have distinct articles.
 */
export async function writeCatalogueRows(db: Db, rows: readonly CatalogueRow[]): Promise<CatalogueWriteResult> {
  const articles = rows.map((r) => r.article);
  const before = await findTonieIdsByArticle(db, articles);
  const written = await upsertTonieRows(db, rows);
  const ids = await findTonieIdsByArticle(db, articles);

  const tagNames = rows.flatMap((r) => r.tags);
  const { ids: tagIds, created: tagsCreated } = await ensureTags(db, tagNames);

  const current = await findTonieTagIds(db, [...before.values()]);
  const changedLinks = new Map<number, Set<number>>();
  let retagged = 0;
  for (const row of rows) {
    const id = ids.get(row.article);
    if (id === undefined) throw new Error(`Tonie ${row.article} was not written`);
    const wanted = new Set<number>();
    for (const name of row.tags) {
      const tagId = tagIds.get(name.toLowerCase());
      if (tagId === undefined) throw new Error(`Tag "${name}" was not written`);
      wanted.add(tagId);
    }
    if (!sameSet(current.get(id), wanted)) {
      changedLinks.set(id, wanted);
      if (before.has(row.article) && !written.has(row.article)) retagged += 1;
    }
  }
  await replaceTonieTags(db, changedLinks);

  let inserted = 0;
  let updated = 0;
  for (const article of written) {
    if (before.has(article)) updated += 1;
    else inserted += 1;
  }
  updated += retagged;
  return { inserted, updated, unchanged: rows.length - inserted - updated, retagged, tagsCreated, ids };
}

/** Which rows are the demo catalogue's and who its demo users are (server/src/seed). */
export interface DemoCatalogue {
  /** Articles of demo Tonies start with it ('demo-'); only letters, digits and '-'. */
  articlePrefix: string;
  /** Demo Tonies' images start with it ('/media/demo-covers/'). */
  imagePrefix: string;
  /** The demo users' email addresses. */
  userEmails: readonly string[];
}

interface DemoRemoval {
  /** Demo Tonies removed (nobody besides the demo users rated or reviewed them). */
  removed: number;
  /** Demo Tonies kept because someone else rated or reviewed them. */
  kept: number;
}

/**
 * Removes the demo Tonies nobody besides the demo users has rated or reviewed, with their demo
 * ratings (the foreign keys cascade) and the tags only they used; demo Tonies someone else rated
 * stay. `countOnly` reports the same numbers and changes nothing (a dry run).
 */
export async function removeUnclaimedDemoTonies(db: Db, demo: DemoCatalogue, options: { countOnly?: boolean } = {}): Promise<DemoRemoval> {
  if (!/^[A-Za-z0-9-]+$/.test(demo.articlePrefix) || /[%_\\]/.test(demo.imagePrefix)) throw new Error('demo prefixes must be plain text');
  const emails = demo.userEmails.map((e) => e.toLowerCase());
  const demoTonies = await db
    .selectFrom('tonies as t')
    .select((eb) => [
      't.id',
      eb
        .exists(
          eb
            .selectFrom('ratings as r')
            .innerJoin('users as u', 'u.id', 'r.user_id')
            .select(sql`1`.as('one'))
            .whereRef('r.tonie_id', '=', 't.id')
            .$if(emails.length > 0, (qb) => qb.where(sql<string>`lower(u.email)`, 'not in', emails)),
        )
        .as('claimed'),
    ])
    .where('t.article', 'like', `${demo.articlePrefix}%`)
    .where('t.image', 'like', `${demo.imagePrefix}%`)
    .execute();
  const unclaimed = demoTonies.filter((t) => !t.claimed).map((t) => t.id);
  const result = { removed: unclaimed.length, kept: demoTonies.length - unclaimed.length };
  if (options.countOnly || unclaimed.length === 0) return result;

  // The tags these Tonies and their ratings use: removed below when nothing else uses them.
  const tagIds = new Set<number>();
  for (const part of chunks(unclaimed, ID_CHUNK)) {
    const own = await db.selectFrom('tonie_tags').select('tag_id').where('tonie_id', 'in', part).execute();
    const reviewed = await db
      .selectFrom('rating_tags')
      .innerJoin('ratings', 'ratings.id', 'rating_tags.rating_id')
      .select('rating_tags.tag_id')
      .where('ratings.tonie_id', 'in', part)
      .execute();
    for (const row of [...own, ...reviewed]) tagIds.add(row.tag_id);
  }
  for (const part of chunks(unclaimed, ID_CHUNK)) await db.deleteFrom('tonies').where('id', 'in', part).execute();
  for (const part of chunks([...tagIds], ID_CHUNK)) {
    await db
      .deleteFrom('tags')
      .where('id', 'in', part)
      .where((eb) =>
        eb.and([
          eb.not(eb.exists(eb.selectFrom('tonie_tags').select(sql`1`.as('one')).whereRef('tonie_tags.tag_id', '=', 'tags.id'))),
          eb.not(eb.exists(eb.selectFrom('rating_tags').select(sql`1`.as('one')).whereRef('rating_tags.tag_id', '=', 'tags.id'))),
        ]),
      )
      .execute();
  }
  return result;
}

/** The daily sync's lock for the rest of the transaction `trx`: false when another instance holds it. */
export async function tryCatalogueSyncLock(trx: Db): Promise<boolean> {
  const { rows } = await sql<{ locked: boolean }>`select pg_try_advisory_xact_lock(hashtext('tonieshelf:catalogue-sync')) as locked`.execute(trx);
  return rows[0]?.locked === true;
}
