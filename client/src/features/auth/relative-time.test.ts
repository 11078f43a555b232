import { describe, expect, it } from 'vitest';
import { formatRelativeTime } from './relative-time';

const NOW = new Date('2025-03-07T12:00:00Z');
const ago = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

describe('formatRelativeTime', () => {
  it('under a minute -> just now', () => {
    expect(formatRelativeTime(ago(0), NOW)).toBe('just now');
    expect(formatRelativeTime(ago(59), NOW)).toBe('just now');
  });
  it('minutes, hours, days and weeks in words', () => {
    expect(formatRelativeTime(ago(5 * 60), NOW)).toBe('5 minutes ago');
    expect(formatRelativeTime(ago(2 * 3600 + 10), NOW)).toBe('2 hours ago');
    expect(formatRelativeTime(ago(26 * 3600), NOW)).toBe('yesterday');
    expect(formatRelativeTime(ago(15 * 24 * 3600), NOW)).toBe('2 weeks ago');
  });
  it('an ISO string works like a Date; garbage -> unknown', () => {
    expect(formatRelativeTime(ago(3600).toISOString(), NOW)).toBe('1 hour ago');
    expect(formatRelativeTime('not a date', NOW)).toBe('unknown');
  });
});

describe('formatRelativeTime in German', () => {
  it("'gerade eben', 'vor 5 Minuten', 'gestern', 'unbekannt'", () => {
    expect(formatRelativeTime(ago(10), NOW, 'de')).toBe('gerade eben');
    expect(formatRelativeTime(ago(5 * 60), NOW, 'de')).toBe('vor 5 Minuten');
    expect(formatRelativeTime(ago(26 * 3600), NOW, 'de')).toBe('gestern');
    expect(formatRelativeTime('not a date', NOW, 'de')).toBe('unbekannt');
  });
});
