import { describe, expect, it } from 'vitest';
import {
  ageLabel,
  langAttribute,
  languageLabel,
  matchTags,
  reviewerName,
  runtimeLabel,
  splitTags,
  truncateDescription,
  usableImageSrc,
  visibleTagOptions,
} from './tonie-format';

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

describe('reviewerName', () => {
  it('first and last name, else Anonymous', () => {
    expect(reviewerName({ userProfile: { firstName: 'Mia', lastName: 'Schulz' } })).toBe('Mia Schulz');
    expect(reviewerName({ userProfile: { firstName: 'Mia', lastName: ' ' } })).toBe('Mia');
    expect(reviewerName({ userProfile: { firstName: '', lastName: '' } })).toBe('Anonymous');
  });

  it("a review whose author's account is gone (userId null) -> Anonymous, whatever its names say", () => {
    expect(reviewerName({ userId: null, userProfile: { firstName: 'Anonymous', lastName: '' } }, 'Anonym')).toBe('Anonym');
    expect(reviewerName({ userId: null, userProfile: { firstName: 'Mia', lastName: 'Schulz' } })).toBe('Anonymous');
    expect(reviewerName({ userId: 'u1', userProfile: { firstName: 'Mia', lastName: 'Schulz' } })).toBe('Mia Schulz');
  });
});

describe('languageLabel', () => {
  it('names the language and keeps the tag', () => {
    expect(languageLabel('de-DE')).toBe('German (de-DE)');
    expect(languageLabel('en-GB')).toBe('English (en-GB)');
    expect(languageLabel('fr')).toBe('French (fr)');
  });

  it('unknown or missing tags', () => {
    expect(languageLabel(null)).toBeNull();
    expect(languageLabel('')).toBeNull();
    expect(languageLabel('not a tag!')).toBe('not a tag!');
  });

  it('lang attribute is the language subtag', () => {
    expect(langAttribute('de-DE')).toBe('de');
    expect(langAttribute(null)).toBeUndefined();
  });
});

describe('runtimeLabel and ageLabel', () => {
  it("'45 min' and 'Ages 3+'", () => {
    expect(runtimeLabel(45)).toBe('45 min');
    expect(runtimeLabel(null)).toBeNull();
    expect(runtimeLabel(0)).toBeNull();
    expect(ageLabel('3+')).toBe('Ages 3+');
    expect(ageLabel(null)).toBeNull();
  });
});

describe('matchTags', () => {
  const tags = ['Bedtime', 'Adventure', 'Sea', 'Ages 3+'];

  it('case-insensitive substring match', () => {
    expect(matchTags(tags, 'TIME')).toEqual(['Bedtime']);
    expect(matchTags(tags, 'e')).toEqual(['Bedtime', 'Adventure', 'Sea', 'Ages 3+']);
    expect(matchTags(tags, 'ven')).toEqual(['Adventure']);
  });

  it('blank search -> every tag; no match -> none', () => {
    expect(matchTags(tags, '  ')).toEqual(tags);
    expect(matchTags(tags, 'zebra')).toEqual([]);
  });

  it('regex characters are plain text', () => {
    expect(matchTags(tags, '3+')).toEqual(['Ages 3+']);
    expect(matchTags(tags, '.*')).toEqual([]);
  });
});

describe('visibleTagOptions', () => {
  const tags = ['Adventure', 'Bedtime', 'Sea', 'Space'];

  it('selected tags come first while nothing is typed', () => {
    expect(visibleTagOptions(tags, ['sea'], '').options).toEqual(['Sea', 'Adventure', 'Bedtime', 'Space']);
    expect(visibleTagOptions(tags, ['Sea'], 's').options).toEqual(['Sea', 'Space']);
  });

  it('draws at most the limit and counts the rest', () => {
    expect(visibleTagOptions(tags, [], '', 2)).toEqual({ options: ['Adventure', 'Bedtime'], hidden: 2 });
  });
});

describe('usableImageSrc', () => {
  it('same-site paths and https addresses only', () => {
    expect(usableImageSrc('/media/demo-covers/demo-001.svg')).toBe('/media/demo-covers/demo-001.svg');
    expect(usableImageSrc('https://cdn.example/x.png')).toBe('https://cdn.example/x.png');
    expect(usableImageSrc('http://gt-blog.de/JSON/x.png')).toBeNull();
    expect(usableImageSrc('//evil.example/x.png')).toBeNull();
    expect(usableImageSrc('javascript:alert(1)')).toBeNull();
    expect(usableImageSrc(null)).toBeNull();
    expect(usableImageSrc('  ')).toBeNull();
  });
});
