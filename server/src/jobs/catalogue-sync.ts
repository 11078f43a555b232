// The daily catalogue sync (CATALOGUE_SYNC_URL): the server imports the toniesV2.json at that URL
// a few minutes after it starts and then every 24 hours, as `npm run import:tonies -- <url>`
// would (same cleaning, one transaction, demo catalogue replaced). One run at a time, also across
// app instances sharing a PostgreSQL database (an advisory lock: a second instance skips its run).
// A failed run (unreachable, too large, not the format, database error) is logged with its reason,
// changes nothing and is tried again at the next time; it never stops the server. Each run logs
// what changed: inserted, updated, unchanged, skipped by reason, demo Tonies removed.
import type { AppDeps } from '../deps';
import { importUnlessSyncing, refreshAfterImport, summaryLine, type ImportSummary } from '../import/import-tonies';
import { readSource } from '../import/source';

const MINUTE = 60 * 1000;
/** How long stopping waits for a run in progress. */
const STOP_WAIT_MS = 5000;

interface CatalogueSyncTiming {
  /** After start-up: let the server settle and serve first. */
  firstRunMs: number;
  /** Between runs (from the start of one to the start of the next). */
  everyMs: number;
  /** The download as a whole. */
  timeoutMs: number;
}

const CATALOGUE_SYNC_TIMING: CatalogueSyncTiming = { firstRunMs: 5 * MINUTE, everyMs: 24 * 60 * MINUTE, timeoutMs: 5 * MINUTE };

/** What one run did: the import's summary, 'busy' when another run held the lock, or the error. */
export type SyncOutcome = { ok: true; summary: ImportSummary } | { ok: true; busy: true } | { ok: false; error: string };

/** The URL as logs may show it: no user:password. */
function shownUrl(url: string): string {
  return url.replace(/^(https?:\/\/)[^/@]*@/i, '$1');
}

/** One sync: download, import in one transaction under the sync lock, clear the catalogue cache. Never throws. */
export async function syncCatalogueOnce(
  deps: Pick<AppDeps, 'db' | 'cache' | 'log'>,
  url: string,
  timing: Pick<CatalogueSyncTiming, 'timeoutMs'> = CATALOGUE_SYNC_TIMING,
): Promise<SyncOutcome> {
  const source = shownUrl(url);
  try {
    const data = await readSource(url, { timeoutMs: timing.timeoutMs });
    const summary = await importUnlessSyncing(deps.db, data);
    if (!summary) {
      deps.log.info({ source }, 'catalogue sync skipped: another instance is syncing');
      return { ok: true, busy: true };
    }
    deps.cache.invalidate('catalogue');
    // The import ran in this job's transaction, so the statistics are refreshed here, after it.
    await refreshAfterImport(deps.db, summary);
    deps.log.info(
      {
        source,
        inserted: summary.inserted,
        updated: summary.updated,
        unchanged: summary.unchanged,
        skipped: summary.skippedByReason,
        demoRemoved: summary.demoRemoved,
        demoKept: summary.demoKept,
        tagsCreated: summary.tagsCreated,
        elapsedMs: summary.elapsedMs,
      },
      `catalogue synced: ${summaryLine(summary)}`,
    );
    return { ok: true, summary };
  } catch (err) {
    const error = err instanceof Error ? err.message.split('\n')[0]! : String(err);
    deps.log.warn({ source, error }, 'catalogue sync failed; nothing changed, trying again at the next run');
    return { ok: false, error };
  }
}

/**
 * Starts the schedule: the first run after `firstRunMs`, then every `everyMs`; a run still going
 * when the next is due makes that one wait its turn (never two at once). `stop` ends the schedule
 * and resolves when a run in progress has finished.
 */
export function startCatalogueSync(
  deps: Pick<AppDeps, 'db' | 'cache' | 'log'>,
  url: string,
  timing: CatalogueSyncTiming = CATALOGUE_SYNC_TIMING,
  onRun?: (outcome: SyncOutcome) => void,
): { stop: () => Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;

  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      const started = Date.now();
      running = syncCatalogueOnce(deps, url, timing).then((outcome) => {
        running = null;
        try {
          onRun?.(outcome);
        } finally {
          schedule(Math.max(0, timing.everyMs - (Date.now() - started)));
        }
      });
    }, delayMs);
    timer.unref();
  };
  deps.log.info({ source: shownUrl(url), firstRunInMs: timing.firstRunMs, everyMs: timing.everyMs }, 'catalogue sync scheduled');
  schedule(timing.firstRunMs);

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      // A run in progress may finish (its transaction commits or rolls back), within reason:
      // shutdown does not wait for a slow download.
      if (running) await Promise.race([running, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())]);
    },
  };
}
