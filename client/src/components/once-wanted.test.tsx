// A part loaded when first wanted: nothing before, mounted for good after; a failed load says so.
import { lazy } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { OnceWanted } from './once-wanted';

const Panel = lazy(async () => ({ default: ({ open }: { open: boolean }) => <p>{open ? 'Panel open' : 'Panel closing'}</p> }));
const Broken = lazy(async () => {
  throw new Error('something else broke');
});

describe('OnceWanted', () => {
  it('renders nothing until wanted; then the part, which stays when no longer wanted', async () => {
    const view = renderWithProviders(
      <OnceWanted wanted={false}>
        <Panel open={false} />
      </OnceWanted>,
      { route: '/faq' },
    );
    expect(screen.queryByText(/Panel/)).toBeNull();
    view.rerender(
      <OnceWanted wanted>
        <Panel open />
      </OnceWanted>,
    );
    expect(await screen.findByText('Panel open')).toBeTruthy();
    view.rerender(
      <OnceWanted wanted={false}>
        <Panel open={false} />
      </OnceWanted>,
    );
    expect(screen.getByText('Panel closing')).toBeTruthy();
  });

  it('a part that cannot be loaded: nothing shown, onError told', async () => {
    const onError = vi.fn();
    renderWithProviders(
      <OnceWanted wanted onError={onError}>
        <Broken />
      </OnceWanted>,
      { route: '/faq' },
    );
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    expect(document.body.textContent).not.toContain('something else broke');
  });
});
