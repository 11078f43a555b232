// The header's lazily loaded parts (the mobile menu's drawer, the signed-in account menus): when
// their code cannot be loaded, the part gives way and the header and the page stay.
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SIGNED_IN } from '../test-utils/fixtures';
import { renderWithProviders } from '../test-utils/render';
import { AppLayout } from './app-layout';

// A mock factory that throws makes the module's import fail (vitest wraps the error).
vi.mock('./mobile-menu', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/mobile-menu-old.js');
});
vi.mock('../features/auth/account-menus', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/account-menus-old.js');
});

function renderShell(signedIn: boolean) {
  return renderWithProviders(
    <Routes>
      <Route element={<AppLayout />}>
        <Route path="/" element={<h1>The page</h1>} />
      </Route>
    </Routes>,
    { handlers: { 'auth.me': () => (signedIn ? SIGNED_IN : null) } },
  );
}

describe('lazily loaded parts of the header', () => {
  it('a mobile menu whose code cannot be loaded closes again; header and page stay, and the next press tries anew', async () => {
    const view = renderShell(false);
    const burger = screen.getByRole('button', { name: 'Open menu' });
    await view.user.click(burger);

    await waitFor(() => expect(burger.getAttribute('aria-expanded')).toBe('false'));
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.getByRole('banner')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();

    // The next press asks for the code again (a fresh lazy component: React keeps a failed one
    // failed), and fails the same harmless way.
    await view.user.click(screen.getByRole('button', { name: 'Open menu' }));
    await waitFor(() => expect(burger.getAttribute('aria-expanded')).toBe('false'));
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
  });

  it('signed-in account menus whose code cannot be loaded give way to a plain link to the account page', async () => {
    renderShell(true);
    const account = await screen.findByRole('link', { name: 'Account' });
    expect(account.getAttribute('href')).toBe('/account');
    expect(screen.getByRole('heading', { name: 'The page' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
  });
});
