// Builds the tRPC context of an HTTP request: resolves the session cookie into the user, and
// finds the request's language (answers and mails are in it). It writes nothing but the session's
// own renewal: the account's language is remembered where the user signs in or switches it
// (accounts/account.ts rememberLanguage).
import { languageFromCookie, requestLanguageOf } from '@tonieshelf/shared/i18n/request-language';
import { LANGUAGE_COOKIE, type Language } from '@tonieshelf/shared/languages';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession, SIGNED_OUT, type ResolvedSession } from '../accounts/sessions';
import { clearSessionCookie, sessionCookieName, setSessionCookie } from '../auth/session';
import { isDatabaseUnavailable } from '../db/unavailable';
import type { AppDeps } from '../deps';
import { serviceUnavailable, type AppError } from '../errors';
import { ReadPolicy } from '../trpc/cache-policy';
import { loadNow, type Context, type SessionCookies } from '../trpc/context';

const RESOLVED = Symbol('tonieshelf.auth');
type WithResolved = FastifyRequest & { [RESOLVED]?: Promise<ResolvedSession> };

const LANGUAGE_COOKIE_PATTERN = new RegExp(`(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)`);

/** The language the request's cookie names (the browser app's choice), or null. */
function cookieLanguage(req: FastifyRequest): Language | null {
  // Read from the header itself: errors may be answered before the cookie plugin ran.
  const header = req.headers.cookie;
  const value = req.cookies?.[LANGUAGE_COOKIE] ?? (header ? LANGUAGE_COOKIE_PATTERN.exec(header)?.[1] : undefined);
  return languageFromCookie(value ? safeDecode(value) : null);
}

const safeDecode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

/** The request's language: the cookie tonieshelf_lang, else Accept-Language (by q), else English. */
export function requestLanguage(req: FastifyRequest): Language {
  return requestLanguageOf({ cookie: cookieLanguage(req), acceptLanguage: req.headers['accept-language'] });
}

const SIGNED_OUT_CONTEXT = { ...SIGNED_OUT, sessionUnavailable: null };

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
async function resolveForContext(deps: AppDeps, req: FastifyRequest, reply: FastifyReply): Promise<ResolvedSession & { sessionUnavailable: AppError | null }> {
  // No session cookie (most requests): signed out, with nothing to look up.
  if (!req.cookies?.[sessionCookieName(deps.config)]) return SIGNED_OUT_CONTEXT;
  try {
    return { ...(await resolveAuth(deps, req, reply)), sessionUnavailable: null };
  } catch (err) {
    if (!isDatabaseUnavailable(err)) throw err;
    return { ...SIGNED_OUT, sessionUnavailable: serviceUnavailable(err) };
  }
}

export async function createHttpContext(deps: AppDeps, req: FastifyRequest, res: FastifyReply): Promise<Context> {
  const { user, session, pending, sessionUnavailable } = await resolveForContext(deps, req, res);
  const chosenLanguage = cookieLanguage(req);
  // Every field of the context written out once (createContextInner's defaults are all given
  // here): this runs on every request, and spreading the parts into a copy and that again cost.
  return {
    config: deps.config,
    db: deps.db,
    sms: deps.sms,
    mailer: deps.mailer,
    cache: deps.cache,
    storage: deps.storage,
    disk: deps.disk,
    reads: deps.reads,
    search: deps.search,
    user,
    session,
    pending,
    sessionUnavailable,
    ip: req.ip,
    language: requestLanguageOf({ cookie: chosenLanguage, acceptLanguage: req.headers['accept-language'] }),
    chosenLanguage,
    userAgent: req.headers['user-agent']?.slice(0, 500) ?? null,
    log: req.log,
    cookies: new ReplyCookies(res, deps.config),
    cached: loadNow,
    readPolicy: new ReadPolicy(),
    req,
    res,
  };
}

/** The session cookie of a request's reply. */
class ReplyCookies implements SessionCookies {
  constructor(
    private readonly res: FastifyReply,
    private readonly config: AppDeps['config'],
  ) {}

  set(token: string, expiresAt: Date): void {
    setSessionCookie(this.res, this.config, token, expiresAt);
  }

  clear(): void {
    clearSessionCookie(this.res, this.config);
  }
}
