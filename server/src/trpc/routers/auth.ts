import {
  AUTH_MESSAGES,
  challengeInputSchema,
  changePasswordInputSchema,
  enrollFactorInputSchema,
  loginInputSchema,
  recoveryInputSchema,
  registerInputSchema,
  removeFactorInputSchema,
  sessionIdInputSchema,
  verifyInputSchema,
} from '@tonieshelf/shared/schemas/auth';
import { isCommonPassword } from '../../auth/common-passwords';
import * as auth from '../../auth/service';
import { AppError } from '../../errors';
import * as factorsRepo from '../../repositories/factors';
import * as sessionsRepo from '../../repositories/sessions';
import { protectedProcedure, publicProcedure, router, sessionProcedure } from '../trpc';

// The server adds what the client cannot check cheaply: the common-password list.
const serverRegisterSchema = registerInputSchema.superRefine((v, ctx) => {
  if (isCommonPassword(v.password)) ctx.addIssue({ code: 'custom', path: ['password'], message: AUTH_MESSAGES.commonPassword });
});
const serverChangePasswordSchema = changePasswordInputSchema.superRefine((v, ctx) => {
  if (isCommonPassword(v.newPassword)) ctx.addIssue({ code: 'custom', path: ['newPassword'], message: AUTH_MESSAGES.commonPassword });
});

export const authRouter = router({
  /** The current user with the session's assurance level, or null when signed out. */
  me: publicProcedure.query(({ ctx }) => auth.me(ctx)),

  register: publicProcedure.input(serverRegisterSchema).mutation(({ ctx, input }) => auth.register(ctx, input)),

  login: publicProcedure.input(loginInputSchema).mutation(({ ctx, input }) => auth.login(ctx, input)),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    await auth.logout(ctx);
    return { ok: true as const };
  }),

  // Second factors. While a sign-in waits for its second step, the session may list, challenge
  // and verify factors (and use a recovery code), and nothing else.
  factors: sessionProcedure.query(({ ctx }) => auth.listFactors(ctx, ctx.current)),

  enrollFactor: protectedProcedure.input(enrollFactorInputSchema).mutation(({ ctx, input }) => auth.enrollFactor(ctx, ctx.user, input)),

  challenge: sessionProcedure
    .input(challengeInputSchema)
    .mutation(({ ctx, input }) => auth.challenge(ctx, ctx.current, input.factorId, input.channel)),

  verify: sessionProcedure.input(verifyInputSchema).mutation(({ ctx, input }) => auth.verify(ctx, ctx.current, input)),

  verifyRecoveryCode: sessionProcedure
    .input(recoveryInputSchema)
    .mutation(({ ctx, input }) => auth.verifyRecoveryCode(ctx, ctx.current, input.code)),

  /** How many unused recovery codes the account has left. */
  recoveryCodeCount: protectedProcedure.query(async ({ ctx }) => ({
    remaining: await factorsRepo.countUnusedRecoveryCodes(ctx.db, ctx.user.id),
  })),

  regenerateRecoveryCodes: protectedProcedure.mutation(async ({ ctx }) => ({
    recoveryCodes: await auth.regenerateRecoveryCodes(ctx, ctx.user),
  })),

  removeFactor: protectedProcedure.input(removeFactorInputSchema).mutation(async ({ ctx, input }) => {
    await auth.removeFactor(ctx, ctx.user, input);
    return { ok: true as const };
  }),

  // Sessions and password.
  sessions: protectedProcedure.query(({ ctx }) => auth.listSessions(ctx, ctx.user, ctx.session.id)),

  signOutOtherSessions: protectedProcedure.mutation(async ({ ctx }) => ({
    count: await sessionsRepo.deleteOtherSessions(ctx.db, ctx.user.id, ctx.session.id),
  })),

  revokeSession: protectedProcedure.input(sessionIdInputSchema).mutation(async ({ ctx, input }) => {
    if (input.sessionId === ctx.session.id) throw new AppError('BAD_REQUEST', 'Use Sign Out to end this session.');
    if (!(await sessionsRepo.deleteUserSession(ctx.db, ctx.user.id, input.sessionId))) {
      throw new AppError('NOT_FOUND', 'Unknown session.');
    }
    return { ok: true as const };
  }),

  changePassword: protectedProcedure.input(serverChangePasswordSchema).mutation(async ({ ctx, input }) => ({
    signedOutSessions: await auth.changePassword(ctx, ctx.user, ctx.session.id, input),
  })),
});
