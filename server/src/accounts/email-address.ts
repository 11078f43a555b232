// The account's email address: verifying it (a link sent at registration, sent again on request),
// changing it (the password, then a link to the new address; the old address is told once the
// change takes effect) and where that stands.
import { ACCOUNT_MESSAGES, VERIFY_LINK_TTL_HOURS } from '@tonieshelf/shared/values/account';
import type { ChangeEmailInput, EmailStatus } from '@tonieshelf/shared/schemas/account';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import type { Language } from '@tonieshelf/shared/languages';
import { verifyPassword } from '../auth/password';
import { addressPart, takeRateSlot } from '../auth/rate-limit';
import { currentPasswordKeys, reserveAttempt } from '../auth/throttle';
import type { AppDeps } from '../deps';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { AppError } from '../errors';
import { emailChangedNoticeMail, siteLink, verifyAccountMail, verifyNewAddressMail } from '../mail/messages';
import * as linksRepo from '../repositories/email-links';
import * as usersRepo from '../repositories/users';
import { issueLink, useLink } from './email-links';
import { sendMail } from './mail';
import type { SessionUser } from './mappers';

type Deps = Pick<AppDeps, 'db' | 'mailer' | 'log' | 'config'>;

const HOUR = 3600 * 1000;
const VERIFY_TTL_MS = VERIFY_LINK_TTL_HOURS * HOUR;

/** Verification mails: one a minute, 5 an hour, 10 a day per account; 30 an hour per client address. */
function verificationRules(userId: string, ip: string) {
  const user = `verify-mail:user:${userId}`;
  return {
    coolDown: [{ key: user, limit: 1, windowMs: 60 * 1000 }],
    caps: [
      { key: user, limit: 5, windowMs: HOUR },
      { key: user, limit: 10, windowMs: 24 * HOUR },
      { key: `verify-mail:ip:${addressPart(ip)}`, limit: 30, windowMs: HOUR },
    ],
  };
}

const tooManyMails = (retryAfter: number) => message(ACCOUNT_MESSAGES.tooManyVerificationMails, { seconds: retryAfter });

const mailNotSent = () => new AppError('SERVICE_UNAVAILABLE', ACCOUNT_MESSAGES.mailNotSent, { retryAfter: 60 });

/** At registration: a link to confirm the new account's address (a failed send is logged only). */
export async function sendAccountVerification(deps: Deps, user: { id: string; email: string; username: string; firstName: string; locale: Language }): Promise<void> {
  const token = await issueLink(deps.db, user.id, 'verify', user.email, VERIFY_TTL_MS);
  const link = siteLink(deps.config, '/auth/verify-email', { token });
  await sendMail(deps, verifyAccountMail({ to: user.email, username: user.username, firstName: user.firstName, link, language: user.locale }));
}

/** "Send the link again": a new link to the current address (or to the address waiting to become it). */
export async function resendVerification(deps: Deps, user: SessionUser, ip: string): Promise<void> {
  const pending = await linksRepo.pendingAddress(deps.db, user.id, user.email);
  if (user.emailVerified && !pending) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.alreadyVerified);
  await takeRateSlot(deps.db, verificationRules(user.id, ip), tooManyMails);
  const to = pending ?? user.email;
  const token = await issueLink(deps.db, user.id, 'verify', to, VERIFY_TTL_MS);
  const link = siteLink(deps.config, '/auth/verify-email', { token });
  const mailInput = { to, username: user.username, firstName: user.firstName, link, language: user.locale };
  const mail = pending ? verifyNewAddressMail(mailInput) : verifyAccountMail(mailInput);
  if (!(await sendMail(deps, mail))) throw mailNotSent();
}

/**
 * Opens a verification link: the address it was sent to becomes the account's, verified. For a
 * change of address the old address is told afterwards. Works signed in or not.
 */
export async function verifyEmail(deps: Deps, token: string): Promise<{ email: string }> {
  const result = await deps.db.transaction().execute(async (trx) => {
    const { userId, email } = await useLink(trx, token, 'verify');
    const user = await usersRepo.findUserById(trx, userId);
    if (!user) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.linkInvalid, { field: 'token' });
    const changed = user.email.toLowerCase() !== email.toLowerCase();
    if (changed) {
      const owner = await usersRepo.findUserByEmail(trx, email);
      if (owner && owner.id !== userId) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken);
    }
    await usersRepo.markEmailVerified(trx, userId, email);
    return { user, email, changed };
  });
  if (result.changed) {
    const resetLink = siteLink(deps.config, '/auth/forgot-password', {});
    await sendMail(
      deps,
      emailChangedNoticeMail({
        to: result.user.email,
        username: result.user.username,
        firstName: result.user.first_name,
        newEmail: result.email,
        resetLink,
        language: result.user.locale,
      }),
    );
  }
  return { email: result.email };
}

export async function emailStatus(deps: Pick<Deps, 'db'>, userId: string): Promise<EmailStatus> {
  const user = await usersRepo.findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.signInRequired);
  return { email: user.email, verified: user.email_verified_at !== null, pendingEmail: await linksRepo.pendingAddress(deps.db, userId, user.email) };
}

/** A change of address: the password is checked (throttled); the new address gets a link and becomes the account's when it is opened. */
export async function changeEmail(deps: Deps, user: SessionUser, ip: string, input: ChangeEmailInput): Promise<EmailStatus> {
  const newEmail = input.newEmail.trim();
  if (newEmail.toLowerCase() === user.email.toLowerCase()) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.sameEmail, { field: 'newEmail' });
  const attempt = await reserveAttempt(deps.db, currentPasswordKeys(user.id));
  const row = await usersRepo.findUserById(deps.db, user.id);
  if (!row || !(await verifyPassword(row.password_hash, input.password))) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.wrongPassword, { field: 'password' });
  await attempt.succeeded();
  if (await usersRepo.findUserByEmail(deps.db, newEmail)) throw new AppError('CONFLICT', AUTH_MESSAGES.emailTaken, { field: 'newEmail' });
  await takeRateSlot(deps.db, verificationRules(user.id, ip), tooManyMails);
  const token = await issueLink(deps.db, user.id, 'verify', newEmail, VERIFY_TTL_MS);
  const link = siteLink(deps.config, '/auth/verify-email', { token });
  if (!(await sendMail(deps, verifyNewAddressMail({ to: newEmail, username: user.username, firstName: user.firstName, link, language: user.locale })))) throw mailNotSent();
  return emailStatus(deps, user.id);
}
