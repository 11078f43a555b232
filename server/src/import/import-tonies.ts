// The importer as a library function: clean a parsed toniesV2.json, then write it in one
// transaction (all or nothing). Re-running the same file changes nothing. The demo catalogue is
// for an empty install only: an import that brings figures removes the demo Tonies nobody
// besides the demo users rated or reviewed (their demo ratings go with them); demo Tonies
// someone else rated stay.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { removeUnclaimedDemoTonies, tryCatalogueSyncLock, writeCatalogueRows, type DemoCatalogue } from '../repositories/catalogue-import';
import { refreshSearchIndexes } from '../repositories/tonie-search';
import { DEMO_ARTICLE_PREFIX, DEMO_COVER_PREFIX } from '../seed/demo-catalogue';
import { DEMO_USERS } from '../seed/seed';
import { cleanCatalogue, type SkippedRecord } from '../catalogue/clean';

export interface ImportSummary {
  /** Records in the file. */
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: SkippedRecord[];
  /** Skip reason -> how many records it skipped, most frequent first. */
  skippedByReason: Record<string, number>;
  /** Cleaned category -> how many imported records carry it. */
  categories: Record<string, number>;
  tagsCreated: number;
  /** Demo Tonies removed (nobody besides the demo users rated them) and kept (someone else did). */
  demoRemoved: number;
  demoKept: number;
  elapsedMs: number;
}

interface ImportOptions {
  /** Clean and validate only; write nothing (the counts then describe the file, not changes). */
  dryRun?: boolean;
}

/** The demo catalogue of server/src/seed, as the import recognises it. */
const DEMO_CATALOGUE: DemoCatalogue = {
  articlePrefix: DEMO_ARTICLE_PREFIX,
  imagePrefix: DEMO_COVER_PREFIX,
  userEmails: DEMO_USERS.map((u) => u.email),
};

function countReasons(skipped: readonly SkippedRecord[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const s of skipped) counts.set(s.reason, (counts.get(s.reason) ?? 0) + 1);
  return Object.fromEntries([...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])));
}

/**
 * Imports parsed toniesV2.json data (an array of {article, data} records). Throws
 * ImportFormatError, having written nothing, when the data is not in that shape. Bad records
 * are skipped and listed with their reason. Pass a Kysely instance or a transaction.
 */
export async function importTonies(db: Kysely<DB>, entries: unknown, options: ImportOptions = {}): Promise<ImportSummary> {
  const started = performance.now();
  const { rows, skipped, categories } = cleanCatalogue(entries);
  const records = Array.isArray(entries) ? entries.length : 0;
  const base = { records, skipped, skippedByReason: countReasons(skipped), categories };
  if (options.dryRun) {
    const demo = rows.length > 0 ? await removeUnclaimedDemoTonies(db, DEMO_CATALOGUE, { countOnly: true }) : { removed: 0, kept: 0 };
    return {
      ...base,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      tagsCreated: 0,
      demoRemoved: demo.removed,
      demoKept: demo.kept,
      elapsedMs: Math.round(performance.now() - started),
    };
  }
  const write = async (trx: Kysely<DB>) => {
    const written = await writeCatalogueRows(trx, rows);
    // Only a file that brings figures replaces the demo (an empty or all-skipped file does not).
    const demo = rows.length > 0 ? await removeUnclaimedDemoTonies(trx, DEMO_CATALOGUE) : { removed: 0, kept: 0 };
    return { written, demo };
  };
  const { written, demo } = db.isTransaction ? await write(db) : await db.transaction().execute(write);
  // Fresh statistics keep the search on its trigram indexes (PGlite has no autovacuum); VACUUM
  // cannot run inside a transaction, so a caller that passed one refreshes after committing.
  if (!db.isTransaction && written.inserted + written.updated + demo.removed > 0) await refreshSearchIndexes(db);
  return {
    ...base,
    inserted: written.inserted,
    updated: written.updated,
    unchanged: written.unchanged,
    tagsCreated: written.tagsCreated,
    demoRemoved: demo.removed,
    demoKept: demo.kept,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/**
 * The daily sync's import: in one transaction under the sync lock, so one instance at a time
 * imports; null when another instance holds it. The caller refreshes the search statistics after
 * (refreshAfterImport), as the import ran in a transaction.
 */
export async function importUnlessSyncing(db: Kysely<DB>, entries: unknown): Promise<ImportSummary | null> {
  return db.transaction().execute(async (trx) => ((await tryCatalogueSyncLock(trx)) ? importTonies(trx, entries) : null));
}

/** Fresh search statistics after an import that ran in a transaction and changed something. */
export async function refreshAfterImport(db: Kysely<DB>, summary: ImportSummary): Promise<void> {
  if (summary.inserted + summary.updated + summary.demoRemoved > 0) await refreshSearchIndexes(db);
}

/** What changed, in one line (the daily sync's log line, the head of the summary). */
export function summaryLine(summary: ImportSummary): string {
  const demo =
    summary.demoRemoved > 0 || summary.demoKept > 0
      ? ` Demo catalogue: ${summary.demoRemoved} demo Tonies removed${summary.demoKept > 0 ? `, ${summary.demoKept} kept (rated by others)` : ''}.`
      : '';
  return (
    `Imported ${summary.records} records in ${summary.elapsedMs} ms: ${summary.inserted} inserted, ${summary.updated} updated, ` +
    `${summary.unchanged} unchanged, ${summary.skipped.length} skipped; ${summary.tagsCreated} new tags.${demo}`
  );
}

/** A human-readable report of a summary, one fact a line. */
export function formatSummary(summary: ImportSummary): string {
  const lines: string[] = [summaryLine(summary)];
  const categories = Object.entries(summary.categories).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (categories.length > 0) {
    lines.push('Categories:');
    for (const [category, count] of categories) lines.push(`  ${category}: ${count}`);
  }
  if (summary.skipped.length > 0) {
    lines.push('Skipped by reason:');
    for (const [reason, count] of Object.entries(summary.skippedByReason)) lines.push(`  ${reason}: ${count}`);
    lines.push('Skipped:');
    for (const s of summary.skipped) lines.push(`  ${s.article}: ${s.reason}`);
  }
  return lines.join('\n');
}
