// Builds the tRPC context of an HTTP request: resolves the session cookie into the user.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession, SIGNED_OUT, type ResolvedSession } from '../accounts/sessions';
import { clearSessionCookie, sessionCookieName, setSessionCookie } from '../auth/session';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { AppDeps } from '../deps';
import { serviceUnavailable, type AppError } from '../errors';
import { createContextInner, type Context } from '../trpc/context';

const RESOLVED = Symbol('tonieshelf.auth');
type WithResolved = FastifyRequest & { [RESOLVED]?: Promise<ResolvedSession> };

/** The request's session, looked up once per request (tRPC batches share it). */
export function resolveAuth(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<ResolvedSession> {
  const r: WithResolved = req;
  r[RESOLVED] ??= (async () => {
    const token = req.cookies?.[sessionCookieName(deps.config)];
    if (!token) return SIGNED_OUT;
    const { valid, renewed, expiresAt, ...resolved } = await resolveSession(deps.db, token);
    if (!valid) clearSessionCookie(reply, deps.config);
    else if (renewed && expiresAt) setSessionCookie(reply, deps.config, token, expiresAt);
    return resolved;
  })();
  return r[RESOLVED];
}

/**
 * The request's session for the tRPC context. When the session store (the database) cannot be
 * reached, the visitor counts as signed out only for cached public reads: the context carries
 * the 503 that every other procedure throws (trpc.ts), so no write ever runs as signed out.
 */
async function resolveForContext(
  deps: AppDeps,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<ResolvedSession & { sessionUnavailable: AppError | null }> {
  try {
    return { ...(await resolveAuth(deps, req, reply)), sessionUnavailable: null };
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    return { ...SIGNED_OUT, sessionUnavailable: serviceUnavailable(err) };
  }
}

export async function createHttpContext(deps: AppDeps, req: FastifyRequest, res: FastifyReply): Promise<Context> {
  const resolved = await resolveForContext(deps, req, res);
  return createContextInner({
    ...deps,
    ...resolved,
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
    log: req.log,
    cookies: {
      set: (token, expiresAt) => setSessionCookie(res, deps.config, token, expiresAt),
      clear: () => clearSessionCookie(res, deps.config),
    },
    req,
    res,
  });
}
