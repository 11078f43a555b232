// Read replicas (DATABASE_REPLICA_URL): the public reads that are the same for every visitor (the
// cached procedures, by their cache tag) go to a streaming replica that has caught up with every
// write that changed what they show; everything else (writes, transactions, a visitor's own data)
// stays on the primary.
//
// - Caught up: every PROBE_MS the primary's WAL position is noted with the time it was asked;
//   a replica is caught up to a time when it has replayed the position noted then. A replica is
//   read for a tag only when it is caught up to the tag's last change here (a write through this
//   instance, or another instance's, heard by cache-coherence.ts) and to at most MAX_BEHIND_MS
//   ago. So a visitor's own write is read back from the primary until a replica has it, and a
//   read cache refilled after an invalidation is never refilled from a replica that lacks it.
// - Gone: a replica that cannot be connected to, or whose connection fails during a read, is
//   left out until a probe reaches it again; the read runs on the primary instead (no 503).
import type { Kysely, PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { isDatabaseUnavailable } from './unavailable';

/** How often the primary's position and each replica's replay are read. */
export const PROBE_MS = 250;
/** A replica further behind than this is not read, even for a tag that has not changed. */
export const MAX_BEHIND_MS = 5000;

/** A WAL position ('16/B374D848') as a number that orders like it. */
export function lsnValue(lsn: string): bigint {
  const [high, low] = lsn.split('/');
  if (high === undefined || low === undefined) throw new Error(`not a WAL position: ${lsn}`);
  return (BigInt(`0x${high}`) << 32n) + BigInt(`0x${low}`);
}

interface Noted {
  /** When the primary was asked (the position covers every commit before this). */
  at: number;
  position: bigint;
}

/**
 * The positions noted on the primary (oldest first, the last MAX_BEHIND_MS or so), and the
 * latest time each replica has caught up to.
 */
export class ReplicaClock {
  readonly #noted: Noted[] = [];
  readonly #caughtUp: number[];
  readonly #up: boolean[];

  constructor(replicas: number) {
    this.#caughtUp = Array.from({ length: replicas }, () => -Infinity);
    this.#up = Array.from({ length: replicas }, () => false);
  }

  /** The primary's position as read at `at`. */
  notePrimary(at: number, position: bigint): void {
    this.#noted.push({ at, position });
    while (this.#noted.length > 2 && this.#noted[1]!.at < at - 2 * MAX_BEHIND_MS) this.#noted.shift();
  }

  /** A replica answered with the position it has replayed (null: it is no standby). */
  noteReplica(index: number, replayed: bigint | null): void {
    if (replayed === null) {
      this.noteGone(index);
      return;
    }
    this.#up[index] = true;
    for (const noted of this.#noted) {
      if (noted.position > replayed) break;
      this.#caughtUp[index] = Math.max(this.#caughtUp[index]!, noted.at);
    }
  }

  /** A replica could not be reached: not read until it answers a probe again. */
  noteGone(index: number): void {
    this.#up[index] = false;
  }

  /** The replicas that may answer a read of what last changed at `changedAt`, at `now`. */
  readable(changedAt: number, now: number): number[] {
    const readable: number[] = [];
    this.#caughtUp.forEach((at, index) => {
      if (this.#up[index] && at >= changedAt && at >= now - MAX_BEHIND_MS) readable.push(index);
    });
    return readable;
  }
}

/** How a replica is named in log lines: its host, port and database (never its password). */
export function replicaName(pool: { options: { connectionString?: string | undefined } }): string {
  const { connectionString } = pool.options;
  try {
    const url = new URL(connectionString ?? '');
    return `${url.hostname}:${url.port || 5432}${url.pathname}`;
  } catch {
    return 'of DATABASE_REPLICA_URL';
  }
}

/**
 * The replicas of one primary: their probe, and per cache tag a database whose connections come
 * from a replica that may answer that tag's reads, else from the primary.
 */
export class ReadReplicas<DB> {
  readonly #clock: ReplicaClock;
  readonly #changedAt = new Map<string, number>();
  readonly #dbs = new Map<string, Kysely<DB>>();
  readonly #wasUp: boolean[];
  #turn = 0;
  #timer: NodeJS.Timeout | null = null;
  #probing: Promise<void> | null = null;

  constructor(
    private readonly primary: pg.Pool,
    private readonly replicas: readonly pg.Pool[],
    /** A Kysely over a pool (the dialect and plugins of the primary's). */
    private readonly over: (pool: PostgresPool) => Kysely<DB>,
    private readonly warn: (message: string) => void,
  ) {
    this.#clock = new ReplicaClock(replicas.length);
    this.#wasUp = replicas.map(() => true);
  }

  /** The database a public read of `tag` uses. */
  db(tag: string): Kysely<DB> {
    let db = this.#dbs.get(tag);
    if (!db) {
      db = this.over(
        routedPool(
          this.primary,
          this.replicas,
          () => this.#pick(tag),
          (index) => this.#gone(index),
        ),
      );
      this.#dbs.set(tag, db);
    }
    return db;
  }

  /** A write changed what `tag` shows (in this process, or heard from another). */
  changed(tag: string): void {
    this.#changedAt.set(tag, performance.now());
  }

  /** Probes now and then every PROBE_MS until stop(); resolves after the first probe. */
  async start(): Promise<void> {
    await this.#probe();
    this.#timer = setInterval(() => {
      this.#probing ??= this.#probe().finally(() => {
        this.#probing = null;
      });
    }, PROBE_MS);
    this.#timer.unref();
  }

  async stop(): Promise<void> {
    if (this.#timer) clearInterval(this.#timer);
    await this.#probing;
    await Promise.all(this.replicas.map((pool) => pool.end()));
  }

  #pick(tag: string): number | null {
    const readable = this.#clock.readable(this.#changedAt.get(tag) ?? -Infinity, performance.now());
    if (readable.length === 0) return null;
    this.#turn = (this.#turn + 1) % readable.length;
    return readable[this.#turn]!;
  }

  #gone(index: number): void {
    this.#clock.noteGone(index);
    this.#tell(index, false);
  }

  #tell(index: number, up: boolean): void {
    if (this.#wasUp[index] === up) return;
    this.#wasUp[index] = up;
    this.warn(
      up
        ? `read replica ${replicaName(this.replicas[index]!)} answers again: public reads use it`
        : `read replica ${replicaName(this.replicas[index]!)} cannot be reached: its reads go to the primary`,
    );
  }

  async #probe(): Promise<void> {
    const at = performance.now();
    try {
      const { rows } = await this.primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
      this.#clock.notePrimary(at, lsnValue(rows[0]!.lsn));
    } catch {
      // The primary is down: nothing new to note (reads fail or use what has caught up).
    }
    await Promise.all(
      this.replicas.map(async (pool, index) => {
        try {
          const { rows } = await pool.query<{ lsn: string | null }>('select pg_last_wal_replay_lsn()::text as lsn');
          const replayed = rows[0]?.lsn ? lsnValue(rows[0].lsn) : null;
          if (replayed === null) {
            this.#clock.noteGone(index);
            this.#tell(index, false);
            return;
          }
          this.#clock.noteReplica(index, replayed);
          this.#tell(index, true);
        } catch {
          this.#gone(index);
        }
      }),
    );
  }
}

/**
 * A pool (Kysely's PostgresPool) that hands out a connection of the replica `pick` names, else of
 * the primary. A read on a replica that fails because the replica is gone runs again on a primary
 * connection, which the client keeps from then on. For reads outside transactions only.
 */
export function routedPool(primary: pg.Pool, replicas: readonly pg.Pool[], pick: () => number | null, gone: (index: number) => void): PostgresPool {
  const connect = async (): Promise<{ client: pg.PoolClient; replica: number | null }> => {
    const index = pick();
    if (index !== null) {
      try {
        return { client: await replicas[index]!.connect(), replica: index };
      } catch (err) {
        if (!isDatabaseUnavailable(err)) throw err;
        gone(index);
      }
    }
    return { client: await primary.connect(), replica: null };
  };
  return {
    options: primary.options,
    async connect(): Promise<PostgresPoolClient> {
      let { client, replica } = await connect();
      const run = async (text: string, values: readonly unknown[]) => {
        try {
          return await client.query(text, [...values]);
        } catch (err) {
          if (replica === null || !isDatabaseUnavailable(err)) throw err;
          gone(replica);
          client.release(err instanceof Error ? err : true);
          client = await primary.connect();
          replica = null;
          return client.query(text, [...values]);
        }
      };
      // Kysely's query has two forms: a statement, and a cursor for streamed reads, which the
      // cached reads never use.
      function query<R>(sql: string, parameters: readonly unknown[]): Promise<PostgresQueryResult<R>>;
      function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
      function query(statement: string | PostgresCursor<unknown>, values: readonly unknown[] = []): unknown {
        if (typeof statement !== 'string') throw new Error('a routed read cannot stream: stream from the primary');
        return run(statement, values);
      }
      return { query, release: (destroy?: boolean) => client.release(destroy) };
    },
    end: async () => {},
  };
}
