// The read cache of public reads (catalogue lists, details, summaries, tags; Discover pages).
// Reads are far more frequent than writes and identical for every visitor, so a few seconds of
// caching turns most requests into a map lookup. Entries carry a tag (the domain they read);
// a write through this process invalidates its domain's tag at once, and the TTL bounds how long
// a change made elsewhere (an import, another instance) takes to show. Concurrent misses of one
// key share one load (lru-cache's fetch); a failed load is not kept. The cache is bounded by the
// size of what it holds (JSON characters, about bytes), not only by its number of entries.
// While the database cannot be reached, an expired entry that is still held is answered rather
// than a 503, for STALE_RETRY_MS at a time (then the database is asked again).
// Cached values must not be mutated.
import { LRUCache } from 'lru-cache';
import { isDatabaseUnavailable } from './db/unavailable';

export type CacheTag = 'catalogue' | 'audio' | 'sets';

/** What the cache holds by default: about 32 MB of answers. */
const READ_CACHE_MAX_BYTES = 32 * 1024 * 1024;

/** How long an expired answer is served again while the database is unreachable. */
const STALE_RETRY_MS = 1000;

interface Box {
  value: unknown;
}
type Load = () => Promise<unknown>;

export class ReadCache {
  readonly #lru: LRUCache<string, Box, Load> | null;
  /** A tag's generation is part of its keys: loads started before an invalidation land under old keys, unread. */
  readonly #generations = new Map<CacheTag, number>();

  constructor(
    readonly ttlMs: number,
    readonly maxBytes = READ_CACHE_MAX_BYTES,
    /** The clock of the TTL (tests pass one that fake timers move). */
    clock: { now(): number } = performance,
  ) {
    this.#lru =
      ttlMs > 0
        ? new LRUCache<string, Box, Load>({
            ttl: ttlMs,
            perf: clock,
            maxSize: maxBytes,
            sizeCalculation: (box) => Math.max(1, JSON.stringify(box.value)?.length ?? 1),
            fetchMethod: async (_key, stale, { context, options }) => {
              try {
                return { value: await context() };
              } catch (err) {
                if (!stale || !isDatabaseUnavailable(err)) throw err;
                options.ttl = Math.min(STALE_RETRY_MS, ttlMs);
                return stale;
              }
            },
          })
        : null;
  }

  /** The value under `key` in `tag`'s part of the cache, loading it once when missing or expired. */
  async get(tag: CacheTag, key: string, load: Load): Promise<unknown> {
    if (!this.#lru) return load();
    const box = await this.#lru.fetch(`${tag}:${this.#generations.get(tag) ?? 0}:${key}`, { context: load });
    return box?.value;
  }

  /** Forgets everything read under these tags (a write changed what they show). */
  invalidate(...tags: CacheTag[]): void {
    if (!this.#lru) return;
    for (const tag of tags) {
      this.#generations.set(tag, (this.#generations.get(tag) ?? 0) + 1);
      for (const key of this.#lru.keys()) if (key.startsWith(`${tag}:`)) this.#lru.delete(key);
    }
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
