import { describe, expect, it } from 'vitest';
import { languageCode, seriesLine } from './quick-search';

// What keeps quick-search rows apart on a phone: the series and episode where the name does not
// already say them, and a short language code.

describe('seriesLine', () => {
  it('leaves out what the name says (case, accents and punctuation aside)', () => {
    expect(seriesLine({ name: 'Benjamin Blümchen – Der Zoo-Kindergarten', series: 'Benjamin Blümchen', episode: 'Der Zoo-Kindergarten' })).toBeNull();
    expect(seriesLine({ name: 'BENJAMIN BLUMCHEN: der zoo kindergarten', series: 'Benjamin Blümchen', episode: 'Der Zoo-Kindergarten' })).toBeNull();
    expect(seriesLine({ name: 'Der Zirkus kommt', series: 'Benjamin Blümchen', episode: 'Der Zirkus kommt' })).toBe('Benjamin Blümchen');
    expect(seriesLine({ name: 'Chase', series: 'PAW Patrol', episode: 'Folge 12' })).toBe('PAW Patrol · Folge 12');
    expect(seriesLine({ name: 'Die Elchkuh', series: null, episode: 'Folge 168' })).toBe('Folge 168');
    expect(seriesLine({ name: 'Die Elchkuh', series: '  ', episode: null })).toBeNull();
  });
});

describe('languageCode', () => {
  it('names the region only where it tells editions apart', () => {
    expect(languageCode('de-DE')).toBe('DE');
    expect(languageCode('fr-FR')).toBe('FR');
    expect(languageCode('da-DK')).toBe('DA');
    expect(languageCode('en-GB')).toBe('EN-GB');
    expect(languageCode('en-US')).toBe('EN-US');
    expect(languageCode('nl-BE')).toBe('NL-BE');
    expect(languageCode('de')).toBe('DE');
    expect(languageCode(null)).toBeNull();
    expect(languageCode('')).toBeNull();
  });
});
