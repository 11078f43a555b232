// Server-side sessions after the Lucia guide: a random token in an HttpOnly cookie, only its
// SHA-256 stored; 30-day sliding expiry renewed at most once an hour, 90 days at most in all.
import type {} from '@fastify/cookie';
import type { FastifyReply } from 'fastify';

import type { AppConfig } from '../config';
import type { Db } from '../db/types';
import * as sessions from '../repositories/sessions';
import { digest, generateToken } from './tokens';

const SESSION_TTL_MS = 30 * 24 * 3600 * 1000;
const SESSION_ABSOLUTE_TTL_MS = 90 * 24 * 3600 * 1000;
const SESSION_RENEW_AFTER_MS = 3600 * 1000;

export function sessionCookieName(config: AppConfig): string {
  // The __Host- prefix makes browsers insist on Secure, Path=/ and no Domain.
  return isSecure(config) ? '__Host-tonieshelf_session' : 'tonieshelf_session';
}

export function isSecure(config: AppConfig): boolean {
  return config.publicOrigin?.startsWith('https:') ?? false;
}

interface NewSession {
  token: string;
  session: Awaited<ReturnType<typeof sessions.insertSession>>;
}

export async function createSession(db: Db, userId: string, opts: { aal: 1 | 2; ip: string | null; userAgent: string | null }, now = new Date()): Promise<NewSession> {
  const token = generateToken();
  const absolute = new Date(now.getTime() + SESSION_ABSOLUTE_TTL_MS);
  const session = await sessions.insertSession(db, {
    id: digest(token),
    userId,
    aal: opts.aal,
    expiresAt: new Date(Math.min(now.getTime() + SESSION_TTL_MS, absolute.getTime())),
    absoluteExpiresAt: absolute,
    userAgent: opts.userAgent,
    ip: opts.ip,
  });
  return { token, session };
}

interface ValidatedSession extends sessions.SessionWithUser {
  /** The expiry moved forward: the cookie must be sent again. */
  renewed: boolean;
}

/** Looks a cookie token up; deletes the session if it has expired; slides the expiry. */
export async function validateSessionToken(db: Db, token: string, now = new Date()): Promise<ValidatedSession | null> {
  if (!/^[a-z2-7]{32}$/.test(token)) return null;
  const found = await sessions.findSessionWithUser(db, digest(token));
  if (!found) return null;
  const { session } = found;
  if (now >= session.expires_at || now >= session.absolute_expires_at) {
    await sessions.deleteSession(db, session.id);
    return null;
  }
  const fresh = new Date(Math.min(now.getTime() + SESSION_TTL_MS, session.absolute_expires_at.getTime()));
  // Renewed at most once an hour: only when the stored expiry is an hour or more behind.
  if (fresh.getTime() - session.expires_at.getTime() >= SESSION_RENEW_AFTER_MS) {
    await sessions.extendSession(db, session.id, fresh);
    return { ...found, session: { ...session, expires_at: fresh, last_seen_at: now }, renewed: true };
  }
  return { ...found, renewed: false };
}

export function setSessionCookie(reply: FastifyReply, config: AppConfig, token: string, expiresAt: Date): void {
  reply.setCookie(sessionCookieName(config), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    path: '/',
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, config: AppConfig): void {
  reply.setCookie(sessionCookieName(config), '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: isSecure(config),
    path: '/',
    maxAge: 0,
    expires: new Date(0),
  });
}
