import { describe, expect, it } from 'vitest';
import { ELLIPSIS, pageCount, pageItems } from './page-range';

const E = ELLIPSIS;

describe('pageItems: the catalogue layout', () => {
  it('page 10 of 20 -> first, ellipsis, 9-11, ellipsis, last', () => {
    expect(pageItems(10, 20)).toEqual([1, E, 9, 10, 11, E, 20]);
  });

  it('first page -> 1, 2, ellipsis, last', () => {
    expect(pageItems(1, 20)).toEqual([1, 2, E, 20]);
  });

  it('last page -> first, ellipsis, the two last', () => {
    expect(pageItems(20, 20)).toEqual([1, E, 19, 20]);
  });

  it('a gap of exactly one page shows that page, not an ellipsis', () => {
    // 1 _2_ 3 4 5 ... 20: page 2 alone is left out between 1 and 3.
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, E, 20]);
    expect(pageItems(17, 20)).toEqual([1, E, 16, 17, 18, 19, 20]);
  });

  it('a gap of two pages shows an ellipsis', () => {
    expect(pageItems(5, 20)).toEqual([1, E, 4, 5, 6, E, 20]);
  });

  it('few pages -> every page, no ellipsis', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 2)).toEqual([1, 2]);
    expect(pageItems(2, 3)).toEqual([1, 2, 3]);
    expect(pageItems(1, 4)).toEqual([1, 2, 3, 4]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('five pages from the first -> an ellipsis for pages 3 and 4', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, E, 5]);
  });

  it('no pages -> nothing', () => {
    expect(pageItems(1, 0)).toEqual([]);
    expect(pageItems(1, Number.NaN)).toEqual([]);
  });

  it('a current page outside 1..total is clamped', () => {
    expect(pageItems(99, 5)).toEqual([1, E, 4, 5]);
    expect(pageItems(99, 20)).toEqual([1, E, 19, 20]);
    expect(pageItems(0, 20)).toEqual([1, 2, E, 20]);
  });
});

describe('pageItems: the audio layout', () => {
  it('5 page buttons around the current page', () => {
    expect(pageItems(1, 10, 'window')).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(6, 10, 'window')).toEqual([4, 5, 6, 7, 8]);
    expect(pageItems(10, 10, 'window')).toEqual([6, 7, 8, 9, 10]);
    expect(pageItems(2, 3, 'window')).toEqual([1, 2, 3]);
    expect(pageItems(1, 0, 'window')).toEqual([]);
  });
});

describe('pageCount', () => {
  it('rounds up partial pages', () => {
    expect(pageCount(56, 12)).toBe(5);
    expect(pageCount(48, 12)).toBe(4);
    expect(pageCount(1, 12)).toBe(1);
  });

  it('no items -> no pages', () => {
    expect(pageCount(0, 12)).toBe(0);
    expect(pageCount(10, 0)).toBe(0);
  });
});
