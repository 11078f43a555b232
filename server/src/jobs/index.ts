// Every timer the app runs lives here: buildApp starts the jobs when the app is ready and stops
// them when it closes. A job that fails logs a warning and runs again at its next time.
import { removeUnusedSearchWords } from '../audio/service';
import type { AppDeps } from '../deps';
import { cleanExpiredAuthRecords } from '../accounts/cleanup';
import { liftEndedSuspensions } from '../accounts/suspensions';
import { removeDueDeletions } from '../storage/deletions';
import { closeAnalysisWorkers } from '../media/analyse';
import { startAudioAnalysis } from './audio-analysis';
import { startCatalogueSync } from './catalogue-sync';
import { cleanStaleUploads, removeUploadLeftovers } from './cleanup';
import { pruneChangeLog } from '../search/catalogue-search';

interface Job {
  name: string;
  everyMs: number;
  run(deps: AppDeps): Promise<void>;
}

const HOUR = 3600 * 1000;
const MINUTE = 60 * 1000;

const JOBS: readonly Job[] = [
  { name: 'clean expired sessions, challenges and throttles', everyMs: HOUR, run: (deps) => cleanExpiredAuthRecords(deps) },
  {
    // Every few minutes, so an unattached upload goes soon after its hour.
    name: 'clean stale uploads',
    everyMs: 5 * MINUTE,
    async run(deps) {
      const removed = await cleanStaleUploads(deps);
      if (removed) deps.log.info({ removed }, 'removed stale pending uploads');
    },
  },
  {
    // Stored files whose records are gone and whose removal failed: tried again when due.
    name: 'remove stored files of deleted records',
    everyMs: 5 * MINUTE,
    async run(deps) {
      const removed = await removeDueDeletions(deps);
      if (removed) deps.log.info({ removed }, 'removed stored files of deleted records');
    },
  },
  {
    // Suspensions whose time is over: the account's content shows again (a sign-in lifts it too).
    name: 'lift ended suspensions',
    everyMs: 2 * MINUTE,
    async run(deps) {
      const lifted = await liftEndedSuspensions(deps);
      if (lifted) deps.log.info({ lifted }, 'lifted ended suspensions');
    },
  },
  {
    // Discover's search words that no visible file has any more (edited, unpublished, deleted):
    // the vocabulary stays the size of what is published. Skipped while a write holds the lock.
    name: 'remove unused audio search words',
    everyMs: HOUR,
    async run(deps) {
      const removed = await removeUnusedSearchWords(deps.db);
      if (removed) deps.log.info({ removed }, 'removed unused audio search words');
    },
  },
  {
    // The search index's change log (migration 0021): a day of changes is kept.
    name: 'prune the search change log',
    everyMs: HOUR,
    async run(deps) {
      const removed = await pruneChangeLog(deps.db);
      if (removed) deps.log.info({ removed }, 'pruned the search change log');
    },
  },
];

/** Run once when the app starts, before it takes requests. */
const AT_START: readonly Omit<Job, 'everyMs'>[] = [
  {
    name: 'remove leftovers of interrupted uploads',
    async run(deps) {
      const removed = await removeUploadLeftovers(deps);
      if (removed) deps.log.info({ removed }, 'removed files left by interrupted uploads');
    },
  },
];

/**
 * Runs the start-up tasks and every job once now, then each job at its interval; with
 * CATALOGUE_SYNC_URL set, also the daily catalogue sync (its first run a few minutes after start:
 * jobs/catalogue-sync.ts); outside tests, the background audio analysis (jobs/audio-analysis.ts).
 * The returned function stops them (resolving once a sync in progress has finished; an analysis
 * in progress is aborted) and ends the analysis worker threads (uploads' and the job's).
 */
export function startJobs(deps: AppDeps, jobs: readonly Job[] = JOBS, atStart = AT_START): { ranOnce: Promise<void>; stop: () => Promise<void> } {
  const runJob = async (job: Omit<Job, 'everyMs'>) => {
    try {
      await job.run(deps);
    } catch (err) {
      deps.log.warn({ err, job: job.name }, 'a background job failed');
    }
  };
  const timers = jobs.map((job) => setInterval(() => void runJob(job), job.everyMs).unref());
  const ranOnce = Promise.all([...atStart, ...jobs].map(runJob)).then(() => undefined);
  const sync = deps.config.catalogueSyncUrl ? startCatalogueSync(deps, deps.config.catalogueSyncUrl) : null;
  // Files never analysed (the demo seed's, older uploads) get their waveform in the background,
  // one at a time (jobs/audio-analysis.ts); tests run it themselves.
  const analysis = deps.config.nodeEnv === 'test' ? null : startAudioAnalysis(deps);
  return {
    ranOnce,
    async stop() {
      timers.forEach(clearInterval);
      await analysis?.stop();
      await sync?.stop();
      await closeAnalysisWorkers();
    },
  };
}
