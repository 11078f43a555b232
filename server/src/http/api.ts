// The REST shims of SPEC §7 (and the account paths PRODUCT.md names) at /api/*. Each calls the
// same tRPC procedure the client uses, so every rule has one implementation; failures answer
// with the status of the procedure's error.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createCaller } from '../trpc/router';
import { createHttpContext, type AppDeps } from './context';
import { AppError } from '../errors';
import { toHttpError } from './errors';

type Caller = ReturnType<typeof createCaller>;
type Req = FastifyRequest<{ Params: Record<string, string>; Querystring: Record<string, string>; Body: unknown }>;

/** Wraps a shim: builds the caller from the request and maps errors to statuses. */
export function shim<T>(deps: AppDeps, handler: (caller: Caller, req: Req, reply: FastifyReply) => Promise<T>, successStatus = 200) {
  return async (req: Req, reply: FastifyReply) => {
    try {
      const caller = createCaller(await createHttpContext(deps, req, reply));
      const result = await handler(caller, req, reply);
      return reply.code(successStatus).send(result);
    } catch (err) {
      const { status, body, retryAfter } = toHttpError(err);
      if (status >= 500) req.log.error({ err }, 'api shim failed');
      if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
      return reply.code(status).send(body);
    }
  };
}

// Inputs reach the procedures unchecked (`as never`): each procedure validates its own input
// with its zod schema, so a shim cannot pass anything past the rules.

/** The JSON body as an object (an absent body is an empty object, so validation names fields). */
function body(req: Req): Record<string, unknown> {
  const b = req.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as Record<string, unknown>) : b === undefined || b === null ? {} : { _body: b };
}

/** List parameters of the query string (page, pageSize, tags, sort, category, search). */
function listQuery(req: Req, extra: Record<string, unknown> = {}) {
  const { page, pageSize, tags, sort, category, search } = req.query;
  return { page, pageSize, tags, sort, category, search, ...extra } as never;
}

export async function apiRoutes(app: FastifyInstance, deps: AppDeps) {
  app.get('/api/tags', shim(deps, (c) => c.tag.list()));

  // Catalogue (SPEC §7).
  app.get('/api/tonies', shim(deps, (c, req) => c.tonie.list(listQuery(req))));
  app.get(
    '/api/tonies/search',
    shim(deps, (c, req) => {
      const q = req.query.q;
      if (typeof q !== 'string' || !q.trim()) throw new AppError('BAD_REQUEST', 'q: Enter something to search for');
      return c.tonie.list(listQuery(req, { search: q }));
    }),
  );
  app.get('/api/tonies/categories', shim(deps, (c) => c.tonie.categories()));
  app.get(
    '/api/tonies/category/:category',
    shim(deps, (c, req) => c.tonie.list(listQuery(req, { category: req.params.category }))),
  );
  app.get('/api/tonies/:id', shim(deps, (c, req) => c.tonie.byId({ id: req.params.id } as never)));
  app.get('/api/tonies/:id/ratings', shim(deps, (c, req) => c.rating.list({ tonieId: req.params.id } as never)));
  app.get('/api/tonies/:id/ratings/summary', shim(deps, (c, req) => c.rating.summary({ tonieId: req.params.id } as never)));
  app.post(
    '/api/tonies/:id/ratings',
    shim(deps, (c, req) => c.rating.create({ ...body(req), tonieId: req.params.id } as never), 201),
  );

  // Shared audio (SPEC §7). Owners, drafts and likes come from the session, never from the body.
  app.get('/api/audio-tags', shim(deps, (c) => c.tag.audioTags()));
  app.get(
    '/api/audio-files',
    shim(deps, (c, req) => {
      const { page, pageSize, sortBy, tags, search } = req.query;
      return c.audio.list({ page, pageSize, sortBy, tags, search } as never);
    }),
  );
  app.get('/api/audio-files/user/:userId', shim(deps, (c, req) => c.audio.byUser({ userId: req.params.userId } as never)));
  app.get(
    '/api/audio-files/liked/:userId',
    shim(deps, (c, req) => {
      const { page, pageSize, sortBy } = req.query;
      return c.audio.liked({ userId: req.params.userId, page, pageSize, sortBy } as never);
    }),
  );
  app.post('/api/audio-files', shim(deps, (c, req) => c.audio.create(body(req) as never), 201));
  app.get('/api/audio-files/:id', shim(deps, (c, req) => c.audio.byId({ id: req.params.id } as never)));
  app.patch('/api/audio-files/:id', shim(deps, (c, req) => c.audio.update({ ...body(req), id: req.params.id } as never)));
  app.delete('/api/audio-files/:id', shim(deps, (c, req) => c.audio.delete({ id: req.params.id } as never)));
  app.post('/api/audio-files/:id/like', shim(deps, (c, req) => c.audio.toggleLike({ id: req.params.id } as never)));
  app.post('/api/audio-files/:id/download', shim(deps, (c, req) => c.audio.download({ id: req.params.id } as never)));

  // Accounts (PRODUCT.md).
  app.post('/api/auth/register', shim(deps, (c, req) => c.auth.register(body(req) as never), 201));
  app.post('/api/auth/login', shim(deps, (c, req) => c.auth.login(body(req) as never)));
  app.post('/api/auth/logout', shim(deps, (c) => c.auth.logout()));
  app.get('/api/auth/me', shim(deps, (c) => c.auth.me()));
  app.get('/api/auth/factors', shim(deps, (c) => c.auth.factors()));
  app.post('/api/auth/factors', shim(deps, (c, req) => c.auth.enrollFactor(body(req) as never), 201));
  app.delete('/api/auth/factors/:id', shim(deps, (c, req) => c.auth.removeFactor({ ...body(req), factorId: req.params.id } as never)));
  app.post(
    '/api/auth/factors/:id/challenge',
    shim(deps, (c, req) => c.auth.challenge({ ...body(req), factorId: req.params.id } as never)),
  );
  app.post('/api/auth/factors/:id/verify', shim(deps, (c, req) => c.auth.verify({ ...body(req), factorId: req.params.id } as never)));
  app.post('/api/auth/recovery', shim(deps, (c, req) => c.auth.verifyRecoveryCode(body(req) as never)));
  app.get('/api/auth/recovery-codes', shim(deps, (c) => c.auth.recoveryCodeCount()));
  app.post('/api/auth/recovery-codes', shim(deps, (c) => c.auth.regenerateRecoveryCodes()));
  app.get('/api/auth/sessions', shim(deps, (c) => c.auth.sessions()));
  app.post('/api/auth/sessions/sign-out-others', shim(deps, (c) => c.auth.signOutOtherSessions()));
  app.delete('/api/auth/sessions/:id', shim(deps, (c, req) => c.auth.revokeSession({ sessionId: req.params.id! })));
  app.post('/api/auth/password', shim(deps, (c, req) => c.auth.changePassword(body(req) as never)));
}
