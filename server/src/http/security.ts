// Security headers on every response, 405 for methods no route answers, and the Origin /
// Sec-Fetch-Site check on every request that can change state.
import helmet from '@fastify/helmet';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { SCRIPT_SRC } from '@tonieshelf/shared/color-scheme-script';
import { message } from '@tonieshelf/shared/i18n/message-key';
import type { AppConfig } from '../config';
import { errorBody, HTTP_MESSAGES } from './errors';

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // Our own files, and index.html's one inline script (the colour scheme, before first paint) by its hash.
  scriptSrc: SCRIPT_SRC,
  // Mantine sets style attributes and injects <style> tags at run time.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // Catalogue images are remote https URLs; covers and demo art are served by the app.
  imgSrc: ["'self'", 'data:', 'https:'],
  mediaSrc: ["'self'", 'blob:'],
  connectSrc: ["'self'"],
  fontSrc: ["'self'", 'data:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

/** Browser features no page of ours uses, turned off for every page and whatever it embeds. */
const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'usb=()',
].join(', ');

/** Answers of the API (tRPC and the /api shims): JSON that may depend on who asks. */
const isApiPath = (url: string) => url.startsWith('/trpc/') || url.startsWith('/api/');

/** @fastify/helmet's options for our pages and answers. */
export function helmetOptions(config: AppConfig) {
  return {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        ...CONTENT_SECURITY_POLICY,
        ...(config.publicOrigin?.startsWith('https:') ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // Same-origin by default; the cover art of the catalogue is loaded cross-origin.
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: config.publicOrigin?.startsWith('https:') ? { maxAge: 15552000 } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
}

/**
 * The headers @fastify/helmet sets with these options, worked out once. The plugin builds
 * helmet's middleware anew on every request (it parses the whole policy each time, a measurable
 * share of a cheap request's CPU); the headers depend on the configuration only, so they are
 * taken from one request to a throwaway instance with the plugin and then set as they are.
 */
async function securityHeaders(config: AppConfig): Promise<[string, string][]> {
  const probe = Fastify({ logger: false });
  await probe.register(helmet, helmetOptions(config));
  probe.get('/', async (_req, reply) => reply.raw.getHeaders());
  try {
    const res = await probe.inject({ method: 'GET', url: '/' });
    const headers = res.json<Record<string, unknown>>();
    return Object.entries(headers).map(([name, value]) => [name, String(value)]);
  } finally {
    await probe.close();
  }
}

export async function registerSecurityHeaders(app: FastifyInstance, config: AppConfig) {
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.header('Permissions-Policy', PERMISSIONS_POLICY);
    // API answers may carry a user's own data (their account, likes, drafts, sessions): no
    // browser or proxy cache keeps them, unless a route chose a policy of its own.
    if (isApiPath(req.url) && !reply.hasHeader('Cache-Control')) reply.header('Cache-Control', 'no-store');
    done(null, payload);
  });

  // Set where and when helmet sets them: on the raw response, as the request arrives.
  const headers = await securityHeaders(config);
  app.addHook('onRequest', (_req, reply, done) => {
    const raw = reply.raw;
    for (let i = 0; i < headers.length; i++) raw.setHeader(headers[i]![0], headers[i]![1]);
    done();
  });
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Every method a route of the site answers. */
const SITE_METHODS = [...SAFE_METHODS, 'POST', 'PUT', 'PATCH', 'DELETE'];
const SITE_METHOD_SET = new Set(SITE_METHODS);

/**
 * Any other method (TRACE, CONNECT, PROPFIND…) answers 405 before routing: tRPC's fetch adapter
 * cannot even build a request of TRACE or CONNECT and would answer 500.
 */
export function registerMethodGuard(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    if (SITE_METHOD_SET.has(req.method)) return done();
    void reply
      .code(405)
      .header('Allow', SITE_METHODS.join(', '))
      .send(errorBody(405, 'METHOD_NOT_ALLOWED', message(HTTP_MESSAGES.methodNotAllowed, { method: req.method })));
  });
}

/**
 * Procedures take JSON only: tRPC's adapter also reads form data (which no page of ours sends)
 * and fails on what it cannot parse, so any other body answers 415 before it gets there.
 */
export function registerJsonOnlyProcedures(app: FastifyInstance) {
  app.addHook('onRequest', (req, reply, done) => {
    const type = req.headers['content-type'];
    if (!type || !req.url.startsWith('/trpc/') || /^application\/json\s*(;|$)/i.test(type)) return done();
    void reply.code(415).send(errorBody(415, 'UNSUPPORTED_MEDIA_TYPE', HTTP_MESSAGES.unsupportedType));
  });
}

/** The origin this request should come from: PUBLIC_ORIGIN, else the request's own host. */
function expectedOrigin(req: FastifyRequest, config: AppConfig): string | null {
  if (config.publicOrigin) return config.publicOrigin;
  const host = req.headers.host;
  return host ? `${req.protocol}://${host}` : null;
}

/**
 * A state-changing request must come from our own pages: its Origin must be ours, or (when a
 * browser sends no Origin) Sec-Fetch-Site must say same-origin. Anything else answers 403.
 */
export function registerOriginCheck(app: FastifyInstance, config: AppConfig) {
  // (A callback hook: cheaper than an async one on every request; an answer here ends the request.)
  app.addHook('onRequest', (req, reply, done) => {
    if (SAFE_METHODS.has(req.method)) return done();
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const ok = origin ? origin === expectedOrigin(req, config) : site === 'same-origin';
    if (ok) return done();
    void reply.code(403).send(errorBody(403, 'FORBIDDEN', HTTP_MESSAGES.foreignOrigin));
  });
}
