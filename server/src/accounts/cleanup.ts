// Sign-in records past their use (the hourly job): expired sessions, second-step challenges and
// email links, and throttle and rate-limit records of a day ago.
import type { AppDeps } from '../deps';
import { deleteOldLinks } from '../repositories/email-links';
import { deleteExpiredChallenges } from '../repositories/factors';
import { deleteExpiredSessions } from '../repositories/sessions';
import { deleteOldRateEvents, deleteStaleThrottles } from '../repositories/throttle';

/** Throttle records untouched this long are forgotten (the longest wait is 5 minutes). */
const THROTTLE_MEMORY_MS = 24 * 3600 * 1000;

/** Removes expired sessions, challenges and links, and throttle and rate-limit records of a day ago. */
export async function cleanExpiredAuthRecords(deps: Pick<AppDeps, 'db'>, now = Date.now()): Promise<void> {
  await deleteExpiredSessions(deps.db);
  await deleteExpiredChallenges(deps.db);
  await deleteStaleThrottles(deps.db, new Date(now - THROTTLE_MEMORY_MS));
  await deleteOldRateEvents(deps.db, new Date(now - THROTTLE_MEMORY_MS));
  await deleteOldLinks(deps.db, new Date(now));
}
