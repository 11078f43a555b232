// The one initTRPC of the server, its procedure kinds, the cache policy every query declares
// (`.meta({ cache })`, trpc/cache-policy.ts) and the read-cache middleware.
import { initTRPC } from '@trpc/server';
import { DEFAULT_LANGUAGE } from '@tonieshelf/shared/languages';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import type { CacheTag } from '../cache';
import { isDatabaseUnavailable } from '../db/unavailable';
import { answerOf, AppError, ERROR_MESSAGES, errorFields, refusalAnswer, serviceUnavailable } from '../errors';
import type { ProcedureMeta } from './cache-policy';
import type { Context } from './context';

const t = initTRPC
  .context<Context>()
  .meta<ProcedureMeta>()
  .create({
    // Messages made here from the error's code and params, in the request's language
    // (ctx.language), with the code (data.messageCode) and params (data.messageParams).
    errorFormatter({ shape, error, ctx, input, path }) {
      const language = ctx?.language ?? DEFAULT_LANGUAGE;
      const internal = error.code === 'INTERNAL_SERVER_ERROR';
      const { stack: _stack, ...data } = shape.data;
      const { message, messageCode, messageParams } = internal ? answerOf(ERROR_MESSAGES.internal, language) : refusalAnswer(error, language, { input, path });
      return {
        ...shape,
        message,
        data: {
          ...data,
          messageCode,
          messageParams: messageParams ?? null,
          // Field messages of a failed input, by field ({ email: [text of auth.invalidEmail] }).
          fieldErrors: errorFields(error, language, input),
          retryAfter: error instanceof AppError ? (error.retryAfter ?? null) : null,
          reason: error instanceof AppError ? (error.reason ?? null) : null,
        },
      };
    },
  });

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;

/**
 * Every procedure, first of all: a query records its declared cache policy for the request
 * (http/caching.ts answers by it); a query that declares none fails, so none is served undecided.
 */
const declaredProcedure = t.procedure.use(({ ctx, meta, type, path, next }) => {
  if (type === 'query') {
    if (!meta?.cache) throw new Error(`The query ${path} declares no cache policy: give it .meta({ cache: 'shared' | 'anonymous' | 'private' })`);
    ctx.readPolicy.record(meta.cache);
  }
  return next();
});

/** Every procedure: a database that cannot be reached is answered 503 with Retry-After, not 500. */
const baseProcedure = declaredProcedure.use(async ({ next }) => unavailableAs503(await next()));

/**
 * Any procedure but a cached public read: when the session could not be looked up (the database
 * is down), it is refused with 503 rather than run as if the visitor were signed out.
 */
export const publicProcedure = baseProcedure.use(({ ctx, next }) => {
  if (ctx.sessionUnavailable) throw ctx.sessionUnavailable;
  return next();
});

/** Needs a fully signed-in user (with the second step done when the account has a factor). */
export const protectedProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !ctx.session) {
    throw new AppError('UNAUTHORIZED', ctx.pending ? AUTH_MESSAGES.secondFactorRequired : AUTH_MESSAGES.signInRequired);
  }
  return next({ ctx: { user: ctx.user, session: ctx.session } });
});

/** Needs a session, complete or waiting for its second step (the second-step procedures). */
export const sessionProcedure = publicProcedure.use(({ ctx, next }) => {
  const current = ctx.user && ctx.session ? { user: ctx.user, session: ctx.session, complete: true } : ctx.pending ? { ...ctx.pending, complete: false } : null;
  if (!current) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.signInRequired);
  return next({ ctx: { current } });
});

const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** A canonical JSON text of an input (object keys sorted), so equal inputs make equal keys. */
function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(byKey)) : v));
}

/** What every procedure does with its result: a database that cannot be reached is answered 503 with Retry-After. */
function unavailableAs503<R extends { ok: boolean; error?: unknown }>(result: R): R {
  if (!result.ok && !(result.error instanceof AppError) && isDatabaseUnavailable(result.error)) throw serviceUnavailable((result.error as { cause?: unknown }).cause);
  return result;
}

/**
 * A public read whose answer is the same for every visitor and goes through the read cache:
 * `ctx.cached(load)` answers from the cache under the procedure's path and input (in `tag`'s
 * part), loading once on a miss. A write that changes what `tag` shows invalidates it.
 * When the session could not be looked up (the database is down), it runs as for a signed-out
 * visitor, so what the cache holds is still answered. With the cache off (CACHE_TTL_SECONDS=0)
 * the context's own `cached` (which just loads) is used. Its `db` is a read replica's where
 * there are replicas (DATABASE_REPLICA_URL): such a procedure only reads, outside transactions.
 */
export const cachedProcedure = (tag: CacheTag) =>
  declaredProcedure.use(async ({ ctx, path, getRawInput, next }) => {
    // With read replicas, the read goes to one that has what `tag` shows (db/read-routing.ts).
    const db = ctx.reads?.db(tag) ?? ctx.db;
    // What must be live (helpful counts under a cached review list) reads the primary.
    const primaryDb = ctx.db;
    if (ctx.cache.ttlMs <= 0) return unavailableAs503(await next({ ctx: { db, primaryDb } }));
    const key = `${path}:${canonicalJson(await getRawInput())}`;
    const cached = <T>(load: () => Promise<T>): Promise<T> => ctx.cache.get(tag, key, load) as Promise<T>;
    return unavailableAs503(await next({ ctx: { cached, db, primaryDb } }));
  });

/** Middleware of a write: once it has run, what `tags` show is read again (in this process at once). */
export const invalidates = (...tags: CacheTag[]) =>
  t.middleware(async ({ ctx, next }) => {
    try {
      return await next();
    } finally {
      ctx.cache.invalidate(...tags);
    }
  });
