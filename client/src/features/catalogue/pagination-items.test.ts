import { describe, expect, it } from 'vitest';
import { ELLIPSIS, pageCount, paginationItems } from './pagination-items';

const E = ELLIPSIS;

describe('paginationItems', () => {
  it('page 10 of 20 -> first, ellipsis, 9-11, ellipsis, last', () => {
    expect(paginationItems(10, 20)).toEqual([1, E, 9, 10, 11, E, 20]);
  });

  it('first page -> 1, 2, ellipsis, last', () => {
    expect(paginationItems(1, 20)).toEqual([1, 2, E, 20]);
  });

  it('last page -> first, ellipsis, the two last', () => {
    expect(paginationItems(20, 20)).toEqual([1, E, 19, 20]);
  });

  it('a gap of exactly one page shows that page, not an ellipsis', () => {
    // 1 _2_ 3 4 5 ... 20: page 2 alone is left out between 1 and 3.
    expect(paginationItems(4, 20)).toEqual([1, 2, 3, 4, 5, E, 20]);
    expect(paginationItems(17, 20)).toEqual([1, E, 16, 17, 18, 19, 20]);
  });

  it('a gap of two pages shows an ellipsis', () => {
    expect(paginationItems(5, 20)).toEqual([1, E, 4, 5, 6, E, 20]);
  });

  it('few pages -> every page, no ellipsis', () => {
    expect(paginationItems(1, 1)).toEqual([1]);
    expect(paginationItems(1, 2)).toEqual([1, 2]);
    expect(paginationItems(2, 3)).toEqual([1, 2, 3]);
    expect(paginationItems(1, 4)).toEqual([1, 2, 3, 4]);
    expect(paginationItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('five pages from the first -> an ellipsis for pages 3 and 4', () => {
    expect(paginationItems(1, 5)).toEqual([1, 2, E, 5]);
  });

  it('no pages -> nothing', () => {
    expect(paginationItems(1, 0)).toEqual([]);
    expect(paginationItems(1, Number.NaN)).toEqual([]);
  });

  it('a current page outside 1..total is clamped', () => {
    expect(paginationItems(99, 5)).toEqual([1, E, 4, 5]);
    expect(paginationItems(99, 20)).toEqual([1, E, 19, 20]);
    expect(paginationItems(0, 20)).toEqual([1, 2, E, 20]);
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
