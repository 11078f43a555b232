// Statements compiled once per shape. Kysely builds a query as a tree of frozen nodes and
// compiles the tree to SQL on every call: for a catalogue page that is about a third of the
// server's CPU per request (0.65 -> 0.41 ms when skipped; BENCHMARKS.md), more than the SQL
// itself. A hot read whose statement has the same text for many requests (its "shape": the sort,
// which filters are set, how many tags, the page bound) is built and compiled once per shape,
// with stand-ins (slots) for the values that only become parameters; later requests of the
// shape take that SQL and put their own values where the slots are. The results are always the
// database's: nothing but the statement's text is kept.
//
// The rule for a build function: everything that changes the statement's text comes from the
// shape (and is part of its key); the values handed in as `params` are used only as parameters
// (`where x = value`, `in (values)`, `sql\`${value}\``), never computed with or written in as
// literals (`sql.lit`); a value that is absent is left out, not undefined. Arrays are parameters
// element by element (their length belongs in the key). A slot written into the text, computed
// with (arithmetic, a pattern made with a template string), undefined or never used fails when
// the shape is compiled; with TONIESHELF_VERIFY_SHAPES=1 (the test suites) every call is also
// built afresh and must equal the shaped statement exactly, so a key that misses something
// (a value deciding the statement's structure) fails the tests.
import { isDeepStrictEqual } from 'node:util';
import type { Compilable, CompiledQuery, Kysely, QueryId, RootOperationNode } from 'kysely';
import { LRUCache } from 'lru-cache';

/** What a slot turned into text looks like (in the SQL, or in a parameter computed from it). */
const MARK = '\u0001slot:';

/** A value's stand-in while a shape is compiled, found again among the compiled parameters. */
class Slot {
  constructor(
    readonly name: string,
    readonly index: number | null,
  ) {}

  /**
   * As text (a literal, a template string) it shows as a mark, found in the SQL or the
   * parameters; as a number (arithmetic, `+` with a string) it refuses: a value computed with
   * inside a build would otherwise become a wrong parameter for every later request.
   */
  [Symbol.toPrimitive](hint: string): string {
    if (hint !== 'string') throw new Error(`the value ${this.name} is computed with`);
    return `${MARK}${this.name}\u0001`;
  }
}

/** The values of a shaped statement: parameters, or lists of them, by name. */
type ShapeParams = Record<string, unknown>;

interface Shape {
  sql: string;
  query: RootOperationNode;
  /** The compiled statement's id: every run of the shape is that statement (plugins see one query). */
  queryId: QueryId;
  /** The compiled parameters: constants of the shape, and slots for the request's values. */
  parameters: readonly unknown[];
}

/** Shapes kept at most per database (the app has a few hundred; an LRU bounds what odd inputs could add). */
const MAX_SHAPES = 2000;
/**
 * Per Kysely instance (its plugins take part in compiling): the app's database compiles each
 * shape once for the process's life. (A transaction compiles every statement: see shapedStatement.)
 */
const shapesOf = new WeakMap<object, LRUCache<string, Shape>>();

/** Where statements are compiled and run: the app's database or a transaction. */
type Database = Pick<Kysely<never>, 'executeQuery' | 'isTransaction'>;

/** Whether every shaped statement is also compiled afresh and compared (TONIESHELF_VERIFY_SHAPES=1). */
const verifying = process.env.TONIESHELF_VERIFY_SHAPES === '1';

/** How many statements were compiled and how many reused (for tests and profiles). */
export const shapeStats = { compiled: 0, reused: 0 };

function slotsFor<P extends object>(key: string, params: P): P {
  return Object.fromEntries(
    Object.entries(params).map(([name, value]) => {
      // A value that is absent must be left out: as a slot it would build the statement as if present.
      if (value === undefined) throw new Error(`Shaped statement ${key}: the value ${name} is undefined; leave it out instead`);
      return [name, Array.isArray(value) ? value.map((_, i) => new Slot(name, i)) : new Slot(name, null)];
    }),
  ) as P;
}

function valueOf(params: ShapeParams, slot: Slot): unknown {
  const value = params[slot.name];
  return slot.index === null ? value : (value as unknown[])[slot.index];
}

function compileShape<P extends object>(key: string, params: P, build: (params: P) => Compilable<unknown>): Shape {
  const misused = (cause?: unknown) =>
    new Error(`Shaped statement ${key}: a value was used for more than a parameter (written into the text or computed with); make what shapes the text part of the key`, { cause });
  const slots = slotsFor(key, params);
  let compiled: CompiledQuery;
  try {
    compiled = build(slots).compile();
  } catch (err) {
    // A build that works with real values but not with stand-ins used a value for more than a
    // parameter (Kysely refuses a stand-in as a literal; a slot refuses arithmetic).
    throw misused(err);
  }
  const { sql, query, queryId, parameters } = compiled;
  if (sql.includes(MARK) || sql.includes('NaN')) throw misused();
  // A parameter computed from a stand-in (a pattern made with a template string) carries its mark.
  if (parameters.some((p) => (typeof p === 'string' && p.includes(MARK)) || (typeof p === 'number' && Number.isNaN(p)))) throw misused();
  const used = new Set(parameters.filter((p): p is Slot => p instanceof Slot).map((s) => `${s.name}:${s.index}`));
  for (const [name, value] of Object.entries(params)) {
    const wanted = Array.isArray(value) ? value.map((_, i) => `${name}:${i}`) : [`${name}:null`];
    if (!wanted.every((w) => used.has(w))) throw new Error(`Shaped statement ${key}: the value ${name} is not one of its parameters`);
  }
  return { sql, query, queryId, parameters };
}

/**
 * The statement `build(params)` compiles to (a query of `db`), compiled once per `key`: `key` must
 * name everything that shapes the statement's text, `params` holds only values that become
 * parameters (see above).
 */
export function shapedStatement<P extends object, R>(db: Database, key: string, params: P, build: (params: P) => Compilable<R>): CompiledQuery<R> {
  // A transaction lives for a few statements: its shapes would be compiled for nothing.
  if (db.isTransaction) return build(params).compile();
  let shapes = shapesOf.get(db);
  if (!shapes) shapesOf.set(db, (shapes = new LRUCache<string, Shape>({ max: MAX_SHAPES })));
  let shape = shapes.get(key);
  if (shape) shapeStats.reused += 1;
  else {
    shape = compileShape(key, params, build);
    shapes.set(key, shape);
    shapeStats.compiled += 1;
  }
  const compiled: CompiledQuery<R> = {
    sql: shape.sql,
    query: shape.query,
    queryId: shape.queryId,
    parameters: shape.parameters.map((p) => (p instanceof Slot ? valueOf(params as ShapeParams, p) : p)),
  };
  if (verifying) {
    const fresh = build(params).compile();
    if (fresh.sql !== compiled.sql || !isDeepStrictEqual(fresh.parameters, compiled.parameters)) {
      throw new Error(`Shaped statement ${key} differs from the statement built afresh: its key misses something that shapes the text`);
    }
  }
  return compiled;
}

/** The rows of a shaped statement (see shapedStatement), run on `db`. */
export async function shapedRows<P extends object, R>(db: Database, key: string, params: P, build: (params: P) => Compilable<R>): Promise<R[]> {
  return (await db.executeQuery(shapedStatement(db, key, params, build))).rows;
}
