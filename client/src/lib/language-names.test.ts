import { describe, expect, it } from 'vitest';
import { editionOf, languageName, taggedLanguageName } from './language-names';

describe('languageName and editionOf (their Intl objects and answers kept)', () => {
  it('names a language in each locale asked, again and again, and keeps the edition of each tag', () => {
    for (let round = 0; round < 2; round++) {
      expect(languageName('en-GB', 'de-DE')).toBe('Englisch (UK)');
      expect(languageName('en-GB', 'en-US')).toBe('English (UK)');
      expect(languageName('de-DE', 'en-US')).toBe('German');
      expect(languageName('de-DE', 'de-DE')).toBe('Deutsch');
      expect(languageName('nl-BE', 'en-US')).toBe('Dutch (Belgium)');
      expect(languageName('not a tag', 'en-US')).toBe('not a tag');
      expect(taggedLanguageName('German', 'de-DE')).toBe('Deutsch');
    }
    expect(editionOf('de-AT')).toEqual({ language: 'de', region: 'AT' });
    expect(editionOf(' de-DE ')).toBe(editionOf('de-DE'));
    expect(editionOf('de-DE')).toEqual({ language: 'de', region: null });
    expect(editionOf('!!')).toBeNull();
  });
});
