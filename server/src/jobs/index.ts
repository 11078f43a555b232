// Every timer the app runs lives here: buildApp starts the jobs when the app is ready and stops
// them when it closes. A job that fails logs a warning and runs again at its next time.
import type { AppDeps } from '../deps';
import { cleanExpiredAuthRecords, cleanStaleUploads } from './cleanup';

interface Job {
  name: string;
  everyMs: number;
  run(deps: AppDeps): Promise<void>;
}

const HOUR = 3600 * 1000;

const JOBS: readonly Job[] = [
  { name: 'clean expired sessions, challenges and throttles', everyMs: HOUR, run: (deps) => cleanExpiredAuthRecords(deps) },
  {
    name: 'clean stale uploads',
    everyMs: HOUR,
    async run(deps) {
      const removed = await cleanStaleUploads(deps);
      if (removed) deps.log.info({ removed }, 'removed stale pending uploads');
    },
  },
];

/** Runs every job once now and then at its interval; the returned function stops them. */
export function startJobs(deps: AppDeps, jobs: readonly Job[] = JOBS): { ranOnce: Promise<void>; stop: () => void } {
  const runJob = async (job: Job) => {
    try {
      await job.run(deps);
    } catch (err) {
      deps.log.warn({ err, job: job.name }, 'a background job failed');
    }
  };
  const timers = jobs.map((job) => setInterval(() => void runJob(job), job.everyMs).unref());
  const ranOnce = Promise.all(jobs.map(runJob)).then(() => undefined);
  return { ranOnce, stop: () => timers.forEach(clearInterval) };
}
