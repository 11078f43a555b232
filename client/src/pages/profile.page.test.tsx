import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Profile, ProfileReview } from '@tonieshelf/shared/schemas/profile';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { ProfilePage } from './profile.page';
import { aRating, aTonie, SIGNED_IN } from '../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../test-utils/render';
import type { TrpcHandlers } from '../test-utils/render';

// /u/{username}: loading, an unknown user, the header, the reviews (or the note that they are
// hidden), and a tab per public shelf with the catalogue's cards.

const KIM_ID = '6f1c2a7e-0000-4000-8000-00000000000b';

function aProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    userId: KIM_ID,
    username: 'kim',
    displayName: 'Kim Lee',
    memberSince: '2026-03-05T10:00:00.000Z',
    reviewsHidden: false,
    reviewCount: 1,
    audioCount: 0,
    setCount: 0,
    shelves: [],
    isSelf: false,
    ...overrides,
  };
}

const kimsReview: ProfileReview = {
  ...aRating({ id: 42, userId: KIM_ID, username: 'kim', review: 'Our bedtime favourite', rating: 5, helpfulCount: 3, userProfile: { firstName: 'Kim', lastName: 'Lee' } }),
  tonie: { id: 7, name: 'The Gruffalo', image: null, language: 'en-GB' },
};

function server(profile: Profile | (() => never), overrides: TrpcHandlers = {}): TrpcHandlers {
  return {
    'auth.me': () => SIGNED_IN,
    'profile.byUsername': typeof profile === 'function' ? profile : () => profile,
    'profile.reviews': () => ({ reviews: [kimsReview], totalCount: 1 }),
    'profile.audio': () => ({ audioFiles: [], totalCount: 0 }),
    'profile.sets': () => ({ sets: [], totalCount: 0 }),
    'shelf.states': () => [],
    ...overrides,
  };
}

function renderProfile(handlers: TrpcHandlers, route = '/u/kim') {
  return renderWithProviders(
    <Routes>
      <Route path="/u/:username" element={<ProfilePage />} />
    </Routes>,
    { handlers, route },
  );
}

describe('Profile page', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('while the profile loads: the loading state, no sections yet', async () => {
    const view = renderProfile(server(aProfile(), { 'profile.byUsername': () => new Promise(() => undefined) }));
    expect(await screen.findByTestId('profile-loading')).toBeTruthy();
    expect(screen.getByText('Loading the profile...')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(view.callsTo('profile.byUsername')[0]!.input).toEqual({ username: 'kim' });
  });

  it("an unknown (or suspended) user -> 'User not found' with the server's reason and the page title", async () => {
    const view = renderProfile(
      server(() => {
        throw trpcError('NOT_FOUND', 404, 'There is no such user.');
      }),
      '/u/nobody',
    );
    const box = await screen.findByTestId('profile-not-found');
    expect(within(box).getByText('User not found')).toBeTruthy();
    expect(within(box).getByText('There is no such user.')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('User not found | TonieShelf'));
    expect(view.callsTo('profile.byUsername')).toHaveLength(1);
    expect(view.callsTo('profile.reviews')).toHaveLength(0);
  });

  it('the header: name, @username, member since, counts; the reviews with their Tonie linking to the catalogue', async () => {
    const view = renderProfile(server(aProfile({ audioCount: 2, setCount: 1 })));
    expect((await screen.findByTestId('profile-name')).textContent).toBe('Kim Lee');
    expect(screen.getByTestId('profile-username').textContent).toBe('@kim');
    expect(screen.getByTestId('profile-member-since').textContent).toBe('Member since 3/5/2026');
    expect(screen.getByTestId('profile-counts').textContent).toBe('1 review2 audio files1 set');
    await waitFor(() => expect(document.title).toBe('Kim Lee | TonieShelf'));

    const review = await screen.findByTestId('profile-review');
    expect(within(review).getByText('Our bedtime favourite')).toBeTruthy();
    expect(within(review).getByTestId('profile-review-tonie').getAttribute('href')).toBe('/catalog?tonieId=7');
    expect(within(review).getByRole('img', { name: '5 out of 5 stars' })).toBeTruthy();
    expect(within(review).getByTestId('profile-review-helpful').textContent).toBe('3 found this helpful');
    expect(view.callsTo('profile.reviews')[0]!.input).toEqual({ username: 'kim', page: 1 });
    // Someone else's profile: 'Report user', no settings link.
    expect(screen.getByRole('button', { name: 'Report user' })).toBeTruthy();
    expect(screen.queryByTestId('edit-profile-settings')).toBeNull();
  });

  it('hidden reviews: the note instead of the list, and profile.reviews is not asked', async () => {
    const view = renderProfile(server(aProfile({ reviewsHidden: true, reviewCount: 0 })));
    const note = await screen.findByTestId('reviews-hidden');
    expect(note.textContent).toBe('This user keeps their review list private.');
    expect(screen.queryByTestId('profile-review')).toBeNull();
    expect(view.callsTo('profile.reviews')).toHaveLength(0);
    expect(screen.getByTestId('profile-counts').textContent).not.toContain('review');
  });

  it('the own profile with hidden reviews: the settings link instead of Report, a note linking to the settings, and profile.reviews is not asked (the server refuses it to the owner too)', async () => {
    const view = renderProfile(
      server(aProfile({ isSelf: true, reviewsHidden: true, reviewCount: 0 }), {
        // What the server answers, also to the owner: the profile is the public view.
        'profile.reviews': () => {
          throw trpcError('FORBIDDEN', 403, 'This user keeps their review list private.');
        },
      }),
    );
    const edit = await screen.findByRole('link', { name: 'Edit profile settings' });
    expect(edit.getAttribute('href')).toBe('/account#public-profile');
    expect(screen.queryByRole('button', { name: 'Report user' })).toBeNull();
    const note = await screen.findByTestId('own-reviews-hidden');
    expect(note.textContent).toContain('Your reviews are hidden from your profile.');
    expect(within(note).getByRole('link', { name: 'Change this in your profile settings' }).getAttribute('href')).toBe('/account#public-profile');
    expect(screen.queryByTestId('reviews-hidden')).toBeNull();
    expect(screen.queryByTestId('profile-review')).toBeNull();
    expect(view.callsTo('profile.reviews')).toHaveLength(0);
    // A hidden list counts 0 for its owner too: no '0 reviews'.
    expect(screen.getByTestId('profile-counts').textContent).not.toContain('review');
  });

  it("a section that fails shows 'Try Again', and a retry that succeeds shows the list", async () => {
    let fail = true;
    const view = renderProfile(
      server(aProfile(), {
        'profile.reviews': () => {
          if (fail) throw trpcError('TOO_MANY_REQUESTS', 429, 'Too many requests. Please wait a moment.');
          return { reviews: [kimsReview], totalCount: 1 };
        },
      }),
    );
    const error = await screen.findByTestId('section-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain("We couldn't load this list.");
    fail = false;
    await view.user.click(within(error).getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByTestId('profile-review')).toBeTruthy();
    expect(screen.queryByTestId('section-error')).toBeNull();
  });

  it('a page past the end of a tab (?page=99) goes to its last page, replacing the address', async () => {
    const gruffalo = aTonie({ id: 7, name: 'The Gruffalo' });
    const view = renderProfile(
      server(aProfile({ shelves: [{ shelf: 'wishlist', count: 13 }] }), {
        'profile.shelf': (input) => ((input as { page: number }).page === 2 ? { tonies: [gruffalo], totalCount: 13 } : { tonies: [], totalCount: 13 }),
      }),
      '/u/kim?tab=wishlist&page=99',
    );
    const grid = await screen.findByTestId('profile-shelf-wishlist', {}, { timeout: 5000 });
    expect(within(grid).getByText('The Gruffalo')).toBeTruthy();
    expect(view.location()?.search).toBe('?tab=wishlist&page=2');
    expect(view.callsTo('profile.shelf').map((c) => (c.input as { page: number }).page)).toEqual([99, 2]);
    expect(screen.queryByTestId('section-empty')).toBeNull();
  });

  it('a tab per public shelf: opening Wishlist asks profile.shelf and shows the Tonies as catalogue cards', async () => {
    const gruffalo = aTonie({ id: 7, name: 'The Gruffalo' });
    const view = renderProfile(
      server(
        aProfile({
          shelves: [
            { shelf: 'wishlist', count: 1 },
            { shelf: 'favourites', count: 0 },
          ],
        }),
        {
          'profile.shelf': (input) => ((input as { shelf: string }).shelf === 'wishlist' ? { tonies: [gruffalo], totalCount: 1 } : { tonies: [], totalCount: 0 }),
        },
      ),
    );
    const tabs = within(await screen.findByRole('tablist', { name: 'Profile sections' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Reviews1', 'Audio0', 'Sets0', 'Wishlist1', 'Favourites0']);

    await view.user.click(screen.getByRole('tab', { name: /Wishlist/ }));
    const grid = await screen.findByTestId('profile-shelf-wishlist');
    const card = within(grid).getByRole('article');
    expect(within(card).getByText('The Gruffalo')).toBeTruthy();
    expect(view.callsTo('profile.shelf').at(-1)!.input).toEqual({ username: 'kim', shelf: 'wishlist', page: 1 });
    expect(view.location()?.search).toBe('?tab=wishlist');

    await view.user.click(screen.getByRole('tab', { name: /Favourites/ }));
    expect((await screen.findByTestId('section-empty')).textContent).toBe('This shelf is empty.');
  });

  it("German: an unknown user in the moderators' words from the message catalogue", async () => {
    await act(() => i18n.changeLanguage('de'));
    renderProfile(
      server(() => {
        throw trpcError('NOT_FOUND', 404, 'There is no such user.');
      }),
      '/u/nobody',
    );
    const box = await screen.findByTestId('profile-not-found');
    expect(within(box).getByText('Diesen Benutzer gibt es nicht.')).toBeTruthy();
    expect(within(box).getByText('Benutzer nicht gefunden')).toBeTruthy();
  });

  it("German: the header, the tabs with the shelves' German names, the hidden-reviews note", async () => {
    await act(() => i18n.changeLanguage('de'));
    renderProfile(
      server(
        aProfile({
          reviewsHidden: true,
          shelves: [
            { shelf: 'own', count: 2 },
            { shelf: 'wishlist', count: 1 },
            { shelf: 'favourites', count: 0 },
          ],
        }),
      ),
    );
    expect((await screen.findByTestId('profile-member-since')).textContent).toBe('Dabei seit 5.3.2026');
    const tabs = within(screen.getByRole('tablist', { name: 'Bereiche des Profils' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Rezensionen', 'Audio0', 'Playlists0', 'Habe ich2', 'Wunschliste1', 'Lieblinge0']);
    expect(screen.getByTestId('reviews-hidden').textContent).toBe('Diese Person zeigt ihre Rezensionen nicht öffentlich.');
    expect(screen.getByRole('button', { name: 'Person melden' })).toBeTruthy();
  });
});
