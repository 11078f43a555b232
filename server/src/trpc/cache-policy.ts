// Who may keep a query's answer: every query procedure declares it with `.meta({ cache })`; the
// middleware in trpc.ts records it on the request's context, and http/caching.ts turns it into
// headers, for tRPC answers and the /api shims alike.

/**
 * shared     the same for every viewer (the catalogue, tags, the imprint)
 * anonymous  public for a visitor without a session; for a signed-in viewer it carries their own
 *            state (their likes, their drafts), so it is theirs
 * private    always the viewer's own (account, shelves, moderation) or revocable (share links)
 */
export type CachePolicy = 'shared' | 'anonymous' | 'private';

/** What a procedure declares with `.meta()`. */
export interface ProcedureMeta {
  /** Required on every query (a query without it fails); mutations are never cached. */
  cache?: CachePolicy;
}

const PRIVACY: Record<CachePolicy, number> = { shared: 0, anonymous: 1, private: 2 };

/** The policy of what one request read: the most private of the queries it ran (a batch runs several). */
export class ReadPolicy {
  #policy: CachePolicy | null = null;

  record(policy: CachePolicy): void {
    if (this.#policy === null || PRIVACY[policy] > PRIVACY[this.#policy]) this.#policy = policy;
  }

  /** Null when no query ran. */
  get policy(): CachePolicy | null {
    return this.#policy;
  }
}
