// `npm run import:tonies -- <path or URL> [--dry-run]`: imports a community toniesV2.json into
// the database the server uses (DATABASE_URL, else the embedded database under DATA_DIR).
// Prints a summary and exits 0; on a broken file or an unreachable database prints one error
// line and exits 1, having changed nothing (the import runs in one transaction).
import { ConfigError, loadConfig } from '../config';
import { openDatabase, type Database } from '../db/database';
import { DataDirLockedError } from '../db/data-dir-lock';
import { readServerFile } from '../http/internal';
import { migrateToLatest } from '../db/migrate';
import { ImportFormatError, assertSourceShape } from './clean';
import { formatSummary, importTonies } from './import-tonies';
import { readSource, resolveLocation } from './source';

const USAGE = 'usage: npm run import:tonies -- <path or URL of toniesV2.json> [--dry-run]';

async function main(argv: string[]): Promise<number> {
  const args = argv.filter((a) => !a.startsWith('--'));
  const flags = new Set(argv.filter((a) => a.startsWith('--')));
  if (flags.has('--help') || flags.has('-h')) {
    console.log(USAGE);
    return 0;
  }
  const unknown = [...flags].filter((f) => f !== '--dry-run');
  if (args.length !== 1 || unknown.length > 0) {
    console.error(`import:tonies: ${unknown.length > 0 ? `unknown option ${unknown[0]}` : 'expected one path or URL'}\n${USAGE}`);
    return 1;
  }
  const location = resolveLocation(args[0]!, process.env.INIT_CWD || process.cwd());
  const dryRun = flags.has('--dry-run');

  // Read and parse before touching the database: a broken file never opens a transaction.
  const data = await readSource(location);
  assertSourceShape(data);
  const config = loadConfig();
  let database: Database | undefined;
  try {
    try {
      database = await openDatabase(config.databaseUrl ? { url: config.databaseUrl, poolSize: 2 } : { pgliteDir: config.pgliteDir, purpose: 'import:tonies' });
    } catch (err) {
      // The embedded database is the running server's: hand the import to it (else refuse).
      if (!(err instanceof DataDirLockedError) || err.holder.purpose !== 'server') throw err;
      const server = await readServerFile(config.dataDir, err.holder.pid);
      if (!server) throw err;
      const res = await fetch(`${server.url}/internal/import${dryRun ? '?dryRun=1' : ''}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
        body: JSON.stringify(data),
      }).catch(() => null);
      if (!res) throw err;
      const body = (await res.json().catch(() => ({}))) as { summary?: string; message?: string };
      if (!res.ok || typeof body.summary !== 'string') throw new Error(`the running server (PID ${server.pid}) refused the import: ${body.message ?? `HTTP ${res.status}`}`);
      console.log(`${dryRun ? '[dry run, nothing written] ' : ''}[through the running server, PID ${server.pid}] ${body.summary}`);
      return 0;
    }
    await migrateToLatest(database.db);
    const summary = await importTonies(database.db, data, { dryRun });
    console.log(`${dryRun ? '[dry run, nothing written] ' : ''}${formatSummary(summary)}`);
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
    const message =
      err instanceof ImportFormatError || err instanceof ConfigError
        ? err.message
        : err instanceof Error
          ? err.message.split('\n')[0]
          : String(err);
    console.error(`import:tonies: error: ${message}`);
    process.exitCode = 1;
  },
);
