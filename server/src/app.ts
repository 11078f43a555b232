// buildApp(config, db): the whole HTTP application, without listening (tests use app.inject).
import cookie from '@fastify/cookie';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import Fastify, { LogController, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { AppConfig } from './config';
import { LogSmsTransport, type SmsTransport } from './auth/sms';
import { ReadCache } from './cache';
import { startCacheCoherence, type CacheCoherence } from './cache-coherence';
import { readiness } from './http/readiness';
import { registerHttpCaching, trpcCacheHeaders } from './http/caching';
import type { DB } from './db/types';
import type { AppDeps, PublicReads } from './deps';
import { AppError, UNAVAILABLE_RETRY_AFTER_SECONDS } from './errors';
import { apiRoutes } from './http/api';
import { createHttpContext, requestLanguage } from './http/context';
import { demoCoverRoutes } from './http/demo-covers';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { errorBody, HTTP_MESSAGES, registerLocalizedErrorBodies, toHttpError } from './http/errors';
import { feedRoutes } from './http/feeds';
import { fileRoutes } from './http/files';
import { internalRoutes } from './http/internal';
import { setDownloadRoutes } from './http/set-download';
import { shelfExportRoutes } from './http/shelf-export';
import { uploadRoutes } from './http/uploads';
import { registerDiskGuard, registerEarlyRefusalClose } from './http/write-guards';
import { createMailer, type Mailer } from './mail/mailer';
import { DiskSpace } from './storage/disk-space';
import { startJobs } from './jobs/index';
import { CatalogueSearch } from './search/catalogue-search';
import { createStorage } from './storage/index';
import type { Storage } from './storage/storage';
import { capConnectionsPerAddress, clientGone, registerBodyDeadline, requestBoundsOptions } from './http/request-bounds';
import { registerJsonOnlyProcedures, registerMethodGuard, registerOriginCheck, registerSecurityHeaders } from './http/security';
import { isServerPath, registerStaticClient } from './http/static-client';
import { appPage } from './http/app-page';
import { appRouter, type AppRouter } from './trpc/router';

const TRPC_MAX_BATCH_SIZE = 10;

/**
 * Fastify's trustProxy for TRUST_PROXY. A hop count believes the n nearest entries of
 * X-Forwarded-For (Fastify itself refuses a bare number), so the app must then be reachable only
 * through its proxies; a list of the proxies' addresses believes only what they add.
 */
function trustProxyOption(trust: AppConfig['trustProxy']): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof trust === 'number') return (_address, hop) => hop < trust;
  return trust;
}

interface BuildAppOptions {
  config: AppConfig;
  db: Kysely<DB>;
  /** Where phone codes go; by default the server log. */
  sms?: SmsTransport;
  /** Where emails go; by default as configured (SMTP_URL, else DATA_DIR/mail). One passed in is the caller's to close. */
  mailer?: Mailer;
  /** Where uploads go; by default as configured (DATA_DIR/uploads on local disk, or S3). */
  storage?: Storage;
  /** When set, the server's own tools may post work to /internal/* with this token (http/internal.ts). */
  internalToken?: string;
  /** Streaming replicas the cached public reads use (db/read-routing.ts). */
  replicas?: PublicReads;
  /** The catalogue's search index; by default one of the app's own when SEARCH_INDEX is on (tests pass theirs to watch it). */
  searchIndex?: CatalogueSearch;
}

export async function buildApp({ config, db, sms, mailer, storage, internalToken, replicas, searchIndex }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    // One log line per request (below) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    routerOptions: { maxParamLength: 5000 },
    bodyLimit: 1024 * 1024,
    // A connection that is silent this long mid-request (a body that stops arriving on any route)
    // is closed; uploads answer 408 themselves a little earlier (UPLOAD_IDLE_TIMEOUT_SECONDS).
    connectionTimeout: config.uploadLimits.idleTimeoutMs + 5000,
    // Off unless TRUST_PROXY names the proxy: otherwise anyone could pick their own address
    // with X-Forwarded-For (and so slip past the per-address throttles).
    trustProxy: trustProxyOption(config.trustProxy),
    ...requestBoundsOptions(config.requestLimits),
  });
  registerBodyDeadline(app, config.requestLimits);
  capConnectionsPerAddress(app.server, config.trustProxy === false ? config.requestLimits.connectionsPerAddress : 0);
  const deps: AppDeps = {
    config,
    db,
    sms: sms ?? new LogSmsTransport((message) => app.log.info(message)),
    mailer: mailer ?? createMailer(config, app.log),
    cache: new ReadCache(config.cacheTtlMs),
    storage: storage ?? (await createStorage(config)),
    disk: new DiskSpace(config.dataDir, config.diskReserveBytes),
    log: app.log,
    ...(replicas ? { reads: replicas } : {}),
  };
  // What a write changed is read from the primary until a replica has it (db/read-routing.ts).
  if (replicas) deps.cache.onInvalidate((tags) => tags.forEach((tag) => replicas.changed(tag)));
  // The search index follows every catalogue change, this instance's and those heard from others.
  const search = searchIndex ?? (config.searchIndex ? new CatalogueSearch(db, app.log) : null);
  if (search) {
    deps.search = search;
    deps.cache.onInvalidate((tags) => {
      if (tags.includes('catalogue')) search.changed();
    });
    app.addHook('onReady', async () => search.start());
    app.addHook('onClose', async () => search.stop());
  }

  // (A callback hook: cheaper than an async one on every request.)
  app.addHook('onResponse', (req, reply, done) => {
    req.log.info({ method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request');
    done();
  });

  await registerSecurityHeaders(app, config);
  registerMethodGuard(app);
  registerOriginCheck(app, config);
  registerJsonOnlyProcedures(app);
  registerEarlyRefusalClose(app);
  registerDiskGuard(app, deps);
  await app.register(cookie);
  // ETags, 304s and compression of dynamic answers: before any route (http/caching.ts).
  await registerHttpCaching(app);

  // The one error path: procedures, shims and upload routes throw; this answers (in the request's language).
  app.setErrorHandler((err, req, reply) => {
    const { status, body, retryAfter } = toHttpError(err, requestLanguage(req));
    // A client that closed its connection mid-request is no failure of ours: a debug line, no stack.
    if (clientGone(req)) req.log.debug({ code: (err as { code?: string }).code }, 'client went away');
    else if (status >= 500) req.log.error({ err }, 'request failed');
    if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
    return reply.code(status).send(body);
  });
  registerLocalizedErrorBodies(app);

  await app.register(fastifyTRPCPlugin<AppRouter>, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: ({ req, res }) => createHttpContext(deps, req, res),
      maxBatchSize: TRPC_MAX_BATCH_SIZE,
      onError({ error, path, req }) {
        if (error.code === 'INTERNAL_SERVER_ERROR') req.log.error({ err: error.cause ?? error, path }, 'procedure failed');
        else if (error.code === 'SERVICE_UNAVAILABLE') req.log.warn({ path, reason: error.cause instanceof Error ? error.cause.message : undefined }, 'database unavailable');
      },
      // Cache-Control by the policies the calls declare (http/caching.ts): a GET batch is public
      // only when all its calls are. A 503 (database unavailable) or 429 says when to try again,
      // as the REST answers do.
      responseMeta({ ctx, type, errors }) {
        const headers = trpcCacheHeaders({ type, errors, ctx });
        const retryAfter = Math.max(0, ...errors.map((e) => (e instanceof AppError ? (e.retryAfter ?? 0) : 0)));
        return { headers: retryAfter > 0 ? { ...headers, 'Retry-After': String(retryAfter) } : headers };
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await app.register(async (scope) => apiRoutes(scope, deps));
  await app.register(demoCoverRoutes);
  // Multipart uploads (the multipart parser is registered inside this scope only) and stored files.
  await app.register(async (scope) => uploadRoutes(scope, deps));
  await app.register(async (scope) => fileRoutes(scope, deps));
  await app.register(async (scope) => setDownloadRoutes(scope, deps));
  await app.register(async (scope) => shelfExportRoutes(scope, deps));
  await app.register(async (scope) => feedRoutes(scope, deps));
  if (internalToken) await app.register(async (scope) => internalRoutes(scope, deps, internalToken));

  // Liveness: the process answers (a restart would not help while only the database is down).
  app.get('/healthz', async () => ({ status: 'ok' }));
  // Readiness: the database and the file storage answer, so requests can be served.
  app.get('/readyz', async (_req, reply) => {
    const checks = await readiness(deps);
    const ready = checks.database === 'ok' && checks.storage === 'ok';
    if (!ready) reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
    // The search index does not decide readiness: until it is built, SQL answers searches.
    const search = deps.search ? (deps.search.ready ? 'ready' : 'building') : 'off';
    return reply.code(ready ? 200 : 503).send({ status: ready ? 'ok' : 'unavailable', ...checks, search });
  });

  // Every timer the app runs (cleanups) starts when the app is ready and stops when it closes.
  let jobs: ReturnType<typeof startJobs> | null = null;
  app.addHook('onReady', async () => {
    jobs = startJobs(deps);
    await jobs.ranOnce;
  });
  app.addHook('onClose', async () => jobs?.stop());
  // Writes on other instances reach this instance's read cache (cache-coherence.ts).
  let coherence: CacheCoherence | null = null;
  app.addHook('onReady', async () => {
    coherence = await startCacheCoherence(deps);
  });
  app.addHook('onClose', async () => coherence?.stop());
  if (!mailer) app.addHook('onClose', async () => deps.mailer.close());

  // The app's page: the head of its address in the request's language (link previews), and a shared
  // Tonie's name and picture in it. Should the database not answer, the site's own head (the app
  // then says what failed).
  const sendAppPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const page = await appPage(deps, config.clientDist, req.url, requestLanguage(req), (err) => req.log.warn({ err }, 'page head or tonie preview left out'));
    return reply.header('Cache-Control', 'no-cache').header('Vary', 'Accept-Language, Cookie').type('text/html; charset=utf-8').send(page);
  };
  const servesClient = await registerStaticClient(app, config.clientDist, sendAppPage);

  app.setNotFoundHandler(async (req, reply) => {
    const wantsPage = (req.method === 'GET' || req.method === 'HEAD') && !isServerPath(req.url);
    if (wantsPage && servesClient) return sendAppPage(req, reply);
    return reply.code(404).send(errorBody(404, 'NOT_FOUND', message(HTTP_MESSAGES.noEndpoint, { method: req.method, path: req.url.split('?')[0] ?? '' })));
  });

  return app;
}
