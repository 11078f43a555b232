// Account rules: registration, sign-in with throttling and a second step, second factors,
// recovery codes, sessions and password changes. Procedures call these; all SQL is in
// repositories. The user always comes from the session, never from the input.
import type { Kysely, Transaction } from 'kysely';
import {
  AUTH_MESSAGES,
  type ChangePasswordInput,
  type EnrollFactorInput,
  type LoginInput,
  type Me,
  type MeFactor,
  type RegisterInput,
} from '@tonieshelf/shared/schemas/auth';
import type { DB, User } from '../db/types';
import { AppError } from '../errors';
import * as factorsRepo from '../repositories/factors';
import * as sessionsRepo from '../repositories/sessions';
import * as usersRepo from '../repositories/users';
import type { Context, SessionInfo, SessionUser } from '../trpc/context';
import { hashPassword, verifyPassword } from './password';
import { createSession } from './session';
import { accountKey, assertNotThrottled, clearFailures, ipKey, recordFailure } from './throttle';
import { digest, generateNumericCode, generateRecoveryCode, normaliseRecoveryCode } from './tokens';
import { generateTotpSecret, matchTotpStep, TOTP_ISSUER, totpQrCode, totpUri } from './totp';

type Db = Kysely<DB> | Transaction<DB>;

export const RECOVERY_CODE_COUNT = 10;
export const PHONE_CODE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_TRIES = 5;

export function toSessionUser(user: User): SessionUser {
  return { id: user.id, email: user.email, username: user.username, firstName: user.first_name, lastName: user.last_name };
}

export function toMe(user: SessionUser, session: Pick<SessionInfo, 'aal' | 'mfaRequired'>): Me {
  return {
    id: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    aal: session.aal === 2 ? 'aal2' : 'aal1',
    nextLevel: session.mfaRequired ? 'aal2' : 'aal1',
  };
}

function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const e = err as { code?: string; constraint?: string; message?: string };
  return e?.code === '23505' && (!constraint || e.constraint === constraint || (e.message ?? '').includes(constraint));
}

// --- registration and sign-in ------------------------------------------------------------------

/** A username from the email's local part, made unique with a numeric suffix. */
async function deriveUsername(db: Db, email: string): Promise<string> {
  let base = email.split('@')[0]!.toLowerCase().replace(/[^a-z0-9._-]/g, '').slice(0, 24);
  if (base.length < 3) base = `${base}user`.slice(0, 24);
  const taken = new Set(await usersRepo.usernamesStartingWith(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}${n}`)) return `${base}${n}`;
}

export async function register(ctx: Context, input: RegisterInput): Promise<Me> {
  const passwordHash = await hashPassword(input.password);
  const email = input.email.trim();
  try {
    const { user, token, session } = await ctx.db.transaction().execute(async (trx) => {
      if (await usersRepo.findUserByEmail(trx, email)) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
      let username = input.username?.trim();
      if (username) {
        if (await usersRepo.isUsernameTaken(trx, username)) throw new AppError('CONFLICT', AUTH_MESSAGES.usernameTaken);
      } else {
        username = await deriveUsername(trx, email);
      }
      const user = await usersRepo.insertUser(trx, {
        email,
        username,
        first_name: input.firstName.trim(),
        last_name: input.lastName.trim(),
        password_hash: passwordHash,
      });
      const created = await createSession(trx, user.id, { aal: 1, ip: ctx.ip, userAgent: ctx.userAgent });
      return { user, ...created };
    });
    ctx.cookies.set(token, session.expires_at);
    return toMe(toSessionUser(user), { aal: 1, mfaRequired: false });
  } catch (err) {
    if (isUniqueViolation(err, 'users_email_lower_key')) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
    if (isUniqueViolation(err, 'users_username_lower_key')) throw new AppError('CONFLICT', AUTH_MESSAGES.usernameTaken);
    throw err;
  }
}

let dummyHash: Promise<string> | null = null;

export async function login(ctx: Context, input: LoginInput): Promise<Me> {
  const keys = [accountKey(input.email), ipKey(ctx.ip)];
  await assertNotThrottled(ctx.db, keys);
  const user = await usersRepo.findUserByEmail(ctx.db, input.email.trim());
  // Without an account, still spend the time of a hash check: the answer must not tell.
  dummyHash ??= hashPassword('not-a-real-password');
  const valid = user ? await verifyPassword(user.password_hash, input.password) : (await verifyPassword(await dummyHash, input.password), false);
  if (!user || !valid) {
    await recordFailure(ctx.db, keys);
    throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.invalidCredentials);
  }
  await clearFailures(ctx.db, [keys[0]!]);
  const mfaRequired = (await factorsRepo.countVerifiedFactors(ctx.db, user.id)) > 0;
  // A new session at every sign-in; the old cookie's session (if any) ends.
  if (ctx.session) await sessionsRepo.deleteSession(ctx.db, ctx.session.id);
  if (ctx.pending) await sessionsRepo.deleteSession(ctx.db, ctx.pending.session.id);
  const { token, session } = await createSession(ctx.db, user.id, { aal: 1, ip: ctx.ip, userAgent: ctx.userAgent });
  ctx.cookies.set(token, session.expires_at);
  return toMe(toSessionUser(user), { aal: 1, mfaRequired });
}

export async function logout(ctx: Context): Promise<void> {
  const id = ctx.session?.id ?? ctx.pending?.session.id;
  if (id) await sessionsRepo.deleteSession(ctx.db, id);
  ctx.cookies.clear();
}

export function me(ctx: Context): Me | null {
  if (ctx.user && ctx.session) return toMe(ctx.user, ctx.session);
  if (ctx.pending) return toMe(ctx.pending.user, ctx.pending.session);
  return null;
}

// --- second factors -----------------------------------------------------------------------------

function toMeFactor(f: Awaited<ReturnType<typeof factorsRepo.listFactors>>[number]): MeFactor {
  return {
    id: f.id,
    factor_type: f.factor_type,
    status: f.status,
    friendly_name: f.friendly_name,
    phone: f.phone ? maskPhone(f.phone) : null,
    created_at: f.created_at.toISOString(),
  };
}

function maskPhone(phone: string): string {
  return phone.length <= 4 ? phone : `${phone.slice(0, 3)}${'•'.repeat(Math.max(0, phone.length - 5))}${phone.slice(-2)}`;
}

/** Factors of the account. While the second step is pending, only verified ones (to choose from). */
export async function listFactors(ctx: Context, current: { user: SessionUser; session: SessionInfo }): Promise<MeFactor[]> {
  const all = await factorsRepo.listFactors(ctx.db, current.user.id);
  const fullySignedIn = ctx.user !== null;
  return all.filter((f) => fullySignedIn || f.status === 'verified').map(toMeFactor);
}

export interface EnrolledFactor {
  id: string;
  type: 'totp' | 'phone';
  friendly_name: string | null;
  totp: { qr_code: string; secret: string; uri: string } | null;
  phone: string | null;
}

export async function enrollFactor(ctx: Context, user: SessionUser, input: EnrollFactorInput): Promise<EnrolledFactor> {
  await factorsRepo.deleteStaleUnverifiedFactors(ctx.db, user.id);
  const existing = await factorsRepo.listFactors(ctx.db, user.id);
  if (existing.length >= 10) throw new AppError('BAD_REQUEST', 'You have reached the limit of 10 second factors. Remove one first.');
  if (input.factor_type === 'totp') {
    const key = generateTotpSecret();
    const issuer = input.issuer || TOTP_ISSUER;
    const factor = await factorsRepo.insertFactor(ctx.db, {
      userId: user.id,
      type: 'totp',
      friendlyName: input.friendly_name || 'Authenticator app',
      totpSecret: key,
      issuer,
      phone: null,
    });
    const uri = totpUri(issuer, user.email, key);
    const secret = new URL(uri).searchParams.get('secret') ?? '';
    return { id: factor.id, type: 'totp', friendly_name: factor.friendly_name, totp: { qr_code: await totpQrCode(uri), secret, uri }, phone: null };
  }
  const factor = await factorsRepo.insertFactor(ctx.db, {
    userId: user.id,
    type: 'phone',
    friendlyName: input.friendly_name || 'Phone',
    totpSecret: null,
    issuer: null,
    phone: input.phone,
  });
  return { id: factor.id, type: 'phone', friendly_name: factor.friendly_name, totp: null, phone: maskPhone(input.phone) };
}

async function requireFactor(ctx: Context, userId: string, factorId: string) {
  const factor = await factorsRepo.findFactor(ctx.db, userId, factorId);
  if (!factor) throw new AppError('NOT_FOUND', 'Unknown factor.');
  return factor;
}

/** Starts a challenge: for phone factors, sends a 6-digit code valid for 5 minutes. */
export async function challenge(
  ctx: Context,
  current: { user: SessionUser },
  factorId: string,
  channel: 'sms' | 'whatsapp' = 'sms',
): Promise<{ id: string; type: 'totp' | 'phone'; expires_at: number }> {
  const factor = await requireFactor(ctx, current.user.id, factorId);
  // While the second step is pending, only verified factors can be used.
  if (!ctx.user && factor.status !== 'verified') throw new AppError('NOT_FOUND', 'Unknown factor.');
  const expiresAt = new Date(Date.now() + PHONE_CODE_TTL_MS);
  if (factor.factor_type === 'totp') {
    const row = await factorsRepo.insertChallenge(ctx.db, { factorId, channel: 'totp', codeHash: null, expiresAt });
    return { id: row.id, type: 'totp', expires_at: Math.floor(expiresAt.getTime() / 1000) };
  }
  const code = generateNumericCode();
  const row = await factorsRepo.insertChallenge(ctx.db, { factorId, channel, codeHash: digest(code), expiresAt });
  await ctx.sms.send(factor.phone!, `Your TonieShelf code is ${code}. It expires in 5 minutes.`);
  return { id: row.id, type: 'phone', expires_at: Math.floor(expiresAt.getTime() / 1000) };
}

const mfaKey = (userId: string) => `mfa:${userId}`;

/** Checks a code against a challenge of the factor; throws with a readable message when wrong. */
async function checkChallengeCode(ctx: Context, userId: string, factorId: string, challengeId: string, code: string) {
  const factor = await requireFactor(ctx, userId, factorId);
  await assertNotThrottled(ctx.db, [mfaKey(userId)]);
  const found = await factorsRepo.findChallenge(ctx.db, factorId, challengeId);
  if (!found) throw new AppError('NOT_FOUND', 'Unknown challenge. Please request a new code.');
  if (found.verified_at) throw new AppError('UNAUTHORIZED', 'That code was already used. Please request a new one.');
  if (found.expires_at <= new Date()) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.codeExpired);
  const tries = await factorsRepo.countChallengeAttempt(ctx.db, found.id);
  if (tries === null || tries > CHALLENGE_MAX_TRIES) throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyTries);
  let ok = false;
  if (factor.factor_type === 'totp') {
    const step = matchTotpStep(factor.totp_secret!, code);
    if (step !== null) {
      // A code (time step) is accepted once, ever: a used or older step is refused.
      if (!(await factorsRepo.claimTotpStep(ctx.db, factor.id, step))) {
        await recordFailure(ctx.db, [mfaKey(userId)]);
        throw new AppError('UNAUTHORIZED', 'That code was already used. Wait for the next code and try again.');
      }
      ok = true;
    }
  } else {
    ok = found.code_hash !== null && found.code_hash === digest(code);
  }
  if (!ok) {
    await recordFailure(ctx.db, [mfaKey(userId)]);
    throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.wrongCode);
  }
  if (!(await factorsRepo.markChallengeVerified(ctx.db, found.id))) {
    throw new AppError('UNAUTHORIZED', 'That code was already used. Please request a new one.');
  }
  await clearFailures(ctx.db, [mfaKey(userId)]);
  return factor;
}

/**
 * Verifies a code. For an unverified factor (enrolment) the factor becomes verified, and the
 * first verified factor of an account brings ten recovery codes, shown once. Either way the
 * session reaches aal2.
 */
export async function verify(
  ctx: Context,
  current: { user: SessionUser; session: SessionInfo },
  input: { factorId: string; challenge_id: string; code: string },
): Promise<{ me: Me; recoveryCodes: string[] | null }> {
  const factor = await requireFactor(ctx, current.user.id, input.factorId);
  if (!ctx.user && factor.status !== 'verified') throw new AppError('NOT_FOUND', 'Unknown factor.');
  await checkChallengeCode(ctx, current.user.id, input.factorId, input.challenge_id, input.code);
  let recoveryCodes: string[] | null = null;
  await ctx.db.transaction().execute(async (trx) => {
    if (factor.status !== 'verified') {
      const hadFactor = (await factorsRepo.countVerifiedFactors(trx, current.user.id)) > 0;
      await factorsRepo.markFactorVerified(trx, factor.id);
      if (!hadFactor) {
        recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
        await factorsRepo.replaceRecoveryCodes(trx, current.user.id, recoveryCodes.map(digest));
      }
    }
    await sessionsRepo.setSessionAal(trx, current.session.id, 2);
  });
  return { me: toMe(current.user, { aal: 2, mfaRequired: true }), recoveryCodes };
}

/** Finishes a pending sign-in with a one-time recovery code instead of a factor's code. */
export async function verifyRecoveryCode(
  ctx: Context,
  current: { user: SessionUser; session: SessionInfo },
  code: string,
): Promise<{ me: Me; remaining: number }> {
  await assertNotThrottled(ctx.db, [mfaKey(current.user.id)]);
  const used = await factorsRepo.useRecoveryCode(ctx.db, current.user.id, digest(normaliseRecoveryCode(code)));
  if (!used) {
    await recordFailure(ctx.db, [mfaKey(current.user.id)]);
    throw new AppError('UNAUTHORIZED', 'That recovery code is not valid or was already used.');
  }
  await clearFailures(ctx.db, [mfaKey(current.user.id)]);
  await sessionsRepo.setSessionAal(ctx.db, current.session.id, 2);
  const remaining = await factorsRepo.countUnusedRecoveryCodes(ctx.db, current.user.id);
  return { me: toMe(current.user, { aal: 2, mfaRequired: current.session.mfaRequired }), remaining };
}

/** New recovery codes (the old ones stop working), shown once. Needs a verified factor. */
export async function regenerateRecoveryCodes(ctx: Context, user: SessionUser): Promise<string[]> {
  if ((await factorsRepo.countVerifiedFactors(ctx.db, user.id)) === 0) {
    throw new AppError('BAD_REQUEST', 'Add a second factor first: recovery codes stand in for it.');
  }
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await factorsRepo.replaceRecoveryCodes(ctx.db, user.id, codes.map(digest));
  return codes;
}

/**
 * Removes a factor. Needs a current code of that factor (TOTP code, or a phone code with its
 * challenge) or a recovery code. Removing the last verified factor drops the recovery codes.
 */
export async function removeFactor(
  ctx: Context,
  user: SessionUser,
  input: { factorId: string; code?: string | undefined; challenge_id?: string | undefined },
): Promise<void> {
  const factor = await requireFactor(ctx, user.id, input.factorId);
  const code = (input.code ?? '').replace(/\s+/g, '');
  if (factor.status === 'verified') {
    if (!code) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.codeOrRecoveryCode);
    if (/^\d{6}$/.test(code)) {
      let challengeId = input.challenge_id;
      if (factor.factor_type === 'totp' && !challengeId) challengeId = (await challenge(ctx, { user }, factor.id)).id;
      if (!challengeId) throw new AppError('BAD_REQUEST', 'Request a code to your phone first.');
      await checkChallengeCode(ctx, user.id, factor.id, challengeId, code);
    } else {
      await assertNotThrottled(ctx.db, [mfaKey(user.id)]);
      if (!(await factorsRepo.useRecoveryCode(ctx.db, user.id, digest(normaliseRecoveryCode(code))))) {
        await recordFailure(ctx.db, [mfaKey(user.id)]);
        throw new AppError('UNAUTHORIZED', 'That code is not correct. Enter a current code or one of your recovery codes.');
      }
    }
  }
  await ctx.db.transaction().execute(async (trx) => {
    await factorsRepo.deleteFactor(trx, factor.id);
    if ((await factorsRepo.countVerifiedFactors(trx, user.id)) === 0) await factorsRepo.replaceRecoveryCodes(trx, user.id, []);
  });
}

// --- sessions and password ---------------------------------------------------------------------

export interface SessionSummary {
  id: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  userAgent: string | null;
  ip: string | null;
  current: boolean;
}

export async function listSessions(ctx: Context, user: SessionUser, currentId: string): Promise<SessionSummary[]> {
  const rows = await sessionsRepo.listUserSessions(ctx.db, user.id);
  return rows.map((s) => ({
    id: s.id,
    createdAt: s.created_at.toISOString(),
    lastSeenAt: s.last_seen_at.toISOString(),
    expiresAt: s.expires_at.toISOString(),
    userAgent: s.user_agent,
    ip: s.ip,
    current: s.id === currentId,
  }));
}

export async function changePassword(ctx: Context, user: SessionUser, sessionId: string, input: ChangePasswordInput): Promise<number> {
  const keys = [accountKey(user.email)];
  await assertNotThrottled(ctx.db, keys);
  const row = await usersRepo.findUserById(ctx.db, user.id);
  if (!row || !(await verifyPassword(row.password_hash, input.currentPassword))) {
    await recordFailure(ctx.db, keys);
    throw new AppError('BAD_REQUEST', AUTH_MESSAGES.wrongCurrentPassword);
  }
  const hash = await hashPassword(input.newPassword);
  return ctx.db.transaction().execute(async (trx) => {
    await usersRepo.updatePasswordHash(trx, user.id, hash);
    return sessionsRepo.deleteOtherSessions(trx, user.id, sessionId);
  });
}
