// `npm run import:tonies -- <path or URL> [--dry-run]`: imports a community toniesV2.json into
// the database the server uses (DATABASE_URL, else the embedded database under DATA_DIR). While
// the server runs on the embedded database (it holds DATA_DIR's lock), the parsed file goes to
// the server (POST /internal/catalogue/import with the token of DATA_DIR/server.json), which
// imports it and answers the summary; otherwise the tool imports itself.
// Prints a summary and exits 0; on a broken file or URL (http(s) only, at most 64 MB, 2 minutes),
// or an unreachable database prints one error line and exits 1, having changed nothing (the
// import runs in one transaction). On PostgreSQL the running instances are told to forget their
// cached catalogue (cache-coherence.ts), so the import shows at once everywhere.
import { publishInvalidation } from '../cache-coherence';
import { ImportFormatError, assertSourceShape } from '../catalogue/clean';
import { runCommand } from '../command-runner';
import { ConfigError, loadConfig } from '../config';
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
  const dryRun = flags.has('--dry-run');
  const location = resolveLocation(args[0]!, process.env.INIT_CWD || process.cwd());

  // Read and parse before touching the database: a broken file never opens a transaction.
  const data = await readSource(location);
  assertSourceShape(data);
  const dryRunNote = dryRun ? '[dry run, nothing written] ' : '';
  const config = loadConfig();
  const summary = await runCommand(config, {
    purpose: 'import:tonies',
    poolSize: 2,
    direct: async (db) => {
      const result = formatSummary(await importTonies(db, data, { dryRun }));
      if (!dryRun && config.databaseUrl) {
        // The import is committed; instances that miss this see it within their cache's TTL.
        await publishInvalidation(db, ['catalogue']).catch((err: unknown) =>
          console.error(
            `import:tonies: warning: the running servers were not told (${err instanceof Error ? err.message : String(err)}); they show the import within CACHE_TTL_SECONDS`,
          ),
        );
      }
      return result;
    },
    route: `/internal/catalogue/import${dryRun ? '?dryRun=1' : ''}`,
    body: data,
    answer: (res, body, server) => {
      if (!res.ok || typeof body.summary !== 'string')
        throw new Error(`the running server (PID ${server.pid}) refused the import: ${typeof body.message === 'string' ? body.message : `HTTP ${res.status}`}`);
      return `[through the running server, PID ${server.pid}] ${body.summary}`;
    },
  });
  console.log(`${dryRunNote}${summary}`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const message = err instanceof ImportFormatError || err instanceof ConfigError ? err.message : err instanceof Error ? err.message.split('\n')[0] : String(err);
    console.error(`import:tonies: error: ${message}`);
    process.exitCode = 1;
  },
);
