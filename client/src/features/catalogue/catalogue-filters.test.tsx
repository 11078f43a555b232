import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { CatalogPage } from '../../pages/catalog.page';

const HANDLERS: TrpcHandlers = {
  'auth.me': () => null,
  'tonie.list': () => ({ tonies: [], totalCount: 0 }),
  'tonie.categories': () => [
    { category: 'Animals', count: 3 },
    { category: 'Music', count: 2 },
  ],
  'tag.list': () => ({ tags: ['calm', 'funny', 'bedtime'] }),
};

function renderCatalogue(route = '/catalog') {
  return renderWithProviders(<CatalogPage />, { handlers: HANDLERS, route });
}

/** The catalogue address the visitor is at, as parameters. */
function addressOf(view: ReturnType<typeof renderCatalogue>): URLSearchParams {
  return new URLSearchParams(view.location()?.search ?? '');
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
    expect(within(categories).getByRole('button', { name: /Animals/ }).getAttribute('aria-pressed')).toBe('true');

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
});
