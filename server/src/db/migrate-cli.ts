// npm run db:migrate: applies pending migrations to DATABASE_URL or the embedded database.
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from './database';
import { migrateToLatest } from './migrate';

try {
  const config = loadConfig();
  const database = await openDatabase({ url: config.databaseUrl, pgliteDir: config.pgliteDir, purpose: 'db:migrate' });
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
  } finally {
    await database.close();
  }
} catch (err) {
  console.error(err instanceof ConfigError ? `Invalid configuration: ${err.message}` : `Migration failed: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
