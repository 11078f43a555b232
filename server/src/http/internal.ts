// Work a command-line tool hands to the running server instead of opening its embedded database
// itself (command-runner.ts): the server, holding the database, does it and clears its read
// cache, so the change shows at once and nothing is opened twice.
//
//   POST /internal/catalogue/import[?dryRun=1]  body: the toniesV2.json array  -> { summary }
//        (also answered at its first address, /internal/import)
//   POST /internal/admin/role                   body: { email, role }            -> { message }  (npm run admin)
// Only with the token of DATA_DIR/server.json.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { assertSourceShape, ImportFormatError } from '../catalogue/clean';
import type { AppDeps } from '../deps';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { AppError } from '../errors';
import { formatSummary, importTonies } from '../import/import-tonies';
import { MAX_SOURCE_BYTES } from '../import/source';
import { ADMIN_MESSAGES, isRole, setRoleByEmail } from '../moderation/service';
import { HTTP_MESSAGES } from './errors';

/** What the command-line tool reads at most, plus room for JSON's re-encoding. */
const IMPORT_BODY_LIMIT = MAX_SOURCE_BYTES + 8 * 1024 * 1024;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function internalRoutes(app: FastifyInstance, deps: Pick<AppDeps, 'db' | 'cache'>, token: string) {
  const importCatalogue = async (req: FastifyRequest<{ Querystring: { dryRun?: string } }>) => {
    if (!sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) throw new AppError('UNAUTHORIZED', HTTP_MESSAGES.toolsOnly);
    const dryRun = req.query.dryRun === '1';
    try {
      assertSourceShape(req.body);
    } catch (err) {
      if (err instanceof ImportFormatError) throw new AppError('BAD_REQUEST', message(HTTP_MESSAGES.importFormat, { detail: err.message }));
      throw err;
    }
    const summary = await importTonies(deps.db, req.body, { dryRun });
    if (!dryRun) deps.cache.invalidate('catalogue');
    req.log.info(
      { inserted: summary.inserted, updated: summary.updated, unchanged: summary.unchanged, skipped: summary.skippedByReason, demoRemoved: summary.demoRemoved, dryRun },
      'catalogue imported for the command line',
    );
    return { summary: formatSummary(summary) };
  };
  app.post<{ Querystring: { dryRun?: string } }>('/internal/catalogue/import', { bodyLimit: IMPORT_BODY_LIMIT }, importCatalogue);
  app.post<{ Querystring: { dryRun?: string } }>('/internal/import', { bodyLimit: IMPORT_BODY_LIMIT }, importCatalogue);

  app.post<{ Body: { email?: unknown; role?: unknown } }>('/internal/admin/role', async (req) => {
    if (!sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) throw new AppError('UNAUTHORIZED', HTTP_MESSAGES.toolsOnly);
    const { email, role } = (req.body ?? {}) as { email?: unknown; role?: unknown };
    if (typeof email !== 'string' || !isRole(role)) throw new AppError('BAD_REQUEST', ADMIN_MESSAGES.roleExpected);
    return { message: await setRoleByEmail(deps.db, email, role) };
  });
}
