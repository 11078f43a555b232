import { describe, expect, it } from 'vitest';
import { normaliseTags } from './tags-field';

describe('normaliseTags', () => {
  it('no empty tag, no duplicate in any case, spaces collapsed', () => {
    expect(normaliseTags(['a', '  '], 8)).toEqual(['a']);
    expect(normaliseTags(['Bedtime', 'bedtime'], 8)).toEqual(['Bedtime']);
    expect(normaliseTags(['a', '  b  c '], 8)).toEqual(['a', 'b c']);
  });

  it('a comma-separated entry (the quick dialog) becomes several tags', () => {
    expect(normaliseTags(['quick, e2e, , Quick'], 8)).toEqual(['quick', 'e2e']);
  });

  it('at most `max`, and no tag over 40 characters', () => {
    expect(normaliseTags(['1', '2', '3', '4', '5', '6', '7', '8', '9'], 8)).toHaveLength(8);
    expect(normaliseTags(['x'.repeat(41), 'ok'], 8)).toEqual(['ok']);
  });
});
