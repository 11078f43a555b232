// Sign-in throttling per account and per client address, with growing waits. Failures are
// forgotten after a day without one; a successful sign-in clears the account's count.

import type { Db } from '../db/types';
import { AppError } from '../errors';
import * as throttle from '../repositories/throttle';

/** Seconds to wait after the n-th consecutive failure (n = index + 1). */
const ACCOUNT_WAITS = [0, 1, 2, 4, 8, 16, 30, 60, 180, 300];
/** Failures allowed before waits apply: an address signs in to many accounts (a family, a
 * school); second-step codes already have five tries per challenge. */
const FREE_FAILURES: Record<string, number> = { ip: 20, mfa: 5 };
const FORGET_AFTER_MS = 24 * 3600 * 1000;

export const accountKey = (email: string) => `email:${email.trim().toLowerCase()}`;
export const ipKey = (ip: string) => `ip:${ip}`;

function waitSeconds(key: string, failures: number): number {
  const n = failures - (FREE_FAILURES[key.slice(0, key.indexOf(':'))] ?? 0);
  if (n <= 0) return 0;
  return ACCOUNT_WAITS[Math.min(n, ACCOUNT_WAITS.length) - 1]!;
}

/** Throws 429 with Retry-After when any key is still locked. */
export async function assertNotThrottled(db: Db, keys: string[], now = new Date()): Promise<void> {
  let retryAfter = 0;
  for (const key of keys) {
    const row = await throttle.findThrottle(db, key);
    if (!row) continue;
    if (now.getTime() - row.updated_at.getTime() > FORGET_AFTER_MS) {
      await throttle.clearThrottle(db, key);
      continue;
    }
    if (row.locked_until && row.locked_until > now) {
      retryAfter = Math.max(retryAfter, Math.ceil((row.locked_until.getTime() - now.getTime()) / 1000));
    }
  }
  if (retryAfter > 0) {
    throw new AppError(
      'TOO_MANY_REQUESTS',
      `Too many sign-in attempts. Please wait ${retryAfter} second${retryAfter === 1 ? '' : 's'} and try again.`,
      { retryAfter },
    );
  }
}

export async function recordFailure(db: Db, keys: string[], now = new Date()): Promise<void> {
  for (const key of keys) {
    await throttle.addThrottleFailure(db, key, (failures) => {
      const wait = waitSeconds(key, failures);
      return wait > 0 ? new Date(now.getTime() + wait * 1000) : null;
    });
  }
}

export async function clearFailures(db: Db, keys: string[]): Promise<void> {
  for (const key of keys) await throttle.clearThrottle(db, key);
}
