import { describe, expect, it } from 'vitest';
import { authorName, nextLikeCount, pastelIndex, splitItemTags } from './item-format';

describe('display rules of audio files and sets', () => {
  it('author: first and last name, else username, else Anonymous', () => {
    expect(authorName({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' })).toBe('Ada Lovelace');
    expect(authorName({ firstName: 'Ada', lastName: '', username: 'ada' })).toBe('ada');
    expect(authorName({ firstName: '', lastName: '', username: '' })).toBe('Anonymous');
    expect(authorName(null)).toBe('Anonymous');
  });

  it('pastel colour by id modulo 8', () => {
    expect(pastelIndex(1)).toBe(1);
    expect(pastelIndex(8)).toBe(0);
    expect(pastelIndex(13)).toBe(5);
  });

  it('first 3 tags plus the rest counted', () => {
    expect(splitItemTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(splitItemTags(['a'])).toEqual({ shown: ['a'], more: 0 });
  });

  it('like count moves by one, never below 0', () => {
    expect(nextLikeCount(0, true)).toBe(1);
    expect(nextLikeCount(3, false)).toBe(2);
    expect(nextLikeCount(0, false)).toBe(0);
  });
});
