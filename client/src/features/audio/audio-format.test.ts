import { describe, expect, it } from 'vitest';
import { addTag, authorName, matchesAudioSearch, nextLikeCount, parseTagList, pastelIndex, splitAudioTags, tagSuggestions, visiblePages } from './audio-format';

describe('audio display rules', () => {
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
    expect(splitAudioTags(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c'], more: 2 });
    expect(splitAudioTags(['a'])).toEqual({ shown: ['a'], more: 0 });
  });

  it('like count moves by one, never below 0', () => {
    expect(nextLikeCount(0, true)).toBe(1);
    expect(nextLikeCount(3, false)).toBe(2);
    expect(nextLikeCount(0, false)).toBe(0);
  });

  it('liked search matches title, description or a tag, case-insensitively', () => {
    const file = { title: 'Moon Song', description: 'For bedtime', tags: ['Lullaby'] };
    expect(matchesAudioSearch(file, 'moon')).toBe(true);
    expect(matchesAudioSearch(file, 'BEDTIME')).toBe(true);
    expect(matchesAudioSearch(file, 'lull')).toBe(true);
    expect(matchesAudioSearch(file, 'dragon')).toBe(false);
    expect(matchesAudioSearch(file, '  ')).toBe(true);
  });

  it('5 page buttons around the current page', () => {
    expect(visiblePages(1, 10, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(visiblePages(6, 10, 5)).toEqual([4, 5, 6, 7, 8]);
    expect(visiblePages(10, 10, 5)).toEqual([6, 7, 8, 9, 10]);
    expect(visiblePages(2, 3, 5)).toEqual([1, 2, 3]);
    expect(visiblePages(1, 0, 5)).toEqual([]);
  });

  it('tags: no empty, no duplicate in any case, at most 8', () => {
    expect(addTag(['a'], '  ')).toEqual(['a']);
    expect(addTag(['Bedtime'], 'bedtime')).toEqual(['Bedtime']);
    expect(addTag(['a'], '  b  c ')).toEqual(['a', 'b c']);
    const eight = ['1', '2', '3', '4', '5', '6', '7', '8'];
    expect(addTag(eight, '9')).toBe(eight);
  });

  it('up to 5 suggestions that are not chosen yet', () => {
    const known = ['sleep', 'sleepy', 'sleeping', 'asleep', 'sleepover', 'sleeper', 'song'];
    expect(tagSuggestions(known, ['sleepy'], 'SLEEP')).toEqual(['sleep', 'sleeping', 'asleep', 'sleepover', 'sleeper']);
    expect(tagSuggestions(known, [], '')).toEqual([]);
  });

  it('comma-separated tags of the quick dialog', () => {
    expect(parseTagList('quick, e2e, , Quick')).toEqual(['quick', 'e2e']);
    expect(parseTagList('')).toEqual([]);
  });
});
