// Accounts' plain values: link lifetimes, refusal reasons and messages.
// Without zod, so that a page can load them without the schemas.
import type { MessageCode } from '../i18n/messages';

/** How long a password-reset link works, in minutes. */
export const RESET_LINK_TTL_MINUTES = 60;
/** How long a verification link (a new account's or a changed address's) works, in hours. */
export const VERIFY_LINK_TTL_HOURS = 48;

/** Why a request was refused when the client can offer a way out (e.g. "send the link again"). */
export const REFUSAL_REASONS = {
  emailUnverified: 'EMAIL_UNVERIFIED',
  /** Too many uploads of the user at once: waiting for one to finish helps (unlike the hourly limit). */
  uploadsInFlight: 'UPLOADS_IN_FLIGHT',
} as const;

export const ACCOUNT_MESSAGES = {
  resetLinkSent: 'account.resetLinkSent',
  passwordReset: 'account.passwordReset',
  linkExpired: 'account.linkExpired',
  linkUsed: 'account.linkUsed',
  linkInvalid: 'account.linkInvalid',
  emailVerified: 'account.emailVerified',
  verificationSent: 'account.verificationSent',
  alreadyVerified: 'account.alreadyVerified',
  emailUnverified: 'account.emailUnverified',
  emailChangeSent: 'account.emailChangeSent',
  emailChanged: 'account.emailChanged',
  sameEmail: 'account.sameEmail',
  wrongPassword: 'account.wrongPassword',
  codeRequired: 'account.codeRequired',
  accountDeleted: 'account.accountDeleted',
  tooManyResetRequests: 'account.tooManyResetRequests',
  tooManyVerificationMails: 'account.tooManyVerificationMails',
  mailNotSent: 'account.mailNotSent',
  keepReviewsRequired: 'account.keepReviewsRequired',
} as const satisfies Record<string, MessageCode>;
