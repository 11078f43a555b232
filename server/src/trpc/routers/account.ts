import {
  changeEmailInputSchema,
  deleteAccountInputSchema,
  linkTokenInputSchema,
  requestPasswordResetInputSchema,
  resetPasswordInputSchema,
} from '@tonieshelf/shared/schemas/account';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { LANGUAGES } from '@tonieshelf/shared/languages';
import { z } from 'zod';
import { rememberLanguage } from '../../accounts/account';
import * as emailAddress from '../../accounts/email-address';
import * as leaving from '../../accounts/leaving';
import * as passwordReset from '../../accounts/password-reset';
import { isCommonPassword } from '../../auth/common-passwords';
import { invalidates, protectedProcedure, publicProcedure, router, sessionProcedure } from '../trpc';

// The server adds what the client cannot check cheaply: the common-password list.
const serverResetSchema = resetPasswordInputSchema.superRefine((v, ctx) => {
  if (isCommonPassword(v.newPassword)) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: AUTH_MESSAGES.commonPassword });
});

export const accountRouter = router({
  /** "Forgot password?": the same answer whether or not an account has the address. */
  requestPasswordReset: publicProcedure.input(requestPasswordResetInputSchema).mutation(async ({ ctx, input }) => {
    await passwordReset.requestPasswordReset(ctx, ctx, input.email);
    return { ok: true as const };
  }),

  /** Opening a reset link: whether it can still be used (the refusal resetPassword would give), without using it. */
  checkResetLink: publicProcedure
    .meta({ cache: 'private' })
    .input(linkTokenInputSchema)
    .query(async ({ ctx, input }) => {
      await passwordReset.checkResetLink(ctx.db, input.token);
      return { ok: true as const };
    }),

  /** A new password from a reset link: every session of the account ends, a new one starts. */
  resetPassword: publicProcedure.input(serverResetSchema).mutation(async ({ ctx, input }) => {
    const { me, started } = await passwordReset.resetPassword(ctx, ctx, input);
    ctx.cookies.set(started.token, started.expiresAt);
    return me;
  }),

  /** Opens a verification link (signed in or not). */
  verifyEmail: publicProcedure.input(linkTokenInputSchema).mutation(({ ctx, input }) => emailAddress.verifyEmail(ctx, input.token)),

  resendVerification: protectedProcedure.mutation(async ({ ctx }) => {
    await emailAddress.resendVerification(ctx, ctx.user, ctx.ip);
    return { ok: true as const };
  }),

  emailStatus: protectedProcedure.meta({ cache: 'private' }).query(({ ctx }) => emailAddress.emailStatus(ctx, ctx.user.id)),

  changeEmail: protectedProcedure.input(changeEmailInputSchema).mutation(({ ctx, input }) => emailAddress.changeEmail(ctx, ctx.user, ctx.ip, input)),

  /** The browser app switched its language: the account's mails follow it (also while a second step is pending). */
  rememberLanguage: sessionProcedure.input(z.object({ language: z.enum(LANGUAGES) })).mutation(async ({ ctx, input }) => {
    await rememberLanguage(ctx.db, ctx.current.user, input.language);
    return { ok: true as const };
  }),

  /** "Download my data". */
  exportData: protectedProcedure.meta({ cache: 'private' }).query(({ ctx }) => leaving.exportData(ctx, ctx.user.id)),

  /** Deletes the account for good and signs out. */
  deleteAccount: protectedProcedure
    .use(invalidates('catalogue', 'audio', 'sets'))
    .input(deleteAccountInputSchema)
    .mutation(async ({ ctx, input }) => {
      await leaving.deleteAccount(ctx, ctx.user, input);
      ctx.cookies.clear();
      return { ok: true as const };
    }),
});
