// HTTP caching that any reverse proxy or CDN can use (docs/proxy/): which answers are public,
// their Cache-Control, body-derived ETags with 304 answers (@fastify/etag), and compression of
// dynamic answers (@fastify/compress). The ONE table of policies is CACHE_POLICIES below: every
// query procedure of the tRPC router and every GET /api route is in it (a test checks), so a new
// one is classified deliberately.
//
// Policies:
//   shared     the answer is the same for every viewer (the catalogue, tags, the imprint)
//   anonymous  public for a visitor without a session; for a signed-in viewer it carries their
//              own state (their likes, their drafts), so it is theirs
//   private    always the viewer's own (account, shelves, moderation) or revocable (share links)
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
import { takeTrpcAnswer } from './trpc-get';

type CachePolicy = 'shared' | 'anonymous' | 'private';

/** How long shared caches keep a public answer fresh, and serve it stale while they revalidate. */
const SHARED_MAX_AGE_SECONDS = 30;
const STALE_WHILE_REVALIDATE_SECONDS = 60;

const PUBLIC_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_MAX_AGE_SECONDS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_SECONDS}`;
const VIEWER_CACHE_CONTROL = 'private, no-cache';
export const NO_STORE = 'no-store';

/**
 * tRPC query procedures (by path) and GET /api routes (by their route pattern) -> policy.
 * Mutations are never cached and are not listed.
 */
export const CACHE_POLICIES = {
  trpc: {
    // The catalogue: the same for everyone (tonie.list within a shelf needs a session, so its
    // answer is the viewer's or a no-store error).
    'tonie.list': 'shared',
    'tonie.byId': 'shared',
    'tonie.quickSearch': 'shared',
    'tonie.categories': 'shared',
    'tonie.languages': 'shared',
    'tonie.series': 'shared',
    'review.list': 'shared',
    'review.summary': 'shared',
    'tag.list': 'shared',
    'tag.groups': 'shared',
    'tag.audioTags': 'shared',
    'site.info': 'shared',
    // Discover, files, sets and profiles: the viewer's likes, drafts and own files when signed in.
    'audio.list': 'anonymous',
    'audio.byId': 'anonymous',
    'audio.waveform': 'anonymous',
    'audio.byUser': 'anonymous',
    'set.list': 'anonymous',
    'set.byId': 'anonymous',
    'profile.audio': 'anonymous',
    'profile.sets': 'anonymous',
    // The viewer's own, or shared by a link or a setting its owner may withdraw at any time.
    'review.myVotes': 'private',
    'review.mine': 'private',
    'audio.mine': 'private',
    'audio.liked': 'private',
    'set.mine': 'private',
    'shelf.states': 'private',
    'shelf.summary': 'private',
    'shelf.sharing': 'private',
    'shelf.shared': 'private',
    'profile.shelf': 'private',
    // A profile shows its public shelves and reviews while its owner's settings say so.
    'profile.byUsername': 'private',
    'profile.reviews': 'private',
    'profile.settings': 'private',
    'auth.me': 'private',
    'auth.factors': 'private',
    'auth.recoveryCodeCount': 'private',
    'auth.sessions': 'private',
    'account.emailStatus': 'private',
    'account.exportData': 'private',
    'moderation.queue': 'private',
    'moderation.waitingTags': 'private',
    'moderation.log': 'private',
    'moderation.staff': 'private',
    'moderation.findUsers': 'private',
    'moderation.decision': 'private',
    'moderation.myDecisions': 'private',
  },
  api: {
    '/api/tags': 'shared',
    '/api/tags/groups': 'shared',
    '/api/tonies': 'shared',
    '/api/tonies/search': 'shared',
    '/api/tonies/categories': 'shared',
    '/api/tonies/languages': 'shared',
    '/api/series/:name': 'shared',
    '/api/tonies/category/:category': 'shared',
    '/api/tonies/:id': 'shared',
    '/api/tonies/:id/ratings': 'shared',
    '/api/tonies/:id/ratings/summary': 'shared',
    '/api/site': 'shared',
    '/api/audio-tags': 'shared',
    '/api/audio-files': 'anonymous',
    '/api/audio-files/:id': 'anonymous',
    '/api/audio-files/:id/waveform': 'anonymous',
    '/api/audio-files/user/:userId': 'anonymous',
    '/api/sets': 'anonymous',
    '/api/sets/:id': 'anonymous',
    '/api/users/:username/audio': 'anonymous',
    '/api/users/:username/sets': 'anonymous',
    '/api/tonies/:id/ratings/votes': 'private',
    '/api/tonies/:id/ratings/mine': 'private',
    '/api/audio-files/liked/:userId': 'private',
    '/api/sets/mine': 'private',
    '/api/shelves/states': 'private',
    '/api/shelves/summary': 'private',
    '/api/shelves/sharing': 'private',
    '/api/shared-shelves/:token': 'private',
    '/api/users/:username/shelves/:shelf': 'private',
    '/api/users/:username': 'private',
    '/api/users/:username/reviews': 'private',
    '/api/profile/settings': 'private',
    '/api/auth/me': 'private',
    '/api/auth/factors': 'private',
    '/api/auth/recovery-codes': 'private',
    '/api/auth/sessions': 'private',
    '/api/account/email': 'private',
    '/api/account/export': 'private',
    // Routes of their own (downloads, exports): they set `private, no-store` themselves.
    '/api/shelves/:shelf/export.:format': 'private',
    '/api/sets/:id/download': 'private',
  },
} as const satisfies { trpc: Record<string, CachePolicy>; api: Record<string, CachePolicy> };

function lookup(table: Record<string, CachePolicy>, key: string): CachePolicy {
  return Object.hasOwn(table, key) ? table[key]! : 'private';
}

/** The policy of a tRPC query procedure; an unknown one is private. */
const trpcPolicy = (path: string): CachePolicy => lookup(CACHE_POLICIES.trpc, path);
/** The policy of a GET /api route pattern (e.g. '/api/tonies/:id'); an unknown one is private. */
export const apiPolicy = (route: string): CachePolicy => lookup(CACHE_POLICIES.api, route);

/** Whether the request carries a session cookie (valid or not): then nothing it gets is public. */
export function hasSessionCookie(req: FastifyRequest, config: AppConfig): boolean {
  const name = sessionCookieName(config);
  if (req.cookies?.[name] !== undefined) return true;
  const header = req.headers.cookie;
  return header !== undefined && header.split(';').some((part) => part.trimStart().startsWith(`${name}=`));
}

/** Cache-Control of a successful read of `policy` for this request. */
function cacheControlFor(policy: CachePolicy, sessionCookie: boolean): string {
  if (policy === 'private') return NO_STORE;
  return sessionCookie ? VIEWER_CACHE_CONTROL : PUBLIC_CACHE_CONTROL;
}

/** Sets Cache-Control (and Vary: Cookie on public answers, Accept-Encoding on cacheable ones) of a successful read. */
export function setReadCaching(reply: FastifyReply, policy: CachePolicy, sessionCookie: boolean): void {
  const value = cacheControlFor(policy, sessionCookie);
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
export function trpcCacheHeaders(opts: {
  type: string;
  paths: readonly string[] | undefined;
  errors: readonly unknown[];
  req: FastifyRequest | undefined;
  config: AppConfig | undefined;
}): Record<string, string | string[]> {
  const { type, paths, errors, req, config } = opts;
  if (type !== 'query' || errors.length > 0 || !paths?.length || !req || !config || req.method !== 'GET') return { 'Cache-Control': NO_STORE };
  const policies = paths.map(trpcPolicy);
  const policy: CachePolicy = policies.includes('private') ? 'private' : policies.includes('anonymous') ? 'anonymous' : 'shared';
  const value = cacheControlFor(policy, hasSessionCookie(req, config));
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
 * gets its ETag (the body is JSON of a few KB at most). A GET query answered by http/trpc-get.ts
 * comes as its status, headers and body, and is set on the reply the same way.
 */
export async function registerHttpCaching(app: FastifyInstance): Promise<void> {
  // (Hooks on every request are written with callbacks: cheaper than async ones on the hot path.)
  app.addHook('onSend', (req, reply, payload, done) => {
    // A GET query answered without the adapter (http/trpc-get.ts): the same steps, no Response.
    const answer = payload === undefined ? takeTrpcAnswer(req) : undefined;
    if (answer) {
      reply.code(answer.status);
      for (const [key, value] of answer.headers) reply.header(key, value);
      done(null, answer.body);
      return;
    }
    if (!(payload instanceof Response) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      done(null, payload);
      return;
    }
    reply.code(payload.status);
    for (const [key, value] of payload.headers) reply.header(key, value);
    if (!payload.body) done(null, '');
    else payload.text().then((text) => done(null, text), (err: unknown) => done(err instanceof Error ? err : new Error(String(err))));
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
