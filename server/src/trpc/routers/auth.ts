import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import {
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
import * as account from '../../accounts/account';
import * as factors from '../../accounts/factors';
import { toMe } from '../../accounts/mappers';
import * as sessions from '../../accounts/sessions';
import { isCommonPassword } from '../../auth/common-passwords';
import { deviceCookieOf, setDeviceCookie } from '../../auth/device';
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
  me: publicProcedure.meta({ cache: 'private' }).query(({ ctx }) => {
    if (ctx.user && ctx.session) return toMe(ctx.user, ctx.session);
    if (ctx.pending) return toMe(ctx.pending.user, ctx.pending.session);
    return null;
  }),

  register: publicProcedure.input(serverRegisterSchema).mutation(async ({ ctx, input }) => {
    const { me, started } = await account.register(ctx, ctx, input);
    ctx.cookies.set(started.token, started.expiresAt);
    return me;
  }),

  login: publicProcedure.input(loginInputSchema).mutation(async ({ ctx, input }) => {
    // A new session at every sign-in; the old cookie's session (if any) ends.
    const ending = [ctx.session?.id, ctx.pending?.session.id].filter((id): id is string => Boolean(id));
    const { me, started, deviceCookie } = await account.login(ctx.db, { ...ctx, deviceCookie: deviceCookieOf(ctx.req, ctx.config) }, input, ending);
    ctx.cookies.set(started.token, started.expiresAt);
    // The browser is a known device of the account from now on (auth/device.ts).
    setDeviceCookie(ctx.res, ctx.config, deviceCookie);
    return me;
  }),

  logout: publicProcedure.mutation(async ({ ctx }) => {
    const id = ctx.session?.id ?? ctx.pending?.session.id;
    if (id) await sessions.endSession(ctx.db, id);
    ctx.cookies.clear();
    return { ok: true as const };
  }),

  // Second factors. While a sign-in waits for its second step, the session may list, challenge
  // and verify factors (and use a recovery code), and nothing else.
  factors: sessionProcedure.meta({ cache: 'private' }).query(({ ctx }) => factors.listFactors(ctx.db, ctx.current)),

  enrollFactor: protectedProcedure.input(enrollFactorInputSchema).mutation(({ ctx, input }) => factors.enrollFactor(ctx.db, ctx.user, input)),

  challenge: sessionProcedure.input(challengeInputSchema).mutation(({ ctx, input }) => factors.challenge(ctx, ctx.current, input.factorId, input.channel)),

  verify: sessionProcedure.input(verifyInputSchema).mutation(({ ctx, input }) => factors.verify(ctx.db, ctx.current, input)),

  verifyRecoveryCode: sessionProcedure.input(recoveryInputSchema).mutation(({ ctx, input }) => factors.verifyRecoveryCode(ctx.db, ctx.current, input.code)),

  recoveryCodeCount: protectedProcedure.meta({ cache: 'private' }).query(async ({ ctx }) => ({ remaining: await factors.recoveryCodeCount(ctx.db, ctx.user.id) })),

  regenerateRecoveryCodes: protectedProcedure.mutation(async ({ ctx }) => ({ recoveryCodes: await factors.regenerateRecoveryCodes(ctx.db, ctx.user) })),

  removeFactor: protectedProcedure.input(removeFactorInputSchema).mutation(async ({ ctx, input }) => {
    await factors.removeFactor(ctx, ctx.user, input);
    return { ok: true as const };
  }),

  // Sessions and password.
  sessions: protectedProcedure.meta({ cache: 'private' }).query(({ ctx }) => sessions.listSessions(ctx.db, ctx.user.id, ctx.session.id)),

  signOutOtherSessions: protectedProcedure.mutation(async ({ ctx }) => ({ count: await sessions.signOutOtherSessions(ctx.db, ctx.user.id, ctx.session.id) })),

  revokeSession: protectedProcedure.input(sessionIdInputSchema).mutation(async ({ ctx, input }) => {
    await sessions.revokeSession(ctx.db, ctx.user.id, ctx.session.id, input.sessionId);
    return { ok: true as const };
  }),

  changePassword: protectedProcedure
    .input(serverChangePasswordSchema)
    .mutation(async ({ ctx, input }) => ({ signedOutSessions: await account.changePassword(ctx.db, ctx.user, ctx.session.id, input) })),
});
