// Accounts for real life: password reset, verified email addresses, changing the address,
// taking one's data and leaving. Shared by the client forms and the server procedures.
import { z } from 'zod';
import { text } from './common';
import { AUTH_MESSAGES, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../values/auth';
import { emailSchema, passwordSchema } from './auth';
import type { ShelfName } from '../values/shelf';
import { ACCOUNT_MESSAGES } from '../values/account';

/** A link token as the emails carry it (base32 letters, 32 characters). */
export const linkTokenSchema = text({ error: ACCOUNT_MESSAGES.linkInvalid })
  .trim()
  .max(200, { error: ACCOUNT_MESSAGES.linkInvalid })
  .regex(/^[a-z2-7]{32}$/, { error: ACCOUNT_MESSAGES.linkInvalid });

export const requestPasswordResetInputSchema = z.strictObject({ email: emailSchema });
export type RequestPasswordResetInput = z.infer<typeof requestPasswordResetInputSchema>;

export const resetPasswordInputSchema = z
  .strictObject({
    token: linkTokenSchema,
    newPassword: passwordSchema,
    confirmPassword: text({ error: AUTH_MESSAGES.confirmPassword })
      .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.confirmPassword })
      .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { error: AUTH_MESSAGES.passwordsDontMatch, path: ['confirmPassword'] });
export type ResetPasswordInput = z.infer<typeof resetPasswordInputSchema>;

export const linkTokenInputSchema = z.strictObject({ token: linkTokenSchema });

const currentPasswordSchema = text().min(1, { error: ACCOUNT_MESSAGES.wrongPassword }).max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });

export const changeEmailInputSchema = z.strictObject({ newEmail: emailSchema, password: currentPasswordSchema });
export type ChangeEmailInput = z.infer<typeof changeEmailInputSchema>;

export const deleteAccountInputSchema = z.strictObject({
  password: currentPasswordSchema,
  /** Keep the account's reviews, shown as 'Anonymous' (true), or delete them with it (false). */
  keepReviews: z.boolean({ error: ACCOUNT_MESSAGES.keepReviewsRequired }),
  /**
   * With a verified second factor: a current code of one of them (`factorId`; a phone factor
   * also names the `challenge_id` its code was sent for) or one of the recovery codes.
   */
  factorId: z.uuid({ error: AUTH_MESSAGES.factorIdInvalid }).optional(),
  challenge_id: z.uuid({ error: AUTH_MESSAGES.challengeIdInvalid }).optional(),
  code: text().trim().max(20, { error: AUTH_MESSAGES.codeOrRecoveryCode }).optional(),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountInputSchema>;

/** The account's address and where a change of it stands. */
export interface EmailStatus {
  email: string;
  verified: boolean;
  /** A new address waiting for its link to be opened, if any. */
  pendingEmail: string | null;
}

/** "Download my data": everything the site holds about the account, as one JSON document. */
export interface AccountExport {
  exportedAt: string;
  site: string;
  account: {
    id: string;
    username: string;
    firstName: string;
    lastName: string;
    email: string;
    emailVerified: boolean;
    createdAt: string;
    secondFactors: { type: 'totp' | 'phone'; name: string | null; createdAt: string }[];
  };
  ratings: {
    tonieId: number;
    tonieName: string;
    rating: number;
    review: string | null;
    tags: string[];
    createdAt: string;
    editedAt: string | null;
  }[];
  audio: {
    id: number;
    title: string;
    description: string | null;
    scriptText: string | null;
    status: 'draft' | 'published';
    tags: string[];
    fileName: string;
    fileSize: number;
    mimeType: string;
    duration: number | null;
    likeCount: number;
    downloadCount: number;
    createdAt: string;
    publishedAt: string | null;
    /** Where the file (and its cover) can be fetched while signed in. */
    fileUrl: string;
    coverUrl: string | null;
  }[];
  likes: { audioId: number; title: string; likedAt: string }[];
  /** The account's Creative-Tonie sets, each with its chapters' audio file ids in order. */
  sets: {
    id: number;
    title: string;
    description: string | null;
    status: 'draft' | 'published';
    audioFileIds: number[];
    createdAt: string;
    publishedAt: string | null;
    coverUrl: string | null;
  }[];
  /** The Tonies on the account's shelves: one entry per shelf a Tonie is on, newest added first per shelf (SHELVES order). */
  shelves: { shelf: ShelfName; tonieId: number; tonieName: string; article: string; addedAt: string }[];
  /** The shelves shared by link: the link's token and since when it works. */
  shareLinks: { shelf: ShelfName; token: string; url: string; sharedSince: string }[];
  /** Which shelves the public profile shows and whether it lists the reviews. */
  profileSettings: { publicShelves: ShelfName[]; showReviews: boolean };
  /** The reviews the account marked helpful, oldest mark first. */
  helpfulVotes: { ratingId: number; tonieId: number; tonieName: string; votedAt: string }[];
}
