// The read cache of public reads (catalogue lists, details, summaries, tags; Discover pages).
// Reads are far more frequent than writes and identical for every visitor, so a few seconds of
// caching turns most requests into a map lookup. Entries carry a tag (the domain they read);
// a write through this process invalidates its domain's tag at once and hands the tags to the
// publisher (cache-coherence.ts tells the other instances on the same PostgreSQL, which apply
// them with invalidateLocally). While that channel is not known to work, limitAge bounds how old
// an answer may be, and revalidateAll has what was held read again once it works; the TTL bounds
// the rest. Concurrent misses of one
// key share one load (lru-cache's fetch); a failed load is not kept. The cache is bounded by the
// size of what it holds (JSON characters, about bytes), not only by its number of entries.
// While the database cannot be reached, an expired entry that is still held is answered rather
// than a 503, for STALE_RETRY_MS at a time (then the database is asked again).
// Cached values must not be mutated.
import { LRUCache } from 'lru-cache';
import { isDatabaseUnavailable } from './db/unavailable';

/** Every tag (what is forgotten when invalidations may have been missed). */
export const CACHE_TAGS = ['catalogue', 'audio', 'sets'] as const;
export type CacheTag = (typeof CACHE_TAGS)[number];

/** Where a write's invalidation goes besides this process. Must not throw (it is told, not asked). */
type InvalidationPublisher = (tags: readonly CacheTag[]) => void;

/** What the cache holds by default: about 32 MB of answers. */
const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** How long an expired answer is served again while the database is unreachable. */
const STALE_RETRY_MS = 1000;

interface Box {
  value: unknown;
  /** When its load started (or, while the database was unreachable, when it was last tried again). */
  at: number;
}
type Load = () => Promise<unknown>;

export class ReadCache {
  readonly #lru: LRUCache<string, Box, Load> | null;
  /** A tag's generation is part of its keys: loads started before an invalidation land under old keys, unread. */
  readonly #generations = new Map<CacheTag, number>();
  readonly #clock: { now(): number };
  #publisher: InvalidationPublisher | null = null;
  readonly #listeners: ((tags: readonly CacheTag[]) => void)[] = [];
  /** While set, an entry older than this is read again (its value stays the fallback of an outage). */
  #maxAgeMs: number | null = null;
  /** An entry whose load started at or before this is read again (revalidateAll). */
  #staleBefore = -Infinity;

  constructor(
    readonly ttlMs: number,
    readonly maxBytes = READ_CACHE_MAX_BYTES,
    /** The clock of the TTL (tests pass one that fake timers move). */
    clock: { now(): number } = performance,
  ) {
    this.#clock = clock;
    this.#lru =
      ttlMs > 0
        ? new LRUCache<string, Box, Load>({
            ttl: ttlMs,
            perf: clock,
            maxSize: maxBytes,
            sizeCalculation: (box) => Math.max(1, JSON.stringify(box.value)?.length ?? 1),
            fetchMethod: async (_key, stale, { context, options }) => {
              const at = clock.now();
              try {
                return { value: await context(), at };
              } catch (err) {
                if (!stale || !isDatabaseUnavailable(err)) throw err;
                options.ttl = Math.min(STALE_RETRY_MS, ttlMs);
                return { value: stale.value, at: clock.now() };
              }
            },
          })
        : null;
  }

  /** The value under `key` in `tag`'s part of the cache, loading it once when missing or expired. */
  async get(tag: CacheTag, key: string, load: Load): Promise<unknown> {
    if (!this.#lru) return load();
    const fullKey = `${tag}:${this.#generations.get(tag) ?? 0}:${key}`;
    // peek answers only a live entry (an expired one is reloaded by fetch anyway).
    const held = this.#maxAgeMs === null && this.#staleBefore === -Infinity ? undefined : this.#lru.peek(fullKey);
    const forceRefresh = held !== undefined && (held.at <= this.#staleBefore || (this.#maxAgeMs !== null && this.#clock.now() - held.at > this.#maxAgeMs));
    const box = await this.#lru.fetch(fullKey, { context: load, forceRefresh });
    return box?.value;
  }

  /**
   * Forgets everything read under these tags (a write changed what they show), here and, through
   * the publisher, on the other instances.
   */
  invalidate(...tags: CacheTag[]): void {
    this.invalidateLocally(...tags);
    if (tags.length === 0 || !this.#publisher) return;
    try {
      this.#publisher(tags);
    } catch {
      // A publisher must not throw; if one does, the write it follows has succeeded all the same.
    }
  }

  /** Forgets what these tags hold in this process only (an invalidation that came from elsewhere). */
  invalidateLocally(...tags: CacheTag[]): void {
    for (const listener of this.#listeners) listener(tags);
    if (!this.#lru) return;
    for (const tag of tags) {
      this.#generations.set(tag, (this.#generations.get(tag) ?? 0) + 1);
      for (const key of this.#lru.keys()) if (key.startsWith(`${tag}:`)) this.#lru.delete(key);
    }
  }

  /** Told of every invalidation, this process's and those heard from other instances (even with the cache off). */
  onInvalidate(listener: (tags: readonly CacheTag[]) => void): void {
    this.#listeners.push(listener);
  }

  /** Where invalidate() tells the other instances (null: nowhere). */
  setPublisher(publisher: InvalidationPublisher | null): void {
    this.#publisher = publisher;
  }

  /**
   * While other instances' invalidations may not arrive (the channel is down), an entry older
   * than `ms` is loaded again instead of answered; null lifts the bound. A value kept for an
   * outage is still answered when the database cannot be reached.
   */
  limitAge(ms: number | null): void {
    this.#maxAgeMs = ms;
  }

  /**
   * Everything held now is read again on its next use (invalidations may have been missed), but
   * stays the answer of an outage, unlike invalidate's: while the database cannot be reached it
   * is still answered.
   */
  revalidateAll(): void {
    for (const listener of this.#listeners) listener(CACHE_TAGS);
    this.#staleBefore = this.#clock.now();
  }

  clear(): void {
    this.#lru?.clear();
  }

  get size(): number {
    return this.#lru?.size ?? 0;
  }

  /** How much the cache holds, in JSON characters. */
  get bytes(): number {
    return this.#lru?.calculatedSize ?? 0;
  }
}
