// The server's preview of a shared Tonie goes once the dialog has opened over it, and at once
// when nothing will take its place (the address no longer names a Tonie, a part failed to load).
import { act, screen, waitFor } from '@testing-library/react';
import { aRatingSummary, aTonie } from '../../test-utils/fixtures';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoadFailed } from '../../components/load-boundary';
import { LazyTonieDetailsModal } from '../../features/catalogue/lazy-tonie-details-modal';
import { renderWithProviders } from '../../test-utils/render';
import { dismissToniePreview } from '../../lib/tonie-preview';
import { loadTonieDetails } from './load-tonie-details';

/** The page as the server writes it for a shared Tonie: the preview, and the app's root inert behind it. */
function addPreview() {
  const preview = document.createElement('div');
  preview.id = 'tonie-preview';
  preview.textContent = 'The Moon Bakery';
  document.body.prepend(preview);
  let root = document.getElementById('root');
  if (!root) {
    root = document.createElement('div');
    root.id = 'root';
    preview.after(root);
  }
  root.setAttribute('inert', '');
}

const rootInert = () => document.getElementById('root')?.hasAttribute('inert');

const previewThere = () => document.getElementById('tonie-preview') !== null;

beforeEach(addPreview);
afterEach(() => {
  document.getElementById('tonie-preview')?.remove();
  vi.useRealTimers();
});

describe('the server’s preview of a shared Tonie', () => {
  it('after the dialog’s opening: lets clicks through at once and goes after the opening transition', () => {
    vi.useFakeTimers();
    dismissToniePreview(true);
    expect(document.getElementById('tonie-preview')?.hasAttribute('data-leaving')).toBe(true);
    expect(rootInert()).toBe(false);
    vi.advanceTimersByTime(199);
    expect(previewThere()).toBe(true);
    vi.advanceTimersByTime(1);
    expect(previewThere()).toBe(false);
  });

  it('goes at once when a part of the page cannot load (it would hide the message)', () => {
    renderWithProviders(<LoadFailed title="The page could not be loaded" />, { handlers: {}, route: '/catalog' });
    expect(screen.getByRole('alert')).toBeTruthy();
    expect(previewThere()).toBe(false);
    expect(rootInert()).toBe(false);
  });

  it('goes at once when the address no longer names a Tonie, and when the dialog leaves the page', async () => {
    const view = renderWithProviders(<LazyTonieDetailsModal tonieId={null} onClose={() => undefined} load={loadTonieDetails} />, { handlers: {}, route: '/catalog' });
    await act(async () => undefined);
    expect(previewThere()).toBe(false);
    view.unmount();

    addPreview();
    const other = renderWithProviders(<LazyTonieDetailsModal tonieId={27} onClose={() => undefined} load={loadTonieDetails} />, { handlers: {}, route: '/catalog?tonieId=27' });
    // Held while the Tonie's details come: the preview stands in.
    expect(previewThere()).toBe(true);
    other.unmount();
    expect(previewThere()).toBe(false);
  });

  it('when the address names another Tonie while the dialog is held, the dialog opens for that one, whole', async () => {
    const never = () => new Promise(() => undefined);
    const handlers = {
      'tonie.byId': (input: unknown) => ((input as { id: number }).id === 28 ? aTonie({ id: 28, name: 'The Second Tonie' }) : never()),
      'review.summary': (input: unknown) => ((input as { tonieId: number }).tonieId === 28 ? aRatingSummary(28, []) : never()),
      'review.list': (input: unknown) => ((input as { tonieId: number }).tonieId === 28 ? [] : never()),
    };
    const view = renderWithProviders(<LazyTonieDetailsModal tonieId={27} onClose={() => undefined} load={loadTonieDetails} />, { handlers, route: '/catalog?tonieId=27' });
    await act(async () => undefined);
    expect(screen.queryByRole('dialog')).toBeNull();
    view.rerender(<LazyTonieDetailsModal tonieId={28} onClose={() => undefined} load={loadTonieDetails} />);
    const dialog = await screen.findByRole('dialog', { name: 'The Second Tonie' }, { timeout: 5000 });
    expect(dialog.textContent).toContain('The Second Tonie');
    await waitFor(() => expect(previewThere()).toBe(false));
  });

  it('lets the page free after a while when the Tonie’s details do not come', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const never = () => new Promise(() => undefined);
    renderWithProviders(<LazyTonieDetailsModal tonieId={27} onClose={() => undefined} load={loadTonieDetails} />, {
      handlers: { 'tonie.byId': never, 'review.summary': never, 'review.list': never },
      route: '/catalog?tonieId=27',
    });
    await act(async () => vi.advanceTimersByTime(3900));
    expect(previewThere()).toBe(true);
    expect(rootInert()).toBe(true);
    await act(async () => vi.advanceTimersByTime(200));
    expect(previewThere()).toBe(false);
    expect(rootInert()).toBe(false);
  });
});
