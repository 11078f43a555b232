// `npm run admin -- grant <email> <admin|moderator|user>` and `npm run admin -- revoke <email>`
// (= role user): gives an account a role in the database the server uses (DATABASE_URL, else the
// embedded database under DATA_DIR). Prints one line of what it did and exits 0; on bad
// arguments, an unknown email or an unreachable database prints one error line and exits 1.
// Safe while the server runs: on the embedded database held by the running server, the command
// hands the change to it (POST /internal/admin/role with the token of DATA_DIR/server.json).
import { runCommand } from '../command-runner';
import { ConfigError, loadConfig } from '../config';
import type { Role } from '../db/types';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import { AppError } from '../errors';
import { isRole, setRoleByEmail } from '../moderation/service';

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
  const message = await runCommand(loadConfig(), {
    purpose: 'admin',
    poolSize: 1,
    direct: (db) => setRoleByEmail(db, email, role),
    route: '/internal/admin/role',
    body: { email, role },
    answer: (res, body, server) => {
      if (!res.ok || typeof body.message !== 'string')
        throw new Error(typeof body.message === 'string' ? body.message : `the running server (PID ${server.pid}) answered HTTP ${res.status}`);
      return body.message;
    },
  });
  console.log(message);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      console.error(`admin: ${err.message}\n${USAGE}`);
    } else {
      const message =
        err instanceof AppError ? formatMessage(err.messageRef, 'en') : err instanceof ConfigError ? err.message : err instanceof Error ? err.message.split('\n')[0] : String(err);
      console.error(`admin: error: ${message}`);
    }
    process.exitCode = 1;
  },
);
