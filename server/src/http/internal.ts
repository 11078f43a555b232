// Work a command-line tool hands to the running server instead of opening its embedded database
// itself (one process at a time: db/data-dir-lock.ts). The server on an embedded database writes
// DATA_DIR/server.json (its PID, where it answers, and a random token; readable by its own user
// only, like the database files); `npm run import:tonies`, finding the data directory held by the
// server, posts the parsed file here with that token, and the server imports it into the database
// it serves (clearing its read cache), so the import shows at once and nothing is opened twice.
//
//   POST /internal/catalogue/import[?dryRun=1]  body: the toniesV2.json array  -> { summary }
//        (also answered at its first address, /internal/import)
//   POST /internal/admin/role                   body: { email, role }            -> { message }  (npm run admin)
// Both commands go through runCommand: on their own database, or through the running server.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrateToLatest } from '../db/migrate';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { AppError } from '../errors';
import { assertSourceShape, ImportFormatError } from '../import/clean';
import { formatSummary, importTonies } from '../import/import-tonies';
import { MAX_SOURCE_BYTES } from '../import/source';
import { ADMIN_MESSAGES, isRole, setRoleByEmail } from '../admin/roles';
import { HTTP_MESSAGES } from './errors';

const SERVER_FILE = 'server.json';
/** What the command-line tool reads at most, plus room for JSON's re-encoding. */
const IMPORT_BODY_LIMIT = MAX_SOURCE_BYTES + 8 * 1024 * 1024;

/** Where the running server answers its own tools. */
interface ServerFile {
  pid: number;
  url: string;
  token: string;
}

export function newInternalToken(): string {
  return randomBytes(32).toString('base64url');
}

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
    req.log.info({ inserted: summary.inserted, updated: summary.updated, unchanged: summary.unchanged, skipped: summary.skippedByReason, demoRemoved: summary.demoRemoved, dryRun }, 'catalogue imported for the command line');
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

const serverFilePath = (dataDir: string) => path.join(dataDir, SERVER_FILE);

/** Written once the server listens; removed when it stops (at the latest when the process exits). */
export async function writeServerFile(dataDir: string, info: ServerFile): Promise<void> {
  const file = serverFilePath(dataDir);
  await fsp.rm(file, { force: true });
  await fsp.writeFile(file, JSON.stringify(info), { mode: 0o600, flag: 'wx' });
  process.once('exit', () => removeServerFileSync(dataDir, info.pid));
}

export function removeServerFileSync(dataDir: string, pid = process.pid): void {
  const file = serverFilePath(dataDir);
  try {
    if ((JSON.parse(fs.readFileSync(file, 'utf8')) as ServerFile).pid === pid) fs.rmSync(file, { force: true });
  } catch {
    // Gone already.
  }
}

/** The running server of this data directory, when it is the process `pid`. */
async function readServerFile(dataDir: string, pid: number): Promise<ServerFile | null> {
  try {
    const info = JSON.parse(await fsp.readFile(serverFilePath(dataDir), 'utf8')) as Partial<ServerFile>;
    return info.pid === pid && typeof info.url === 'string' && typeof info.token === 'string' ? (info as ServerFile) : null;
  } catch {
    return null;
  }
}

/** What a command does on the database it opened, or asks of the running server holding it. */
interface Command<T> {
  /** The command's name in the data directory's lock (e.g. 'admin'). */
  purpose: string;
  /** Connections it opens on PostgreSQL. */
  poolSize: number;
  /** On its own database, migrated to the latest. */
  direct: (db: Db) => Promise<T>;
  /** The internal route (path and query) and the JSON body that ask the running server for the same. */
  route: string;
  body: unknown;
  /** The result from the server's answer (its HTTP response and JSON body, {} when none); throws when it refused. */
  answer: (res: Response, body: Record<string, unknown>, server: ServerFile) => T;
}

/**
 * Runs a command on the database the server uses (DATABASE_URL, else the embedded database under
 * DATA_DIR). When the running server holds the embedded database, the command is handed to it
 * (its internal route, with the token of DATA_DIR/server.json); any other holder, or a server that
 * does not answer, refuses with the lock's error.
 */
export async function runCommand<T>(config: AppConfig, command: Command<T>): Promise<T> {
  let database: Database | undefined;
  try {
    try {
      database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, poolSize: command.poolSize } : { pgliteDir: config.pgliteDir, purpose: command.purpose });
    } catch (err) {
      if (!(err instanceof DataDirLockedError) || err.holder.purpose !== 'server') throw err;
      const server = await readServerFile(config.dataDir, err.holder.pid);
      if (!server) throw err;
      const res = await fetch(`${server.url}${command.route}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify(command.body),
      }).catch(() => null);
      if (!res) throw err;
      const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
      return command.answer(res, body, server);
    }
    await migrateToLatest(database.db);
    return await command.direct(database.db);
  } finally {
    await database?.close();
  }
}
