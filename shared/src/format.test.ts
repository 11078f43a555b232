import { describe, it, expect } from 'vitest';
import { NOT_AVAILABLE, formatClock, formatAverageRating, formatDuration, formatFileSize, formatShortDate, starFills } from './format';

describe('formatDuration', () => {
  it('185 seconds -> "3 mins 5 sec"', () => {
    expect(formatDuration(185)).toBe('3 mins 5 sec');
  });
  it('whole minutes keep "0 sec"', () => {
    expect(formatDuration(180)).toBe('3 mins 0 sec');
  });
  it('under a minute -> "0 mins y sec"', () => {
    expect(formatDuration(42)).toBe('0 mins 42 sec');
  });
  it('rounds fractional seconds, carrying into the minutes', () => {
    expect(formatDuration(59.6)).toBe('1 mins 0 sec');
    expect(formatDuration(61.4)).toBe('1 mins 1 sec');
  });
  it('90 minutes (a full Creative Tonie) -> "90 mins 0 sec"', () => {
    expect(formatDuration(5400)).toBe('90 mins 0 sec');
  });
  it('missing, negative or non-finite -> N/A', () => {
    expect(formatDuration(null)).toBe(NOT_AVAILABLE);
    expect(formatDuration(undefined)).toBe(NOT_AVAILABLE);
    expect(formatDuration(-1)).toBe(NOT_AVAILABLE);
    expect(formatDuration(Number.NaN)).toBe(NOT_AVAILABLE);
  });
});

describe('formatFileSize', () => {
  it('bytes / 1024 / 1024 to one decimal', () => {
    expect(formatFileSize(2.5 * 1024 * 1024)).toBe('2.5 MB');
    expect(formatFileSize(1_000_000)).toBe('1.0 MB');
    expect(formatFileSize(50 * 1024 * 1024)).toBe('50.0 MB');
  });
  it('small files round to 0.0 MB, 0 bytes is a known size', () => {
    expect(formatFileSize(1024)).toBe('0.0 MB');
    expect(formatFileSize(0)).toBe('0.0 MB');
  });
  it('unknown size -> N/A', () => {
    expect(formatFileSize(null)).toBe('N/A');
    expect(formatFileSize(undefined)).toBe('N/A');
    expect(formatFileSize(Number.POSITIVE_INFINITY)).toBe('N/A');
    expect(formatFileSize(-5)).toBe('N/A');
  });
});

describe('formatShortDate', () => {
  it('ISO timestamp -> short US date (M/D/YYYY)', () => {
    expect(formatShortDate('2025-03-07T12:00:00Z', 'UTC')).toBe('3/7/2025');
    expect(formatShortDate(new Date(Date.UTC(2024, 11, 31, 23, 0)), 'UTC')).toBe('12/31/2024');
  });
  it('uses the given time zone for the calendar day', () => {
    expect(formatShortDate('2024-12-31T23:00:00Z', 'Europe/Berlin')).toBe('1/1/2025');
  });
  it('accepts epoch milliseconds', () => {
    expect(formatShortDate(Date.UTC(2023, 0, 15), 'UTC')).toBe('1/15/2023');
  });
  it('missing or invalid -> N/A', () => {
    expect(formatShortDate(null)).toBe('N/A');
    expect(formatShortDate('')).toBe('N/A');
    expect(formatShortDate('not a date')).toBe('N/A');
  });
});

describe('formatAverageRating', () => {
  it('one decimal', () => {
    expect(formatAverageRating(4.25)).toBe('4.3');
    expect(formatAverageRating(4)).toBe('4.0');
    expect(formatAverageRating(0)).toBe('0.0');
    expect(formatAverageRating(null)).toBe('0.0');
  });
});

describe('starFills', () => {
  it('whole rating -> that many full stars out of 5', () => {
    expect(starFills(3)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
  });
  it('fraction of exactly .5 -> a half star', () => {
    expect(starFills(3.5)).toEqual(['full', 'full', 'full', 'half', 'empty']);
  });
  it('fraction above .5 -> still a half star, not rounded up', () => {
    expect(starFills(3.9)).toEqual(['full', 'full', 'full', 'half', 'empty']);
  });
  it('fraction below .5 -> no half star', () => {
    expect(starFills(3.49)).toEqual(['full', 'full', 'full', 'empty', 'empty']);
  });
  it('no rating -> all empty; 5 -> all full', () => {
    expect(starFills(0)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(null)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
    expect(starFills(5)).toEqual(['full', 'full', 'full', 'full', 'full']);
  });
  it('clamps out-of-range ratings', () => {
    expect(starFills(7)).toEqual(['full', 'full', 'full', 'full', 'full']);
    expect(starFills(-2)).toEqual(['empty', 'empty', 'empty', 'empty', 'empty']);
  });
  it('4.5 -> 4 full and a half (no sixth star)', () => {
    expect(starFills(4.5)).toEqual(['full', 'full', 'full', 'full', 'half']);
  });
  it('custom max', () => {
    expect(starFills(1.5, 3)).toEqual(['full', 'half', 'empty']);
  });
});

describe('formatClock', () => {
  it('shows minutes past 60 and pads the seconds', () => {
    expect(formatClock(5534)).toBe('92:14');
    expect(formatClock(65)).toBe('1:05');
    expect(formatClock(0)).toBe('0:00');
    expect(formatClock(null)).toBe('N/A');
  });
});
