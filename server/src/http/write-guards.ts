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
import type { AppDeps } from '../deps';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The request announced a body that has not all arrived yet. */
function bodyUnread(req: FastifyRequest): boolean {
  if (req.raw.complete) return false;
  const length = req.headers['content-length'];
  return length !== undefined ? Number(length) > 0 : req.headers['transfer-encoding'] !== undefined;
}

export function registerEarlyRefusalClose(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode >= 400 && bodyUnread(req)) reply.header('Connection', 'close');
    return payload;
  });
}

export function registerDiskGuard(app: FastifyInstance, deps: Pick<AppDeps, 'config' | 'disk'>): void {
  const embedded = !deps.config.databaseUrl;
  app.addHook('onRequest', async (req) => {
    if (READS.has(req.method)) return;
    if (!embedded && !req.url.startsWith('/api/uploads/')) return;
    await deps.disk.assertRoom();
  });
}
