import { describe, expect, it } from 'vitest';
import { parseRowId } from './row-id';

describe('parseRowId', () => {
  it('reads a plain id', () => {
    expect(parseRowId('12')).toBe(12);
    expect(parseRowId('2147483647')).toBe(2_147_483_647);
  });

  it('refuses what names no row', () => {
    for (const raw of [null, undefined, '', '0', '-3', '1.5', '1e3', 'abc', ' 7', '2147483648', '99999999999']) {
      expect(parseRowId(raw)).toBeNull();
    }
  });
});
