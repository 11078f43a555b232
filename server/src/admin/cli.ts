// `npm run admin -- grant <email> <admin|moderator|user>` and `npm run admin -- revoke <email>`
// (= role user): gives an account a role in the database the server uses (DATABASE_URL, else the
// embedded database under DATA_DIR). Prints one line of what it did and exits 0; on bad
// arguments, an unknown email or an unreachable database prints one error line and exits 1.
// Safe while the server runs: on the embedded database held by the running server, the command
// hands the change to it (POST /internal/admin/role with the token of DATA_DIR/server.json).
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { migrateToLatest } from '../db/migrate';
import type { Role } from '../db/types';
import { AppError } from '../errors';
import { readServerFile } from '../http/internal';
import { isRole, setRoleByEmail } from './roles';

const USAGE = 'usage: npm run admin -- grant <email> <admin|moderator|user>\n       npm run admin -- revoke <email>';

class UsageError extends Error {}

function parse(argv: string[]): { email: string; role: Role } {
  const [command, email, role, ...rest] = argv;
  if (command === 'grant') {
    if (!email || !role || rest.length) throw new UsageError('grant takes an email and a role');
    if (!isRole(role)) throw new UsageError(`unknown role "${role}" (admin, moderator or user)`);
    return { email, role };
  }
  if (command === 'revoke') {
    if (!email || role !== undefined) throw new UsageError('revoke takes one email');
    return { email, role: 'user' };
  }
  throw new UsageError(command ? `unknown command "${command}"` : 'expected a command');
}

async function main(argv: string[]): Promise<number> {
  if (argv.includes('--help') || argv.includes('-h')) {
    console.log(USAGE);
    return 0;
  }
  const { email, role } = parse(argv);
  const config = loadConfig();
  let database: Database | undefined;
  try {
    try {
      database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, poolSize: 1 } : { pgliteDir: config.pgliteDir, purpose: 'admin' });
    } catch (err) {
      // The embedded database is the running server's: hand the change to it (else refuse).
      if (!(err instanceof DataDirLockedError) || err.holder.purpose !== 'server') throw err;
      const server = await readServerFile(config.dataDir, err.holder.pid);
      if (!server) throw err;
      const res = await fetch(`${server.url}/internal/admin/role`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify({ email, role }),
      }).catch(() => null);
      if (!res) throw err;
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      if (!res.ok || typeof body.message !== 'string') throw new Error(body.message ?? `the running server (PID ${server.pid}) answered HTTP ${res.status}`);
      console.log(body.message);
      return 0;
    }
    await migrateToLatest(database.db);
    console.log(await setRoleByEmail(database.db, email, role));
    return 0;
  } finally {
    await database?.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`admin: ${err.message}\n${USAGE}`);
    } else {
      const message = err instanceof AppError || err instanceof ConfigError ? err.message : err instanceof Error ? err.message.split('\n')[0] : String(err);
      console.error(`admin: error: ${message}`);
    }
    process.exitCode = 1;
  },
);
