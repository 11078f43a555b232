// Second factors of an account: enrolment (authenticator app or phone), challenges and codes,
// recovery codes, and removal. While a sign-in waits for its second step (a SignIn that is not
// `complete`), only verified factors can be listed, challenged and verified.
import { AUTH_MESSAGES, PHONE_CODE_TTL_MINUTES } from '@tonieshelf/shared/values/auth';
import type { EnrollFactorInput, Me, MeFactor } from '@tonieshelf/shared/schemas/auth';
import type { SmsTransport } from '../auth/sms';
import { phoneCodeRules, takeRateSlot } from '../auth/rate-limit';
import { reserveAttempt, secondStepKeys } from '../auth/throttle';
import { digest, generateNumericCode, generateRecoveryCode, normaliseRecoveryCode } from '../auth/tokens';
import { generateTotpSecret, matchTotpStep, TOTP_ISSUER, totpQrCode, totpUri } from '../auth/totp';
import type { Db } from '../db/types';
import { isUniqueViolation } from '../db/unique-violation';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { formatMessage, type MessageCode } from '@tonieshelf/shared/i18n/messages';
import { AppError } from '../errors';
import * as factorsRepo from '../repositories/factors';
import * as sessionsRepo from '../repositories/sessions';
import { maskPhone, toMe, toMeFactor, type SessionUser, type SignIn } from './mappers';

const RECOVERY_CODE_COUNT = 10;
const PHONE_CODE_TTL_MS = PHONE_CODE_TTL_MINUTES * 60 * 1000;
const CHALLENGE_MAX_TRIES = 5;
const MAX_FACTORS = 10;

interface FactorDeps {
  db: Db;
  sms: SmsTransport;
  /** The client's address: phone codes are capped per address too. */
  ip: string;
}

/** Factors of the account. While the second step is pending, only verified ones (to choose from). */
export async function listFactors(db: Db, current: SignIn): Promise<MeFactor[]> {
  const all = await factorsRepo.listFactors(db, current.user.id);
  return all.filter((f) => current.complete || f.status === 'verified').map(toMeFactor);
}

export interface EnrolledFactor {
  id: string;
  type: 'totp' | 'phone';
  friendly_name: string | null;
  totp: { qr_code: string; secret: string; uri: string } | null;
  phone: string | null;
}

export async function enrollFactor(db: Db, user: SessionUser, input: EnrollFactorInput): Promise<EnrolledFactor> {
  await factorsRepo.deleteStaleUnverifiedFactors(db, user.id);
  const existing = await factorsRepo.listFactors(db, user.id);
  if (existing.length >= MAX_FACTORS) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.tooManyFactors);
  if (input.factor_type === 'totp') {
    const key = generateTotpSecret();
    const issuer = input.issuer || TOTP_ISSUER;
    const factor = await factorsRepo.insertFactor(db, {
      userId: user.id,
      type: 'totp',
      // The name the user gave it; none: the app shows its kind in the reader's language, numbered.
      friendlyName: input.friendly_name || null,
      totpSecret: key,
      issuer,
      phone: null,
    });
    const uri = totpUri(issuer, user.email, key);
    const secret = new URL(uri).searchParams.get('secret') ?? '';
    return { id: factor.id, type: 'totp', friendly_name: factor.friendly_name, totp: { qr_code: await totpQrCode(uri), secret, uri }, phone: null };
  }
  // At most one unfinished phone per account: a new number replaces the one never confirmed.
  let factor;
  try {
    factor = await db.transaction().execute(async (trx) => {
      await factorsRepo.deleteUnverifiedPhoneFactors(trx, user.id);
      return factorsRepo.insertFactor(trx, {
        userId: user.id,
        type: 'phone',
        friendlyName: input.friendly_name || null,
        totpSecret: null,
        issuer: null,
        phone: input.phone,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('CONFLICT', AUTH_MESSAGES.phoneSetupInProgress);
    throw err;
  }
  return { id: factor.id, type: 'phone', friendly_name: factor.friendly_name, totp: null, phone: maskPhone(input.phone) };
}

/** The factor of the user; while the second step is pending, only a verified one. */
async function requireFactor(db: Db, current: Pick<SignIn, 'user' | 'complete'>, factorId: string) {
  const factor = await factorsRepo.findFactor(db, current.user.id, factorId);
  if (!factor || (!current.complete && factor.status !== 'verified')) throw new AppError('NOT_FOUND', AUTH_MESSAGES.unknownFactor);
  return factor;
}

/** Starts a challenge: for phone factors, sends a 6-digit code valid for PHONE_CODE_TTL_MINUTES. */
export async function challenge(
  deps: FactorDeps,
  current: Pick<SignIn, 'user' | 'complete'>,
  factorId: string,
  channel: 'sms' | 'whatsapp' = 'sms',
): Promise<{ id: string; type: 'totp' | 'phone'; expires_at: number }> {
  const factor = await requireFactor(deps.db, current, factorId);
  const expiresAt = new Date(Date.now() + PHONE_CODE_TTL_MS);
  if (factor.factor_type === 'totp') {
    const row = await factorsRepo.insertChallenge(deps.db, { factorId, channel: 'totp', codeHash: null, expiresAt });
    return { id: row.id, type: 'totp', expires_at: Math.floor(expiresAt.getTime() / 1000) };
  }
  // Texts cost money and reach someone's phone: a cool-down and caps per account and address.
  const rules = phoneCodeRules(current.user.id, deps.ip);
  await takeRateSlot(deps.db, rules, (retryAfter, rule) =>
    message(rule === 'coolDown' ? AUTH_MESSAGES.phoneCodeCooldown : AUTH_MESSAGES.tooManyPhoneCodes, { seconds: retryAfter }),
  );
  const code = generateNumericCode();
  const row = await factorsRepo.insertChallenge(deps.db, { factorId, channel, codeHash: digest(code), expiresAt });
  await deps.sms.send(factor.phone!, `Your TonieShelf code is ${code}. ${formatMessage(AUTH_MESSAGES.codeExpiresIn, 'en')}`);
  return { id: row.id, type: 'phone', expires_at: Math.floor(expiresAt.getTime() / 1000) };
}

/** Checks a code against a challenge of the factor; throws with a readable message when wrong. */
async function checkChallengeCode(db: Db, current: Pick<SignIn, 'user' | 'complete'>, factorId: string, challengeId: string, code: string) {
  const userId = current.user.id;
  const factor = await requireFactor(db, current, factorId);
  const found = await factorsRepo.findChallenge(db, factorId, challengeId);
  if (!found) throw new AppError('NOT_FOUND', AUTH_MESSAGES.unknownChallenge);
  if (found.verified_at) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.codeAlreadyUsed);
  if (found.expires_at <= new Date()) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.codeExpired);
  // Counted before the code is checked; a right code takes it back.
  const attempt = await reserveAttempt(db, secondStepKeys(userId));
  const tries = await factorsRepo.countChallengeAttempt(db, found.id);
  if (tries === null || tries > CHALLENGE_MAX_TRIES) throw new AppError('TOO_MANY_REQUESTS', AUTH_MESSAGES.tooManyTries);
  let ok = false;
  if (factor.factor_type === 'totp') {
    const step = matchTotpStep(factor.totp_secret!, code);
    if (step !== null) {
      // A code (time step) is accepted once, ever: a used or older step is refused.
      if (!(await factorsRepo.claimTotpStep(db, factor.id, step))) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.totpStepUsed);
      ok = true;
    }
  } else {
    ok = found.code_hash !== null && found.code_hash === digest(code);
  }
  if (!ok) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.wrongCode);
  if (!(await factorsRepo.markChallengeVerified(db, found.id))) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.codeAlreadyUsed);
  await attempt.succeeded();
  return factor;
}

/** Uses one of the user's recovery codes (throttled); false when it is not valid or was used. */
async function useRecoveryCode(db: Db, userId: string, code: string): Promise<boolean> {
  const attempt = await reserveAttempt(db, secondStepKeys(userId));
  if (!(await factorsRepo.useRecoveryCode(db, userId, digest(normaliseRecoveryCode(code))))) return false;
  await attempt.succeeded();
  return true;
}

/**
 * Verifies a code. For an unverified factor (enrolment) the factor becomes verified, and the
 * first verified factor of an account brings ten recovery codes, shown once. Either way the
 * session reaches aal2.
 */
export async function verify(db: Db, current: SignIn, input: { factorId: string; challenge_id: string; code: string }): Promise<{ me: Me; recoveryCodes: string[] | null }> {
  const factor = await checkChallengeCode(db, current, input.factorId, input.challenge_id, input.code);
  let recoveryCodes: string[] | null = null;
  await db.transaction().execute(async (trx) => {
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
export async function verifyRecoveryCode(db: Db, current: SignIn, code: string): Promise<{ me: Me; remaining: number }> {
  if (!(await useRecoveryCode(db, current.user.id, code))) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.recoveryCodeInvalid);
  await sessionsRepo.setSessionAal(db, current.session.id, 2);
  const remaining = await factorsRepo.countUnusedRecoveryCodes(db, current.user.id);
  return { me: toMe(current.user, { aal: 2, mfaRequired: current.session.mfaRequired }), remaining };
}

/** How many unused recovery codes the account has left. */
export function recoveryCodeCount(db: Db, userId: string): Promise<number> {
  return factorsRepo.countUnusedRecoveryCodes(db, userId);
}

/** New recovery codes (the old ones stop working), shown once. Needs a verified factor. */
export async function regenerateRecoveryCodes(db: Db, user: SessionUser): Promise<string[]> {
  if ((await factorsRepo.countVerifiedFactors(db, user.id)) === 0) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.addFactorFirst);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await factorsRepo.replaceRecoveryCodes(db, user.id, codes.map(digest));
  return codes;
}

/**
 * Proves the signed-in user holds a second factor before a grave change (removing a factor,
 * deleting the account): a current code of `factorId` (a phone code with the `challenge_id` it
 * was sent for) or one of the recovery codes (which it uses up).
 */
export async function confirmWithSecondFactor(
  deps: FactorDeps,
  user: SessionUser,
  input: { factorId?: string | undefined; code?: string | undefined; challenge_id?: string | undefined },
  missing: MessageCode = AUTH_MESSAGES.codeOrRecoveryCode,
): Promise<void> {
  const current = { user, complete: true };
  const code = (input.code ?? '').replace(/\s+/g, '');
  if (!code) throw new AppError('BAD_REQUEST', missing, { field: 'code' });
  if (/^\d{6}$/.test(code)) {
    if (!input.factorId) throw new AppError('BAD_REQUEST', missing, { field: 'code' });
    const factor = await requireFactor(deps.db, current, input.factorId);
    if (factor.status !== 'verified') throw new AppError('NOT_FOUND', AUTH_MESSAGES.unknownFactor);
    let challengeId = input.challenge_id;
    if (factor.factor_type === 'totp' && !challengeId) challengeId = (await challenge(deps, current, factor.id)).id;
    if (!challengeId) throw new AppError('BAD_REQUEST', AUTH_MESSAGES.requestPhoneCode);
    await checkChallengeCode(deps.db, current, factor.id, challengeId, code);
  } else if (!(await useRecoveryCode(deps.db, user.id, code))) {
    throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.removalCodeInvalid, { field: 'code' });
  }
}

/**
 * Removes a factor. Needs a current code of that factor (TOTP code, or a phone code with its
 * challenge) or a recovery code. Removing the last verified factor drops the recovery codes.
 */
export async function removeFactor(deps: FactorDeps, user: SessionUser, input: { factorId: string; code?: string | undefined; challenge_id?: string | undefined }): Promise<void> {
  const factor = await requireFactor(deps.db, { user, complete: true }, input.factorId);
  if (factor.status === 'verified') await confirmWithSecondFactor(deps, user, input);
  await deps.db.transaction().execute(async (trx) => {
    await factorsRepo.deleteFactor(trx, factor.id);
    if ((await factorsRepo.countVerifiedFactors(trx, user.id)) === 0) await factorsRepo.replaceRecoveryCodes(trx, user.id, []);
  });
}
