// A small in-process cache for public catalogue reads (lists, details, summaries, tags). Reads
// are far more frequent than writes and identical for every visitor, so a few seconds of
// caching turns most requests into a map lookup. Writes in this process (a new rating) clear
// it at once; the TTL bounds how long a change made elsewhere (an import, another instance)
// takes to show. Concurrent misses of one key share one load. Cached values must not be mutated.
export class QueryCache {
  readonly #entries = new Map<string, { expires: number; value: Promise<unknown> }>();

  constructor(
    readonly ttlMs: number,
    private readonly maxEntries = 2000,
  ) {}

  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.ttlMs <= 0) return load();
    const now = Date.now();
    const hit = this.#entries.get(key);
    if (hit && hit.expires > now) {
      // Keep recently used keys at the end (least recently used first in line for eviction).
      this.#entries.delete(key);
      this.#entries.set(key, hit);
      return hit.value as Promise<T>;
    }
    const value = load();
    const entry = { expires: now + this.ttlMs, value };
    this.#entries.set(key, entry);
    value.catch(() => {
      if (this.#entries.get(key) === entry) this.#entries.delete(key);
    });
    while (this.#entries.size > this.maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return value;
  }

  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}
