import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ShelfState } from '@tonieshelf/shared/schemas/shelf';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { SIGNED_IN } from '../../test-utils/fixtures';
import { ShelfStatesProvider } from './shelf-states';
import { ShelfToggles } from './shelf-toggles';

const TONIES = [
  { id: 1, name: 'The Gruffalo' },
  { id: 2, name: 'Peppa Pig' },
  { id: 3, name: 'Olli Otter' },
];

function Grid() {
  return (
    <ShelfStatesProvider tonieIds={TONIES.map((t) => t.id)}>
      {TONIES.map((t) => (
        <div key={t.id} data-testid={`card-${t.id}`}>
          <ShelfToggles tonieId={t.id} name={t.name} compact />
        </div>
      ))}
    </ShelfStatesProvider>
  );
}

/** A promise the test settles itself. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function signedIn(states: ShelfState[], extra: TrpcHandlers = {}): TrpcHandlers {
  return { 'auth.me': () => SIGNED_IN, 'shelf.states': () => states, ...extra };
}

const pressed = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-pressed');
const enabled = (name: string) => !(screen.getByRole('button', { name }) as HTMLButtonElement).disabled;

describe('ShelfToggles', () => {
  it('a grid of three cards asks shelf.states once for all three and shows each state', async () => {
    const view = renderWithProviders(<Grid />, {
      handlers: signedIn([
        { tonieId: 1, status: 'own', favourite: true },
        { tonieId: 3, status: 'wishlist', favourite: false },
      ]),
    });
    await waitFor(() => expect(enabled('Own: The Gruffalo')).toBe(true), { timeout: 5000 });
    expect(view.callsTo('shelf.states')).toHaveLength(1);
    expect(view.callsTo('shelf.states')[0]!.input).toEqual({ tonieIds: [1, 2, 3] });
    expect(pressed('Own: The Gruffalo')).toBe('true');
    expect(pressed('Favourites: The Gruffalo')).toBe('true');
    expect(pressed('Wishlist: The Gruffalo')).toBe('false');
    expect(pressed('Own: Peppa Pig')).toBe('false');
    expect(pressed('Wishlist: Olli Otter')).toBe('true');
    expect(within(screen.getByTestId('card-2')).getAllByRole('button')).toHaveLength(3);
  });

  it('a click shows the new state at once; a failed call puts it back and shows the toast', async () => {
    const answer = deferred<ShelfState>();
    const view = renderWithProviders(<Grid />, { handlers: signedIn([], { 'shelf.set': () => answer.promise }) });
    const wish = await screen.findByRole('button', { name: 'Wishlist: Peppa Pig' }, { timeout: 5000 });
    await waitFor(() => expect((wish as HTMLButtonElement).disabled).toBe(false));

    await view.user.click(wish);
    await waitFor(() => expect(pressed('Wishlist: Peppa Pig')).toBe('true'));
    expect(view.callsTo('shelf.set')[0]!.input).toEqual({ tonieId: 2, shelf: 'wishlist', on: true });

    answer.reject(trpcError('INTERNAL_SERVER_ERROR', 500, 'boom'));
    await waitFor(() => expect(pressed('Wishlist: Peppa Pig')).toBe('false'));
    expect(await screen.findByText('Failed to update your shelves. Please try again.')).toBeTruthy();
  });

  it('Own on a wishlisted Tonie takes it off the wishlist at once; the states are fetched again afterwards', async () => {
    let states: ShelfState[] = [{ tonieId: 3, status: 'wishlist', favourite: false }];
    const view = renderWithProviders(<Grid />, {
      handlers: signedIn([], {
        'shelf.states': () => states,
        'shelf.set': () => {
          states = [{ tonieId: 3, status: 'own', favourite: false }];
          return states[0];
        },
      }),
    });
    await waitFor(() => expect(pressed('Wishlist: Olli Otter')).toBe('true'));
    await view.user.click(screen.getByRole('button', { name: 'Own: Olli Otter' }));
    expect(pressed('Own: Olli Otter')).toBe('true');
    expect(pressed('Wishlist: Olli Otter')).toBe('false');
    await waitFor(() => expect(view.callsTo('shelf.states')).toHaveLength(2));
    expect(pressed('Own: Olli Otter')).toBe('true');
  });

  it('three quick clicks send on, off, on (the wanted state, not a flip) and end on', async () => {
    let favourite = false;
    const view = renderWithProviders(<Grid />, {
      handlers: signedIn([], {
        'shelf.states': () => (favourite ? [{ tonieId: 1, status: null, favourite }] : []),
        'shelf.set': (input) => {
          favourite = (input as { on: boolean }).on;
          return { tonieId: 1, status: null, favourite };
        },
      }),
    });
    const fav = await screen.findByRole('button', { name: 'Favourites: The Gruffalo' }, { timeout: 5000 });
    await waitFor(() => expect((fav as HTMLButtonElement).disabled).toBe(false));
    await view.user.click(fav);
    await view.user.click(fav);
    await view.user.click(fav);
    await waitFor(() => expect(view.callsTo('shelf.set')).toHaveLength(3));
    await waitFor(() => expect(view.callsTo('shelf.states').length).toBeGreaterThan(1));
    await waitFor(() => expect(pressed('Favourites: The Gruffalo')).toBe('true'));
    expect(favourite).toBe(true);
    expect(view.callsTo('shelf.set').map((c) => (c.input as { on: boolean }).on)).toEqual([true, false, true]);
  });

  it('a toggle outside a grid (the dialog) asks for its one Tonie and shows labelled buttons', async () => {
    const view = renderWithProviders(<ShelfToggles tonieId={7} name="The Gruffalo" />, {
      handlers: signedIn([{ tonieId: 7, status: null, favourite: true }]),
    });
    await waitFor(() => expect(pressed('Favourites: The Gruffalo')).toBe('true'));
    expect(view.callsTo('shelf.states')[0]!.input).toEqual({ tonieIds: [7] });
    expect(screen.getByRole('button', { name: 'Own: The Gruffalo' }).textContent).toBe('Own');
  });

  it('signed out: nothing on a card; the dialog offers to log in and come back', async () => {
    const handlers: TrpcHandlers = { 'auth.me': () => null };
    const card = renderWithProviders(<ShelfToggles tonieId={7} name="The Gruffalo" compact />, { handlers, route: '/catalog' });
    await waitFor(() => expect(card.callsTo('auth.me')).toHaveLength(1));
    expect(screen.queryByRole('button')).toBeNull();
    card.unmount();

    const dialog = renderWithProviders(<ShelfToggles tonieId={7} name="The Gruffalo" />, { handlers, route: '/catalog?tonieId=7' });
    const link = await screen.findByRole('link', { name: 'Log in to keep track of your Tonies' });
    expect(link.getAttribute('href')).toBe('/auth?next=%2Fcatalog%3FtonieId%3D7');
    expect(dialog.callsTo('shelf.states')).toHaveLength(0);
  });
});
