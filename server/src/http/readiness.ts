// Readiness (/readyz): whether this instance can serve requests now, i.e. its database and its
// file storage answer. Each check is bounded in time, so a hung dependency reads as unavailable.
import { pingDatabase } from '../db/ping';
import type { AppDeps } from '../deps';

/** How long one check may take before it counts as failed. */
const CHECK_TIMEOUT_MS = 2000;

type CheckResult = 'ok' | 'unavailable';

interface Readiness {
  database: CheckResult;
  storage: CheckResult;
}

async function check(probe: () => Promise<unknown>): Promise<CheckResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([probe(), timeout]);
    return 'ok';
  } catch {
    return 'unavailable';
  } finally {
    clearTimeout(timer);
  }
}

export async function readiness(deps: Pick<AppDeps, 'db' | 'storage'>): Promise<Readiness> {
  const [database, storage] = await Promise.all([
    check(() => pingDatabase(deps.db)),
    // A key that never exists: the storage answers "not there" (S3: a HEAD request).
    check(() => deps.storage.stat('readyz/probe')),
  ]);
  return { database, storage };
}
