// A Kysely dialect for embedded PGlite. PGlite is one PostgreSQL session, so two Kysely
// "connections" would share one transaction state: a rollback in one would undo the other's
// work (the trap of kysely-pglite 0.6). This driver hands out the single connection to one
// holder at a time; everyone else waits in line. Transactions are therefore serialised.
import type { PGlite, Results } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** A FIFO lock: `acquire()` resolves with a release function once the lock is ours. */
class Mutex {
  #tail: Promise<void> = Promise.resolve();

  acquire(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((resolve) => (release = resolve));
    const ready = this.#tail.then(() => release);
    this.#tail = this.#tail.then(() => next);
    return ready;
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    // Like `pg`: without parameters the simple query protocol runs, which allows a script of
    // several statements (a migration file); the last statement's result is returned.
    const result: Results<R> =
      query.parameters.length === 0
        ? (((await this.pglite.exec(query.sql)).at(-1) as Results<R> | undefined) ?? { rows: [], fields: [] })
        : await this.pglite.query<R>(query.sql, [...query.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && /^\s*(insert|update|delete|merge)/i.test(query.sql) ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over its wire; the whole result is one chunk.
    yield await this.executeQuery<R>(query);
  }
}

class PGliteDriver implements Driver {
  readonly #mutex = new Mutex();
  readonly #connection: PGliteConnection;
  #release: (() => void) | null = null;

  constructor(private readonly pglite: PGlite) {
    this.#connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    this.#release = await this.#mutex.acquire();
    return this.#connection;
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    let text = 'begin';
    if (settings.isolationLevel || settings.accessMode) {
      text = 'start transaction';
      if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`;
      if (settings.accessMode) text += ` ${settings.accessMode}`;
    }
    await connection.executeQuery(CompiledQuery.raw(text));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async savepoint(connection: DatabaseConnection, name: string, compile: QueryCompiler['compileQuery']) {
    await connection.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
    void compile;
  }

  async rollbackToSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }

  async releaseSavepoint(connection: DatabaseConnection, name: string) {
    await connection.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  async releaseConnection(): Promise<void> {
    const release = this.#release;
    this.#release = null;
    release?.();
  }

  async destroy(): Promise<void> {
    const release = await this.#mutex.acquire();
    try {
      if (!this.pglite.closed) await this.pglite.close();
    } finally {
      release();
    }
  }
}

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
