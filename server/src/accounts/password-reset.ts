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
import * as throttle from '../repositories/throttle';
import * as usersRepo from '../repositories/users';
import { checkLink, issueLink, useLink } from './email-links';
import { sendMail } from './mail';
import { isSuspended, toMe, toSessionUser } from './mappers';
import { startSession, type ClientInfo, type StartedSession } from './sessions';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'log' | 'config'>;

const HOUR = 3600 * 1000;
const LINK_TTL_MS = RESET_LINK_TTL_MINUTES * 60 * 1000;

/**
 * Who may ask how often, and how many mails one mailbox gets. An asker's own limits answer 429
 * to that asker only: 20 requests an hour per client address, and 3 an hour and 10 a day per
 * client address and asked-for address (counted whether or not it has an account, so the limit
 * tells nothing). Nobody else's requests count against them, so nobody can make the owner's
 * request answer 429.
 *
 * The mailbox cap holds whoever asks: an account gets at most 3 reset mails an hour and 10 a day.
 * A request beyond it gets the same answer and no mail while the account has an unused,
 * unexpired reset link (the newest mail it got, which still works: no new link voided it);
 * without one, one more mail goes out, so the owner is never left without a working link. Links
 * live an hour, so under attack that adds at most one mail an hour.
 */
const RESET_LIMITS = { perClientHour: 20, perAskerHour: 3, perAskerDay: 10, mailsPerHour: 3, mailsPerDay: 10 } as const;

function askerRules(email: string, ip: string) {
  const client = addressPart(ip);
  const pair = `reset:pair:${email.toLowerCase().slice(0, 254)}|${client}`;
  return [
    { key: `reset:ip:${client}`, limit: RESET_LIMITS.perClientHour, windowMs: HOUR },
    { key: pair, limit: RESET_LIMITS.perAskerHour, windowMs: HOUR },
    { key: pair, limit: RESET_LIMITS.perAskerDay, windowMs: 24 * HOUR },
  ];
}

/** The mailbox cap (per account, so it spans address changes). */
const mailboxRules = (key: string) => [
  { key, limit: RESET_LIMITS.mailsPerHour, windowMs: HOUR },
  { key, limit: RESET_LIMITS.mailsPerDay, windowMs: 24 * HOUR },
];

/** A new link when the mailbox cap has room, or when the account has no usable link; null: the newest mail's link works. */
async function linkToSend(deps: Deps, user: { id: string; email: string }): Promise<string | null> {
  const key = `reset:mail:${user.id}`;
  const now = new Date();
  // One request per mailbox at a time (on any instance): the count, the link check and the new link together.
  return deps.db.transaction().execute(async (trx) => {
    await throttle.lockRateKey(trx, key);
    let full = false;
    for (const rule of mailboxRules(key)) full ||= (await throttle.recentRateEvents(trx, key, new Date(now.getTime() - rule.windowMs), rule.limit)).length >= rule.limit;
    if (full && (await linksRepo.hasUsableLink(trx, user.id, 'reset', now))) return null;
    await throttle.addRateEvents(trx, [key], now);
    return issueLink(trx, user.id, 'reset', user.email, LINK_TTL_MS);
  });
}

export async function requestPasswordReset(deps: Deps, client: ClientInfo, emailInput: string): Promise<void> {
  const email = emailInput.trim();
  await takeRateSlot(deps.db, { asker: askerRules(email, client.ip) }, (retryAfter) => message(ACCOUNT_MESSAGES.tooManyResetRequests, { seconds: retryAfter }));
  const user = await usersRepo.findUserByEmail(deps.db, email);
  if (!user) return;
  const token = await linkToSend(deps, user);
  if (!token) return;
  const link = siteLink(deps.config, '/auth/reset-password', { token });
  // A mail that did not go out leaves no usable link behind, so asking again sends one.
  if (!(await sendMail(deps, passwordResetMail({ to: user.email, username: user.username, firstName: user.first_name, link, language: user.locale }))))
    await linksRepo.voidUnusedLinks(deps.db, user.id, 'reset');
}

/** Whether a reset link can be used, without using it: resetPassword's refusal now, if any. */
export async function checkResetLink(db: Deps['db'], token: string): Promise<void> {
  const { userId, email } = await checkLink(db, token, 'reset');
  const row = await usersRepo.findUserById(db, userId);
  if (!row || row.email.toLowerCase() !== email.toLowerCase()) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.linkInvalid, { field: 'token' });
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
  await sendMail(deps, passwordChangedNoticeMail({ to: done.user.email, username: done.user.username, firstName: done.user.first_name, language: done.user.locale }));
  if (!done.signedIn) throw suspendedError(done.suspendedUntil);
  // A suspension whose time is over is lifted now (the job may not have run yet).
  if (done.user.suspended_until) await liftIfOver(deps.db, done.user.id);
  if (client.chosenLanguage) await rememberLanguage(deps.db, done.user, client.chosenLanguage);
  return done.signedIn;
}
