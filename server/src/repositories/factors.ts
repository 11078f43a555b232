import type { Db } from '../db/types';

export function listFactors(db: Db, userId: string) {
  return db.selectFrom('auth_factors').selectAll().where('user_id', '=', userId).orderBy('created_at').execute();
}

export function findFactor(db: Db, userId: string, factorId: string) {
  return db.selectFrom('auth_factors').selectAll().where('user_id', '=', userId).where('id', '=', factorId).executeTakeFirst();
}

export async function countVerifiedFactors(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('auth_factors')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('status', '=', 'verified')
    .executeTakeFirstOrThrow();
  return row.n;
}

export function insertFactor(
  db: Db,
  row: { userId: string; type: 'totp' | 'phone'; friendlyName: string | null; totpSecret: Uint8Array | null; issuer: string | null; phone: string | null },
) {
  return db
    .insertInto('auth_factors')
    .values({
      user_id: row.userId,
      factor_type: row.type,
      friendly_name: row.friendlyName,
      totp_secret: row.totpSecret,
      issuer: row.issuer,
      phone: row.phone,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Drops enrolments that were never verified, older than an hour. */
export async function deleteStaleUnverifiedFactors(db: Db, userId: string): Promise<void> {
  await db
    .deleteFrom('auth_factors')
    .where('user_id', '=', userId)
    .where('status', '=', 'unverified')
    .where('created_at', '<', new Date(Date.now() - 60 * 60 * 1000))
    .execute();
}

/** Removes the account's phone factor whose setup was never finished (there is at most one). */
export async function deleteUnverifiedPhoneFactors(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('auth_factors').where('user_id', '=', userId).where('factor_type', '=', 'phone').where('status', '=', 'unverified').execute();
}

export async function markFactorVerified(db: Db, factorId: string): Promise<void> {
  await db.updateTable('auth_factors').set({ status: 'verified', updated_at: new Date() }).where('id', '=', factorId).execute();
}

/**
 * Records that the TOTP time step was used, only if it is newer than the last one used.
 * Returns false when the step (or a later one) was already used: a code is never accepted twice.
 */
export async function claimTotpStep(db: Db, factorId: string, step: bigint): Promise<boolean> {
  const result = await db
    .updateTable('auth_factors')
    .set({ last_used_step: step.toString() })
    .where('id', '=', factorId)
    .where((eb) => eb.or([eb('last_used_step', 'is', null), eb('last_used_step', '<', step.toString())]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteFactor(db: Db, factorId: string): Promise<void> {
  await db.deleteFrom('auth_factors').where('id', '=', factorId).execute();
}

export function insertChallenge(db: Db, row: { factorId: string; channel: 'totp' | 'sms' | 'whatsapp'; codeHash: string | null; expiresAt: Date }) {
  return db
    .insertInto('auth_challenges')
    .values({ factor_id: row.factorId, channel: row.channel, code_hash: row.codeHash, expires_at: row.expiresAt })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export function findChallenge(db: Db, factorId: string, challengeId: string) {
  return db.selectFrom('auth_challenges').selectAll().where('factor_id', '=', factorId).where('id', '=', challengeId).executeTakeFirst();
}

/** Counts one try; returns the tries so far, or null when the challenge is gone. */
export async function countChallengeAttempt(db: Db, challengeId: string): Promise<number | null> {
  const row = await db
    .updateTable('auth_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', challengeId)
    .returning('attempts')
    .executeTakeFirst();
  return row?.attempts ?? null;
}

/** Marks the challenge used; false when it already was (a code is accepted once). */
export async function markChallengeVerified(db: Db, challengeId: string): Promise<boolean> {
  const result = await db.updateTable('auth_challenges').set({ verified_at: new Date() }).where('id', '=', challengeId).where('verified_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteExpiredChallenges(db: Db, now = new Date()): Promise<void> {
  await db
    .deleteFrom('auth_challenges')
    .where('expires_at', '<', new Date(now.getTime() - 24 * 3600 * 1000))
    .execute();
}

export async function replaceRecoveryCodes(db: Db, userId: string, codeHashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  if (codeHashes.length) {
    await db
      .insertInto('recovery_codes')
      .values(codeHashes.map((code_hash) => ({ user_id: userId, code_hash })))
      .execute();
  }
}

/** Uses a recovery code once; true when an unused code with that hash existed. */
export async function useRecoveryCode(db: Db, userId: string, codeHash: string): Promise<boolean> {
  const result = await db
    .updateTable('recovery_codes')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function countUnusedRecoveryCodes(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return row.n;
}
