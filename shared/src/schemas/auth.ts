// Account schemas shared by the client forms and the server procedures (SPEC §5 texts).
import { z } from 'zod';
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH, AUTH_MESSAGES, PASSWORD_MAX_LENGTH, NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, FACTOR_NAME_MAX } from '../values/auth';
import { text } from './common';

export const emailSchema = text()
  .trim()
  .max(EMAIL_MAX_LENGTH, { error: AUTH_MESSAGES.emailTooLong })
  .pipe(z.email({ error: AUTH_MESSAGES.invalidEmail }));

export const passwordSchema = text({ error: AUTH_MESSAGES.passwordTooShort })
  .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort })
  .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong });

const nameSchema = (tooShort: string) => text({ error: tooShort }).trim().min(NAME_MIN_LENGTH, { error: tooShort }).max(NAME_MAX_LENGTH, { error: AUTH_MESSAGES.nameTooLong });

export const usernameSchema = text()
  .trim()
  .regex(/^[A-Za-z0-9._-]{3,32}$/, { error: AUTH_MESSAGES.usernameInvalid });

export const loginInputSchema = z.strictObject({
  email: emailSchema,
  password: text({ error: AUTH_MESSAGES.passwordTooShort })
    .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.passwordTooShort })
    .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong }),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

const looksLikeEmail = (v: string) => z.email().safeParse(v.trim()).success;

/**
 * SPEC §7's audio pages send `username` = the email: an email address is never a public
 * username, so it counts as none chosen (the username is then derived as for an empty one).
 */
function withoutEmailUsername(input: unknown): unknown {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return input;
  const { username, email } = input as { username?: unknown; email?: unknown };
  if (typeof username !== 'string' || !username.trim()) return input;
  const sameAsEmail = typeof email === 'string' && username.trim().toLowerCase() === email.trim().toLowerCase();
  return sameAsEmail || looksLikeEmail(username) ? { ...input, username: '' } : input;
}

const registerFieldsSchema = z
  .strictObject({
    firstName: nameSchema(AUTH_MESSAGES.firstNameTooShort),
    lastName: nameSchema(AUTH_MESSAGES.lastNameTooShort),
    email: emailSchema,
    username: z.union([z.literal(''), usernameSchema]).optional(),
    password: passwordSchema,
    confirmPassword: text({ error: AUTH_MESSAGES.confirmPassword })
      .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.confirmPassword })
      .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong }),
  })
  .refine((v) => v.password === v.confirmPassword, {
    error: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export const registerInputSchema = z.preprocess(withoutEmailUsername, registerFieldsSchema);
export type RegisterInput = z.infer<typeof registerInputSchema>;

export const changePasswordInputSchema = z
  .strictObject({
    currentPassword: text().min(1, { error: AUTH_MESSAGES.wrongCurrentPassword }).max(PASSWORD_MAX_LENGTH),
    newPassword: passwordSchema,
    confirmPassword: text({ error: AUTH_MESSAGES.confirmPassword })
      .min(PASSWORD_MIN_LENGTH, { error: AUTH_MESSAGES.confirmPassword })
      .max(PASSWORD_MAX_LENGTH, { error: AUTH_MESSAGES.passwordTooLong }),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    error: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type ChangePasswordInput = z.infer<typeof changePasswordInputSchema>;

/** A 6-digit code, or a recovery code (e.g. 'abcde-fghij'). */
export const otpCodeSchema = text()
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: AUTH_MESSAGES.codeInvalid }));

export const recoveryCodeSchema = text()
  .trim()
  .toLowerCase()
  .regex(/^[a-z2-7]{5}-?[a-z2-7]{5}$/, { error: AUTH_MESSAGES.recoveryCodeFormat });

export const enrollFactorInputSchema = z.discriminatedUnion('factor_type', [
  z.strictObject({
    factor_type: z.literal('totp'),
    friendly_name: text().trim().max(FACTOR_NAME_MAX).optional(),
    issuer: text().trim().max(100).optional(),
  }),
  z.strictObject({
    factor_type: z.literal('phone'),
    friendly_name: text().trim().max(FACTOR_NAME_MAX).optional(),
    phone: text()
      .trim()
      .transform((v) => v.replace(/[\s()-]/g, ''))
      .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, { error: AUTH_MESSAGES.phoneFormat })),
  }),
]);
export type EnrollFactorInput = z.infer<typeof enrollFactorInputSchema>;

export const factorIdSchema = z.uuid({ error: AUTH_MESSAGES.factorIdInvalid });

export const challengeInputSchema = z.strictObject({
  factorId: factorIdSchema,
  channel: z.enum(['sms', 'whatsapp']).optional(),
});

export const verifyInputSchema = z.strictObject({
  factorId: factorIdSchema,
  challenge_id: z.uuid({ error: AUTH_MESSAGES.challengeIdInvalid }),
  code: otpCodeSchema,
});

export const removeFactorInputSchema = z.strictObject({
  factorId: factorIdSchema,
  /**
   * A current code of the factor (with its challenge for phone factors), or a recovery code.
   * Not needed for a factor whose setup was never finished.
   */
  code: text()
    .trim()
    .max(20, { error: AUTH_MESSAGES.codeOrRecoveryCode })
    .refine((v) => /^\d{6}$/.test(v.replace(/\s+/g, '')) || /^[a-z2-7]{5}[- ]?[a-z2-7]{5}$/i.test(v), {
      error: AUTH_MESSAGES.codeOrRecoveryCode,
    })
    .optional(),
  challenge_id: z.uuid().optional(),
});

export const recoveryInputSchema = z.strictObject({ code: recoveryCodeSchema });

export const sessionIdInputSchema = z.strictObject({ sessionId: text().regex(/^[0-9a-f]{64}$/, { error: AUTH_MESSAGES.sessionIdInvalid }) });

export type AssuranceLevel = 'aal1' | 'aal2';

export interface MeFactor {
  id: string;
  factor_type: 'totp' | 'phone';
  status: 'verified' | 'unverified';
  friendly_name: string | null;
  phone: string | null;
  created_at: string;
}

/** The current user (SPEC §3), plus the session's assurance level. */
export interface Me {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The address was confirmed by opening the link emailed to it (needed to publish audio). */
  emailVerified: boolean;
  /** 'user', 'moderator' (the moderation queue) or 'admin' (also the audit log and roles). */
  role: 'user' | 'moderator' | 'admin';
  /** The level this session has reached. */
  aal: AssuranceLevel;
  /** The level this account needs: aal2 when it has a verified second factor. */
  nextLevel: AssuranceLevel;
}
