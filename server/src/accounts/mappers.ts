// Account rows -> what procedures and the API show: the signed-in user, the current user (Me),
// second factors (phones masked) and session summaries. The one place account rows are mapped.
import type { Language } from '@tonieshelf/shared/languages';
import type { Me, MeFactor } from '@tonieshelf/shared/schemas/auth';
import type { AuthFactor, Role, Session, User } from '../db/types';

/** The signed-in user as procedures see it (never taken from client input). */
export interface SessionUser {
  id: string;
  email: string;
  username: string;
  firstName: string;
  lastName: string;
  emailVerified: boolean;
  /** 'user', 'moderator' or 'admin'; role checks live in the services. */
  role: Role;
  /** The language of the account's mails (users.locale; follows the browser app's language). */
  locale: Language;
}

export interface SessionInfo {
  id: string;
  aal: 1 | 2;
  /** The account has a verified second factor (so it needs aal 2). */
  mfaRequired: boolean;
  expiresAt: Date;
}

/** A session of the account, signed in fully (`complete`) or waiting for its second step. */
export interface SignIn {
  user: SessionUser;
  session: SessionInfo;
  complete: boolean;
}

export interface SessionSummary {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

/** The end of a suspension for good (a date, so both database drivers read it back alike). */
export const SUSPENDED_FOR_GOOD = new Date('9999-12-31T00:00:00.000Z');

/** A user's name as profiles and shared shelves show it: first and last name. */
export function displayNameOf(user: { first_name: string; last_name: string }): string {
  return `${user.first_name} ${user.last_name}`.trim();
}

/** Whether an account suspended until `until` (NULL: never suspended) is suspended now. */
export function isSuspended(until: Date | string | null | undefined, now: Date = new Date()): boolean {
  if (until === null || until === undefined) return false;
  return new Date(until).getTime() > now.getTime();
}

/** Moderators and admins: they review what others may not see (hidden items, decisions). */
export const isStaff = (user: Pick<SessionUser, 'role'>) => user.role === 'moderator' || user.role === 'admin';

export function toSessionUser(user: User): SessionUser {
  return {
    id: user.id,
    email: user.email,
    username: user.username,
    firstName: user.first_name,
    lastName: user.last_name,
    emailVerified: user.email_verified_at !== null,
    role: user.role,
    locale: user.locale,
  };
}

export function toMe(user: SessionUser, session: Pick<SessionInfo, 'aal' | 'mfaRequired'>): Me {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role,
    aal: session.aal === 2 ? 'aal2' : 'aal1',
    nextLevel: session.mfaRequired ? 'aal2' : 'aal1',
  };
}

export function maskPhone(phone: string): string {
  return phone.length <= 4 ? phone : `${phone.slice(0, 3)}${'•'.repeat(Math.max(0, phone.length - 5))}${phone.slice(-2)}`;
}

export function toMeFactor(f: AuthFactor): MeFactor {
  return {
    id: f.id,
    factor_type: f.factor_type,
    status: f.status,
    friendly_name: f.friendly_name,
    phone: f.phone ? maskPhone(f.phone) : null,
    created_at: f.created_at.toISOString(),
  };
}

export function toSessionSummary(s: Session, currentId: string): SessionSummary {
  return {
    id: s.id,
    createdAt: s.created_at.toISOString(),
    lastSeenAt: s.last_seen_at.toISOString(),
    expiresAt: s.expires_at.toISOString(),
    userAgent: s.user_agent,
    ip: s.ip,
    current: s.id === currentId,
  };
}
