import { describe, expect, it } from 'vitest';
import {
  applyFilterChange,
  clearFilters,
  effectiveSort,
  hasActiveFilters,
  normaliseLegacyId,
  parseCatalogueParams,
  parsePositiveInt,
  parseTags,
  toSearchString,
  withTonie,
  withoutTonie,
} from './catalogue-params';

const parse = (query: string) => parseCatalogueParams(new URLSearchParams(query));
const str = (params: URLSearchParams) => toSearchString(params);

describe('parseCatalogueParams', () => {
  it('no parameters -> all Tonies, newest (sort absent), page 1, no dialog', () => {
    expect(parse('')).toEqual({ search: '', category: null, tags: [], languages: [], age: null, series: null, shelf: null, sort: null, page: 1, tonieId: null });
  });

  it('reads every parameter', () => {
    expect(parse('search=dragon&category=Audio+Play&tags=Sea,Bedtime&languages=de-de,en-GB&age=4&series=Olli+Otter&shelf=wishlist&sort=az&page=3&tonieId=42')).toEqual({
      search: 'dragon',
      category: 'Audio Play',
      tags: ['Sea', 'Bedtime'],
      languages: ['de-DE', 'en-GB'],
      age: 4,
      series: 'Olli Otter',
      shelf: 'wishlist',
      sort: 'az',
      page: 3,
      tonieId: 42,
    });
  });

  it('bad languages and ages are ignored; the sort that applies depends on search and series', () => {
    expect(parse('languages=German!,de-DE,de-DE,x&age=19')).toMatchObject({ languages: ['de-DE'], age: null });
    for (const age of ['-1', '4.5', 'four', '']) expect(parse(`age=${age}`).age, age).toBeNull();
    expect(parse('age=0').age).toBe(0);
    expect(effectiveSort(parse(''))).toBe('newest');
    expect(effectiveSort(parse('search=otter'))).toBe('relevance');
    expect(effectiveSort(parse('series=Olli'))).toBe('episode');
    expect(effectiveSort(parse('series=Olli&sort=az'))).toBe('az');
    expect(str(applyFilterChange(new URLSearchParams('page=3'), { languages: ['de-DE', 'en-GB'], age: 4 }))).toBe('?languages=de-DE,en-GB&age=4');
    expect(str(clearFilters(new URLSearchParams('languages=de-DE&age=4&series=X&tonieId=2')))).toBe('?tonieId=2');
  });

  it('an invalid page or sort is ignored (treated as absent)', () => {
    expect(parse('page=abc&sort=best')).toMatchObject({ page: 1, sort: null });
    for (const page of ['0', '-1', '1.5', '2e3', '03', '', ' ', '99999999999999999999']) {
      expect(parse(`page=${encodeURIComponent(page)}`).page, `page=${page}`).toBe(1);
    }
    for (const sort of ['NEWEST', 'rating', '', 'az ']) {
      expect(parse(`sort=${encodeURIComponent(sort)}`).sort, `sort=${sort}`).toBeNull();
    }
  });

  it('accepts each of the four sorts', () => {
    for (const sort of ['newest', 'highest', 'lowest', 'az'] as const) expect(parse(`sort=${sort}`).sort).toBe(sort);
  });

  it('the legacy id opens the dialog too; tonieId wins over it', () => {
    expect(parse('id=7').tonieId).toBe(7);
    expect(parse('tonieId=8&id=7').tonieId).toBe(8);
    expect(parse('tonieId=abc').tonieId).toBeNull();
    expect(parse('tonieId=abc&id=5').tonieId).toBe(5);
  });

  it('a timestamp next to tonieId changes nothing', () => {
    expect(parse('tonieId=4&t=1712345678901')).toEqual(parse('tonieId=4'));
  });

  it('an empty category counts as all', () => {
    expect(parse('category=').category).toBeNull();
  });
});

describe('parseTags', () => {
  it('splits on commas, trims, drops empties and folds duplicates', () => {
    expect(parseTags(' Sea , ,Bedtime,sea,,')).toEqual(['Sea', 'Bedtime']);
  });

  it('drops names no tag can have (over 40 characters)', () => {
    expect(parseTags(`ok,${'x'.repeat(41)}`)).toEqual(['ok']);
  });

  it('keeps at most 20 tags', () => {
    const many = Array.from({ length: 25 }, (_, i) => `t${i}`).join(',');
    expect(parseTags(many)).toHaveLength(20);
  });
});

describe('parsePositiveInt', () => {
  it('accepts plain positive integers only', () => {
    expect(parsePositiveInt('1')).toBe(1);
    expect(parsePositiveInt('120')).toBe(120);
    expect(parsePositiveInt(null)).toBeNull();
    expect(parsePositiveInt('0')).toBeNull();
    expect(parsePositiveInt('+1')).toBeNull();
    expect(parsePositiveInt('0x10')).toBeNull();
  });
});

describe('applyFilterChange', () => {
  const current = new URLSearchParams('search=sea&category=Music&tags=A&sort=az&page=3&tonieId=9');

  it('changing the search, category or tags drops the page and keeps the rest', () => {
    expect(str(applyFilterChange(current, { search: 'moon' }))).toBe('?search=moon&category=Music&tags=A&sort=az&tonieId=9');
    expect(str(applyFilterChange(current, { category: 'Songs' }))).toBe('?search=sea&category=Songs&tags=A&sort=az&tonieId=9');
    expect(str(applyFilterChange(current, { tags: ['A', 'B'] }))).toBe('?search=sea&category=Music&tags=A,B&sort=az&tonieId=9');
  });

  it('changing the sort starts the new order at page 1', () => {
    expect(str(applyFilterChange(current, { sort: 'highest' }))).toBe('?search=sea&category=Music&tags=A&sort=highest&tonieId=9');
  });

  it('empty values remove their parameter', () => {
    expect(str(applyFilterChange(current, { search: '  ', category: null, tags: [], sort: null }))).toBe('?tonieId=9');
  });

  it('a page change keeps the filters; page 1 is no page parameter', () => {
    expect(str(applyFilterChange(new URLSearchParams('tags=A'), { page: 2 }))).toBe('?tags=A&page=2');
    expect(str(applyFilterChange(new URLSearchParams('tags=A&page=2'), { page: 1 }))).toBe('?tags=A');
  });

  it('trims the search', () => {
    expect(str(applyFilterChange(new URLSearchParams(), { search: '  Drache ' }))).toBe('?search=Drache');
  });

  it('does not change the params it was given', () => {
    applyFilterChange(current, { search: 'x' });
    expect(current.get('search')).toBe('sea');
  });
});

describe('clearFilters', () => {
  it('resets tags, category, search, sort and page; keeps the rest', () => {
    expect(str(clearFilters(new URLSearchParams('search=a&category=b&tags=c&sort=az&page=2&tonieId=3')))).toBe('?tonieId=3');
  });
});

describe('detail dialog parameters', () => {
  it('withTonie sets tonieId and drops the legacy id and timestamps', () => {
    expect(str(withTonie(new URLSearchParams('tags=A&id=3&t=123'), 5))).toBe('?tags=A&tonieId=5');
  });

  it('withoutTonie removes tonieId, id and the timestamp, keeping the filters', () => {
    expect(str(withoutTonie(new URLSearchParams('search=x&tonieId=5&id=5&t=1700000000000&page=2')))).toBe('?search=x&page=2');
  });

  it('normaliseLegacyId rewrites id to tonieId', () => {
    expect(normaliseLegacyId(new URLSearchParams('search=x'))).toBeNull();
    expect(str(normaliseLegacyId(new URLSearchParams('search=x&id=12'))!)).toBe('?search=x&tonieId=12');
    expect(str(normaliseLegacyId(new URLSearchParams('tonieId=4&id=12'))!)).toBe('?tonieId=4');
    expect(str(normaliseLegacyId(new URLSearchParams('id=abc'))!)).toBe('');
  });
});

describe('shelf filter', () => {
  it('shelf=none|wishlist|own|favourites -> that filter; anything else -> null (all Tonies)', () => {
    for (const shelf of ['none', 'wishlist', 'own', 'favourites'] as const) expect(parse(`shelf=${shelf}`).shelf, shelf).toBe(shelf);
    expect(parse('shelf=%20own%20').shelf).toBe('own');
    for (const bad of ['', 'all', 'OWN', 'favorites', 'wish', 'own,wishlist']) expect(parse(`shelf=${encodeURIComponent(bad)}`).shelf, bad).toBeNull();
    expect(parse('').shelf).toBeNull();
  });

  it('choosing a shelf drops the page and keeps the dialog; null removes it; Clear All removes it', () => {
    expect(str(applyFilterChange(new URLSearchParams('page=4&tonieId=9'), { shelf: 'none' }))).toBe('?tonieId=9&shelf=none');
    expect(str(applyFilterChange(new URLSearchParams('shelf=own&page=2'), { shelf: null }))).toBe('');
    expect(str(clearFilters(new URLSearchParams('shelf=wishlist&search=otter&tonieId=2')))).toBe('?tonieId=2');
    expect(hasActiveFilters(parse('shelf=favourites'))).toBe(true);
    expect(hasActiveFilters(parse('shelf=nope'))).toBe(false);
  });
});

describe('hasActiveFilters', () => {
  it('is false with nothing set and true with any filter', () => {
    expect(hasActiveFilters(parse('tonieId=3'))).toBe(false);
    for (const q of ['search=a', 'category=Music', 'tags=A', 'sort=az', 'page=2']) expect(hasActiveFilters(parse(q)), q).toBe(true);
  });
});
