// HTTP caching that any reverse proxy or CDN can use (docs/proxy/): which answers are public,
// their Cache-Control, body-derived ETags with 304 answers (@fastify/etag), and compression of
// dynamic answers (@fastify/compress). Every query procedure declares its policy on itself
// (`.meta({ cache })`, trpc/cache-policy.ts: shared, anonymous or private); the procedures a
// request ran record theirs on its context, and this module answers by the most private of them,
// for a tRPC answer (a batch too) and for the /api shim that called the procedure alike.
//
// Headers of a successful GET:
//   shared|anonymous, no session cookie  public, max-age=0, s-maxage=30, stale-while-revalidate=60
//                                        + Vary: Cookie (a browser that signs in fetches anew)
//                                        (browsers honour stale-while-revalidate too: a visitor
//                                        without a session may be shown an answer up to 60 s old
//                                        once while it is fetched anew; visitors cannot write)
//   shared|anonymous, session cookie     private, no-cache (the browser revalidates every time, so a
//                                        signed-in user sees their own write at once; a 304 is cheap)
//   Both also say Vary: Accept-Encoding, compressed or not (and so do their 304s): a cache must
//   never hand one encoding to a client that asked for another.
//   private                              no-store (kept nowhere; `private` would add nothing)
// Mutations and every error answer: no-store. Every string/buffer answer carries a weak ETag of
// its body (the same on every instance), and If-None-Match of it answers 304.
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import crypto from 'node:crypto';
import { constants as zlibConstants } from 'node:zlib';
import { sessionCookieName } from '../auth/session';
import type { AppConfig } from '../config';
import type { CachePolicy } from '../trpc/cache-policy';
import type { Context } from '../trpc/context';

/** How long shared caches keep a public answer fresh, and serve it stale while they revalidate. */
const SHARED_MAX_AGE_SECONDS = 30;
const STALE_WHILE_REVALIDATE_SECONDS = 60;

const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
const VIEWER_CACHE_CONTROL = 'private, no-cache';
export const NO_STORE = 'no-store';

/** The policy of what the request read: the most private of its queries'; private when none ran. */
const policyOf = (ctx: Context): CachePolicy => ctx.readPolicy.policy ?? 'private';

/** Whether the request carries a session cookie (valid or not): then nothing it gets is public. */
export function hasSessionCookie(req: FastifyRequest, config: AppConfig): boolean {
  const name = sessionCookieName(config);
  if (req.cookies?.[name] !== undefined) return true;
  const header = req.headers.cookie;
  return header?.split(';').some((part) => part.trimStart().startsWith(`${name}=`)) === true;
}

/** Cache-Control of a successful read of `policy` for this request. */
function cacheControlFor(policy: CachePolicy, sessionCookie: boolean): string {
  if (policy === 'private') return NO_STORE;
  return sessionCookie ? VIEWER_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
}

/**
 * Cache-Control of a /api shim's successful answer: a read by the policy of the procedures it
 * called (and Vary: Cookie on public answers, Accept-Encoding on cacheable ones), a write no-store.
 */
export function setShimCaching(reply: FastifyReply, req: FastifyRequest, ctx: Context): void {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    reply.header('Cache-Control', NO_STORE);
    return;
  }
  const value = cacheControlFor(policyOf(ctx), hasSessionCookie(req, ctx.config));
  reply.header('Cache-Control', value);
  if (value === PUBLIC_CACHE_CONTROL) appendVary(reply, 'cookie');
  if (value !== NO_STORE) appendVary(reply, 'accept-encoding');
}

function appendVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader('vary');
  if (current === undefined || current === '') {
    reply.header('Vary', name);
    return;
  }
  const list = (Array.isArray(current) ? current.join(',') : String(current))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (!list.some((v) => v === '*' || v.toLowerCase() === name)) reply.header('Vary', [...list, name].join(', '));
}

/**
 * Headers of a tRPC answer (its responseMeta): a GET batch is public only when every call in it
 * is a successful read of a public procedure and the request carries no session cookie.
 */
export function trpcCacheHeaders(opts: { type: string; errors: readonly unknown[]; ctx: Context | undefined }): Record<string, string | string[]> {
  const { type, errors, ctx } = opts;
  const req = ctx?.req;
  if (type !== 'query' || errors.length > 0 || !ctx || !req || req.method !== 'GET') return { 'Cache-Control': NO_STORE };
  const value = cacheControlFor(policyOf(ctx), hasSessionCookie(req, ctx.config));
  // Vary as a list: tRPC appends a list to its own 'Vary: trpc-accept, accept' (a string would
  // replace it, and a cache could then give a streamed answer to a plain JSON client).
  if (value === PUBLIC_CACHE_CONTROL) return { 'Cache-Control': value, Vary: ['Cookie', 'Accept-Encoding'] };
  return value === NO_STORE ? { 'Cache-Control': value } : { 'Cache-Control': value, Vary: ['Accept-Encoding'] };
}

/** Types worth compressing on the fly: text, JSON, XML (feeds), JavaScript, SVG. Never audio, media, ZIP or octet-stream. */
const COMPRESSIBLE = /^(?:text\/(?!event-stream)|application\/(?:[\w.+-]+\+)?(?:json|xml)(?:;|$)|application\/javascript|image\/svg\+xml)/;

/** Answers smaller than this go out as they are (compression gains little and costs a round of CPU). */
const COMPRESS_THRESHOLD_BYTES = 1024;

/**
 * The ETag's hash of a body: the plugin's own (SHA-1, base64), in one call where Node has
 * crypto.hash (20.12 and later), which skips the Hash object of createHash on every answer.
 */
const sha1Base64: (payload: string | Buffer) => string =
  typeof crypto.hash === 'function' ? (payload) => crypto.hash('sha1', payload, 'base64') : (payload) => crypto.createHash('sha1').update(payload).digest('base64');

/**
 * Registers (before any route) ETags with 304 answers and compression of dynamic answers.
 * tRPC's fastify adapter answers with a fetch Response; a GET's is read into a string here so it
 * gets its ETag (the body is JSON of a few KB at most).
 */
export async function registerHttpCaching(app: FastifyInstance): Promise<void> {
  // (Hooks on every request are written with callbacks: cheaper than async ones on the hot path.)
  app.addHook('onSend', (req, reply, payload, done) => {
    if (!(payload instanceof Response) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      done(null, payload);
      return;
    }
    reply.code(payload.status);
    for (const [key, value] of payload.headers) reply.header(key, value);
    if (!payload.body) done(null, '');
    else
      payload.text().then(
        (text) => done(null, text),
        (err: unknown) => done(err instanceof Error ? err : new Error(String(err))),
      );
  });
  // Weak: the same ETag names the identity and the compressed forms of one body.
  await app.register(etag, { weak: true, hashFn: sha1Base64 });
  // Every error answer is no-store (a route may have set a public policy before it failed).
  app.addHook('onSend', (_req, reply, payload, done) => {
    if (reply.statusCode >= 400) reply.header('Cache-Control', NO_STORE);
    done(null, payload);
  });
  await app.register(compress, {
    global: true,
    // Answers only: request bodies are read as they come (uploads, JSON), as before.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESS_THRESHOLD_BYTES,
    customTypes: COMPRESSIBLE,
    // Cheap settings: two cores serve every answer (built assets are compressed at build time).
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 5 },
  });
}
