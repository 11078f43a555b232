import { describe, expect, it } from 'vitest';
import { splitTags, tagLabel, truncateDescription, usableImageSrc, visibleTagGroups } from './tonie-format';

describe('truncateDescription', () => {
  it('keeps a description of up to 150 characters as it is', () => {
    const exact = 'a'.repeat(150);
    expect(truncateDescription(exact)).toBe(exact);
    expect(truncateDescription('Short.')).toBe('Short.');
  });

  it("cuts a longer one at 150 characters plus '...'", () => {
    const long = 'b'.repeat(151);
    expect(truncateDescription(long)).toBe(`${'b'.repeat(150)}...`);
    expect(truncateDescription(long)).toHaveLength(153);
  });

  it('does not leave a space before the dots', () => {
    const text = `${'c'.repeat(149)} and more`;
    expect(truncateDescription(text)).toBe(`${'c'.repeat(149)}...`);
  });

  it('no stray punctuation before the dots', () => {
    expect(truncateDescription(`${'e'.repeat(149)}.more`)).toBe(`${'e'.repeat(149)}...`);
    expect(truncateDescription(`${'f'.repeat(148)}, more`)).toBe(`${'f'.repeat(148)}...`);
  });

  it('never splits a character made of two code units', () => {
    const text = `${'d'.repeat(149)}😀😀`;
    expect(truncateDescription(text)).toBe(`${'d'.repeat(149)}😀...`);
  });

  it('missing text -> empty', () => {
    expect(truncateDescription(null)).toBe('');
  });
});

describe('splitTags', () => {
  it("shows the first 3 tags and counts the rest as '+n'", () => {
    expect(splitTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(splitTags(['a', 'b'])).toEqual({ shown: ['a', 'b'], more: 0 });
    expect(splitTags([])).toEqual({ shown: [], more: 0 });
  });
});

describe('usableImageSrc', () => {
  it('same-site paths and https addresses only', () => {
    expect(usableImageSrc('/media/demo-covers/demo-001.svg')).toBe('/media/demo-covers/demo-001.svg');
    expect(usableImageSrc('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(usableImageSrc('http://gt-blog.de/JSON/x.png')).toBeNull();
    expect(usableImageSrc('//evil.example/x.png')).toBeNull();
    // Browsers read '/\\host' as '//host'.
    expect(usableImageSrc('/\\evil.example/x.png')).toBeNull();
    expect(usableImageSrc('javascript:alert(1)')).toBeNull();
    expect(usableImageSrc(null)).toBeNull();
    expect(usableImageSrc('  ')).toBeNull();
  });
});

describe('tagLabel', () => {
  const en = { ageTag: (n: number) => `Ages ${n}+` };
  const de = { ageTag: (n: number) => `ab ${n} Jahren` };
  it("reads the importer's age and language tags in the interface language; other tags as they are", () => {
    expect(tagLabel('Ages 3+', de, 'de-DE')).toBe('ab 3 Jahren');
    expect(tagLabel('German', de, 'de-DE')).toBe('Deutsch');
    expect(tagLabel('English', de, 'de-DE')).toBe('Englisch');
    expect(tagLabel('Benjamin Blümchen', de, 'de-DE')).toBe('Benjamin Blümchen');
    expect(tagLabel('German', en, 'en-US')).toBe('German');
    expect(tagLabel('Ages 10+', en, 'en-US')).toBe('Ages 10+');
  });
});

describe('visibleTagGroups', () => {
  const compare = new Intl.Collator('en', { numeric: true }).compare;
  it('keeps the most used tags (the server lists them first) when a group is cut, and shows them A to Z', () => {
    const group = {
      kind: 'series',
      tags: [
        { name: 'Zebra', count: 9 },
        { name: 'Apple', count: 5 },
        { name: 'Mango', count: 1 },
      ],
    };
    const { groups } = visibleTagGroups([group], '', compare, 2);
    expect(groups[0]!.tags.map((t) => t.name)).toEqual(['Apple', 'Zebra']);
    expect(groups[0]!.hidden).toBe(1);
    expect(visibleTagGroups([group], 'an', compare, 2).groups[0]!.tags.map((t) => t.name)).toEqual(['Mango']);
  });
});
