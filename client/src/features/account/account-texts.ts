// The texts of the account pages: password reset, verified addresses, changing the address,
// "Download my data" and "Delete my account". The server's answers (ACCOUNT_MESSAGES) come from
// shared/src/schemas/account.ts; the client's own words are here, in one place, so that a
// translation has one file to start from.
import { RESET_LINK_TTL_MINUTES } from '@tonieshelf/shared/schemas/account';

const resetLinkLifetime = RESET_LINK_TTL_MINUTES === 60 ? '1 hour' : `${RESET_LINK_TTL_MINUTES} minutes`;

export const ACCOUNT_TEXTS = {
  // Menu and page
  account: 'Account',
  accountSubtitle: (username: string, email: string) => `Signed in as ${username} (${email})`,
  securityLinkText: 'Second factors, recovery codes, active sessions and your password are on',
  securityLink: 'Account security',

  // Forgot password
  forgotPasswordLink: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro: `Enter the email address of your account and we will send you a link to set a new password. The link works once, for ${resetLinkLifetime}.`,
  email: 'Email',
  sendResetLink: 'Send reset link',
  checkInbox: 'Check your inbox',
  resetSentDetail: (email: string) =>
    `Address: ${email}. Nothing after a few minutes? Check the address, look in your spam folder, or send it again.`,
  sendAgain: 'Send it again',
  useAnotherAddress: 'Use another address',
  backToSignIn: 'Back to sign in',

  // Reset password
  resetTitle: 'Set a new password',
  resetIntro: 'Choose a new password for your account. Every other session of the account is signed out.',
  newPassword: 'New password',
  newPasswordHint: 'At least 6 characters. Very common passwords are not accepted.',
  confirmNewPassword: 'Confirm new password',
  setNewPassword: 'Set new password',
  linkProblemTitle: 'This link cannot be used',
  requestNewLink: 'Request a new link',
  passwordChangedTitle: 'Password changed',
  secondStepAfterReset: 'Your password was changed. To finish signing in, enter a code of your second factor.',

  // Verify email
  verifyTitle: 'Verify your email address',
  verifying: 'Verifying your email address…',
  verifiedTitle: 'Email address verified',
  verifiedText: (email: string) => `${email} is verified. You can now publish audio for the community.`,
  goToAccount: 'Go to your account',
  uploadAudio: 'Upload audio',
  signInForNewLink: 'Sign in to send a new link',

  // Email card
  emailTitle: 'Email address',
  emailIntro: 'Where we send password reset links and notes about your account.',
  verified: 'Verified',
  notVerified: 'Not verified',
  unverifiedText: 'Open the link we emailed you to verify this address. Until then you can browse, rate and review, but not publish audio.',
  sendLinkAgain: 'Send the link again',
  pendingTitle: 'Waiting for your new address',
  pendingText: (pending: string, current: string) =>
    `We sent a link to ${pending}. Your email changes when you open it; until then it stays ${current}.`,
  changeEmailTitle: 'Change email address',
  changeEmailIntro: 'We send a link to the new address and your email changes when you open it. Your current address is told about the change.',
  newEmail: 'New email address',
  currentPassword: 'Current password',
  enterPassword: 'Please enter your password',
  changeEmail: 'Change email',
  emailLoadFailed: 'Could not load your email address',
  emailLoading: 'Loading your email address',

  // Export
  exportTitle: 'Download my data',
  exportText:
    'Everything TonieShelf holds about you in one JSON file: your account, ratings and reviews, audio files (their details and where to fetch them) and likes.',
  exportButton: 'Download my data',

  // Delete
  deleteTitle: 'Delete my account',
  deleteText:
    'Removes your account for good: you are signed out everywhere, and your second factors, likes and audio files are deleted. You choose what happens to your reviews.',
  deleteButton: 'Delete my account…',
  deleteModalTitle: 'Delete your account?',
  deleteWarningTitle: 'This cannot be undone',
  deleteWarning: (email: string) =>
    `The account ${email}, all its sessions, second factors and likes, and all your audio files (drafts and published) are deleted at once. We cannot restore them.`,
  reviewsLabel: 'Your ratings and reviews',
  keepReviews: "Keep them, shown as 'Anonymous'",
  keepReviewsHint: 'Other families can still read them, without your name.',
  deleteReviews: 'Delete them too',
  deleteReviewsHint: 'They disappear from every Tonie.',
  chooseReviews: 'Choose whether to keep your reviews',
  password: 'Your password',
  codeLabel: 'Code or recovery code',
  codePlaceholder: '123456 or abcde-fghij',
  codeHintTotp: 'Your account uses two-factor authentication: enter the current code from your authenticator app, or one of your recovery codes.',
  codeHintPhone: 'Your account uses two-factor authentication: send a code to your phone and enter it, or enter one of your recovery codes.',
  codeHintBoth:
    'Your account uses two-factor authentication: enter the current code from your authenticator app, a code sent to your phone, or one of your recovery codes.',
  checkingFactors: 'Checking your second factors…',
  sendPhoneCode: (phone: string) => `Send a code to ${phone}`,
  sendNewPhoneCode: 'Send a new code',
  phoneCodeSent: (phone: string) => `Sent to ${phone}.`,
  keepAccount: 'Keep my account',
  confirmDelete: 'Delete my account for good',
  accountDeletedTitle: 'Account deleted',
  deleteFailedTitle: 'Could not delete the account',

  // Unverified notice (upload page)
  unverifiedNoticeTitle: 'Verify your email address',
  unverifiedNoticeLead: 'Verify your email address to publish.',
  unverifiedNotice: 'Open the link we emailed you. Drafts can be saved meanwhile.',
  dismiss: 'Dismiss',
} as const;

/** Toasts of the account actions. */
export const ACCOUNT_TOASTS = {
  linkSentTitle: 'Verification link sent',
  linkNotSentTitle: 'Could not send the link',
  alreadyVerifiedTitle: 'Already verified',
  emailChangeTitle: 'Check your new address',
  emailChangeFailedTitle: 'Could not change the email address',
  resetRequestFailedTitle: 'Could not send the link',
} as const;
