import { describe, expect, it } from 'vitest';
import { PATTERNS_HIDDEN, shouldName, statementName } from './prepared-statements';

describe('which statements are kept prepared', () => {
  it('parameterised reads are', () => {
    expect(shouldName('select "id" from "tonies" where "id" = $1', [1])).toBe(true);
    expect(shouldName('  WITH page AS (select 1 as x) select "x" from page where x = $1', [1])).toBe(true);
  });

  it('statements without parameters, writes, locking reads and pattern matches are not', () => {
    expect(shouldName('select 1', [])).toBe(false);
    expect(shouldName('select 1', undefined)).toBe(false);
    expect(shouldName('insert into "ratings" ("stars") values ($1)', [5])).toBe(false);
    expect(shouldName('update "tonies" set "name" = $1', ['x'])).toBe(false);
    expect(shouldName('with gone as (delete from "sessions" where "id" = $1 returning 1) select count(*) from gone', ['s'])).toBe(false);
    expect(shouldName('select * from "sessions" where "id" = $1 for update', ['s'])).toBe(false);
    expect(shouldName('select * from "tonies" where "name" ilike $1', ['%moon%'])).toBe(false);
    expect(shouldName('select * from "tonies" where "search" % $1', ['moon'])).toBe(false);
    expect(shouldName('select similarity("name", $1) from "tonies"', ['moon'])).toBe(false);
    // Whose columns a migration could change under them.
    expect(shouldName('select * from "users" where "id" = $1', ['u'])).toBe(false);
    expect(shouldName('select "sessions".*, "users"."email" from "sessions" where "sessions"."id" = $1', ['s'])).toBe(false);
  });

  it('a pattern match is, when it marks its patterns hidden from the planner; a locking read never is', () => {
    expect(shouldName(`select "id" from "tonies" where "name" like (select $1::text) ${PATTERNS_HIDDEN}`, ['%moon%'])).toBe(true);
    expect(shouldName(`select "id" from "tonies" where "search" % (select $1::text) ${PATTERNS_HIDDEN}`, ['moon'])).toBe(true);
    expect(shouldName(`select "id" from "tonies" where "name" like (select $1::text) for update ${PATTERNS_HIDDEN}`, ['%moon%'])).toBe(false);
    expect(shouldName(`update "tonies" set "name" = $1 where "name" like (select $2::text) ${PATTERNS_HIDDEN}`, ['x', '%moon%'])).toBe(false);
  });

  it('a statement gets one name from its text, the same on every connection', () => {
    const text = 'select "id" from "tonies" where "id" = $1';
    expect(statementName(text)).toBe(statementName(text));
    expect(statementName(text)).not.toBe(statementName(`${text} and "id" > $2`));
    expect(statementName(text)).toMatch(/^ts_[\w-]{20}$/);
  });
});
