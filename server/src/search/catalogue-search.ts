// The catalogue's search index over its life: built at start in the background (until it is ready,
// searches take the SQL path), then kept current from the change log of migration 0021 whenever a
// catalogue change is heard of (cache.onInvalidate: this process's writes, and other instances'
// through LISTEN/NOTIFY). A build swaps in a whole new index; changes are applied in chunks.
import { setImmediate as yieldToRequests } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import type { DB } from '../db/types';
import type { Log } from '../log';
import { isDatabaseUnavailable } from '../db/unavailable';
import * as docs from '../repositories/tonie-search-docs';
import { TonieIndex, type TonieSearchDoc } from './tonie-index';

/** Tonies read per round trip while building or applying changes. */
const CHUNK = 2000;
/** Tonies indexed before requests get a turn. */
const SLICE = 200;
/**
 * Changes are read again this far behind the newest one applied: a transaction that took its
 * position earlier may commit later, and the rows it logged must not be skipped. Applying a change
 * twice reads that Tonie twice, no more.
 */
const REREAD = 200;
/** After a failed build or refresh (the database away), the next try waits this long. */
const RETRY_MS = 2000;
/** How long the change log keeps a change: an instance further behind rebuilds its index. */
const CHANGE_LOG_KEEP_MS = 24 * 3600 * 1000;

/** Removes changes every instance has long since applied (an hourly job); how many went. */
export function pruneChangeLog(db: Kysely<DB>, now = Date.now()): Promise<number> {
  return docs.pruneSearchChanges(db, new Date(now - CHANGE_LOG_KEEP_MS));
}

function toDoc(row: docs.TonieSearchDocRow): TonieSearchDoc {
  return { id: row.id, name: row.name, series: row.series, description: row.description, releaseDate: row.release_date, tags: row.tag_names };
}

export class CatalogueSearch {
  #index: TonieIndex | null = null;
  /** The newest change position applied. */
  #position = 0;
  /** Positions applied within REREAD of #position (not applied again). */
  #applied = new Set<number>();
  #work: Promise<void> = Promise.resolve();
  #pending = false;
  #rebuild = false;
  #stopped = false;
  #retry: NodeJS.Timeout | null = null;

  constructor(
    readonly db: Kysely<DB>,
    readonly log: Log,
  ) {}

  /** True once the first build is done (before, searches use SQL). */
  get ready(): boolean {
    return this.#index !== null;
  }

  /** How many Tonies the index holds (0 before it is ready). */
  get size(): number {
    return this.#index?.size ?? 0;
  }

  /** Starts the first build in the background. */
  start(): void {
    this.#rebuild = true;
    this.#schedule();
  }

  /** The catalogue changed (here or on another instance): apply what the change log has. */
  changed(): void {
    this.#schedule();
  }

  /** Resolves when every build or refresh asked for so far is done (tests, benches). */
  async settled(): Promise<void> {
    while (true) {
      const work = this.#work;
      await work;
      if (work === this.#work && !this.#pending) return;
    }
  }

  stop(): void {
    this.#stopped = true;
    if (this.#retry) clearTimeout(this.#retry);
  }

  /** Every matching Tonie's id, best first; null while the index is not ready. */
  search(search: string): number[] | null {
    return this.#index?.search(search) ?? null;
  }

  /** The Tonies closest to any word of the search ('Did you mean'), best first; null while the index is not ready. */
  closest(search: string, limit: number): number[] | null {
    return this.#index?.closest(search, limit) ?? null;
  }

  /** One build or refresh at a time; asks meanwhile are one more run after it. */
  #schedule(): void {
    if (this.#stopped) return;
    if (this.#pending) return;
    this.#pending = true;
    this.#work = this.#work.then(async () => {
      this.#pending = false;
      if (this.#stopped) return;
      try {
        if (this.#rebuild || !this.#index) await this.#build();
        else await this.#refresh();
      } catch (err) {
        if (this.#stopped) return;
        this.log[isDatabaseUnavailable(err) ? 'warn' : 'error']({ err }, 'search index: update failed, trying again');
        this.#retry = setTimeout(() => this.#schedule(), RETRY_MS);
        this.#retry.unref();
      }
    });
  }

  async #build(): Promise<void> {
    const started = performance.now();
    const position = await docs.latestSearchChange(this.db);
    const index = new TonieIndex();
    for (let after = 0; ; ) {
      const rows = await docs.searchDocsAfter(this.db, after, CHUNK);
      // Indexed a slice at a time, requests answered in between (a slice is a few milliseconds).
      for (let i = 0; i < rows.length; i += SLICE) {
        index.put(rows.slice(i, i + SLICE).map(toDoc));
        await yieldToRequests();
      }
      if (rows.length < CHUNK || this.#stopped) break;
      after = rows.at(-1)!.id;
    }
    this.#index = index;
    this.#rebuild = false;
    // Changes logged while the catalogue was read (or just before) come after, again if need be.
    this.#position = Math.max(0, position - REREAD);
    this.#applied.clear();
    this.log.info({ tonies: index.size, ms: Math.round(performance.now() - started) }, 'search index: built');
    await this.#refresh();
  }

  async #refresh(): Promise<void> {
    const index = this.#index!;
    const oldest = await docs.oldestSearchChange(this.db);
    // The log was pruned past this instance's position: what changed meanwhile is not known.
    if (oldest !== null && this.#position > 0 && oldest > this.#position + 1) {
      this.#rebuild = true;
      return this.#build();
    }
    while (!this.#stopped) {
      const changes = (await docs.searchChangesAfter(this.db, this.#position - REREAD, CHUNK)).filter((c) => !this.#applied.has(c.seq));
      if (changes.length === 0) return;
      const ids = [...new Set(changes.map((c) => c.tonie_id))];
      const rows = await docs.searchDocsByIds(this.db, ids);
      for (let i = 0; i < rows.length; i += SLICE) {
        index.put(rows.slice(i, i + SLICE).map(toDoc));
        if (rows.length > SLICE) await yieldToRequests();
      }
      const found = new Set(rows.map((r) => r.id));
      index.remove(ids.filter((id) => !found.has(id)));
      for (const change of changes) {
        this.#applied.add(change.seq);
        this.#position = Math.max(this.#position, change.seq);
      }
      for (const seq of this.#applied) if (seq <= this.#position - REREAD) this.#applied.delete(seq);
      await yieldToRequests();
    }
  }
}
