// The importer as a library function: clean a parsed toniesV2.json, then write it in one
// transaction (all or nothing). Re-running the same file changes nothing.
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import { writeCatalogueRows } from '../repositories/catalogue-import';
import { cleanCatalogue, type SkippedRecord } from './clean';

export interface ImportSummary {
  /** Records in the file. */
  records: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skipped: SkippedRecord[];
  /** Cleaned category -> how many imported records carry it. */
  categories: Record<string, number>;
  tagsCreated: number;
  elapsedMs: number;
}

interface ImportOptions {
  /** Clean and validate only; write nothing (the counts then describe the file, not changes). */
  dryRun?: boolean;
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
  if (options.dryRun) {
    return {
      records,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      skipped,
      categories,
      tagsCreated: 0,
      elapsedMs: Math.round(performance.now() - started),
    };
  }
  const write = db.isTransaction
    ? writeCatalogueRows(db, rows)
    : db.transaction().execute((trx) => writeCatalogueRows(trx, rows));
  const result = await write;
  return {
    records,
    inserted: result.inserted,
    updated: result.updated,
    unchanged: result.unchanged,
    skipped,
    categories,
    tagsCreated: result.tagsCreated,
    elapsedMs: Math.round(performance.now() - started),
  };
}

/** A human-readable report of a summary, one fact a line. */
export function formatSummary(summary: ImportSummary): string {
  const lines: string[] = [];
  lines.push(
    `Imported ${summary.records} records in ${summary.elapsedMs} ms: ${summary.inserted} inserted, ${summary.updated} updated, ` +
      `${summary.unchanged} unchanged, ${summary.skipped.length} skipped; ${summary.tagsCreated} new tags.`,
  );
  const categories = Object.entries(summary.categories).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  if (categories.length > 0) {
    lines.push('Categories:');
    for (const [category, count] of categories) lines.push(`  ${category}: ${count}`);
  }
  if (summary.skipped.length > 0) {
    lines.push('Skipped:');
    for (const s of summary.skipped) lines.push(`  ${s.article}: ${s.reason}`);
  }
  return lines.join('\n');
}
