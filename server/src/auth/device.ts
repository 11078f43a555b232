// Known devices (OWASP's "device cookies"): after a right password the browser gets a cookie
// naming the account, signed with the server's 'devices' key (server_keys, shared by every
// instance), so nobody can make one for an account without its password. A sign-in to that
// account from that browser then counts against the device's own budget (auth/throttle.ts), so
// failures of others on the account or from the same address never lock the owner out. One
// cookie holds up to five accounts (a family's shared computer); an entry lasts a year from the
// last sign-in with it. It stays after signing out: it proves nothing but an earlier sign-in.
// Each entry is signed together with the account's password hash, so a new password (a reset or
// a change) ends every device entry made with the old one.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/types';
import { cachedServerKey } from './server-keys';
import { isSecure } from './session';

const DEVICE_KEY_NAME = 'devices';
const DEVICE_TTL_MS = 365 * 24 * 3600 * 1000;
const MAX_ACCOUNTS = 5;
const SIGNATURE_LENGTH = 32;
/** `<user id>.<issued, seconds>.<nonce>.<signature>`, entries joined by `~`. */
const ENTRY = /^([0-9a-f-]{36})\.(\d{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/;

function deviceCookieName(config: AppConfig): string {
  return isSecure(config) ? '__Host-tonieshelf_device' : 'tonieshelf_device';
}

export const deviceKey = (db: Db): Promise<Buffer> => cachedServerKey(db, DEVICE_KEY_NAME);

const sign = (key: Buffer, userId: string, issued: string, nonce: string, passwordHash: string) =>
  createHmac('sha256', key).update(`device:${userId}:${issued}:${nonce}:${passwordHash}`).digest('base64url').slice(0, SIGNATURE_LENGTH);

interface Entry {
  userId: string;
  issuedMs: number;
  nonce: string;
  raw: string;
}

interface Parsed extends Entry {
  issued: string;
  signature: string;
}

/** The cookie's well-formed entries that have not expired (their signatures are checked per account). */
function currentEntries(cookie: string | null | undefined, now: number): Parsed[] {
  if (!cookie || cookie.length > 1000) return [];
  const entries: Parsed[] = [];
  for (const raw of cookie.split('~').slice(0, MAX_ACCOUNTS)) {
    const m = ENTRY.exec(raw);
    if (!m) continue;
    const [, userId, issued, nonce, signature] = m as unknown as [string, string, string, string, string];
    const issuedMs = Number(issued) * 1000;
    if (issuedMs > now || now - issuedMs > DEVICE_TTL_MS) continue;
    entries.push({ userId, issuedMs, nonce, raw, issued, signature });
  }
  return entries;
}

/** The id of this browser as a known device of the account (for the throttle), or null. */
export function knownDevice(key: Buffer, cookie: string | null | undefined, user: { id: string; password_hash: string }, now = Date.now()): string | null {
  const entry = currentEntries(cookie, now).find(
    (e) => e.userId === user.id && timingSafeEqual(Buffer.from(sign(key, e.userId, e.issued, e.nonce, user.password_hash)), Buffer.from(e.signature)),
  );
  return entry ? `${user.id}:${entry.nonce}` : null;
}

/** The cookie after a right password for the account: its entry new and first, the others kept (five at most). */
export function rememberDevice(key: Buffer, cookie: string | null | undefined, user: { id: string; password_hash: string }, now = Date.now()): string {
  const issued = String(Math.floor(now / 1000));
  const nonce = randomBytes(12).toString('base64url');
  const mine = `${user.id}.${issued}.${nonce}.${sign(key, user.id, issued, nonce, user.password_hash)}`;
  const others = currentEntries(cookie, now).filter((e) => e.userId !== user.id);
  return [mine, ...others.map((e) => e.raw)].slice(0, MAX_ACCOUNTS).join('~');
}

export function deviceCookieOf(req: FastifyRequest | undefined, config: AppConfig): string | null {
  return req?.cookies?.[deviceCookieName(config)] ?? null;
}

export function setDeviceCookie(reply: FastifyReply | undefined, config: AppConfig, value: string): void {
  reply?.setCookie(deviceCookieName(config), value, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    path: '/',
    maxAge: DEVICE_TTL_MS / 1000,
  });
}
