import { act, screen } from '@testing-library/react';
import { useLayoutEffect, useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { TonieSummary } from '@tonieshelf/shared/schemas/tonie';
import { aTonie } from '../../test-utils/fixtures';
import { renderWithProviders } from '../../test-utils/render';
import { TonieGridResults } from './tonie-grid-results';

const FIRST = [aTonie({ id: 1, name: 'The Gruffalo' }), aTonie({ id: 2, name: 'Moon Bakery' })];

let setTonies: (tonies: TonieSummary[]) => void = () => undefined;
let setLoading: (loading: boolean) => void = () => undefined;

/** Grids without a card, seen right after a commit of the page (before a deferred render). */
let emptyGrids = 0;

function Probe() {
  useLayoutEffect(() => {
    const grid = document.querySelector('[data-testid="tonie-grid"]');
    if (grid && grid.children.length === 0) emptyGrids += 1;
  });
  return null;
}

function Grid({ initial, initialLoading }: { initial: TonieSummary[]; initialLoading: boolean }) {
  const [tonies, setT] = useState(initial);
  const [loading, setL] = useState(initialLoading);
  setTonies = setT;
  setLoading = setL;
  return (
    <>
      <TonieGridResults tonies={tonies} loading={loading} loadingLabel="Loading Tonies" empty={<p>None</p>} detailsHref={(t) => `/catalog?tonieId=${t.id}`} />
      <Probe />
    </>
  );
}

describe('TonieGridResults', () => {
  it('shows the skeletons until a page that has just arrived has rendered its cards', async () => {
    renderWithProviders(<Grid initial={[]} initialLoading />, { handlers: {}, route: '/catalog' });
    expect(screen.getByRole('group', { name: 'Loading Tonies' })).toBeTruthy();
    await act(async () => {
      setTonies(FIRST);
      setLoading(false);
    });
    expect(await screen.findByRole('heading', { name: 'The Gruffalo' })).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Loading Tonies' })).toBeNull();
  });

  it('changed data for the cards shown updates them in place: no skeletons between, a focused card keeps the focus', async () => {
    renderWithProviders(<Grid initial={FIRST} initialLoading={false} />, { handlers: {}, route: '/catalog' });
    const link = (await screen.findAllByRole('link', { name: 'View Details' }))[0]!;
    link.focus();
    expect(document.activeElement).toBe(link);

    // A refetch after a review: the same Tonies, a new array, one rating changed.
    await act(async () => setTonies([{ ...FIRST[0]!, totalRatings: 7 }, FIRST[1]!]));
    expect(screen.queryByRole('group', { name: 'Loading Tonies' })).toBeNull();
    expect(document.activeElement).toBe(link);
    expect(link.isConnected).toBe(true);
  });

  it('after an empty page (past the end, on its way to the last) the next page shows skeletons, never an empty grid, until its cards are there', async () => {
    emptyGrids = 0;
    renderWithProviders(<Grid initial={[]} initialLoading={false} />, { handlers: {}, route: '/catalog' });
    expect(screen.getByText('None')).toBeTruthy();
    await act(async () => setTonies(FIRST));
    expect(await screen.findByRole('heading', { name: 'The Gruffalo' })).toBeTruthy();
    expect(emptyGrids).toBe(0);
  });
});
