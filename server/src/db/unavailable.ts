// Telling "the database cannot be reached right now" apart from every other failure. Such an
// error is not the request's fault and not a bug: it is answered 503 with Retry-After, and the
// next request tries again on a fresh connection (the pool drops dead ones).

/** SQLSTATEs of a server that is going away, restarting or full, or of a broken connection. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57P01', // admin_shutdown: terminated by pg_terminate_backend or a fast shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or shutting down
  '53300', // too_many_connections
]);

/** Socket errors of a server that is down or unreachable. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENOTFOUND', 'EAI_AGAIN']);

/** What `pg` says (without a code) when a connection died or could not be made in time. */
const UNAVAILABLE_MESSAGES = [/^Connection terminated/, /^timeout exceeded when trying to connect/, /is not queryable$/, /^Cannot use a pool after calling end on the pool/];

/** True when `err` (or what it wraps) says the database cannot be reached right now. */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (!err || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof e.code === 'string') {
    if (UNAVAILABLE_SQLSTATES.has(e.code) || e.code.startsWith('08') || UNAVAILABLE_ERRNOS.has(e.code)) return true;
  }
  if (typeof e.message === 'string' && UNAVAILABLE_MESSAGES.some((re) => re.test(e.message as string))) return true;
  // Node wraps the attempts on each address of a host name in an AggregateError.
  if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner, depth + 1))) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
