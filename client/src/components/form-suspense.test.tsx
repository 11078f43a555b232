import { act, screen } from '@testing-library/react';
import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { FormSuspense } from './form-suspense';

function Greeting({ name }: { name: string }) {
  return <form aria-label={`Hello ${name}`} />;
}

describe('FormSuspense', () => {
  it('shows its stand-in with "Loading the form" until the code is there; once loaded, a new mount renders the form at once', async () => {
    let arrive: (form: { default: typeof Greeting }) => void = () => undefined;
    const Lazy = lazy(() => new Promise<{ default: typeof Greeting }>((resolve) => (arrive = resolve)));
    const render = (name: string) =>
      renderWithProviders(
        <FormSuspense standIn={<p>standing in</p>}>
          <Lazy name={name} />
        </FormSuspense>,
        { handlers: {}, route: '/' },
      );
    const first = render('Kim');
    expect(screen.getByRole('status').textContent).toContain('Loading the form');
    expect(screen.getByText('standing in')).toBeTruthy();

    await act(async () => arrive({ default: Greeting }));
    expect(await screen.findByRole('form', { name: 'Hello Kim' })).toBeTruthy();
    first.unmount();

    // Mounted again (a dialog opened a second time): no stand-in, not even for a moment.
    const second = render('Robin');
    expect(screen.getByRole('form', { name: 'Hello Robin' })).toBeTruthy();
    expect(screen.queryByText('standing in')).toBeNull();
    second.unmount();
  });

  it("a form whose code cannot be loaded: 'The form could not be loaded' with 'Reload the page'", async () => {
    const Broken = lazy<typeof Greeting>(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/form-old.js')));
    renderWithProviders(
      <FormSuspense standIn={null}>
        <Broken name="Ada" />
      </FormSuspense>,
      { handlers: {}, route: '/' },
    );
    const failed = await screen.findByTestId('lazy-form-failed');
    expect(failed.textContent).toContain('The form could not be loaded');
    expect(screen.getByRole('button', { name: 'Reload the page' })).toBeTruthy();
  });
});
