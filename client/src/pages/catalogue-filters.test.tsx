import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { LANGUAGE_PRESET_KEY } from '../features/catalogue/language-preset';
import { renderWithProviders } from '../test-utils/render';
import type { TrpcHandlers } from '../test-utils/render';
import { CatalogPage } from './catalog.page';
import { SIGNED_IN } from '../test-utils/fixtures';

const HANDLERS: TrpcHandlers = {
  'auth.me': () => null,
  'tonie.list': () => ({ tonies: [], totalCount: 0 }),
  'tonie.categories': () => [
    { category: 'Animals', count: 3 },
    { category: 'Music', count: 2 },
  ],
  'tag.list': () => ({ tags: ['calm', 'funny', 'bedtime'] }),
  'tag.groups': () => ({
    groups: [
      {
        kind: 'age',
        tags: [
          { name: 'Ages 10+', count: 1 },
          { name: 'Ages 2+', count: 4 },
        ],
      },
      {
        kind: 'topic',
        tags: [
          { name: 'calm', count: 2 },
          { name: 'funny', count: 1 },
        ],
      },
      { kind: 'other', tags: [{ name: 'bedtime', count: 3 }] },
    ],
  }),
  'tonie.languages': () => [
    { language: 'de-DE', count: 40 },
    { language: 'en-GB', count: 5 },
    { language: 'en-US', count: 3 },
    { language: 'fr-FR', count: 1 },
  ],
};

// The inside of 'Filter by Tags' loads on first use (lazily, as in the browser); loaded here up
// front, so that a slow transform under load does not outlast the queries' waiting time.
beforeAll(async () => {
  await import('../features/catalogue/tag-filter-panel');
  // Mantine's selects and tooltips (the cards' hints) come in a chunk of their own.
  await import('../components/widgets');
});

// The language preselection runs once per browser; these tests start after it (except its own).
beforeEach(() => window.localStorage.setItem(LANGUAGE_PRESET_KEY, 'done'));
afterEach(async () => {
  window.localStorage.clear();
  await act(() => i18n.changeLanguage('en'));
});

function renderCatalogue(route = '/catalog') {
  return renderWithProviders(<CatalogPage />, { handlers: HANDLERS, route });
}

/** The catalogue address the visitor is at, as parameters. */
function addressOf(view: ReturnType<typeof renderCatalogue>): URLSearchParams {
  return new URLSearchParams(view.location()?.search ?? '');
}

/** Lets effects that navigate on their own (the language preselection) finish. */
async function settle(view: ReturnType<typeof renderCatalogue>) {
  await waitFor(() => expect(view.callsTo('tonie.languages').length).toBeGreaterThan(0));
  await act(async () => {
    await new Promise((resolve) => setTimeout(resolve, 50));
  });
}

/** The input of the last tonie.list call. */
function lastListInput(view: ReturnType<typeof renderCatalogue>) {
  return view.callsTo('tonie.list').at(-1)?.input as Record<string, unknown> | undefined;
}

describe('catalogue filters', () => {
  it('a category button puts the category in the address, drops the page and lists that category', async () => {
    const view = renderCatalogue('/catalog?page=3');
    const categories = await screen.findByRole('group', { name: 'Categories' });
    await view.user.click(await within(categories).findByRole('button', { name: /Animals/ }));

    expect(addressOf(view).get('category')).toBe('Animals');
    expect(addressOf(view).has('page')).toBe(false);
    await waitFor(() => expect(lastListInput(view)).toMatchObject({ category: 'Animals', page: 1 }));
    expect(
      within(categories)
        .getByRole('button', { name: /Animals/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');

    await view.user.click(within(categories).getByRole('button', { name: /All Tonies/ }));
    expect(addressOf(view).has('category')).toBe(false);
  });

  it("tags ticked in 'Filter by Tags' go to the address and the list; 'Clear All Filters (n)' clears them", async () => {
    const view = renderCatalogue();
    await view.user.click(await screen.findByRole('button', { name: /Filter by Tags/ }));
    await view.user.click(await screen.findByRole('checkbox', { name: 'calm' }));
    await view.user.click(screen.getByRole('checkbox', { name: 'funny' }));

    expect(addressOf(view).get('tags')).toBe('calm,funny');
    await waitFor(() => expect(lastListInput(view)).toMatchObject({ tags: ['calm', 'funny'] }));
    expect(screen.getByTestId('tag-count').textContent).toBe('2');
    expect(within(screen.getByTestId('active-filters')).getByText('calm')).toBeTruthy();

    await view.user.click(screen.getByRole('button', { name: 'Clear All Filters (2)' }));
    expect(addressOf(view).has('tags')).toBe(false);
    expect(screen.queryByTestId('active-filters')).toBeNull();
    expect(screen.getByRole('button', { name: 'Clear All Filters (0)' })).toHaveProperty('disabled', true);
  });

  it('the tag search narrows the list, and says when nothing matches', async () => {
    const view = renderCatalogue();
    await view.user.click(await screen.findByRole('button', { name: /Filter by Tags/ }));
    const search = await screen.findByRole('textbox', { name: 'Search tags...' });
    await view.user.type(search, 'BED');
    expect(screen.getByRole('checkbox', { name: 'bedtime' })).toBeTruthy();
    expect(screen.queryByRole('checkbox', { name: 'calm' })).toBeNull();
    await view.user.type(search, 'zzz');
    expect(screen.getByText('No matching tags found')).toBeTruthy();
  });

  it("tags come in groups with counts; 'Ages 2+' before 'Ages 10+'", async () => {
    const view = renderCatalogue();
    await view.user.click(await screen.findByRole('button', { name: /Filter by Tags/ }));
    const age = await screen.findByTestId('tag-group-age');
    expect(within(age).getByText('Age')).toBeTruthy();
    const labels = within(age)
      .getAllByRole('checkbox')
      .map((c) => document.querySelector(`label[for="${c.id}"]`)?.textContent);
    expect(labels).toEqual(['Ages 2+', 'Ages 10+']);
    expect(screen.getByTestId('tag-group-topic').textContent).toContain('Topics from reviews');
  });
});

describe('language, age and series', () => {
  it('the category counts follow the language and age filters; a search narrows the list further and hides them', async () => {
    const view = renderWithProviders(<CatalogPage />, {
      handlers: {
        ...HANDLERS,
        'tonie.categories': (input: unknown) =>
          (input as { languages?: string[] } | undefined)?.languages
            ? [
                { category: 'Animals', count: 1 },
                { category: 'Music', count: 0 },
              ]
            : HANDLERS['tonie.categories']!(undefined),
      },
      route: '/catalog?languages=de-DE&age=4',
    });
    const categories = await screen.findByRole('group', { name: 'Categories' });
    const label = (name: RegExp) => within(categories).getByRole('button', { name }).textContent;
    await waitFor(() => expect(label(/Animals/)).toBe('Animals1'));
    expect(label(/Music/)).toBe('Music0');
    expect(label(/All Tonies/)).toBe('All Tonies1');
    expect(view.callsTo('tonie.categories').at(-1)?.input).toEqual({ languages: ['de-DE'], age: 4 });

    await view.user.type(screen.getByRole('searchbox', { name: 'Search the catalogue' }), 'otter{Enter}');
    await waitFor(() => expect(addressOf(view).get('search')).toBe('otter'));
    expect(label(/Animals/)).toBe('Animals');
    expect(label(/All Tonies/)).toBe('All Tonies');
  });

  it('the language filter lists the languages with counts and puts the choice in the address', async () => {
    const view = renderCatalogue();
    const filter = await screen.findByRole('combobox', { name: 'Language' });
    await view.user.click(filter);
    await view.user.click(await screen.findByRole('option', { name: 'English (UK) (5)' }));
    expect(addressOf(view).get('languages')).toBe('en-GB');
    await waitFor(() => expect(lastListInput(view)).toMatchObject({ languages: ['en-GB'] }));
    expect(within(screen.getByTestId('active-filters')).getByText('English (UK)')).toBeTruthy();
  });

  it('the age filter puts age=N in the address and asks for Tonies that suit a child of N', async () => {
    const view = renderCatalogue('/catalog?page=2');
    await view.user.click(await screen.findByRole('combobox', { name: 'Suits a child of' }));
    await view.user.click(await screen.findByRole('option', { name: '4 years' }));
    expect(addressOf(view).get('age')).toBe('4');
    expect(addressOf(view).has('page')).toBe(false);
    await waitFor(() => expect(lastListInput(view)).toMatchObject({ age: 4 }));
    await view.user.click(within(screen.getByTestId('active-filters')).getByRole('button', { name: 'Remove filter Suits a child of 4' }));
    expect(addressOf(view).has('age')).toBe(false);
  });

  it('languages and age from the address reach the list; a series shows its header and lists in episode order', async () => {
    const view = renderWithProviders(<CatalogPage />, {
      handlers: {
        ...HANDLERS,
        'tonie.series': () => ({ series: 'Olli Otter', episodeCount: 3, averageRating: 4.25, totalRatings: 8, languages: ['de-DE'] }),
      },
      route: '/catalog?series=Olli%20Otter&languages=de-DE,en-GB&age=5',
    });
    await waitFor(() => expect(lastListInput(view)).toMatchObject({ series: 'Olli Otter', languages: ['de-DE', 'en-GB'], age: 5, sort: 'episode' }));
    const header = await screen.findByTestId('series-header');
    expect(within(header).getByRole('heading', { name: 'Olli Otter' })).toBeTruthy();
    expect((await within(header).findByTestId('series-episodes')).textContent).toBe('3 episodes');
    expect(within(header).getByText('4.3')).toBeTruthy();
    expect(within(header).getByText('(8 ratings)')).toBeTruthy();
    await view.user.click(within(header).getByRole('button', { name: 'All Tonies' }));
    expect(addressOf(view).has('series')).toBe(false);
  });

  it('the interface language preselects the language filter once; cleared, it does not come back', async () => {
    window.localStorage.removeItem(LANGUAGE_PRESET_KEY);
    const view = renderCatalogue();
    await settle(view);
    expect(addressOf(view).get('languages')).toBe('en-GB,en-US');
    await waitFor(() => expect(lastListInput(view)).toMatchObject({ languages: ['en-GB', 'en-US'] }));
    // The list was asked for with the preselection only (it waited for the languages): never
    // unfiltered first, whose cards the preselection would then have pushed down.
    expect(view.callsTo('tonie.list').map((c) => (c.input as { languages?: string[] }).languages)).toEqual([['en-GB', 'en-US']]);
    expect(window.localStorage.getItem(LANGUAGE_PRESET_KEY)).not.toBeNull();
    await view.user.click(within(screen.getByTestId('active-filters')).getByRole('button', { name: 'Clear all' }));
    expect(addressOf(view).has('languages')).toBe(false);
    view.unmount();
    const again = renderCatalogue();
    await settle(again);
    expect(addressOf(again).has('languages')).toBe(false);
  });

  it('a first visit straight to a shelf (?shelf=wishlist) is no plain visit: no language preselection, signed in or out', async () => {
    window.localStorage.removeItem(LANGUAGE_PRESET_KEY);
    const signedIn = renderWithProviders(<CatalogPage />, {
      handlers: { ...HANDLERS, 'auth.me': () => SIGNED_IN, 'shelf.states': () => [] },
      route: '/catalog?shelf=wishlist',
    });
    await settle(signedIn);
    await waitFor(() => expect(lastListInput(signedIn)).toMatchObject({ shelf: 'wishlist' }));
    expect(addressOf(signedIn).has('languages')).toBe(false);
    expect(signedIn.callsTo('tonie.list').every((c) => (c.input as { languages?: string[] }).languages === undefined)).toBe(true);
    signedIn.unmount();

    const signedOut = renderCatalogue('/catalog?shelf=wishlist');
    await settle(signedOut);
    expect(addressOf(signedOut).has('languages')).toBe(false);
    expect(addressOf(signedOut).get('shelf')).toBe('wishlist');
  });

  it('in German: filters, sorts, categories and the German preselection', async () => {
    window.localStorage.removeItem(LANGUAGE_PRESET_KEY);
    await act(() => i18n.changeLanguage('de'));
    const view = renderCatalogue();
    await settle(view);
    expect(addressOf(view).get('languages')).toBe('de-DE');
    const categories = await screen.findByRole('group', { name: 'Kategorien' });
    expect(within(categories).getByRole('button', { name: /Alle Tonies/ })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Sortieren nach' })).toHaveProperty('value', 'Neueste zuerst');
    const age = screen.getByRole('combobox', { name: 'Für ein Kind im Alter von' });
    await view.user.click(age);
    // A baby's option reads 'unter 1 Jahr' (not '0 Jahren'); then '1 Jahr', '2 Jahren'.
    expect((await screen.findAllByRole('option')).slice(0, 3).map((option) => option.textContent)).toEqual(['unter 1 Jahr', '1 Jahr', '2 Jahren']);
    await view.user.click(screen.getByRole('option', { name: 'unter 1 Jahr' }));
    expect(within(screen.getByTestId('active-filters')).getByText('Für Kinder unter 1 Jahr')).toBeTruthy();
    expect(within(screen.getByTestId('active-filters')).getByText('Deutsch')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Nach Tags filtern/ })).toBeTruthy();
  });

  it("cards show the language, link to their series, and 'No ratings yet' when unrated", async () => {
    const tonie = (id: number, totalRatings: number, language: string) => ({
      id,
      article: `A${id}`,
      name: `Olli Otter – Folge ${id}`,
      series: 'Olli Otter',
      episode: `Folge ${id}`,
      ageMin: 3,
      image: null,
      category: 'Audio Play',
      description: 'Am Fluss',
      url: null,
      runtime: 40,
      language,
      songCount: 3,
      releaseDate: '2023-01-01',
      ageRange: '3+',
      tags: [],
      averageRating: totalRatings ? 4 : 0,
      totalRatings,
    });
    renderWithProviders(<CatalogPage />, {
      handlers: { ...HANDLERS, 'tonie.list': () => ({ tonies: [tonie(1, 0, 'en-GB'), tonie(2, 2, 'de-DE')], totalCount: 2, suggestions: [] }) },
      route: '/catalog',
    });
    const cards = await screen.findAllByRole('article');
    expect(within(cards[0]!).getByTestId('no-ratings').textContent).toBe('No ratings yet');
    expect(within(cards[0]!).queryByTestId('average-rating')).toBeNull();
    expect(within(cards[0]!).getByTestId('language-badge').textContent).toBe('English (UK)');
    expect(within(cards[0]!).getByRole('link', { name: 'All episodes of Olli Otter' }).getAttribute('href')).toBe('/catalog?series=Olli+Otter');
    expect(within(cards[1]!).getByTestId('rating-count').textContent).toBe('(2 ratings)');
    expect(within(cards[1]!).getByTestId('language-badge').textContent).toBe('German');
    expect(within(cards[1]!).getByTestId('category-badge').textContent).toBe('Audio Play');
    await act(() => i18n.changeLanguage('de'));
    expect(within(cards[0]!).getByTestId('no-ratings').textContent).toBe('Noch keine Bewertungen');
    expect(within(cards[1]!).getByTestId('language-badge').textContent).toBe('Deutsch');
    expect(within(cards[1]!).getByTestId('category-badge').textContent).toBe('Hörspiel');
  });
});

describe("'My shelves' filter", () => {
  it('signed in: choosing "Not on my shelves" puts shelf=none in the address and the list asks for it; the chip removes it', async () => {
    const view = renderWithProviders(<CatalogPage />, {
      handlers: { ...HANDLERS, 'auth.me': () => SIGNED_IN, 'shelf.states': () => [] },
      route: '/catalog',
    });
    await view.user.click(await screen.findByRole('combobox', { name: 'My shelves' }, { timeout: 5000 }));
    await view.user.click(await screen.findByRole('option', { name: 'Not on my shelves' }));
    expect(addressOf(view).get('shelf')).toBe('none');
    await waitFor(() => expect(lastListInput(view)).toMatchObject({ shelf: 'none', page: 1 }));
    await view.user.click(screen.getByRole('button', { name: 'Remove filter My shelves: Not on my shelves' }));
    expect(addressOf(view).has('shelf')).toBe(false);
    // Back to the whole catalogue (its first page is still cached from the start).
    await waitFor(() => expect((screen.getByRole('combobox', { name: 'My shelves' }) as HTMLInputElement).value).toBe('All Tonies'));
  });

  it('signed out: no shelf filter, and a shelf in the address is ignored (the whole catalogue, no sign-in error)', async () => {
    const view = renderCatalogue('/catalog?shelf=wishlist');
    await settle(view);
    await waitFor(() => expect(view.callsTo('tonie.list').length).toBeGreaterThan(0));
    expect(view.callsTo('tonie.list').every((c) => (c.input as { shelf?: string }).shelf === undefined)).toBe(true);
    expect(screen.queryByRole('combobox', { name: 'My shelves' })).toBeNull();
    expect(view.callsTo('shelf.states')).toHaveLength(0);
  });
});
