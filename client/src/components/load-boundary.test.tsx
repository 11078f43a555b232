import { type ComponentType, Suspense, lazy } from 'react';
import { render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadBoundary } from './load-boundary';

const reload = vi.hoisted(() => vi.fn(() => false));
vi.mock('../lib/stale-chunks', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/stale-chunks')>()),
  reloadOnceForNewVersion: reload,
}));

const failingPart = (message: string) => lazy<() => null>(() => Promise.reject(new TypeError(message)));

function renderPart(Part: ComponentType, props: { reloadForNewVersion?: boolean; onError?: (error: unknown) => void } = {}) {
  return render(
    <div>
      <p>Around the part</p>
      <LoadBoundary fallback={<span>stand-in</span>} {...props}>
        <Suspense fallback={null}>
          <Part />
        </Suspense>
      </LoadBoundary>
    </div>,
  );
}

describe('LoadBoundary', () => {
  afterEach(() => reload.mockClear());

  it('shows the stand-in instead of a part whose code cannot be loaded, reloads once for a missing chunk when asked to, and tells onError', async () => {
    const onError = vi.fn();
    renderPart(failingPart('Failed to fetch dynamically imported module: /assets/x-old.js'), { reloadForNewVersion: true, onError });
    expect(await screen.findByText('stand-in')).toBeTruthy();
    expect(screen.getByText('Around the part')).toBeTruthy();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onError).toHaveBeenCalledTimes(1);
  });

  it('does not reload for a part loaded in the background, nor for an error that is no missing chunk', async () => {
    renderPart(failingPart('Failed to fetch dynamically imported module: /assets/y-old.js'));
    expect(await screen.findByText('stand-in')).toBeTruthy();
    renderPart(failingPart('something else broke'), { reloadForNewVersion: true });
    await waitFor(() => expect(screen.getAllByText('stand-in')).toHaveLength(2));
    expect(reload).not.toHaveBeenCalled();
  });
});
