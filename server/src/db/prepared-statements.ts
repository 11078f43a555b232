// Named (server-side prepared) statements for the app's reads on PostgreSQL. Kysely sends every
// query through the extended protocol unnamed, so PostgreSQL parses and plans it on every run; for
// the catalogue's cheap pages planning costs about three times the execution (1.3 ms vs 0.4 ms
// per page). Naming a statement lets each connection parse it once, and PostgreSQL keeps its plan.
// pg itself remembers which names a connection has parsed (and re-parses on a new connection), so
// all this does is give a read a stable name derived from its text.
// Only parameterised SELECTs with their columns named are named (not writes, DDL, transaction
// control or `select *`): a prepared statement whose result columns change under it (a migration
// run by another instance adds a column) fails with 'cached plan must not change result type'.
// Should one still meet such a change, it is forgotten and run again unnamed. Statements that match text
// by pattern (LIKE, trigram similarity) are left unnamed, so a generic plan never replaces the
// plan PostgreSQL picks for the pattern at hand, unless the statement carries PATTERNS_HIDDEN: its
// patterns reach the plan only through subqueries the planner cannot look into, so every run is
// planned alike and the kept plan is the one it would pick. A connection names at most MAX_NAMED statements;
// later shapes run unnamed, so the statements a connection keeps stay bounded.
import { createHash } from 'node:crypto';
import type pg from 'pg';

/** How many statements one connection keeps prepared at most. */
const MAX_NAMED = 500;

/**
 * The mark (an SQL comment) of a read whose patterns (LIKE, trigram) are all passed as
 * `(select $n::text)`: the planner sees none of them, so its plan is the same for every value
 * and keeping it loses nothing.
 */
export const PATTERNS_HIDDEN = '/* patterns hidden from the planner */';

/** Whether a statement's text is one to keep prepared. */
export function shouldName(text: string, values: readonly unknown[] | undefined): boolean {
  if (!values || values.length === 0) return false;
  if (!/^\s*(select|with)\b/i.test(text)) return false;
  // A CTE that writes is a write.
  if (/\b(insert|update|delete)\b/i.test(text) && /^\s*with\b/i.test(text)) return false;
  if (/(\bselect\s+|\.)\*/i.test(text)) return false;
  if (/\bfor\s+(update|share)\b/i.test(text)) return false;
  return text.includes(PATTERNS_HIDDEN) || !/%|\blike\b|\bilike\b|similarity/i.test(text);
}

/** PostgreSQL's 'cached plan must not change result type' (feature_not_supported). */
const PLAN_CHANGED_RESULT_TYPE = '0A000';

/** A statement's name: the same text gets the same name on every connection and instance. */
export function statementName(text: string): string {
  return `ts_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
}

type QueryFn = (...args: unknown[]) => unknown;

/** How many statement texts have their decision remembered (the app has a few hundred shapes). */
const MAX_TEXTS = 2000;

/**
 * Each statement text's name, or false when it is not to be named: decided once per text (the
 * tests and the hash would otherwise run on every query). A plain Map, emptied when it is full:
 * it is read on every query, and an LRU's bookkeeping cost more than the decision it keeps.
 */
const namesByText = new Map<string, string | false>();

function nameOf(text: string, values: readonly unknown[]): string | false {
  let name = namesByText.get(text);
  if (name === undefined) {
    name = shouldName(text, values) ? statementName(text) : false;
    if (namesByText.size >= MAX_TEXTS) namesByText.clear();
    namesByText.set(text, name);
  }
  return name;
}

/** Makes this pool's connections run their reads as named statements. */
export function namePreparedStatements(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    const named = new Set<string>();
    // Names this connection could not deallocate (their transaction had failed): run unnamed.
    const retired = new Set<string>();
    const query = client.query.bind(client) as QueryFn;
    (client as unknown as { query: QueryFn }).query = (...args: unknown[]) => {
      const [text, values] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || args.length !== 2 || values.length === 0) return query(...args);
      const name = nameOf(text, values);
      if (!name || retired.has(name)) return query(...args);
      if (!named.has(name)) {
        if (named.size >= MAX_NAMED) return query(...args);
        named.add(name);
      }
      const run = query({ name, text, values }) as Promise<unknown>;
      return run.catch(async (err: { code?: string }) => {
        if (err?.code !== PLAN_CHANGED_RESULT_TYPE) throw err;
        // The table changed under the prepared statement: drop it here and run the text unnamed.
        const dropped = await (query(`DEALLOCATE "${name}"`) as Promise<unknown>).then(
          () => true,
          () => false,
        );
        const connection = (client as unknown as { connection?: { parsedStatements?: Record<string, string> } }).connection;
        // Deallocated, it may be prepared afresh; else it still exists here and must not be parsed again.
        if (dropped) delete connection?.parsedStatements?.[name];
        else retired.add(name);
        // Inside a transaction the first error has aborted it: that error is the one to report.
        return (query(text, values) as Promise<unknown>).catch(() => {
          throw err;
        });
      });
    };
  });
}
