import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MySetsPage } from './sets-mine.page';
import { aSetDetail } from '../test-utils/fixtures';
import { renderWithProviders } from '../test-utils/render';

const summary = (id: number, title: string, extra: Partial<ReturnType<typeof aSetDetail>> = {}) => {
  const { chapters: _c, notices: _n, feedUrl: _f, downloadUrl: _d, chaptersNotInFeed: _x, ...s } = aSetDetail({ id, title, ...extra });
  return s;
};

describe('MySetsPage', () => {
  it('lists the own sets with status, chapters, total time, budget state and edit/view links; searches on the server; pages by 12', async () => {
    const view = renderWithProviders(<MySetsPage />, {
      route: '/sets/mine',
      handlers: {
        'set.mine': (input) => {
          const { search, page } = input as { search?: string; page: number };
          if (search) return { sets: [], totalCount: 0 };
          return {
            sets: [
              summary(1, `Draft set p${page}`, { status: 'draft', chapterCount: 3, totalDuration: 754, overBudget: false }),
              summary(2, 'Huge set', { overBudget: true, chapterCount: 2, totalDuration: 5600 }),
            ],
            totalCount: 14,
          };
        },
      },
    });
    const cards = await screen.findAllByTestId('my-set-card');
    expect(within(cards[0]!).getByTestId('set-status').textContent).toBe('Draft');
    expect(within(cards[0]!).getByText('3 chapters · 12:34')).toBeTruthy();
    expect(within(cards[0]!).getByText('Fits a Creative Tonie')).toBeTruthy();
    expect(within(cards[1]!).getByTestId('set-status').textContent).toBe('Published');
    expect(within(cards[1]!).getByText('Too much for a Creative Tonie')).toBeTruthy();
    expect(within(cards[0]!).getByRole('link', { name: 'Edit Draft set p1' }).getAttribute('href')).toBe('/sets/1/edit');
    expect(within(cards[0]!).getByRole('link', { name: 'View Draft set p1' }).getAttribute('href')).toBe('/sets/1');
    expect(screen.getAllByRole('link', { name: 'New set' })[0]!.getAttribute('href')).toBe('/sets/new');

    await view.user.click(screen.getByRole('button', { name: 'Page 2' }));
    expect(await screen.findByText('Draft set p2')).toBeTruthy();
    expect(view.callsTo('set.mine').at(-1)!.input).toEqual({ page: 2, pageSize: 12 });

    await view.user.type(screen.getByRole('searchbox', { name: 'Search my sets' }), 'nothing{Enter}');
    expect(await screen.findByText('No sets match “nothing”.')).toBeTruthy();
    await waitFor(() => expect(view.callsTo('set.mine').at(-1)!.input).toEqual({ page: 1, pageSize: 12, search: 'nothing' }));
  });
});
