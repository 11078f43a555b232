// Work a command-line tool hands to the running server instead of opening its embedded database
// itself (one process at a time: db/data-dir-lock.ts). The server on an embedded database writes
// DATA_DIR/server.json (its PID, where it answers, and a random token; readable by its own user
// only, like the database files); `npm run import:tonies`, finding the data directory held by the
// server, posts the parsed file here with that token, and the server imports it into the database
// it serves (clearing its read cache), so the import shows at once and nothing is opened twice.
//
//   POST /internal/import[?dryRun=1]   body: the toniesV2.json array   -> { summary }
//   POST /internal/admin/role          body: { email, role }             -> { message }  (npm run admin)
import { randomBytes, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { assertSourceShape, ImportFormatError } from '../import/clean';
import { formatSummary, importTonies } from '../import/import-tonies';
import { isRole, setRoleByEmail } from '../admin/roles';

const SERVER_FILE = 'server.json';
/** The real catalogue is 7.5 MB; room for it to grow. */
const IMPORT_BODY_LIMIT = 64 * 1024 * 1024;

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
  app.post<{ Querystring: { dryRun?: string } }>('/internal/import', { bodyLimit: IMPORT_BODY_LIMIT }, async (req) => {
    if (!sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) throw new AppError('UNAUTHORIZED', 'This is for the server\'s own tools.');
    const dryRun = req.query.dryRun === '1';
    try {
      assertSourceShape(req.body);
    } catch (err) {
      if (err instanceof ImportFormatError) throw new AppError('BAD_REQUEST', err.message);
      throw err;
    }
    const summary = await importTonies(deps.db, req.body, { dryRun });
    if (!dryRun) deps.cache.invalidate('catalogue');
    return { summary: formatSummary(summary) };
  });

  app.post<{ Body: { email?: unknown; role?: unknown } }>('/internal/admin/role', async (req) => {
    if (!sameSecret(req.headers.authorization ?? '', `Bearer ${token}`)) throw new AppError('UNAUTHORIZED', 'This is for the server\'s own tools.');
    const { email, role } = (req.body ?? {}) as { email?: unknown; role?: unknown };
    if (typeof email !== 'string' || !isRole(role)) throw new AppError('BAD_REQUEST', 'expected { email, role: admin | moderator | user }');
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
export async function readServerFile(dataDir: string, pid: number): Promise<ServerFile | null> {
  try {
    const info = JSON.parse(await fsp.readFile(serverFilePath(dataDir), 'utf8')) as Partial<ServerFile>;
    return info.pid === pid && typeof info.url === 'string' && typeof info.token === 'string' ? (info as ServerFile) : null;
  } catch {
    return null;
  }
}
