import { act, screen, waitFor, within } from '@testing-library/react';
import type { ProfileSettings } from '@tonieshelf/shared/schemas/profile';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { ProfileSettingsCard } from './profile-settings-card';

// The account page's 'Public profile': which shelves the profile shows, whether it lists the
// reviews, saved with profile.updateSettings and a toast.

const DEFAULTS: ProfileSettings = { publicShelves: [], showReviews: true };

function server(overrides: TrpcHandlers = {}): TrpcHandlers {
  let settings = DEFAULTS;
  return {
    'auth.me': () => SIGNED_IN,
    'profile.settings': () => settings,
    'profile.updateSettings': (input) => {
      settings = { ...settings, ...(input as Partial<ProfileSettings>) };
      return settings;
    },
    ...overrides,
  };
}

function renderCard(handlers: TrpcHandlers) {
  return renderWithProviders(<ProfileSettingsCard username="robin" />, { handlers, route: '/account' });
}

describe('Profile settings on the account page', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('defaults: no shelf ticked, reviews shown, Save disabled; the link opens the own profile', async () => {
    renderCard(server());
    const card = await screen.findByTestId('profile-settings');
    const own = await within(card).findByRole('checkbox', { name: 'Own' });
    expect((own as HTMLInputElement).checked).toBe(false);
    expect((within(card).getByRole('checkbox', { name: 'Wishlist' }) as HTMLInputElement).checked).toBe(false);
    expect((within(card).getByRole('checkbox', { name: 'Favourites' }) as HTMLInputElement).checked).toBe(false);
    expect((within(card).getByRole('switch', { name: 'Show my reviews on my profile' }) as HTMLInputElement).checked).toBe(true);
    expect((within(card).getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByRole('link', { name: 'View my profile' }).getAttribute('href')).toBe('/u/robin');
  });

  it("ticking Wishlist and hiding reviews, then Save -> profile.updateSettings with both and 'Profile settings saved'", async () => {
    const view = renderCard(server());
    const wishlist = await screen.findByRole('checkbox', { name: 'Wishlist' });
    await view.user.click(wishlist);
    await view.user.click(screen.getByRole('switch', { name: 'Show my reviews on my profile' }));
    await view.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Profile settings saved')).toBeTruthy();
    expect(view.callsTo('profile.updateSettings').map((c) => c.input)).toEqual([{ publicShelves: ['wishlist'], showReviews: false }]);
    await waitFor(() => expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByRole('checkbox', { name: 'Wishlist' }) as HTMLInputElement).checked).toBe(true);
  });

  it('a failed save says so and keeps the choice to try again', async () => {
    const view = renderCard(
      server({
        'profile.updateSettings': () => {
          throw trpcError('INTERNAL_SERVER_ERROR', 500, 'Failed to save the profile settings. Please try again.');
        },
      }),
    );
    await view.user.click(await screen.findByRole('checkbox', { name: 'Own' }));
    await view.user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to save the profile settings. Please try again.')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Own' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('button', { name: 'Save' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("German: 'Habe ich', 'Wunschliste', 'Lieblinge' and the toast", async () => {
    await act(() => i18n.changeLanguage('de'));
    const view = renderCard(server());
    expect(await screen.findByRole('checkbox', { name: 'Habe ich' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Lieblinge' })).toBeTruthy();
    await view.user.click(screen.getByRole('checkbox', { name: 'Wunschliste' }));
    await view.user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Profileinstellungen gespeichert')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Öffentliches Profil' })).toBeTruthy();
  });
});
