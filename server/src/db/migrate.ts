// Forward-only SQL migrations from /migrations, applied in name order by Kysely's Migrator
// (which records them, takes an advisory lock and runs each file in a transaction).
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';

const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../migrations');

/** One migration as the migrator applies it: its name (the file's, without `.sql`) and its SQL. */
interface MigrationText {
  name: string;
  text: string;
}

/** The migrations in `dir`, in the order they are applied, with the exact texts that are run. */
export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationText[]> {
  const files = (await fs.readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(files.map(async (file) => ({ name: file.replace(/\.sql$/, ''), text: await fs.readFile(path.join(dir, file), 'utf8') })));
}

class SqlFileMigrationProvider implements MigrationProvider {
  constructor(private readonly dir: string) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const migrations: Record<string, Migration> = {};
    for (const { name, text } of await readMigrations(this.dir)) {
      migrations[name] = {
        up: async (db) => {
          await sql.raw(text).execute(db);
        },
      };
    }
    return migrations;
  }
}

/** Applies every pending migration; returns the names applied. Throws on the first failure. */
export async function migrateToLatest(db: Kysely<any>, dir = MIGRATIONS_DIR): Promise<string[]> {
  const migrator = new Migrator({ db, provider: new SqlFileMigrationProvider(dir) });
  const { error, results } = await migrator.migrateToLatest();
  if (error) {
    const failed = results?.find((r) => r.status === 'Error');
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`.replace('  ', ' '));
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
