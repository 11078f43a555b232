// The one initTRPC of the server.
import { initTRPC } from '@trpc/server';
import { AUTH_MESSAGES } from '@tonieshelf/shared/schemas/auth';
import { ZodError, z } from 'zod';
import { AppError, INTERNAL_ERROR_MESSAGE, validationMessage } from '../errors';
import type { Context } from './context';

const t = initTRPC.context<Context>().create({
  errorFormatter({ shape, error }) {
    const internal = error.code === 'INTERNAL_SERVER_ERROR';
    const zodError = error.cause instanceof ZodError ? error.cause : null;
    const { stack: _stack, ...data } = shape.data;
    return {
      ...shape,
      message: internal ? INTERNAL_ERROR_MESSAGE : zodError ? validationMessage(zodError) : shape.message,
      data: {
        ...data,
        // Field messages of a failed input, e.g. { email: ['Please enter a valid email address'] }.
        fieldErrors: zodError ? z.flattenError(zodError).fieldErrors : null,
        retryAfter: error instanceof AppError ? (error.retryAfter ?? null) : null,
      },
    };
  },
});

export const router = t.router;
export const publicProcedure = t.procedure;
export const createCallerFactory = t.createCallerFactory;

/** Needs a fully signed-in user (with the second step done when the account has a factor). */
export const protectedProcedure = t.procedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new AppError('UNAUTHORIZED', ctx.pending ? AUTH_MESSAGES.secondFactorRequired : AUTH_MESSAGES.signInRequired);
  }
  return next({ ctx: { ...ctx, user: ctx.user, session: ctx.session } });
});

/** Needs a session, complete or waiting for its second step (the second-step procedures). */
export const sessionProcedure = t.procedure.use(({ ctx, next }) => {
  const current = ctx.user && ctx.session ? { user: ctx.user, session: ctx.session } : ctx.pending;
  if (!current) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.signInRequired);
  return next({ ctx: { ...ctx, current } });
});
