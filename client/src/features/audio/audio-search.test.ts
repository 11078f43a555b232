import { describe, expect, it } from 'vitest';
import { matchesAudioSearch } from './audio-search';

describe("the Liked page's search", () => {
  it('liked search matches title, description or a tag, case-insensitively', () => {
    const file = { title: 'Moon Song', description: 'For bedtime', tags: ['Lullaby'] };
    expect(matchesAudioSearch(file, 'moon')).toBe(true);
    expect(matchesAudioSearch(file, 'BEDTIME')).toBe(true);
    expect(matchesAudioSearch(file, 'lull')).toBe(true);
    expect(matchesAudioSearch(file, 'dragon')).toBe(false);
    expect(matchesAudioSearch(file, '  ')).toBe(true);
  });
});
