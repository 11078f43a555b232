// The command-line tools' way to the database (`npm run admin`, `npm run import:tonies`): a
// command runs on the database the server uses, or, when the running server holds the embedded
// database (one process at a time: db/data-dir-lock.ts), is handed to that server. The server on
// an embedded database writes DATA_DIR/server.json (its PID, where it answers, and a random token;
// readable by its own user only, like the database files); a tool finding the data directory held
// by the server posts its work to the server's internal route (http/internal.ts) with that token.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from './config';
import { openDatabase, type Database } from './db/database';
import { DataDirLockedError } from './db/data-dir-lock';
import { migrateToLatest } from './db/migrate';
import type { Db } from './db/types';

const SERVER_FILE = 'server.json';

/** Where the running server answers its own tools. */
interface ServerFile {
  pid: number;
  url: string;
  token: string;
}

export function newInternalToken(): string {
  return randomBytes(32).toString('base64url');
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
