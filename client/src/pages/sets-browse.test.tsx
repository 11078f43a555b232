// /sets (published sets: search, tags, sort and page in the address, cards with the 'Set' badge,
// empty state, 'New set' for signed-in users) and the sets Discover shows above its results.
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { SetDetail, SetSummary } from '@tonieshelf/shared/schemas/set';
import { i18n } from '../i18n/i18n';
import { AudioDiscoverPage } from './audio-discover.page';
import { SetsPage } from './sets.page';
import { anAudioFile, aSetDetail, SIGNED_IN } from '../test-utils/fixtures';
import { renderWithProviders } from '../test-utils/render';

// The machine is shared: a first render may take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

/** A set as set.list answers it (the summary fields only). */
function aSetSummary(overrides: Partial<SetDetail> = {}): SetSummary {
  const { chapters: _c, notices: _n, feedUrl: _f, downloadUrl: _d, chaptersNotInFeed: _x, ...summary } = aSetDetail(overrides);
  return summary;
}

const SETS = [
  aSetSummary({ id: 3, title: 'Bedtime Stories', tags: ['bedtime', 'calm', 'moon', 'night'], chapterCount: 2, totalDuration: 300, likeCount: 1234 }),
  aSetSummary({ id: 4, title: 'Road Trip', tags: [], chapterCount: 1, totalDuration: 3725, likeCount: 0, hasLiked: false }),
];

describe('/sets', () => {
  it('shows cards with the Set badge, owner, chapters, likes, tags and the clock length, each a link to its set page', async () => {
    renderWithProviders(<SetsPage />, {
      handlers: { 'auth.me': () => null, 'set.list': () => ({ sets: SETS, totalCount: 2 }), 'tag.audioTags': () => ({ tags: ['bedtime'] }) },
      route: '/sets',
    });
    const cards = await screen.findAllByTestId('set-card');
    expect(cards).toHaveLength(2);
    const first = cards[0]!;
    expect(within(first).getByRole('heading', { level: 3 }).textContent).toBe('Bedtime Stories');
    expect(within(first).getByTestId('set-badge').textContent).toBe('Set');
    expect(within(first).getByTestId('set-owner').textContent).toBe(`by ${SIGNED_IN.firstName} ${SIGNED_IN.lastName}`);
    expect(within(first).getByTestId('set-chapter-count').textContent).toBe('2 chapters');
    expect(within(first).getByTestId('set-like-count').textContent).toBe('1,234');
    expect(within(first).getByTestId('set-duration').textContent).toBe('5:00');
    // Bare figures say what they are in visually hidden text (no aria-label on plain elements).
    expect(within(first).getByText('1 more tags')).toBeTruthy();
    expect(within(first).getByText('1,234 likes')).toBeTruthy();
    expect(within(first).getByText('Total length 5:00')).toBeTruthy();
    expect(first.querySelectorAll('div[aria-label], span[aria-label]')).toHaveLength(0);
    expect(within(first).getByRole('link', { name: 'Open set: Bedtime Stories' }).getAttribute('href')).toBe('/sets/3');
    expect(within(cards[1]!).getByTestId('set-duration').textContent).toBe('62:05');
    expect(within(cards[1]!).getByTestId('set-chapter-count').textContent).toBe('1 chapter');
    // Signed out: no 'New set'.
    expect(screen.queryByRole('link', { name: 'New set' })).toBeNull();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Creative-Tonie Sets');
  });

  it('reads search, sort, tags and page from the address and asks set.list for that page of 12', async () => {
    const view = renderWithProviders(<SetsPage />, {
      handlers: { 'auth.me': () => SIGNED_IN, 'set.list': () => ({ sets: SETS, totalCount: 30 }), 'tag.audioTags': () => ({ tags: ['bedtime'] }) },
      route: '/sets?search=moon&sortBy=popular&tags=bedtime,calm&page=2',
    });
    await screen.findAllByTestId('set-card');
    expect(view.callsTo('set.list')[0]!.input).toEqual({ page: 2, pageSize: 12, sortBy: 'popular', tags: ['bedtime', 'calm'], search: 'moon' });
    expect((screen.getByRole('searchbox', { name: 'Search sets' }) as HTMLInputElement).value).toBe('moon');
    expect(within(screen.getByTestId('active-filters')).getByText('calm')).toBeTruthy();
    // Signed in: 'New set' goes to the new set's screen.
    expect((await screen.findByRole('link', { name: 'New set' })).getAttribute('href')).toBe('/sets/new');
    // Three pages; choosing page 3 keeps the filters.
    await view.user.click(within(screen.getByTestId('set-pagination')).getByRole('button', { name: /3/ }));
    await waitFor(() => expect(view.location()?.search).toBe('?search=moon&sortBy=popular&tags=bedtime%2Ccalm&page=3'));
  });

  it('a new search goes into the address and starts at page 1; removing a tag filter too', async () => {
    const view = renderWithProviders(<SetsPage />, {
      handlers: { 'auth.me': () => null, 'set.list': () => ({ sets: SETS, totalCount: 2 }), 'tag.audioTags': () => ({ tags: [] }) },
      route: '/sets?tags=bedtime&page=2',
    });
    await screen.findAllByTestId('set-card');
    await view.user.type(screen.getByRole('searchbox', { name: 'Search sets' }), 'road{Enter}');
    await waitFor(() => expect(view.location()?.search).toBe('?search=road&tags=bedtime'));
    await waitFor(() => expect(view.callsTo('set.list').some((c) => (c.input as { search?: string }).search === 'road')).toBe(true));
    await view.user.click(screen.getByRole('button', { name: 'Remove tag bedtime' }));
    await waitFor(() => expect(view.location()?.search).toBe('?search=road'));
  });

  it('no match: the empty state names the search and Clear Filters empties the address', async () => {
    const view = renderWithProviders(<SetsPage />, {
      handlers: { 'auth.me': () => null, 'set.list': () => ({ sets: [], totalCount: 0 }), 'tag.audioTags': () => ({ tags: [] }) },
      route: '/sets?search=zebra',
    });
    const empty = await screen.findByTestId('audio-empty');
    expect(empty.textContent).toContain('No Sets Found');
    expect(empty.textContent).toContain('No sets match your search for "zebra"');
    await view.user.click(within(empty).getByRole('button', { name: 'Clear Filters' }));
    await waitFor(() => expect(view.location()?.search).toBe(''));
  });

  it('in German: Playlist badge, chapters and counts in German formats', async () => {
    await act(() => i18n.changeLanguage('de'));
    try {
      renderWithProviders(<SetsPage />, {
        handlers: { 'auth.me': () => null, 'set.list': () => ({ sets: SETS, totalCount: 2 }), 'tag.audioTags': () => ({ tags: [] }) },
        route: '/sets',
      });
      const first = (await screen.findAllByTestId('set-card'))[0]!;
      expect(within(first).getByTestId('set-badge').textContent).toBe('Playlist');
      expect(within(first).getByTestId('set-chapter-count').textContent).toBe('2 Kapitel');
      expect(within(first).getByTestId('set-like-count').textContent).toBe('1.234');
      expect(within(first).getByTestId('set-owner').textContent).toBe(`von ${SIGNED_IN.firstName} ${SIGNED_IN.lastName}`);
      expect(screen.getByRole('searchbox', { name: 'Playlists suchen' })).toBeTruthy();
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Kreativ-Tonie-Playlists');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('sets in Discover', () => {
  const handlers = {
    'auth.me': () => null,
    'audio.list': () => ({ audioFiles: [anAudioFile({ id: 8, status: 'published', title: 'Moon Song' })], totalCount: 1 }),
    'tag.audioTags': () => ({ tags: [] }),
    'set.list': () => ({ sets: [SETS[0]!], totalCount: 5 }),
  };

  it('with a search, matching sets with their Set badge come above the audio results, with See all sets', async () => {
    const view = renderWithProviders(<AudioDiscoverPage />, { handlers, route: '/audio/discover?search=moon' });
    const section = await screen.findByTestId('discover-sets');
    expect(view.callsTo('set.list')[0]!.input).toEqual({ search: 'moon', page: 1, pageSize: 4 });
    expect(within(section).getByRole('heading', { level: 2 }).textContent).toBe('Sets matching "moon"');
    const card = within(section).getByTestId('set-card');
    expect(within(card).getByTestId('set-badge').textContent).toBe('Set');
    expect(
      within(section)
        .getByRole('link', { name: /See all sets/ })
        .getAttribute('href'),
    ).toBe('/sets?search=moon');
    // Above the audio results.
    const audioGrid = await screen.findByTestId('audio-grid');
    expect(section.compareDocumentPosition(audioGrid) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('without a search: only a small link to /sets, and no set search is sent', async () => {
    const view = renderWithProviders(<AudioDiscoverPage />, { handlers, route: '/audio/discover' });
    await screen.findByTestId('audio-grid');
    expect(screen.getByTestId('discover-sets-link').getAttribute('href')).toBe('/sets');
    expect(screen.queryByTestId('discover-sets')).toBeNull();
    expect(view.callsTo('set.list')).toEqual([]);
  });

  it('no matching set: nothing is added above the results', async () => {
    renderWithProviders(<AudioDiscoverPage />, { handlers: { ...handlers, 'set.list': () => ({ sets: [], totalCount: 0 }) }, route: '/audio/discover?search=zebra' });
    await screen.findByTestId('audio-grid');
    await waitFor(() => expect(screen.queryByTestId('discover-sets')).toBeNull());
    expect(screen.queryByTestId('set-card')).toBeNull();
  });
});
