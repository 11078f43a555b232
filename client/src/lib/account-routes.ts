// Addresses of the account pages, the links the emails carry, and the data export.
// (They can join ROUTES in lib/links.ts once that file is free to change.)

export const ACCOUNT_ROUTES = {
  account: '/account',
  forgotPassword: '/auth/forgot-password',
  /** The password-reset email links here with ?token=… */
  resetPassword: '/auth/reset-password',
  /** The verification email links here with ?token=… */
  verifyEmail: '/auth/verify-email',
} as const;

/** The account page's 'Public profile' section: /account#public-profile. */
export const PUBLIC_PROFILE_ANCHOR = 'public-profile';

/** "Download my data": the server answers with the JSON export as a file (Content-Disposition). */
export const ACCOUNT_EXPORT_URL = '/api/account/export';
