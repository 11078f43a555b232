// Vitest global setup of the db project: migrates one database before any test file runs, which
// each file's createTestDatabase (db.ts) then copies instead of running initdb and every migration
// again. PGlite: a dump of a migrated in-memory data directory, in a file. PostgreSQL
// (TEST_DATABASE_URL): a migrated database that CREATE DATABASE ... TEMPLATE copies.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely } from 'kysely';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/db/database';
import { migrateToLatest } from '../../src/db/migrate';
import { PGliteDialect } from '../../src/db/pglite-dialect';
import type { DB } from '../../src/db/types';

export interface TestDatabaseTemplate {
  /** PGlite: the file holding the migrated data directory (a tar of dumpDataDir). */
  pgliteDump?: string;
  /** PostgreSQL: the migrated database to copy. */
  postgresTemplate?: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabaseTemplate: TestDatabaseTemplate;
  }
}

/** Runs one statement on the server's maintenance database (CREATE or DROP DATABASE). */
export async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

async function pgliteTemplate(): Promise<{ template: TestDatabaseTemplate; remove: () => Promise<void> }> {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  const db = new Kysely<DB>({ dialect: new PGliteDialect(pglite) });
  const file = path.join(os.tmpdir(), `tonieshelf-test-db-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
  try {
    await migrateToLatest(db);
    const dump = await pglite.dumpDataDir('none');
    await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()), { mode: 0o600 });
  } finally {
    await db.destroy();
  }
  return { template: { pgliteDump: file }, remove: () => fs.rm(file, { force: true }) };
}

async function postgresTemplate(adminUrl: string): Promise<{ template: TestDatabaseTemplate; remove: () => Promise<void> }> {
  const name = `tonieshelf_template_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(adminUrl, `CREATE DATABASE "${name}"`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  // Closed before any copy: CREATE DATABASE ... TEMPLATE refuses a template with connections.
  const database = await openDatabase({ url: url.toString(), poolSize: 1 });
  try {
    await migrateToLatest(database.db);
  } finally {
    await database.close();
  }
  return { template: { postgresTemplate: name }, remove: () => adminQuery(adminUrl, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`) };
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = process.env.TEST_DATABASE_URL || undefined;
  const { template, remove } = url ? await postgresTemplate(url) : await pgliteTemplate();
  project.provide('testDatabaseTemplate', template);
  return remove;
}
