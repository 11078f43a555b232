// Two hooks over every route that takes a body.
//
// - The disk reserve: below DISK_RESERVE_MB of free space on DATA_DIR's disk, uploads and (on the
//   embedded database, which lives there) every other write are refused with 507 before any of
//   the body is read or anything is written; reads go on. With PostgreSQL elsewhere, only
//   uploads (which pass through DATA_DIR/tmp) use this disk.
// - A refusal answered before the body was read ends the connection (`Connection: close`):
//   otherwise Node reads and discards the rest of the body before the next request on that
//   connection, and a client that has stopped sending (or sends a huge body slowly) leaves its
//   next request hanging until the keep-alive timeout.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Language } from '@tonieshelf/shared/languages';
import type { AppDeps } from '../deps';
import { answerOf, ERROR_MESSAGES } from '../errors';
import { requestLanguage } from './context';
import { InsufficientStorageError } from '../storage/disk-space';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request announced a body that has not all arrived yet. */
function bodyUnread(req: FastifyRequest): boolean {
  if (req.raw.complete) return false;
  const length = req.headers['content-length'];
  return length !== undefined ? Number(length) > 0 : req.headers['transfer-encoding'] !== undefined;
}

export function registerEarlyRefusalClose(app: FastifyInstance): void {
  // (Hooks on every request are written with callbacks: cheaper than async ones on the hot path.)
  app.addHook('onSend', (req, reply, payload, done) => {
    if (reply.statusCode >= 400 && bodyUnread(req)) reply.header('Connection', 'close');
    done(null, payload);
  });
}

/**
 * The refusal as tRPC's client reads it (one error per procedure of a batch), so the browser app
 * shows the message: tRPC itself has no 507 (this answers before tRPC runs).
 */
function trpcRefusal(url: string, language: Language) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const paths = decodeURIComponent(pathname.slice('/trpc/'.length)).split(',');
  const { message, messageCode } = answerOf(ERROR_MESSAGES.outOfSpace, language);
  const one = (path: string) => ({ error: { message, code: -32603, data: { code: 'INSUFFICIENT_STORAGE', httpStatus: 507, path, messageCode } } });
  return searchParams.get('batch') === '1' ? paths.map(one) : one(paths[0] ?? '');
}

export function registerDiskGuard(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'disk'>): void {
  const embedded = !deps.config.databaseUrl;
  app.addHook('onRequest', (req, reply, done) => {
    if (READS.has(req.method) || (!embedded && !req.url.startsWith('/api/uploads/'))) return done();
    deps.disk.assertRoom().then(
      () => done(),
      (err: unknown) => {
        if (err instanceof InsufficientStorageError && req.url.startsWith('/trpc/')) void reply.code(507).send(trpcRefusal(req.url, requestLanguage(req)));
        else done(err instanceof Error ? err : new Error(String(err)));
      },
    );
  });
}
