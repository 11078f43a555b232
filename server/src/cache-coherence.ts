// Cross-instance coherence of the read cache (cache.ts): a write on one instance reaches the read
// caches of every instance on the same PostgreSQL within milliseconds, by LISTEN/NOTIFY on one
// channel (no other infrastructure). On PGlite the one process is the only instance: nothing runs.
//
// - Publishing: ReadCache.invalidate hands its tags to the publisher, which sends
//   `pg_notify(channel, {"from": <this process's id>, "tags": [...]})` on the app's pool (so a
//   listener being down does not silence this instance's writes). One notification is in flight
//   at a time; tags invalidated meanwhile go together in the next. A failed publish (database
//   down) is logged, never the request's failure.
// - Listening: a dedicated connection LISTENs; another sender's tags are invalidated locally
//   (not published again), this process's own are ignored, an unreadable payload forgets all.
// - Losing it (restart, pg_terminate_backend, network): reconnect with bounded, jittered
//   exponential backoff. Until listening again the cache answers nothing older than
//   UNLISTENED_MAX_AGE_MS (cache.limitAge: reads go to the database, but an outage is still
//   bridged by the held values); once listening, everything held is read again on its next use
//   (notifications may have been missed in between), though still answered in an outage.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { CACHE_TAGS, type CacheTag } from './cache';
import type { DB } from './db/types';
import type { AppDeps, Log } from './deps';

/** The NOTIFY channel every instance listens on. */
const CACHE_CHANNEL = 'tonieshelf_cache';

/** This process's id in its notifications (its own come back to it and are ignored). */
const INSTANCE_ID = randomUUID();

/** How old a cached answer may be while this instance is not listening (the 1 s coherence target). */
const UNLISTENED_MAX_AGE_MS = 1000;

/** Reconnect delays: doubling from the first to the last, each with 50–100 % jitter. */
const RECONNECT_FIRST_MS = 200;
const RECONNECT_MAX_MS = 10_000;
const CONNECT_TIMEOUT_MS = 5000;
/**
 * How often the listening connection is asked whether it still answers. A connection that died
 * without closing (a lost host, a dropped route) is otherwise noticed only by TCP keep-alive,
 * after minutes, while other instances' writes go unheard.
 */
const HEARTBEAT_MS = 15_000;
/** How long a heartbeat may take before the connection counts as lost. */
const HEARTBEAT_TIMEOUT_MS = 5000;

interface Notice {
  from: string;
  tags: CacheTag[];
}

/** The payload of a notification (small: PostgreSQL allows 8000 bytes). */
function encode(tags: readonly CacheTag[]): string {
  return JSON.stringify({ from: INSTANCE_ID, tags });
}

/** What a payload says, or null when it cannot be read (then everything is forgotten). */
function decodeNotice(payload: string | undefined): Notice | null {
  try {
    const value = JSON.parse(payload ?? '') as { from?: unknown; tags?: unknown };
    if (typeof value.from !== 'string' || !Array.isArray(value.tags)) return null;
    // A tag this version does not know names nothing it caches.
    return { from: value.from, tags: CACHE_TAGS.filter((tag) => (value.tags as unknown[]).includes(tag)) };
  } catch {
    return null;
  }
}

/** Tells every listening instance to forget `tags` (for tools that write outside a server: import:tonies). */
export async function publishInvalidation(db: Kysely<DB>, tags: readonly CacheTag[]): Promise<void> {
  await sql`select pg_notify(${CACHE_CHANNEL}, ${encode(tags)})`.execute(db);
}

/** The decision a notification leads to: the tags to forget here, or none (our own). */
export function tagsToForget(payload: string | undefined): readonly CacheTag[] {
  const notice = decodeNotice(payload);
  if (!notice) return CACHE_TAGS;
  return notice.from === INSTANCE_ID ? [] : notice.tags;
}

export interface CacheCoherence {
  stop(): Promise<void>;
}

export async function startCacheCoherence(deps: Pick<AppDeps, 'config' | 'cache' | 'log' | 'db'>): Promise<CacheCoherence> {
  const { config, cache, log, db } = deps;
  if (!config.databaseUrl) return { async stop() {} };

  const publisher = new Publisher(db, log);
  cache.setPublisher((tags) => publisher.publish(tags));
  // Without a cache of its own this instance only tells the others.
  const listener = cache.ttlMs > 0 ? new Listener(config.databaseUrl, cache, log) : null;
  await listener?.start();
  return {
    async stop() {
      cache.setPublisher(null);
      await listener?.stop();
      await publisher.settled();
    },
  };
}

/** Sends invalidations one notification at a time, gathering the tags that arrive meanwhile. */
class Publisher {
  readonly #pending = new Set<CacheTag>();
  #sending: Promise<void> | null = null;

  constructor(
    readonly db: Kysely<DB>,
    readonly log: Log,
  ) {}

  publish(tags: readonly CacheTag[]): void {
    for (const tag of tags) this.#pending.add(tag);
    this.#sending ??= this.#flush();
  }

  async #flush(): Promise<void> {
    try {
      while (this.#pending.size > 0) {
        const tags = [...this.#pending];
        this.#pending.clear();
        try {
          await publishInvalidation(this.db, tags);
        } catch (err) {
          // The write itself is done: the other instances learn of it by their TTL instead.
          this.log.warn({ err, tags }, 'cache invalidation not sent to the other instances');
        }
      }
    } finally {
      // In the same step as the last look at #pending: no tag can slip in between.
      this.#sending = null;
    }
  }

  /** Resolves once nothing is being sent. */
  async settled(): Promise<void> {
    await this.#sending;
  }
}

/** The LISTENing connection, reconnected whenever it is lost, until stop(). */
class Listener {
  #client: pg.Client | null = null;
  #stopped = false;
  #attempt = 0;
  #timer: NodeJS.Timeout | null = null;
  #heartbeat: NodeJS.Timeout | null = null;
  #connecting: Promise<void> | null = null;

  constructor(
    readonly url: string,
    readonly cache: AppDeps['cache'],
    readonly log: Log,
  ) {}

  /** The first attempt (awaited, so a server that answers /healthz listens); later ones in the background. */
  async start(): Promise<void> {
    this.cache.limitAge(UNLISTENED_MAX_AGE_MS);
    await this.#connect();
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = null;
    this.#stopHeartbeat();
    await this.#connecting;
    const client = this.#client;
    this.#client = null;
    await client?.end().catch(() => {});
  }

  #connect(): Promise<void> {
    this.#connecting = this.#tryConnect().finally(() => (this.#connecting = null));
    return this.#connecting;
  }

  async #tryConnect(): Promise<void> {
    if (this.#stopped) return;
    const client = new pg.Client({
      connectionString: this.url,
      connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      query_timeout: HEARTBEAT_TIMEOUT_MS,
    });
    // An error on this connection must never end the process: it is a lost connection.
    client.on('error', (err) => this.#lost(client, err));
    client.on('end', () => this.#lost(client));
    client.on('notification', (msg) => {
      if (msg.channel !== CACHE_CHANNEL) return;
      const tags = tagsToForget(msg.payload);
      if (tags.length > 0) this.cache.invalidateLocally(...tags);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CACHE_CHANNEL}`);
    } catch (err) {
      client.end().catch(() => {});
      if (this.#stopped) return;
      const delay = this.#nextDelay();
      this.log.warn({ err: messageOf(err), retryInMs: delay }, "cache coherence: cannot listen for other instances' writes; retrying");
      this.#schedule(delay);
      return;
    }
    if (this.#stopped) {
      await client.end().catch(() => {});
      return;
    }
    this.#client = client;
    this.#startHeartbeat(client);
    // Listening from here on: what was held is read again (invalidations may have been missed;
    // kept as the answer of an outage all the same), and no bound on age is needed.
    this.cache.revalidateAll();
    this.cache.limitAge(null);
    if (this.#attempt > 0) this.log.info({ attempts: this.#attempt }, 'cache coherence: listening again');
    this.#attempt = 0;
  }

  #lost(client: pg.Client, err?: unknown): void {
    if (client !== this.#client) return;
    this.#client = null;
    this.#stopHeartbeat();
    client.end().catch(() => {});
    this.cache.limitAge(UNLISTENED_MAX_AGE_MS);
    if (this.#stopped) return;
    const delay = this.#nextDelay();
    this.log.warn({ err: err ? messageOf(err) : 'connection ended', retryInMs: delay }, 'cache coherence: lost the listening connection; reconnecting');
    this.#schedule(delay);
  }

  #startHeartbeat(client: pg.Client): void {
    this.#heartbeat = setInterval(() => {
      // LISTEN again: a no-op when listening, and what the connection shows as its last query stays the same.
      client.query(`LISTEN ${CACHE_CHANNEL}`).catch((err: unknown) => this.#lost(client, err));
    }, HEARTBEAT_MS);
    this.#heartbeat.unref();
  }

  #stopHeartbeat(): void {
    if (this.#heartbeat) clearInterval(this.#heartbeat);
    this.#heartbeat = null;
  }

  #nextDelay(): number {
    const base = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** this.#attempt);
    this.#attempt = Math.min(this.#attempt + 1, 20);
    return Math.round(base * (0.5 + Math.random() / 2));
  }

  #schedule(delay: number): void {
    if (this.#stopped || this.#timer) return;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      void this.#connect();
    }, delay);
    this.#timer.unref();
  }
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
