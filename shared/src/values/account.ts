// Accounts' plain values: link lifetimes, refusal reasons and messages.
// Without zod, so that a page can use them without loading the schemas: schemas/account.ts
// re-exports them (import from either).

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
  resetLinkSent: 'If an account exists for this address, we sent a link.',
  passwordReset: 'Your password was changed. Other sessions were signed out.',
  linkExpired: 'This link has expired. Please request a new one.',
  linkUsed: 'This link was already used. Please request a new one.',
  linkInvalid: 'This link is not valid. Check that you opened the whole link from the email, or request a new one.',
  emailVerified: 'Your email address is verified.',
  verificationSent: 'We sent a new verification link. It may take a minute to arrive.',
  alreadyVerified: 'Your email address is already verified.',
  emailUnverified: 'Please verify your email address before publishing audio. Open the link we emailed you, or send the link again.',
  emailChangeSent: 'We sent a link to your new address. Your email changes when you open it.',
  emailChanged: 'Your email address was changed.',
  sameEmail: 'This is already your email address.',
  wrongPassword: 'Your password is not correct.',
  codeRequired: 'Enter a current code from your second factor or one of your recovery codes.',
  accountDeleted: 'Your account was deleted. Goodbye, and thank you for sharing.',
  tooManyResetRequests: 'Too many reset links were requested. Please try again in {wait}.',
  tooManyVerificationMails: 'Too many verification links were requested. Please try again in {wait}.',
  mailNotSent: 'We could not send the email just now. Please try again in a few minutes.',
  keepReviewsRequired: 'Choose whether to keep your reviews',
} as const;
