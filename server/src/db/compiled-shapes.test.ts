import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { shapedStatement, shapeStats } from './compiled-shapes';

interface Db {
  tonies: { id: number; name: string; category: string; language: string };
}

const db = new Kysely<Db>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (k) => new PostgresIntrospector(k),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});

let keys = 0;
/** A key no other test uses (shapes are kept per process). */
const freshKey = (name: string) => `test ${name} ${++keys}`;

describe('shapedStatement', () => {
  it('the second request of a shape reuses its SQL with its own values; constants of the shape stay', () => {
    const key = freshKey('category page');
    const build = (v: { category: string; offset: number }) =>
      db.selectFrom('tonies').select(['id', 'name']).where('category', '=', v.category).where('id', '>', 0).orderBy('id').limit(12).offset(v.offset);
    const before = { ...shapeStats };
    const first = shapedStatement(db, key, { category: 'Music', offset: 0 }, build);
    const second = shapedStatement(db, key, { category: 'Hörspiel', offset: 24 }, build);
    expect(shapeStats.compiled - before.compiled).toBe(1);
    expect(shapeStats.reused - before.reused).toBe(1);
    expect(second.sql).toBe(first.sql);
    expect(second.sql).toBe(build({ category: 'x', offset: 1 }).compile().sql);
    expect(first.parameters).toEqual(['Music', 0, 12, 0]);
    expect(second.parameters).toEqual(['Hörspiel', 0, 12, 24]);
  });

  it('a list of values -> a parameter per element, each request its own', () => {
    const key = freshKey('languages, 2');
    const build = (v: { languages: string[] }) => db.selectFrom('tonies').select('id').where('language', 'in', v.languages);
    shapedStatement(db, key, { languages: ['de-DE', 'en-GB'] }, build);
    const again = shapedStatement(db, key, { languages: ['fr-FR', 'de-AT'] }, build);
    expect(again.sql).toBe('select "id" from "tonies" where "language" in ($1, $2)');
    expect(again.parameters).toEqual(['fr-FR', 'de-AT']);
  });

  it('a value written into the text (sql.lit) -> refused when the shape is compiled', () => {
    const build = (v: { category: string }) => db.selectFrom('tonies').select('id').where('category', '=', sql.lit(v.category));
    expect(() => shapedStatement(db, freshKey('literal'), { category: 'Music' }, build)).toThrow(/used for more than a parameter/);
  });

  it('a value computed with in the build (a pattern from a template string, arithmetic) -> refused, even when it is also a parameter itself', () => {
    const pattern = (v: { word: string }) => db.selectFrom('tonies').select('id').where('name', '=', v.word).where('name', 'like', `%${v.word}%`);
    expect(() => shapedStatement(db, freshKey('pattern'), { word: 'moon' }, pattern)).toThrow(/used for more than a parameter/);
    const sum = (v: { offset: number }) => db.selectFrom('tonies').select('id').where('id', '>', v.offset).limit(v.offset + 12);
    expect(() => shapedStatement(db, freshKey('arithmetic'), { offset: 24 }, sum)).toThrow(/used for more than a parameter/);
  });

  it('an undefined value -> refused (absent values are left out, else the statement is built as if present)', () => {
    const build = (v: { category?: string | undefined }) => {
      const q = db.selectFrom('tonies').select('id');
      return v.category !== undefined ? q.where('category', '=', v.category) : q;
    };
    expect(() => shapedStatement(db, freshKey('undefined'), { category: undefined }, build)).toThrow(/undefined; leave it out/);
  });

  it('in a transaction -> compiled for the call, no shape kept', async () => {
    const build = (on: typeof db) => (v: { id: number }) => on.selectFrom('tonies').select('id').where('id', '=', v.id);
    const before = { ...shapeStats };
    const compiled = await db.transaction().execute(async (trx) => shapedStatement(trx, freshKey('transaction'), { id: 7 }, build(trx)));
    expect(compiled.parameters).toEqual([7]);
    expect(shapeStats).toEqual(before);
  });

  it('a value the statement does not take as a parameter -> refused', () => {
    const build = (_v: { category: string; unused: number }) => db.selectFrom('tonies').select('id').where('category', '=', 'Music');
    expect(() => shapedStatement(db, freshKey('unused'), { category: 'Music', unused: 1 }, build)).toThrow(/not one of its parameters/);
  });

  it('a key that misses what shapes the text -> caught by the comparison with a fresh build (TONIESHELF_VERIFY_SHAPES=1, as in the tests)', () => {
    expect(process.env.TONIESHELF_VERIFY_SHAPES).toBe('1');
    const key = freshKey('sort not in key');
    const build = (desc: boolean) => (v: { category: string }) =>
      db.selectFrom('tonies').select('id').where('category', '=', v.category).orderBy('id', desc ? 'desc' : 'asc');
    shapedStatement(db, key, { category: 'Music' }, build(false));
    expect(() => shapedStatement(db, key, { category: 'Music' }, build(true))).toThrow(/differs from the statement built afresh/);
  });

  it('another Kysely instance (with a plugin) compiles its own shapes; each shape keeps one query id, as one statement does', () => {
    const key = freshKey('per database');
    const build = (v: { id: number }) => db.selectFrom('tonies').select('id').where('id', '=', v.id);
    let seen = 0;
    const other = db.withPlugin({ transformQuery: (args) => ((seen += 1), args.node), transformResult: async (args) => args.result });
    const first = shapedStatement(db, key, { id: 1 }, build);
    const before = { ...shapeStats };
    const onOther = shapedStatement(other, key, { id: 2 }, (v) => other.selectFrom('tonies').select('id').where('id', '=', v.id));
    expect(shapeStats.compiled - before.compiled).toBe(1);
    expect(seen).toBeGreaterThan(0);
    expect(onOther.sql).toBe(first.sql);
    expect(shapedStatement(db, key, { id: 3 }, build).queryId).toBe(first.queryId);
  });
});
