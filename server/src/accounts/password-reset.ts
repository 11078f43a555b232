// "Forgot password?": a link to the account's address (the same answer whether or not an account
// exists), valid for an hour and once; a new password ends every other session and signs the
// user in (a second factor, if enrolled, is still asked for).
import { ACCOUNT_MESSAGES, RESET_LINK_TTL_MINUTES } from '@tonieshelf/shared/values/account';
import type { ResetPasswordInput } from '@tonieshelf/shared/schemas/account';
import type { Me } from '@tonieshelf/shared/schemas/auth';
import { hashPassword } from '../auth/password';
import { addressPart, takeRateSlot } from '../auth/rate-limit';
import type { AppDeps } from '../deps';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { AppError } from '../errors';
import { rememberLanguage, type SigningInClient } from './account';
import { liftIfOver, suspendedError } from './suspensions';
import { passwordChangedNoticeMail, passwordResetMail, siteLink } from '../mail/messages';
import * as factorsRepo from '../repositories/factors';
import * as linksRepo from '../repositories/email-links';
import * as sessionsRepo from '../repositories/sessions';
import * as usersRepo from '../repositories/users';
import { issueLink, useLink } from './email-links';
import { sendMail } from './mail';
import { isSuspended, toMe, toSessionUser } from './mappers';
import { startSession, type ClientInfo, type StartedSession } from './sessions';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'log' | 'config'>;

const HOUR = 3600 * 1000;

/**
 * Reset links: 3 an hour and 10 a day per address asked for (counted whether or not it has an
 * account, so the limit tells nothing) and per account; 20 an hour per client address.
 */
const RESET_LIMITS = { perAddressHour: 3, perAddressDay: 10, perClientHour: 20 } as const;

function resetRules(email: string, ip: string, userId: string | undefined) {
  const address = `reset:email:${email.toLowerCase().slice(0, 254)}`;
  const rules = [
    { key: address, limit: RESET_LIMITS.perAddressHour, windowMs: HOUR },
    { key: address, limit: RESET_LIMITS.perAddressDay, windowMs: 24 * HOUR },
    { key: `reset:ip:${addressPart(ip)}`, limit: RESET_LIMITS.perClientHour, windowMs: HOUR },
  ];
  // The account's own count (the same limits) spans its address changes.
  if (userId)
    rules.push(
      { key: `reset:user:${userId}`, limit: RESET_LIMITS.perAddressHour, windowMs: HOUR },
      { key: `reset:user:${userId}`, limit: RESET_LIMITS.perAddressDay, windowMs: 24 * HOUR },
    );
  return { all: rules };
}

export async function requestPasswordReset(deps: Deps, client: ClientInfo, emailInput: string): Promise<void> {
  const email = emailInput.trim();
  const user = await usersRepo.findUserByEmail(deps.db, email);
  await takeRateSlot(deps.db, resetRules(email, client.ip, user?.id), (retryAfter) => message(ACCOUNT_MESSAGES.tooManyResetRequests, { seconds: retryAfter }));
  if (!user) return;
  const token = await issueLink(deps.db, user.id, 'reset', user.email, RESET_LINK_TTL_MINUTES * 60 * 1000);
  const link = siteLink(deps.config, '/auth/reset-password', { token });
  await sendMail(deps, passwordResetMail({ to: user.email, username: user.username, link, language: user.locale }));
}

/** Sets the new password from a reset link: every session of the account ends, a new one starts. */
export async function resetPassword(deps: Deps, client: SigningInClient, input: ResetPasswordInput): Promise<{ me: Me; started: StartedSession }> {
  // Hash first (slow), then use the link and change everything in one transaction.
  const hash = await hashPassword(input.newPassword);
  const done = await deps.db.transaction().execute(async (trx) => {
    const { userId, email } = await useLink(trx, input.token, 'reset');
    const row = await usersRepo.findUserById(trx, userId);
    // A link sent to an address the account no longer has does not work.
    if (!row || row.email.toLowerCase() !== email.toLowerCase()) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.linkInvalid, { field: 'token' });
    await usersRepo.updatePasswordHash(trx, userId, hash);
    // The link reached this address: it is verified now, if it was not.
    if (!row.email_verified_at) await usersRepo.markEmailVerified(trx, userId, row.email);
    await linksRepo.voidUnusedLinks(trx, userId, 'reset');
    await sessionsRepo.deleteOtherSessions(trx, userId, null);
    // A suspended account gets its new password but no session: the reset is no way in.
    if (row.suspended_until && isSuspended(row.suspended_until)) return { user: row, suspendedUntil: row.suspended_until, signedIn: null };
    const mfaRequired = (await factorsRepo.countVerifiedFactors(trx, userId)) > 0;
    const started = await startSession(trx, userId, client);
    const updated = { ...row, email_verified_at: row.email_verified_at ?? new Date() };
    return { user: row, suspendedUntil: null, signedIn: { me: toMe(toSessionUser(updated), { aal: 1, mfaRequired }), started } };
  });
  await sendMail(deps, passwordChangedNoticeMail({ to: done.user.email, username: done.user.username, language: done.user.locale }));
  if (!done.signedIn) throw suspendedError(done.suspendedUntil);
  // A suspension whose time is over is lifted now (the job may not have run yet).
  if (done.user.suspended_until) await liftIfOver(deps.db, done.user.id);
  if (client.chosenLanguage) await rememberLanguage(deps.db, done.user, client.chosenLanguage);
  return done.signedIn;
}
