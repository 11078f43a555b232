// Sessions of an account: resolving a cookie token into who is signed in, starting a session at
// sign-in, listing and ending them. The cookie itself is the HTTP layer's (auth/session.ts).
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { createSession, validateSessionToken } from '../auth/session';
import type { Db } from '../db/types';
import { AppError } from '../errors';
import * as sessionsRepo from '../repositories/sessions';
import { isSuspended, toSessionSummary, toSessionUser, type SessionInfo, type SessionSummary, type SessionUser } from './mappers';

/** Where a sign-in comes from, kept with the session. */
export interface ClientInfo {
  ip: string;
  userAgent: string | null;
}

/** A new session: the cookie's token and when it expires. */
export interface StartedSession {
  token: string;
  expiresAt: Date;
}

export interface ResolvedSession {
  user: SessionUser | null;
  session: SessionInfo | null;
  pending: { user: SessionUser; session: SessionInfo } | null;
}

export const SIGNED_OUT: ResolvedSession = { user: null, session: null, pending: null };

/**
 * What a session token stands for: a fully signed-in user, a sign-in waiting for its second
 * step, or nothing. `renewed` says the expiry moved and the cookie must be sent again.
 */
export async function resolveSession(db: Db, token: string | undefined): Promise<ResolvedSession & { valid: boolean; renewed: boolean; expiresAt: Date | null }> {
  const found = token ? await validateSessionToken(db, token) : null;
  if (!found) return { ...SIGNED_OUT, valid: false, renewed: false, expiresAt: null };
  // A suspended account's sessions are deleted when it is suspended; one that slipped through
  // (signed in at that moment) counts for nothing.
  if (isSuspended(found.user.suspended_until)) return { ...SIGNED_OUT, valid: false, renewed: false, expiresAt: null };
  const user = toSessionUser(found.user);
  const session: SessionInfo = {
    id: found.session.id,
    aal: found.session.aal === 2 ? 2 : 1,
    mfaRequired: found.mfaRequired,
    expiresAt: found.session.expires_at,
  };
  const meta = { valid: true, renewed: found.renewed, expiresAt: found.session.expires_at };
  if (found.mfaRequired && session.aal < 2) return { user: null, session: null, pending: { user, session }, ...meta };
  return { user, session, pending: null, ...meta };
}

/** Starts a session (aal 1) for the user; the caller sends the token as the cookie. */
export async function startSession(db: Db, userId: string, client: ClientInfo): Promise<StartedSession> {
  const { token, session } = await createSession(db, userId, { aal: 1, ip: client.ip, userAgent: client.userAgent });
  return { token, expiresAt: session.expires_at };
}

export async function endSession(db: Db, sessionId: string): Promise<void> {
  await sessionsRepo.deleteSession(db, sessionId);
}

export async function listSessions(db: Db, userId: string, currentId: string): Promise<SessionSummary[]> {
  const rows = await sessionsRepo.listUserSessions(db, userId);
  return rows.map((s) => toSessionSummary(s, currentId));
}

/** Ends every other session of the user; how many ended. */
export function signOutOtherSessions(db: Db, userId: string, currentId: string): Promise<number> {
  return sessionsRepo.deleteOtherSessions(db, userId, currentId);
}

/** Ends one other session of the user (the current one ends with Sign Out). */
export async function revokeSession(db: Db, userId: string, currentId: string, sessionId: string): Promise<void> {
  if (sessionId === currentId) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.useSignOut);
  if (!(await sessionsRepo.deleteUserSession(db, userId, sessionId))) throw new AppError('NOT_FOUND', AUTH_MESSAGES.unknownSession);
}
