// @vitest-environment jsdom
// Focus put back after a change took it away, also when a closing dialog drops it later.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { focusIfLostWithin } from './focus-lost';

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
});

describe('focusIfLostWithin', () => {
  it('focuses at once, and again when focus falls to the page within the time; not after it, nor over a choice of the visitor', () => {
    vi.useFakeTimers();
    document.body.innerHTML = '<h3 id="rate" tabindex="-1">Rate this Tonie</h3><button id="gone">Delete</button><button id="other">Other</button>';
    const heading = document.getElementById('rate')!;
    const gone = document.getElementById('gone')!;
    focusIfLostWithin(heading, 1000);
    expect(document.activeElement).toBe(heading);

    // A closing dialog hands focus to a button that is then removed: focus falls to the page.
    gone.focus();
    gone.remove();
    expect(document.activeElement).toBe(document.body);
    vi.advanceTimersByTime(60);
    expect(document.activeElement).toBe(heading);

    // The visitor moves on: left alone.
    document.getElementById('other')!.focus();
    vi.advanceTimersByTime(60);
    expect(document.activeElement?.id).toBe('other');

    // After the time, a fall to the page is not followed.
    vi.advanceTimersByTime(1000);
    (document.activeElement as HTMLElement).blur();
    vi.advanceTimersByTime(60);
    expect(document.activeElement).toBe(document.body);
  });
});
