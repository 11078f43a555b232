import { act, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { ANNOUNCE_DELAY_MS, ResultsSummary } from './results-summary';

describe('ResultsSummary', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('hidden: an h2 "Results" and an empty polite region; the first count is silent, a later one is announced once it settles', () => {
    const view = renderWithProviders(<ResultsSummary status={null} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Results' })).toBeTruthy();
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toBe('');

    view.rerender(<ResultsSummary status="12 audio files, page 1 of 2" />);
    act(() => vi.advanceTimersByTime(ANNOUNCE_DELAY_MS * 2));
    expect(screen.getByRole('status').textContent).toBe('');

    // Typing: each keystroke changes the count; only the last one is announced.
    view.rerender(<ResultsSummary status="5 audio files" />);
    act(() => vi.advanceTimersByTime(ANNOUNCE_DELAY_MS / 2));
    view.rerender(<ResultsSummary status="2 audio files" />);
    act(() => vi.advanceTimersByTime(ANNOUNCE_DELAY_MS - 1));
    expect(screen.getByRole('status').textContent).toBe('');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status').textContent).toBe('2 audio files');
  });

  it('hidden: a change back to the first count before it settles announces nothing', () => {
    const view = renderWithProviders(<ResultsSummary status="12 audio files" />);
    view.rerender(<ResultsSummary status="3 audio files" />);
    act(() => vi.advanceTimersByTime(ANNOUNCE_DELAY_MS / 2));
    view.rerender(<ResultsSummary status="12 audio files" />);
    act(() => vi.advanceTimersByTime(ANNOUNCE_DELAY_MS * 2));
    expect(screen.getByRole('status').textContent).toBe('');
  });

  it('visible: the line shows the count at once; it is not live until the first count is on screen, polite after', () => {
    const view = renderWithProviders(<ResultsSummary status={null} visible heading="Wishlist" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Wishlist' })).toBeTruthy();
    expect(screen.getByRole('status').getAttribute('aria-live')).toBe('off');
    view.rerender(<ResultsSummary status="Showing 1-20 of 57 Tonies" visible heading="Wishlist" />);
    const line = screen.getByTestId('results-summary');
    expect(line.textContent).toBe('Showing 1-20 of 57 Tonies');
    expect(line.getAttribute('role')).toBe('status');
    expect(line.getAttribute('aria-live')).toBe('polite');
  });

  it('a heading only (no region) when no status is given; no heading with heading={null}', () => {
    const view = renderWithProviders(<ResultsSummary heading="Audio" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Audio' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
    view.rerender(<ResultsSummary heading={null} status="3 sets" />);
    expect(screen.queryByRole('heading')).toBeNull();
  });
});
