import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test-utils/render';
import { CatalogueEmptyState } from './catalogue-empty-state';
import { parseCatalogueParams } from './catalogue-params';

// The empty catalogue after a search that found nothing: 'Did you mean:' with the server's close
// matches, each a link to the same address with that search (other filters kept, page 1).

const stateOf = (query: string) => parseCatalogueParams(new URLSearchParams(query));
const noop = () => {};

describe('CatalogueEmptyState: Did you mean', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('lists the close matches the list sends, as links that replace the search', async () => {
    const { calls } = renderWithProviders(<CatalogueEmptyState state={stateOf('search=Paw+Patrl&category=Music&page=2')} onClear={noop} />, {
      route: '/catalog?search=Paw+Patrl&category=Music&page=2',
      handlers: { 'tonie.list': () => ({ tonies: [], totalCount: 0, suggestions: ['PAW Patrol', 'PAW Patrol – Chase'] }) },
    });
    const group = await screen.findByRole('group', { name: 'Close matches' });
    expect(within(group).getByText('Did you mean:')).toBeTruthy();
    const link = within(group).getByRole('link', { name: 'PAW Patrol' });
    expect(link.getAttribute('href')).toBe('/catalog?search=PAW+Patrol&category=Music');
    expect(link.getAttribute('title')).toBe('Search for "PAW Patrol"');
    expect(
      within(group)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['PAW Patrol', 'PAW Patrol – Chase']);
    expect(calls.filter((c) => c.path === 'tonie.list').map((c) => c.input)).toEqual([{ search: 'Paw Patrl', pageSize: 1 }]);
    // The existing empty state stays: the title and, with filters set, 'Clear All Filters'.
    expect(screen.getByRole('heading', { name: 'No results for "Paw Patrl"' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear All Filters' })).toBeTruthy();
  });

  it('uses the close matches the page passes, without asking again', async () => {
    const { calls } = renderWithProviders(<CatalogueEmptyState state={stateOf('search=Pebbel')} onClear={noop} suggestions={['Captain Pebble']} />, {
      route: '/catalog?search=Pebbel',
    });
    expect(await screen.findByRole('link', { name: 'Captain Pebble' })).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows nothing extra without a search or without close matches', async () => {
    const { calls } = renderWithProviders(<CatalogueEmptyState state={stateOf('category=Music')} onClear={noop} />, { route: '/catalog?category=Music' });
    expect(screen.queryByText('Did you mean:')).toBeNull();
    expect(calls.filter((c) => c.path === 'tonie.list')).toEqual([]);
    renderWithProviders(<CatalogueEmptyState state={stateOf('search=qqxx')} onClear={noop} />, {
      route: '/catalog?search=qqxx',
      handlers: { 'tonie.list': () => ({ tonies: [], totalCount: 0, suggestions: [] }) },
    });
    await waitFor(() => expect(screen.getByRole('heading', { name: 'No results for "qqxx"' })).toBeTruthy());
    expect(screen.queryByText('Did you mean:')).toBeNull();
  });

  it('reads in German', async () => {
    await i18n.changeLanguage('de');
    renderWithProviders(<CatalogueEmptyState state={stateOf('search=Pebbel')} onClear={noop} suggestions={['Captain Pebble']} />, { route: '/catalog?search=Pebbel' });
    const group = await screen.findByRole('group', { name: 'Ähnliche Treffer' });
    expect(within(group).getByText('Meintest du:')).toBeTruthy();
    expect(within(group).getByRole('link', { name: 'Captain Pebble' }).getAttribute('title')).toBe('Nach „Captain Pebble“ suchen');
  });
});
