// Builds the tRPC context of an HTTP request: resolves the session cookie into the user.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { SmsTransport } from '../auth/sms';
import type { QueryCache } from '../cache';
import type { Storage } from '../storage/storage';
import { toSessionUser } from '../auth/service';
import { clearSessionCookie, sessionCookieName, setSessionCookie, validateSessionToken } from '../auth/session';
import type { AppConfig } from '../config';
import type { DB } from '../db/types';
import { createContextInner, type Context, type SessionInfo } from '../trpc/context';

export interface AppDeps {
  config: AppConfig;
  db: Kysely<DB>;
  sms: SmsTransport;
  cache: QueryCache;
  storage: Storage;
}

type Resolved = Pick<Context, 'user' | 'session' | 'pending'>;
const SIGNED_OUT: Resolved = { user: null, session: null, pending: null };

/**
 * What a session token stands for: a fully signed-in user, a sign-in waiting for its second
 * step, or nothing. `renewed` says the expiry moved and the cookie must be sent again.
 */
export async function authFromToken(
  db: Kysely<DB>,
  token: string | undefined,
): Promise<Resolved & { valid: boolean; renewed: boolean; expiresAt: Date | null }> {
  const found = token ? await validateSessionToken(db, token) : null;
  if (!found) return { ...SIGNED_OUT, valid: false, renewed: false, expiresAt: null };
  const user = toSessionUser(found.user);
  const session: SessionInfo = {
    id: found.session.id,
    aal: found.session.aal === 2 ? 2 : 1,
    mfaRequired: found.mfaRequired,
    expiresAt: found.session.expires_at,
  };
  const meta = { valid: true, renewed: found.renewed, expiresAt: found.session.expires_at };
  if (found.mfaRequired && session.aal < 2) return { user: null, session: null, pending: { user, session }, ...meta };
  return { user, session, pending: null, ...meta };
}

const RESOLVED = Symbol('tonieshelf.auth');
type WithResolved = FastifyRequest & { [RESOLVED]?: Promise<Resolved> };

/** The request's session, looked up once per request (tRPC batches share it). */
export function resolveAuth(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<Resolved> {
  const r = req as WithResolved;
  r[RESOLVED] ??= (async () => {
    const token = req.cookies?.[sessionCookieName(deps.config)];
    if (!token) return SIGNED_OUT;
    const { valid, renewed, expiresAt, ...resolved } = await authFromToken(deps.db, token);
    if (!valid) clearSessionCookie(reply, deps.config);
    else if (renewed && expiresAt) setSessionCookie(reply, deps.config, token, expiresAt);
    return resolved;
  })();
  return r[RESOLVED];
}

export async function createHttpContext(deps: AppDeps, req: FastifyRequest, res: FastifyReply): Promise<Context> {
  const resolved = await resolveAuth(deps, req, res);
  return createContextInner({
    db: deps.db,
    config: deps.config,
    ...resolved,
    ip: req.ip,
    userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
    sms: deps.sms,
    cache: deps.cache,
    storage: deps.storage,
    cookies: {
      set: (token, expiresAt) => setSessionCookie(res, deps.config, token, expiresAt),
      clear: () => clearSessionCookie(res, deps.config),
    },
    req,
    res,
  });
}
