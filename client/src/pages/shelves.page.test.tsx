import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ShelfTotals } from '@tonieshelf/shared/schemas/shelf';
import { renderWithProviders, trpcError } from '../test-utils/render';
import type { TrpcHandlers } from '../test-utils/render';
import { SIGNED_IN, aTonie } from '../test-utils/fixtures';
import { ShelvesPage } from './shelves.page';
import { SharedShelfPage } from './shared-shelf.page';
import { Route, Routes } from 'react-router';

const totals = (shelf: ShelfTotals['shelf'], count: number, extra: Partial<ShelfTotals> = {}): ShelfTotals => ({
  shelf,
  count,
  runtimeMinutes: 0,
  byCategory: [],
  byLanguage: [],
  ...extra,
});

const GRUFFALO = aTonie({ id: 7, name: 'The Gruffalo' });
const OTTER = aTonie({ id: 9, name: 'Olli Otter', language: 'de-DE', category: 'Music' });

function handlers(extra: TrpcHandlers = {}): TrpcHandlers {
  return {
    'auth.me': () => SIGNED_IN,
    'shelf.summary': () => [
      totals('own', 2, {
        runtimeMinutes: 125,
        byCategory: [
          { key: 'Audio Play', count: 1 },
          { key: 'Music', count: 1 },
        ],
        byLanguage: [
          { key: 'en-GB', count: 1 },
          { key: 'de-DE', count: 1 },
        ],
      }),
      totals('wishlist', 0),
      totals('favourites', 1),
    ],
    'shelf.sharing': () => [
      { shelf: 'own', token: null, sharedSince: null },
      { shelf: 'wishlist', token: null, sharedSince: null },
      { shelf: 'favourites', token: null, sharedSince: null },
    ],
    'tonie.list': () => ({ tonies: [GRUFFALO, OTTER], totalCount: 2, suggestions: [] }),
    'shelf.states': () => [
      { tonieId: 7, status: 'own', favourite: false },
      { tonieId: 9, status: 'own', favourite: true },
    ],
    ...extra,
  };
}

/** Opens 'Manage shelf' (export, import, sharing), folded at first on narrow screens and in tests. */
async function openManage(view: ReturnType<typeof renderWithProviders>) {
  const control = await screen.findByRole('button', { name: /Manage shelf/ }, { timeout: 5000 });
  if (control.getAttribute('aria-expanded') !== 'true') await view.user.click(control);
  await waitFor(() => expect(control.getAttribute('aria-expanded')).toBe('true'));
}

describe('/shelves', () => {
  afterEach(() => vi.restoreAllMocks());

  it('the Own shelf: counts on the tabs, totals (2 h 5 min, by category and language), its Tonies by date added, one states query', async () => {
    const view = renderWithProviders(<ShelvesPage />, { handlers: handlers(), route: '/shelves' });
    expect(await screen.findByRole('heading', { name: 'The Gruffalo' }, { timeout: 5000 })).toBeTruthy();
    expect(view.callsTo('tonie.list')[0]!.input).toMatchObject({ shelf: 'own', sort: 'added', page: 1 });
    expect(within(screen.getByRole('tab', { name: /Own/ })).getByLabelText('2 Tonies')).toBeTruthy();
    expect(screen.getByRole('tab', { name: /Own/ }).getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(screen.getByTestId('total-listening-time').textContent).toBe('2 h 5 min'));
    expect(screen.getByTestId('total-figures').textContent).toBe('2');
    // Narrow (as in jsdom), the breakdowns fold behind 'By category and language'.
    const details = screen.getByRole('button', { name: 'By category and language' });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    await view.user.click(details);
    expect(details.getAttribute('aria-expanded')).toBe('true');
    expect(within(await screen.findByTestId('totals-by-language')).getByText('German')).toBeTruthy();
    expect(within(screen.getByTestId('totals-by-category')).getByText('Music')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Favourites: Olli Otter' }).getAttribute('aria-pressed')).toBe('true'));
    expect(view.callsTo('shelf.states')).toHaveLength(1);
    await openManage(view);
    expect((await screen.findByRole('link', { name: 'Export CSV (Own)' })).getAttribute('href')).toBe('/api/shelves/own/export.csv');
    expect(screen.getByRole('link', { name: 'Export JSON (Own)' }).hasAttribute('download')).toBe(true);
    // Semicolons for spreadsheets set to German: the choice changes the CSV link.
    await view.user.click(screen.getByRole('radio', { name: 'Semicolon (Excel in German)' }));
    expect(screen.getByRole('link', { name: 'Export CSV (Own)' }).getAttribute('href')).toBe('/api/shelves/own/export.csv?delimiter=semicolon');
    expect(screen.getByRole('link', { name: 'Export JSON (Own)' }).getAttribute('href')).toBe('/api/shelves/own/export.json');
  });

  it('an empty wishlist (?shelf=wishlist) says so and points to the catalogue', async () => {
    const view = renderWithProviders(<ShelvesPage />, {
      handlers: handlers({ 'tonie.list': () => ({ tonies: [], totalCount: 0, suggestions: [] }) }),
      route: '/shelves?shelf=wishlist',
    });
    expect(await screen.findByText('Your wishlist is empty', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the catalogue' }).getAttribute('href')).toBe('/catalog');
    expect(view.callsTo('tonie.list')[0]!.input).toMatchObject({ shelf: 'wishlist' });
  });

  it('importing a CSV reports added, already there and every unknown code until dismissed', async () => {
    const view = renderWithProviders(<ShelvesPage />, {
      handlers: handlers({ 'shelf.import': () => ({ added: 2, alreadyThere: 1, skippedOwned: 0, unknownCodes: ['X-1', '10-0000'] }) }),
      route: '/shelves',
    });
    await screen.findByRole('heading', { name: 'The Gruffalo' }, { timeout: 5000 });
    await openManage(view);
    const input = view.container.ownerDocument.querySelector<HTMLInputElement>('input[type="file"]')!;
    await view.user.upload(input, new File(['article\n10-1234\nX-1\n'], 'mine.csv', { type: 'text/csv' }));
    const result = await screen.findByTestId('import-result');
    expect(view.callsTo('shelf.import')[0]!.input).toEqual({ shelf: 'own', csv: 'article\n10-1234\nX-1\n' });
    expect(within(result).getByText('2 Tonies added')).toBeTruthy();
    expect(within(result).getByText('1 already on the shelf')).toBeTruthy();
    expect(within(result).getByText('2 codes not found:')).toBeTruthy();
    expect(
      within(screen.getByTestId('unknown-codes'))
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['X-1', '10-0000']);
    await view.user.click(within(result).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('import-result')).toBeNull());
  });

  it('sharing on shows the absolute link of the shared page', async () => {
    const view = renderWithProviders(<ShelvesPage />, {
      handlers: handlers({
        'shelf.setSharing': () => [
          { shelf: 'own', token: 'tok-123', sharedSince: '2026-11-24T00:00:00.000Z' },
          { shelf: 'wishlist', token: null, sharedSince: null },
          { shelf: 'favourites', token: null, sharedSince: null },
        ],
      }),
      route: '/shelves',
    });
    await openManage(view);
    const toggle = await screen.findByRole('switch', { name: /Share by link/ }, { timeout: 5000 });
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    await view.user.click(toggle);
    const link = await screen.findByRole('textbox', { name: 'Share link' });
    expect((link as HTMLInputElement).value).toBe(`${window.location.origin}/shared/tok-123`);
    expect(view.callsTo('shelf.setSharing')[0]!.input).toEqual({ shelf: 'own', enabled: true });
    expect(screen.getByRole('button', { name: 'Renew link' })).toBeTruthy();
    expect(screen.getByTestId('shelf-shared-badge').textContent).toBe('Shared by link');
  });

  it("phones: 'Manage shelf' folded and the totals compact (the Tonies come first); wide: open beside the full totals", async () => {
    const narrow = renderWithProviders(<ShelvesPage />, { handlers: handlers(), route: '/shelves' });
    const control = await screen.findByRole('button', { name: /Manage shelf/ }, { timeout: 5000 });
    expect(control.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('switch', { name: /Share by link/ })).toBeNull();
    narrow.unmount();

    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) =>
        ({
          matches: query.includes('min-width'),
          media: query,
          onchange: null,
          addListener: () => undefined,
          removeListener: () => undefined,
          addEventListener: () => undefined,
          removeEventListener: () => undefined,
          dispatchEvent: () => false,
        }) as MediaQueryList,
    );
    renderWithProviders(<ShelvesPage />, { handlers: handlers(), route: '/shelves' });
    const wide = await screen.findByRole('button', { name: /Manage shelf/ }, { timeout: 5000 });
    expect(wide.getAttribute('aria-expanded')).toBe('true');
    expect(await screen.findByRole('switch', { name: /Share by link/ })).toBeTruthy();
    // Wide, the totals show their breakdowns without a toggle.
    expect(within(await screen.findByTestId('totals-by-category')).getByText('Music')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'By category and language' })).toBeNull();
  });

  it("totals that fail to load say so with 'Try Again' (not a skeleton forever); the retry shows them and the tab counts", async () => {
    let fail = true;
    const base = handlers();
    const view = renderWithProviders(<ShelvesPage />, {
      handlers: handlers({
        'shelf.summary': (input) => {
          if (fail) throw trpcError('BAD_REQUEST', 400, 'Something is wrong with this request.');
          return base['shelf.summary']!(input);
        },
      }),
      route: '/shelves',
    });
    const error = await screen.findByTestId('totals-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain("We couldn't load the totals of your shelves.");
    expect(screen.queryByTestId('shelf-totals')).toBeNull();
    fail = false;
    await view.user.click(within(error).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(screen.getByTestId('total-figures').textContent).toBe('2'));
    expect(screen.queryByTestId('totals-error')).toBeNull();
    expect(within(screen.getByRole('tab', { name: /Own/ })).getByLabelText('2 Tonies')).toBeTruthy();
  });

  it("share links that fail to load say so with 'Try Again'; the retry enables the switch", async () => {
    let fail = true;
    const base = handlers();
    const view = renderWithProviders(<ShelvesPage />, {
      handlers: handlers({
        'shelf.sharing': (input) => {
          if (fail) throw trpcError('BAD_REQUEST', 400, 'Something is wrong with this request.');
          return base['shelf.sharing']!(input);
        },
      }),
      route: '/shelves',
    });
    await openManage(view);
    const error = await screen.findByTestId('sharing-error', {}, { timeout: 5000 });
    expect(error.textContent).toContain("We couldn't load your share links.");
    const toggle = screen.getByRole('switch', { name: /Share by link/ }) as HTMLInputElement;
    expect(toggle.disabled).toBe(true);
    fail = false;
    await view.user.click(within(error).getByRole('button', { name: 'Try Again' }));
    await waitFor(() => expect(toggle.disabled).toBe(false));
    expect(screen.queryByTestId('sharing-error')).toBeNull();
  });

  it('a page past the end (?page=99) goes to the last page, replacing the address, instead of calling the shelf empty', async () => {
    const view = renderWithProviders(<ShelvesPage />, {
      handlers: handlers({
        'tonie.list': (input) => ((input as { page: number }).page === 2 ? { tonies: [OTTER], totalCount: 21, suggestions: [] } : { tonies: [], totalCount: 21, suggestions: [] }),
      }),
      route: '/shelves?shelf=favourites&page=99',
    });
    expect(await screen.findByRole('heading', { name: 'Olli Otter' }, { timeout: 5000 })).toBeTruthy();
    expect(view.location()?.search).toBe('?shelf=favourites&page=2');
    expect(view.callsTo('tonie.list').map((c) => (c.input as { page: number }).page)).toEqual([99, 2]);
    expect(screen.queryByTestId('shelf-empty')).toBeNull();
  });
});

describe('/shared/:token', () => {
  const renderShared = (extra: TrpcHandlers) =>
    renderWithProviders(
      <Routes>
        <Route path="/shared/:token" element={<SharedShelfPage />} />
      </Routes>,
      { handlers: { 'auth.me': () => null, ...extra }, route: '/shared/tok-123' },
    );

  it("shows '<Owner>'s wishlist' linking to the profile, the count and the cards without toggles", async () => {
    const view = renderShared({
      'shelf.shared': () => ({ shelf: 'wishlist', owner: { username: 'robin', displayName: 'Robin Reader' }, tonies: [GRUFFALO], totalCount: 1 }),
    });
    await waitFor(() => expect(screen.getByTestId('shared-title').textContent).toBe("Robin Reader's wishlist"));
    expect(screen.getByRole('link', { name: 'Robin Reader' }).getAttribute('href')).toBe('/u/robin');
    expect(screen.getByTestId('shared-count').textContent).toBe('1 Tonie');
    // The cards come a moment after the page's data (TonieGridResults renders them in a transition).
    expect(await screen.findByRole('heading', { name: 'The Gruffalo' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Own:/ })).toBeNull();
    expect(view.callsTo('shelf.shared')[0]!.input).toMatchObject({ token: 'tok-123', page: 1 });
    expect(document.title).toContain("Robin Reader's wishlist");
  });

  it('a page past the end (?page=99) goes to the last page', async () => {
    const view = renderWithProviders(
      <Routes>
        <Route path="/shared/:token" element={<SharedShelfPage />} />
      </Routes>,
      {
        handlers: {
          'auth.me': () => null,
          'shelf.shared': (input) => ({
            shelf: 'wishlist',
            owner: { username: 'robin', displayName: 'Robin Reader' },
            tonies: (input as { page: number }).page === 2 ? [GRUFFALO] : [],
            totalCount: 21,
          }),
        },
        route: '/shared/tok-123?page=99',
      },
    );
    expect(await screen.findByRole('heading', { name: 'The Gruffalo' }, { timeout: 5000 })).toBeTruthy();
    expect(view.location()?.search).toBe('?page=2');
    expect(screen.queryByTestId('shared-empty')).toBeNull();
  });

  it('a revoked link -> not found, and the page title says so', async () => {
    renderShared({ 'shelf.shared': () => Promise.reject(trpcError('NOT_FOUND', 404, 'This shared shelf does not exist (any more).')) });
    expect(await screen.findByRole('heading', { name: 'Shared shelf not found' })).toBeTruthy();
    expect(screen.getByText(/This shared shelf does not exist \(any more\)\./)).toBeTruthy();
    expect(document.title).toContain('Shared shelf not found');
  });
});
