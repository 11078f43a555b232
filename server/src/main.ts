// Start-up: read config, open and migrate the database, seed the demo catalogue, listen, and
// close gracefully on SIGTERM / SIGINT.
import type { AddressInfo } from 'node:net';
import { ConfigError, loadConfig, type AppConfig } from './config';
import { openDatabase } from './db/database';

let config: AppConfig;
try {
  config = loadConfig();
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(`TonieShelf cannot start: ${err.message}`);
    process.exit(1);
  }
  throw err;
}

const opening = openDatabase({
  url: config.databaseUrl,
  replicaUrls: config.databaseReplicaUrls,
  poolSize: config.databasePoolSize,
  pgliteDir: config.pgliteDir,
  purpose: 'server',
}).catch((err: unknown) => {
  // E.g. another process holds the embedded database (one line, no stack).
  console.error(`TonieShelf cannot start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
// The app's modules load while the database opens (a new embedded database is created by a
// child process meanwhile: database.ts).
const [{ buildApp }, { migrateToLatest }, { newInternalToken, removeServerFileSync, writeServerFile }, { seedDemo }, { registerInstance }] = await Promise.all([
  import('./app'),
  import('./db/migrate'),
  import('./command-runner'),
  import('./seed/seed'),
  import('./instances/registry'),
]);
const database = await opening;
try {
  await migrateToLatest(database.db);
} catch (err) {
  console.error(`TonieShelf cannot start: ${err instanceof Error ? err.message : String(err)}`);
  await database.close();
  process.exit(1);
}
if (config.seedDemo) await seedDemo(database.db);

// Instances on one PostgreSQL database must keep their uploads in one storage (instances/registry.ts).
const instance =
  database.kind === 'postgres'
    ? await registerInstance(database.db, config).catch(async (err: unknown) => {
        console.error(`TonieShelf cannot start: ${err instanceof Error ? err.message : String(err)}`);
        await database.close();
        process.exit(1);
      })
    : null;

// On the embedded database, the import hands its work to this server (http/internal.ts).
const internalToken = database.kind === 'pglite' ? newInternalToken() : undefined;
const app = await buildApp({ config, db: database.db, ...(database.replicas ? { replicas: database.replicas } : {}), ...(internalToken ? { internalToken } : {}) });

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  // Running uploads get SHUTDOWN_UPLOAD_GRACE_SECONDS to finish (then they are cut off and
  // removed); everything else must close within 10 s more.
  const force = setTimeout(() => process.exit(1), config.uploadLimits.shutdownGraceMs + 10_000).unref();
  try {
    removeServerFileSync(config.dataDir);
    await app.close();
    await instance?.stop();
    await database.close();
  } finally {
    clearTimeout(force);
    process.exit(0);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

try {
  await app.listen({ port: config.port, host: config.host });
  if (internalToken) {
    const { port } = app.server.address() as AddressInfo;
    const host = ['0.0.0.0', '::', 'localhost'].includes(config.host) ? '127.0.0.1' : config.host.includes(':') ? `[${config.host}]` : config.host;
    await writeServerFile(config.dataDir, { pid: process.pid, url: `http://${host}:${port}`, token: internalToken });
  }
  app.log.info(`TonieShelf is running on http://localhost:${config.port} (${database.kind === 'pglite' ? `embedded database in ${config.pgliteDir}` : 'PostgreSQL'})`);
} catch (err) {
  console.error(`TonieShelf cannot start: ${err instanceof Error ? err.message : String(err)}`);
  await instance?.stop();
  await database.close();
  process.exit(1);
}
