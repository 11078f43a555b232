// Throttling of password and code guesses, with growing waits. An attempt is counted before its
// password or code is checked: under row locks in one short transaction, every key of the attempt
// is checked and counted together, so parallel guesses (on any app instance sharing the
// database) cannot all be checked before the limit bites. The slow hash check runs after that
// transaction. A success takes its count back. Failures are forgotten after a day without one.
//
// Sign-in counts per account and client (the pair), per client across accounts, and per account
// across clients. The account's count locks out only clients that have themselves failed on that
// account more than once, so failures from elsewhere never lock the owner out of their own account,
// not even after a typo. A browser the account signed in on before (a known device, auth/device.ts)
// counts against a budget of its own only: no failures of others, on the account or from its
// address (a school), lock it out.

import type { Db } from '../db/types';
import { message } from '@tonieshelf/shared/i18n/message-key';
import type { MessageCode } from '@tonieshelf/shared/i18n/messages';
import { AppError } from '../errors';
import * as throttle from '../repositories/throttle';
import { addressPart } from './rate-limit';

/** Seconds to wait after a failure beyond the free ones: the 1st, the 2nd, ... (the last repeats). */
const WAITS = [1, 2, 4, 8, 16, 30, 60, 180, 300];
const FORGET_AFTER_MS = 24 * 3600 * 1000;

/**
 * How many failures each kind of key allows before waits begin. The pair of account and client
 * waits from its second failure on. A client address signs in to many accounts (a family, a
 * school); the account's count only bites on clients that failed on it too; second-step codes
 * already have five tries per challenge.
 */
const FREE_FAILURES = { pair: 1, device: 1, client: 20, account: 10, mfa: 5, password: 1 } as const;
type KeyKind = keyof typeof FREE_FAILURES;

/** The account's lock binds a client from its second failure on the account: one typo is the owner's. */
const ACCOUNT_LOCK_AFTER = 2;

interface ThrottleKey {
  key: string;
  kind: KeyKind;
  /** This key's lock applies only when the key `pair` has `failures` failures of its own. */
  onlyAfter?: { pair: string; failures: number };
}

const normaliseEmail = (email: string) => email.trim().toLowerCase();

/**
 * The keys of a sign-in to `email` from the client address `ip`; from a known device of the
 * account (`device`: its id), the device's own key only.
 */
export function signInKeys(email: string, ip: string, device: string | null = null): ThrottleKey[] {
  if (device) return [{ key: `device:${device}`, kind: 'device' }];
  const address = addressPart(ip);
  const pair = `pair:${normaliseEmail(email)}|${address}`;
  return [
    { key: pair, kind: 'pair' },
    { key: `ip:${address}`, kind: 'client' },
    { key: `email:${normaliseEmail(email)}`, kind: 'account', onlyAfter: { pair, failures: ACCOUNT_LOCK_AFTER } },
  ];
}

/** Second-step codes and recovery codes of an account. */
export const secondStepKeys = (userId: string): ThrottleKey[] => [{ key: `mfa:${userId}`, kind: 'mfa' }];

/** The current password asked for by a password change. */
export const currentPasswordKeys = (userId: string): ThrottleKey[] => [{ key: `password:${userId}`, kind: 'password' }];

function waitSeconds(kind: KeyKind, failures: number): number {
  const beyond = failures - FREE_FAILURES[kind];
  return beyond > 0 ? WAITS[Math.min(beyond, WAITS.length) - 1]! : 0;
}

/** A counted attempt: report how it ended. A failure needs nothing more (it was counted). */
interface Attempt {
  /** The guess was right: the attempt's count is taken back and the pair (or key) forgotten. */
  succeeded(): Promise<void>;
}

/** The throttle's refusal (texts: shared/src/i18n/texts/server.ts). */
export const THROTTLE_MESSAGES = {
  tooManyAttempts: 'throttle.tooManyAttempts',
} as const satisfies Record<string, MessageCode>;

function tooMany(retryAfter: number): AppError {
  return new AppError('TOO_MANY_REQUESTS', message(THROTTLE_MESSAGES.tooManyAttempts, { seconds: retryAfter }), { retryAfter });
}

/**
 * Checks and counts one attempt on every key at once; throws 429 with Retry-After while any key
 * that applies is locked (nothing is counted then). `db` must be the database, not a transaction.
 */
export async function reserveAttempt(db: Db, keys: ThrottleKey[], now = new Date()): Promise<Attempt> {
  await db.transaction().execute(async (trx) => {
    const rows = new Map(
      (
        await throttle.lockThrottles(
          trx,
          keys.map((k) => k.key),
          now,
        )
      ).map((r) => [r.key, r]),
    );
    const current = (key: string) => {
      const row = rows.get(key);
      // A day without a failure: forgotten.
      if (!row || now.getTime() - row.updated_at.getTime() > FORGET_AFTER_MS) return { failures: 0, lockedUntil: null };
      return { failures: row.failures, lockedUntil: row.locked_until && row.locked_until > now ? row.locked_until : null };
    };
    let retryAfter = 0;
    for (const k of keys) {
      const { lockedUntil } = current(k.key);
      if (!lockedUntil) continue;
      if (k.onlyAfter && current(k.onlyAfter.pair).failures < k.onlyAfter.failures) continue;
      retryAfter = Math.max(retryAfter, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
    }
    if (retryAfter > 0) throw tooMany(retryAfter);
    const counted = keys.map((k) => {
      const { failures, lockedUntil } = current(k.key);
      const wait = waitSeconds(k.kind, failures + 1);
      const until = wait > 0 ? new Date(now.getTime() + wait * 1000) : null;
      // A lock that does not apply to this client (the account's) is kept if it lasts longer.
      return { key: k.key, failures: failures + 1, lockedUntil: lockedUntil && (!until || lockedUntil > until) ? lockedUntil : until };
    });
    await throttle.setThrottles(trx, counted, now);
  });
  return {
    async succeeded() {
      // The pair (or device) and the account start over; a client address only gets its attempt back.
      const forget = keys.filter((k) => k.kind !== 'client').map((k) => k.key);
      const refund = keys.filter((k) => k.kind === 'client').map((k) => k.key);
      await throttle.releaseThrottles(db, forget, refund, FREE_FAILURES.client);
    },
  };
}
