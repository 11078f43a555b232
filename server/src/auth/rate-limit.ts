// Rate limits of actions that cost us or others something: new accounts and reports per client
// address (addressRules), and phone codes (a cool-down, hourly and daily caps per account and per
// address). Each counted action is a row in rate_events; the check and the count of one action
// hold an advisory lock per key in one short transaction, so parallel requests (on any app
// instance sharing the database) cannot all slip under a cap.
import type { Kysely, Transaction } from 'kysely';
import type { AddressLimits } from '../config';
import type { DB } from '../db/types';
import type { Message } from '@tonieshelf/shared/i18n/message-key';
import { AppError } from '../errors';
import * as throttle from '../repositories/throttle';

const MINUTE = 60 * 1000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** At most `limit` actions under `key` in any `windowMs`. */
interface RateRule {
  key: string;
  limit: number;
  windowMs: number;
}

// The per-address caps are settings (config.ts); their defaults are named here too.
export { REGISTRATION_LIMITS, REPORT_ADDRESS_LIMITS } from '../config';
/** Phone codes: one a minute per account; hourly and daily caps per account and per address. */
export const PHONE_CODE_LIMITS = { coolDownMs: MINUTE, perUserHour: 5, perUserDay: 10, perAddressHour: 10, perAddressDay: 30 } as const;

/** A client address as part of a key: an address from X-Forwarded-For is whatever a proxy passed on. */
export const addressPart = (ip: string) => ip.slice(0, 100);

/** The hourly and daily caps of an action ('register', 'report') from one client address. */
export function addressRules(action: 'register' | 'report', ip: string, limits: AddressLimits): RateRule[] {
  const key = `${action}:ip:${addressPart(ip)}`;
  return [
    { key, limit: limits.perHour, windowMs: HOUR },
    { key, limit: limits.perDay, windowMs: DAY },
  ];
}

export function phoneCodeRules(userId: string, ip: string): { coolDown: RateRule[]; caps: RateRule[] } {
  const user = `sms:user:${userId}`;
  const address = `sms:ip:${addressPart(ip)}`;
  return {
    coolDown: [{ key: user, limit: 1, windowMs: PHONE_CODE_LIMITS.coolDownMs }],
    caps: [
      { key: user, limit: PHONE_CODE_LIMITS.perUserHour, windowMs: HOUR },
      { key: user, limit: PHONE_CODE_LIMITS.perUserDay, windowMs: DAY },
      { key: address, limit: PHONE_CODE_LIMITS.perAddressHour, windowMs: HOUR },
      { key: address, limit: PHONE_CODE_LIMITS.perAddressDay, windowMs: DAY },
    ],
  };
}

/** "45 seconds", "1 minute", "12 minutes", "3 hours": how long until the next try. */
export function waitText(seconds: number): string {
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;
  if (seconds < 60) return plural(seconds, 'second');
  if (seconds < 3600) return plural(Math.ceil(seconds / 60), 'minute');
  return plural(Math.ceil(seconds / 3600), 'hour');
}

/** Seconds until every rule has room again (0: room now), counted inside the keys' locks. */
async function waitFor(trx: Transaction<DB>, rules: RateRule[], now: Date): Promise<number> {
  let retryAfter = 0;
  for (const rule of rules) {
    const recent = await throttle.recentRateEvents(trx, rule.key, new Date(now.getTime() - rule.windowMs), rule.limit);
    if (recent.length < rule.limit) continue;
    // Free again when the oldest of the last `limit` events leaves the window.
    const freeAt = recent[rule.limit - 1]!.getTime() + rule.windowMs;
    retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
  }
  return retryAfter;
}

const keysOf = (rules: RateRule[]) => [...new Set(rules.map((r) => r.key))].sort();

/**
 * Counts one action under every rule's key, or throws 429 (with Retry-After) built by
 * `refuse(retryAfterSeconds, ruleGroup)` when a rule is full; nothing is counted then.
 * Groups are checked in order, so e.g. a cool-down answers before a daily cap.
 */
export async function takeRateSlot<G extends string>(
  db: Kysely<DB>,
  groups: Record<G, RateRule[]>,
  refuse: (retryAfter: number, group: G) => Message,
  now = new Date(),
): Promise<void> {
  const keys = keysOf(Object.values<RateRule[]>(groups).flat());
  await db.transaction().execute(async (trx) => {
    for (const key of keys) await throttle.lockRateKey(trx, key);
    for (const group of Object.keys(groups) as G[]) {
      const retryAfter = await waitFor(trx, groups[group], now);
      if (retryAfter > 0) throw new AppError('TOO_MANY_REQUESTS', refuse(retryAfter, group), { retryAfter });
    }
    await throttle.addRateEvents(trx, keys, now);
  });
}

/** Counts one action under every rule's key when all have room; false (nothing counted) when one is full. */
export async function tryRateSlot(db: Kysely<DB>, rules: RateRule[], now = new Date()): Promise<boolean> {
  const keys = keysOf(rules);
  return db.transaction().execute(async (trx) => {
    for (const key of keys) await throttle.lockRateKey(trx, key);
    if ((await waitFor(trx, rules, now)) > 0) return false;
    await throttle.addRateEvents(trx, keys, now);
    return true;
  });
}

/** Receipts to an address no signed-in account confirmed: per address and per mail domain a day, whoever asks. */
export const UNCONFIRMED_RECIPIENT_LIMITS = { perAddressDay: 3, perDomainDay: 100 } as const;

export function unconfirmedRecipientRules(email: string): RateRule[] {
  const typed = email.trim().toLowerCase().slice(0, 254);
  const at = typed.lastIndexOf('@');
  const domain = typed.slice(at + 1);
  // One mailbox however it is tagged: victim+1@… and victim+2@… reach the same person.
  const address = `${typed.slice(0, at).split('+')[0]}@${domain}`;
  return [
    { key: `mail:to:${address}`, limit: UNCONFIRMED_RECIPIENT_LIMITS.perAddressDay, windowMs: DAY },
    { key: `mail:domain:${domain}`, limit: UNCONFIRMED_RECIPIENT_LIMITS.perDomainDay, windowMs: DAY },
  ];
}
