import type { Db, Session, User } from '../db/types';

export interface SessionWithUser {
  session: Session;
  user: User;
  /** The account has a verified second factor, so it needs aal2. */
  mfaRequired: boolean;
}

export async function insertSession(
  db: Db,
  row: { id: string; userId: string; aal: 1 | 2; expiresAt: Date; absoluteExpiresAt: Date; userAgent: string | null; ip: string | null },
): Promise<Session> {
  return db
    .insertInto('sessions')
    .values({
      id: row.id,
      user_id: row.userId,
      aal: row.aal,
      expires_at: row.expiresAt,
      absolute_expires_at: row.absoluteExpiresAt,
      user_agent: row.userAgent,
      ip: row.ip,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** The session with its user and whether the account has a verified factor (the query every signed-in request runs). */
function sessionWithUserQuery(db: Db, sessionId: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select([
      'sessions.id as s_id',
      'sessions.user_id as s_user_id',
      'sessions.aal as s_aal',
      'sessions.created_at as s_created_at',
      'sessions.expires_at as s_expires_at',
      'sessions.absolute_expires_at as s_absolute_expires_at',
      'sessions.last_seen_at as s_last_seen_at',
      'sessions.user_agent as s_user_agent',
      'sessions.ip as s_ip',
      'users.id',
      'users.email',
      'users.username',
      'users.first_name',
      'users.last_name',
      'users.password_hash',
      'users.created_at',
      'users.updated_at',
      'users.email_verified_at',
      'users.role',
      'users.suspended_until',
      'users.locale',
      'users.profile_shelves',
      'users.profile_reviews_hidden',
    ])
    .select((eb) =>
      eb
        .exists(eb.selectFrom('auth_factors').select('auth_factors.id').whereRef('auth_factors.user_id', '=', 'users.id').where('auth_factors.status', '=', 'verified'))
        .as('mfa_required'),
    )
    .where('sessions.id', '=', sessionId);
}

export async function findSessionWithUser(db: Db, sessionId: string): Promise<SessionWithUser | undefined> {
  const row = await sessionWithUserQuery(db, sessionId).executeTakeFirst();
  if (!row) return undefined;
  return {
    session: {
      id: row.s_id,
      user_id: row.s_user_id,
      aal: row.s_aal,
      created_at: row.s_created_at,
      expires_at: row.s_expires_at,
      absolute_expires_at: row.s_absolute_expires_at,
      last_seen_at: row.s_last_seen_at,
      user_agent: row.s_user_agent,
      ip: row.s_ip,
    },
    user: {
      id: row.id,
      email: row.email,
      username: row.username,
      first_name: row.first_name,
      last_name: row.last_name,
      password_hash: row.password_hash,
      email_verified_at: row.email_verified_at,
      role: row.role,
      suspended_until: row.suspended_until,
      locale: row.locale,
      profile_shelves: row.profile_shelves,
      profile_reviews_hidden: row.profile_reviews_hidden,
      created_at: row.created_at,
      updated_at: row.updated_at,
    },
    mfaRequired: Boolean(row.mfa_required),
  };
}

export async function extendSession(db: Db, sessionId: string, expiresAt: Date): Promise<void> {
  await db.updateTable('sessions').set({ expires_at: expiresAt, last_seen_at: new Date() }).where('id', '=', sessionId).execute();
}

export async function setSessionAal(db: Db, sessionId: string, aal: 1 | 2): Promise<void> {
  await db.updateTable('sessions').set({ aal }).where('id', '=', sessionId).execute();
}

export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).execute();
}

/** Deletes the user's sessions except `keepId`; returns how many were deleted. */
export async function deleteOtherSessions(db: Db, userId: string, keepId: string | null): Promise<number> {
  let q = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (keepId) q = q.where('id', '<>', keepId);
  const result = await q.executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteUserSession(db: Db, userId: string, sessionId: string): Promise<boolean> {
  const result = await db.deleteFrom('sessions').where('user_id', '=', userId).where('id', '=', sessionId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export function listUserSessions(db: Db, userId: string): Promise<Session[]> {
  return db.selectFrom('sessions').selectAll().where('user_id', '=', userId).where('expires_at', '>', new Date()).orderBy('last_seen_at', 'desc').execute();
}

export async function deleteExpiredSessions(db: Db, now = new Date()): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('absolute_expires_at', '<=', now)]))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
