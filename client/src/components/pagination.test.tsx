import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../test-utils/render';
import { Pagination, PreviousNextPagination } from './pagination';

describe('Pagination', () => {
  it('catalogue layout: links to each page, the first and last page, one either side, an ellipsis for the gap', () => {
    renderWithProviders(<Pagination page={1} totalPages={20} hrefFor={(p) => `/catalog?page=${p}`} label="Catalogue pages" />);
    const nav = screen.getByRole('navigation', { name: 'Catalogue pages' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.getAttribute('aria-label'))).toEqual(['Page 1', 'Page 2', 'Page 20', 'Next page']);
    expect(within(nav).getByRole('link', { name: 'Page 2' }).getAttribute('href')).toBe('/catalog?page=2');
    expect(within(nav).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    expect(nav.textContent).toContain('…');
    expect(within(nav).getByRole('button', { name: 'Previous page' })).toHaveProperty('disabled', true);
  });

  it('audio layout: 5 page buttons around the page, « and », each calling back with its page', async () => {
    const onChange = vi.fn();
    const view = renderWithProviders(<Pagination page={6} totalPages={10} layout="window" onChange={onChange} label="Audio pages" previousContent="«" nextContent="»" />);
    const nav = screen.getByRole('navigation', { name: 'Audio pages' });
    expect(
      within(nav)
        .getAllByRole('button', { name: /^Page \d+$/ })
        .map((b) => b.textContent),
    ).toEqual(['4', '5', '6', '7', '8']);
    expect(within(nav).getByRole('button', { name: 'Page 6' }).getAttribute('aria-current')).toBe('page');
    await view.user.click(within(nav).getByRole('button', { name: 'Next page' }));
    await view.user.click(within(nav).getByRole('button', { name: 'Page 4' }));
    expect(onChange.mock.calls).toEqual([[7], [4]]);
    expect(within(nav).getByRole('button', { name: 'Previous page' }).textContent).toBe('«');
  });

  it('nothing for a single page when asked', () => {
    renderWithProviders(<Pagination page={1} totalPages={1} layout="window" onChange={vi.fn()} label="Liked pages" hideSingle />);
    expect(screen.queryByRole('navigation')).toBeNull();
  });
});

describe('PreviousNextPagination', () => {
  it("'Previous', 'Page n', 'Next': Previous disabled on page 1, Next when there is no next page", async () => {
    const onChange = vi.fn();
    const view = renderWithProviders(
      <PreviousNextPagination page={1} hasNext onChange={onChange} label="Audio pages" previousLabel="Previous" nextLabel="Next" pageText="Page 1" pageTestId="older-page" />,
    );
    expect(screen.getByTestId('older-page').textContent).toBe('Page 1');
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    await view.user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onChange).toHaveBeenCalledWith(2);
    view.rerender(<PreviousNextPagination page={2} hasNext={false} onChange={onChange} label="Audio pages" previousLabel="Previous" nextLabel="Next" pageText="Page 2" />);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });
});
