import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { lazyForm } from './lazy-form';

function Greeting({ name }: { name: string }) {
  return <form aria-label={`Hello ${name}`} />;
}

describe('lazyForm', () => {
  it('shows its stand-in with "Loading the form" until the code is there; once loaded, a new mount renders the form at once', async () => {
    let arrive: (form: typeof Greeting) => void = () => undefined;
    const Lazy = lazyForm(() => new Promise<typeof Greeting>((resolve) => (arrive = resolve)));
    const first = renderWithProviders(<Lazy name="Kim" standIn={<p>standing in</p>} />, { handlers: {}, route: '/' });
    expect(screen.getByRole('status').textContent).toContain('Loading the form');
    expect(screen.getByText('standing in')).toBeTruthy();

    await act(async () => arrive(Greeting));
    expect(await screen.findByRole('form', { name: 'Hello Kim' })).toBeTruthy();
    first.unmount();

    // Mounted again (a dialog opened a second time): no stand-in, not even for a moment.
    const second = renderWithProviders(<Lazy name="Robin" standIn={<p>standing in</p>} />, { handlers: {}, route: '/' });
    expect(screen.getByRole('form', { name: 'Hello Robin' })).toBeTruthy();
    expect(screen.queryByText('standing in')).toBeNull();
    second.unmount();
  });

  it('preload fetches the code once, ahead of the first mount', async () => {
    let calls = 0;
    const Lazy = lazyForm(async () => {
      calls += 1;
      return Greeting;
    });
    Lazy.preload();
    await act(async () => undefined);
    render(<Lazy name="Ada" standIn={null} />);
    expect(screen.getByRole('form', { name: 'Hello Ada' })).toBeTruthy();
    expect(calls).toBe(1);
  });
});
