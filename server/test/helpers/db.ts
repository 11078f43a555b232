// A fresh, migrated database for one test file: in-memory PGlite by default, or a database of
// its own on the PostgreSQL server named by TEST_DATABASE_URL (created here, dropped at close).
// Both are copies of the database the db project's global setup migrated once (db-template.ts).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import type { CompiledQuery, KyselyPlugin, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';
import { inject } from 'vitest';
import { openDatabase, type Database } from '../../src/db/database';
import { adminQuery } from './db-template';

export interface TestDatabase extends Database {
  /** 'pglite' or 'postgres', for test titles. */
  label: string;
  /** The PostgreSQL database's URL (unset for PGlite): a second pool, as a second app instance would open. */
  url?: string;
}

const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || undefined;

export async function createTestDatabase(): Promise<TestDatabase> {
  // The db project's global setup (db-template.ts) migrated it once; every file copies it.
  const { pgliteDump, postgresTemplate } = inject('testDatabaseTemplate');
  if (!TEST_DATABASE_URL) {
    if (!pgliteDump) throw new Error('no migrated template: run the db tests through the vitest project `db`');
    const database = await openDatabase({ pgliteDir: 'memory', pgliteLoad: new Blob([await fs.readFile(pgliteDump)]) });
    return { ...database, label: 'pglite' };
  }
  if (!postgresTemplate) throw new Error('no migrated template: run the db tests through the vitest project `db`');
  const name = `tonieshelf_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(TEST_DATABASE_URL, `CREATE DATABASE "${name}" TEMPLATE "${postgresTemplate}"`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 5 });
  return {
    ...database,
    label: 'postgres',
    url: url.toString(),
    async close() {
      await database.close();
      await adminQuery(TEST_DATABASE_URL, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    },
  };
}

/** Whether `inner` (an operation node) occurs anywhere inside `outer`. */
function contains(outer: unknown, inner: object, seen = new Set<unknown>()): boolean {
  if (outer === inner) return true;
  if (!outer || typeof outer !== 'object' || seen.has(outer)) return false;
  seen.add(outer);
  return Object.values(outer).some((v) => contains(v, inner, seen));
}

/**
 * A handle on the test database that records every statement run through it (to count them, or
 * EXPLAIN one), also those that fail. A query built with it and embedded in another (a CTE, a
 * subquery in sql``) is part of that statement and not counted on its own.
 */
export function countingStatements(database: TestDatabase): { db: TestDatabase['db']; statements: CompiledQuery[] } {
  const statements: CompiledQuery[] = [];
  const nodes: RootOperationNode[] = [];
  const counter: KyselyPlugin = {
    transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
      // Embedded queries are transformed before the statement that holds them.
      for (let i = nodes.length - 1; i >= 0; i--) {
        if (contains(args.node, nodes[i]!)) {
          nodes.splice(i, 1);
          statements.splice(i, 1);
        }
      }
      nodes.push(args.node);
      statements.push(database.db.getExecutor().compileQuery(args.node, args.queryId));
      return args.node;
    },
    transformResult: async (args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> => args.result,
  };
  return { db: database.db.withPlugin(counter), statements };
}
