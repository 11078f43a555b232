import { screen, waitFor, within } from '@testing-library/react';
import type { Review } from '@tonieshelf/shared/schemas/review';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { aRating, aRatingSummary, aTonie, SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { TonieDetails } from './tonie-details';

// The review form's code loads when a signed-in user is known (as in the browser); loaded here up
// front, so that a slow transform under load does not outlast the queries' waiting time.
beforeAll(async () => {
  await import('../../features/reviews/review-form');
});

const TONIE = 7;

const tonie = aTonie({ id: TONIE });
const summaryOf = (ratings: Review[]) => aRatingSummary(TONIE, ratings);

const mine = aRating({ id: 41, rating: 4, review: 'Lovely', editedAt: '2026-11-03T09:00:00.000Z' });
const theirs = aRating({ id: 42, userId: 'someone-else', username: 'kim', review: 'Nice', userProfile: { firstName: 'Kim', lastName: 'Lee' } });
const orphan = aRating({ id: 43, userId: null, username: null, rating: 5, review: 'From a deleted account', userProfile: { firstName: 'Anonymous', lastName: '' } });

/** A small server: the ratings change when the user deletes theirs. */
function server(overrides: TrpcHandlers = {}) {
  let ratings: Review[] = [mine, theirs, orphan];
  const handlers: TrpcHandlers = {
    'auth.me': () => SIGNED_IN,
    'tonie.byId': () => ({ ...tonie, totalRatings: ratings.length }),
    'review.list': () => ratings,
    'review.summary': () => summaryOf(ratings),
    'review.mine': () => ratings.find((r) => r.userId === SIGNED_IN.id) ?? null,
    'tag.list': () => ({ tags: [] }),
    'review.delete': () => {
      ratings = ratings.filter((r) => r.userId !== SIGNED_IN.id);
      return { ok: true, id: mine.id, tonieId: TONIE };
    },
    ...overrides,
  };
  return handlers;
}

function renderDialog(handlers: TrpcHandlers) {
  return renderWithProviders(<TonieDetails tonieId={TONIE} onClose={vi.fn()} />, { handlers, route: `/catalog?tonieId=${TONIE}` });
}

function review(text: string): HTMLElement {
  return screen.getAllByTestId('review').find((el) => el.textContent?.includes(text))!;
}

/** The reviews are listed and the user's own is known (review.mine answered). */
async function listed(view: ReturnType<typeof renderDialog>) {
  await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(3));
  await within(review('Lovely')).findByRole('button', { name: 'Edit' });
  return view;
}

describe('TonieDetails: reviews', () => {
  it("an edited review reads '· Edited' by its date; a review without an account reads 'Anonymous'; only the own review has Edit and Delete", async () => {
    await listed(renderDialog(server()));

    const own = review('Lovely');
    expect(within(own).getByText('Robin Reader')).toBeTruthy();
    expect(within(own).getByTestId('review-edited').textContent).toBe(' · Edited');
    expect(within(own).getByRole('button', { name: 'Edit' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeTruthy();

    const other = review('Nice');
    expect(within(other).queryByTestId('review-edited')).toBeNull();
    expect(within(other).queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(within(other).queryByRole('button', { name: 'Delete' })).toBeNull();

    const gone = review('From a deleted account');
    expect(within(gone).getByText('Anonymous')).toBeTruthy();
    expect(within(gone).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it("the review's Edit opens the rating form with the review in it", async () => {
    const view = await listed(renderDialog(server()));
    await view.user.click(within(review('Lovely')).getByRole('button', { name: 'Edit' }));
    const form = await screen.findByTestId('rating-form-edit');
    expect(within(form).getByLabelText('Your review (optional)')).toHaveProperty('value', 'Lovely');
  });

  it("Delete asks first; confirmed: 'Review deleted', the review is gone, the summary counts one less and the form offers a new review", async () => {
    const view = await listed(renderDialog(server()));
    expect(screen.getByTestId('summary-count').textContent).toBe('(3 ratings)');
    expect(await screen.findByTestId('rating-form-reviewed')).toBeTruthy();

    await view.user.click(within(review('Lovely')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete your review?' });
    expect(within(confirm).getByText('Your stars, text and tags for this Tonie will be removed. This cannot be undone.')).toBeTruthy();
    expect(view.callsTo('review.delete')).toHaveLength(0);
    await view.user.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await waitFor(() => expect(view.callsTo('review.delete')).toHaveLength(1));
    expect(view.callsTo('review.delete')[0]!.input).toEqual({ tonieId: TONIE });
    expect(await screen.findByText('Review deleted')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('summary-count').textContent).toBe('(2 ratings)'));
    const form = await screen.findByTestId('rating-form');
    expect(within(form).getByRole('button', { name: 'Submit Review' })).toBeTruthy();
    expect(screen.queryByTestId('rating-form-reviewed')).toBeNull();
  });

  it('Delete, then Cancel in the question -> nothing is deleted', async () => {
    const view = await listed(renderDialog(server()));
    await view.user.click(within(review('Lovely')).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete your review?' });
    await view.user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete your review?' })).toBeNull());
    expect(view.callsTo('review.delete')).toHaveLength(0);
    expect(screen.getAllByTestId('review')).toHaveLength(3);
  });

  it('a failed delete says why and keeps the review', async () => {
    const view = await listed(renderDialog(server({ 'review.delete': () => Promise.reject(trpcError('INTERNAL_SERVER_ERROR', 500, 'Try later.')) })));
    await view.user.click(within(review('Lovely')).getByRole('button', { name: 'Delete' }));
    await view.user.click(within(await screen.findByRole('dialog', { name: 'Delete your review?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete review: Try later.')).toBeTruthy();
    expect(screen.getAllByTestId('review')).toHaveLength(3);
  });
});

describe('TonieDetails: a Tonie nobody has rated', () => {
  it("in German shows only 'Noch keine Bewertungen': no '0,0', no stars, no '0 %' bars", async () => {
    await i18n.changeLanguage('de');
    try {
      renderDialog(server({ 'review.list': () => [], 'review.summary': () => summaryOf([]), 'review.mine': () => null }));
      const summary = await screen.findByTestId('rating-summary');
      expect(summary.textContent).toBe('Noch keine Bewertungen');
      expect(within(summary).queryByTestId('summary-average')).toBeNull();
      expect(within(summary).queryAllByRole('progressbar')).toHaveLength(0);
      expect(within(summary).queryByRole('img')).toBeNull();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('TonieDetails: a Tonie prepared while the dialog is closed', () => {
  it('is rendered hidden, and opening shows that same content instead of rendering it anew', async () => {
    const view = renderWithProviders(<TonieDetails tonieId={null} preparedId={TONIE} onClose={vi.fn()} />, { handlers: server(), route: '/catalog' });
    await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(3));
    expect(screen.queryByRole('dialog')).toBeNull();
    const title = screen.getByTestId('details-title');
    const firstReview = review('Lovely');

    view.rerender(<TonieDetails tonieId={TONIE} onClose={vi.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: tonie.name });
    expect(within(dialog).getByTestId('details-title')).toBe(title);
    expect(review('Lovely')).toBe(firstReview);
  });
});
