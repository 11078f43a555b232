import { describe, expect, it } from 'vitest';
import { audioKey, coverKey, keyTime, sanitizeFileName } from './keys';

describe('storage keys', () => {
  it.each([
    ['My Song (final).mp3', 'My-Song-final.mp3'],
    ['../../etc/passwd', 'passwd'],
    ['..\\..\\windows\\win.ini', 'win.ini'],
    ['"quoted" name.wav', 'quoted-name.wav'],
    ['Schlaflied für Émile 🎵.mp3', 'Schlaflied-fur-Emile.mp3'],
    ['...', 'file'],
    ['', 'file'],
    ['.hidden', 'hidden'],
  ])('sanitizeFileName(%j) -> %j', (input, expected) => {
    expect(sanitizeFileName(input)).toBe(expected);
  });

  it('audioKey / coverKey -> the spec layout with a timestamp', () => {
    expect(audioKey('u-1', 'a b.mp3', 1700000000000)).toBe('audio-files/u-1/1700000000000_a-b.mp3');
    expect(coverKey('c.png', 1700000000000)).toBe('cover-images/1700000000000_cover_c.png');
  });

  it('keyTime: the clock, but never the same value twice (the same millisecond -> the next ones)', () => {
    const now = Date.now() + 60_000;
    expect([keyTime(now), keyTime(now), keyTime(now)]).toEqual([now, now + 1, now + 2]);
    expect(keyTime(now + 10)).toBe(now + 10);
  });
});
