import { act, screen, waitFor, within } from '@testing-library/react';
import type { Review } from '@tonieshelf/shared/schemas/review';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { aRating, aRatingSummary, aTonie, SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { TonieDetails } from './tonie-details';

// The report dialog's form loads when a dialog first opens (as in the browser); loaded here up
// front, so that a slow transform under load does not outlast the queries' waiting time.
beforeAll(async () => {
  await import('../../features/report/report-form');
});

// The reviews as the Tonie's details show them: the flag menu on others' reviews (report the
// review or its author) and the note on the signed-in author's own review that moderators hid.

const TONIE = 7;
const RECEIPT = { reference: 'TS-7KQ2-M9XD', createdAt: '2026-11-02T10:00:00.000Z' };

const tonie = aTonie({ id: TONIE });
const summaryOf = (ratings: Review[]) => aRatingSummary(TONIE, ratings);

const KIM = '6f1c2a7e-0000-4000-8000-00000000000b';
const mine = aRating({ id: 41, rating: 4, review: 'Lovely' });
const theirs = aRating({ id: 42, userId: KIM, username: 'kim', review: 'Nice', userProfile: { firstName: 'Kim', lastName: 'Lee' } });
const orphan = aRating({ id: 43, userId: null, username: null, rating: 5, review: 'From a deleted account', userProfile: { firstName: 'Anonymous', lastName: '' } });

/**
 * The server's answers: `list` is what review.list sends (only visible reviews), `own` what
 * review.mine sends for the signed-in user (their review even when moderators hid it).
 */
function server({ list, own }: { list: Review[]; own: Review | null }, overrides: TrpcHandlers = {}): TrpcHandlers {
  return {
    'auth.me': () => SIGNED_IN,
    'tonie.byId': () => ({ ...tonie, totalRatings: list.length }),
    'review.list': () => list,
    'review.summary': () => summaryOf(list),
    'review.mine': () => own,
    'tag.list': () => ({ tags: [] }),
    ...overrides,
  };
}

function renderDialog(handlers: TrpcHandlers) {
  return renderWithProviders(<TonieDetails tonieId={TONIE} onClose={vi.fn()} />, { handlers, route: `/catalog?tonieId=${TONIE}` });
}

function review(text: string): HTMLElement {
  const found = screen.getAllByTestId('review').find((el) => el.textContent?.includes(text));
  if (!found) throw new Error(`no review reading '${text}'`);
  return found;
}

/** The reviews are listed and the user's own is known (review.mine answered: its Edit shows). */
async function listed(view: ReturnType<typeof renderDialog>, count: number, ownText: string | null) {
  await waitFor(() => expect(screen.getAllByTestId('review')).toHaveLength(count));
  if (ownText) await within(review(ownText)).findByRole('button', { name: 'Edit' });
  else await waitFor(() => expect(view.callsTo('review.mine').length > 0 && view.queryClient.isFetching() === 0).toBe(true));
  return view;
}

/** Opens a review's flag menu and returns the menu. */
async function openFlagMenu(view: ReturnType<typeof renderDialog>, text: string, reviewer: string) {
  await view.user.click(within(review(text)).getByRole('button', { name: `Report the review by ${reviewer}` }));
  return screen.findByRole('menu');
}

describe('TonieDetails, reviews: reporting a review', () => {
  it("another user's review offers 'Report this review' and 'Report this user'", async () => {
    const view = await listed(renderDialog(server({ list: [mine, theirs, orphan], own: mine })), 3, 'Lovely');

    const menu = await openFlagMenu(view, 'Nice', 'Kim Lee');
    const items = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(items).toEqual(['Report this review', 'Report this user']);
  });

  it("a review whose author's account is gone offers only 'Report this review'", async () => {
    const view = await listed(renderDialog(server({ list: [mine, theirs, orphan], own: mine })), 3, 'Lovely');

    const menu = await openFlagMenu(view, 'From a deleted account', 'Anonymous');
    expect(within(menu).getByRole('menuitem', { name: 'Report this review' })).toBeTruthy();
    expect(within(menu).queryByRole('menuitem', { name: 'Report this user' })).toBeNull();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(1);
  });

  it("the signed-in author's own review has no report action; the others each have one", async () => {
    await listed(renderDialog(server({ list: [mine, theirs, orphan], own: mine })), 3, 'Lovely');

    const own = review('Lovely');
    expect(own.getAttribute('data-mine')).toBe('true');
    expect(within(own).queryByTestId('report-review-menu')).toBeNull();
    expect(within(own).queryByRole('button', { name: /^Report/ })).toBeNull();
    expect(within(review('Nice')).getByTestId('report-review-menu')).toBeTruthy();
    expect(within(review('From a deleted account')).getByTestId('report-review-menu')).toBeTruthy();
    expect(screen.getAllByTestId('report-review-menu')).toHaveLength(2);
  });

  it("'Report this review' opens the report dialog with the review's address filled in, and sends the review as the item", async () => {
    const view = await listed(renderDialog(server({ list: [mine, theirs, orphan], own: mine }, { 'report.create': () => RECEIPT })), 3, 'Lovely');

    const menu = await openFlagMenu(view, 'Nice', 'Kim Lee');
    await view.user.click(within(menu).getByRole('menuitem', { name: 'Report this review' }));

    const form = await screen.findByRole('form', { name: 'Report this review' });
    expect(within(form).getByTestId('report-target').textContent).toContain('Review by Kim Lee');
    const url = within(form).getByTestId('report-url') as HTMLInputElement;
    expect(url.readOnly).toBe(true);
    expect(url.value).toBe(`${window.location.origin}/catalog?tonieId=${TONIE}&review=42`);

    await view.user.click(within(form).getByRole('combobox', { name: /^Reason/ }));
    await view.user.click(await screen.findByRole('option', { name: 'Spam' }));
    await view.user.type(within(form).getByRole('textbox', { name: /What is wrong with it/ }), 'An advert for a shop, not a review.');
    await view.user.click(within(form).getByRole('checkbox', { name: /in good faith/ }));
    await view.user.click(within(form).getByRole('button', { name: 'Send report' }));

    await waitFor(() => expect(view.callsTo('report.create')).toHaveLength(1));
    expect(view.callsTo('report.create')[0]!.input).toMatchObject({
      kind: 'report',
      reason: 'spam',
      targetType: 'review',
      targetId: '42',
      contentUrl: `/catalog?tonieId=${TONIE}&review=42`,
    });
    expect(await screen.findByTestId('report-receipt')).toBeTruthy();
  });

  it("'Report this user' opens the report dialog for the review's author", async () => {
    const view = await listed(renderDialog(server({ list: [mine, theirs, orphan], own: mine })), 3, 'Lovely');

    const menu = await openFlagMenu(view, 'Nice', 'Kim Lee');
    await view.user.click(within(menu).getByRole('menuitem', { name: 'Report this user' }));

    const form = await screen.findByRole('form', { name: 'Report this user' });
    expect(within(form).getByTestId('report-target').textContent).toContain('Kim Lee');
    expect((within(form).getByTestId('report-url') as HTMLInputElement).value).toBe(`${window.location.origin}/users/${KIM}`);
  });
});

describe('TonieDetails, reviews: the own review that moderators hid', () => {
  const hiddenMine = aRating({ id: 41, rating: 2, review: 'Rude words here', hiddenByModerators: true, decisionId: 9 });

  it("shows first, marked 'Hidden by moderators', with the note and 'Why?' to the decision", async () => {
    // review.list has only the visible reviews; review.mine still answers with the hidden own one.
    const view = await listed(renderDialog(server({ list: [theirs], own: hiddenMine })), 2, 'Rude words here');

    const reviews = screen.getAllByTestId('review');
    expect(reviews[0]!.textContent).toContain('Rude words here');
    const note = within(reviews[0]!).getByTestId('own-review-hidden');
    expect(within(note).getByText('Hidden by moderators')).toBeTruthy();
    expect(within(note).getByText('Only you and the moderators can see your review. Read the reasons and contest the decision if you disagree.')).toBeTruthy();
    const why = within(note).getByRole('link', { name: 'Why?' });
    expect(why.getAttribute('href')).toBe('/decisions/9');

    await view.user.click(why);
    await waitFor(() => expect(view.location()?.pathname).toBe('/decisions/9'));
  });

  it('a review of someone else never shows the note, even when it comes marked hidden', async () => {
    const theirsHidden = aRating({ ...theirs, hiddenByModerators: true, decisionId: 11 });
    await listed(renderDialog(server({ list: [mine, theirsHidden, orphan], own: mine })), 3, 'Lovely');

    const other = review('Nice');
    expect(within(other).queryByTestId('own-review-hidden')).toBeNull();
    expect(within(other).queryByTestId('hidden-by-moderators')).toBeNull();
    expect(within(other).queryByText('Hidden by moderators')).toBeNull();
    expect(within(other).queryByRole('link', { name: 'Why?' })).toBeNull();
    // The own review is not hidden: no note anywhere.
    expect(screen.queryByTestId('own-review-hidden')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Why?' })).toBeNull();
  });

  it('a signed-in user without a review sees no note on a hidden review of someone else', async () => {
    const theirsHidden = aRating({ ...theirs, hiddenByModerators: true, decisionId: 11 });
    await listed(renderDialog(server({ list: [theirsHidden], own: null })), 1, null);

    expect(screen.queryByTestId('own-review-hidden')).toBeNull();
    expect(screen.queryByTestId('hidden-by-moderators')).toBeNull();
    expect(within(review('Nice')).getByTestId('report-review-menu')).toBeTruthy();
  });
});

describe('Reviews and their summary in German', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('dates, stars, the edited mark, the own review, the average and the bars in German', async () => {
    await act(() => i18n.changeLanguage('de'));
    const edited = { ...mine, editedAt: '2026-12-24T10:00:00.000Z' };
    const five = { ...theirs, rating: 5 };
    await listed(renderDialog(server({ list: [edited, five], own: edited })), 2, null);

    const own = review('Lovely');
    expect(within(own).getByText('Deine Rezension')).toBeTruthy();
    expect(own.textContent).toContain('1.11.2026');
    expect(within(own).getByTestId('review-edited').getAttribute('title')).toBe('Bearbeitet am 24.12.2026');
    expect(within(own).getByRole('img', { name: '4 von 5 Sternen' })).toBeTruthy();
    expect(within(own).getByRole('button', { name: 'Bearbeiten' })).toBeTruthy();
    expect(within(review('Nice')).getByRole('button', { name: 'Rezension von Kim Lee melden' })).toBeTruthy();

    const summary = screen.getByTestId('rating-summary');
    expect(within(summary).getByTestId('summary-average').textContent).toBe('4,5');
    expect(within(summary).getByTestId('summary-count').textContent).toBe('(2 Bewertungen)');
    expect(within(summary).getByRole('progressbar', { name: '5 Sterne: 50 % (1)' })).toBeTruthy();
    expect(within(summary).getByRole('progressbar', { name: '1 Stern: 0 % (0)' })).toBeTruthy();
  });
});

describe('TonieDetails, reviews: profile links and helpful votes', () => {
  const kimsReview = { ...theirs, helpfulCount: 2 };

  it("a reviewer's name links to /u/{username}; 'Anonymous' stays plain text", async () => {
    const view = await listed(renderDialog(server({ list: [mine, kimsReview, orphan], own: mine })), 3, 'Lovely');

    const link = within(review('Nice')).getByRole('link', { name: 'Kim Lee' });
    expect(link.getAttribute('href')).toBe('/u/kim');
    expect(within(review('Lovely')).getByRole('link', { name: 'Robin Reader' }).getAttribute('href')).toBe('/u/robin');
    expect(within(review('From a deleted account')).queryByTestId('reviewer-link')).toBeNull();
    expect(within(review('From a deleted account')).getByText('Anonymous')).toBeTruthy();

    await view.user.click(link);
    await waitFor(() => expect(view.location()?.pathname).toBe('/u/kim'));
  });

  it("'Helpful · 2' pressed -> 'Helpful · 3' and aria-pressed at once, before the server answers", async () => {
    // The server keeps the vote once it answers: its lists and marks then have it.
    let voted = false;
    let answer: () => void = () => undefined;
    const view = await listed(
      renderDialog(
        server(
          { list: [mine, kimsReview], own: mine },
          {
            'review.list': () => [mine, { ...kimsReview, helpfulCount: voted ? 3 : 2 }],
            'review.myVotes': () => (voted ? [42] : []),
            'review.vote': () =>
              new Promise((resolve) => {
                answer = () => {
                  voted = true;
                  resolve({ ratingId: 42, helpful: true, helpfulCount: 3 });
                };
              }),
          },
        ),
      ),
      2,
      'Lovely',
    );
    // The accessible name starts with the visible label, count included (WCAG 2.5.3).
    const button = await within(review('Nice')).findByRole('button', { name: 'Helpful · 2 — mark review by Kim Lee as helpful' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    expect(button.getAttribute('aria-pressed')).toBe('false');
    expect(button.textContent).toBe('Helpful · 2');

    await view.user.click(button);

    await waitFor(() => expect(button.textContent).toBe('Helpful · 3'));
    expect(button.getAttribute('aria-label')).toBe('Helpful · 3 — mark review by Kim Lee as helpful');
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(view.callsTo('review.vote')[0]!.input).toEqual({ ratingId: 42, helpful: true });
    answer();
    await waitFor(() => expect(view.queryClient.isMutating() + view.queryClient.isFetching()).toBe(0));
    expect(button.getAttribute('aria-pressed')).toBe('true');
    expect(button.textContent).toBe('Helpful · 3');
  });

  it('a refused vote puts the count and the button back and says so', async () => {
    const view = await listed(
      renderDialog(
        server(
          { list: [mine, kimsReview], own: mine },
          {
            'review.myVotes': () => [42],
            'review.vote': () => {
              throw trpcError('INTERNAL_SERVER_ERROR', 500, 'Something went wrong on our side. Please try again later.');
            },
          },
        ),
      ),
      2,
      'Lovely',
    );
    const button = await within(review('Nice')).findByRole('button', { name: /^Helpful · 2 — mark review by Kim Lee as helpful$/ });
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));

    await view.user.click(button);

    expect(await screen.findByText('Something went wrong on our side. Please try again later.')).toBeTruthy();
    await waitFor(() => expect(button.getAttribute('aria-pressed')).toBe('true'));
    expect(button.textContent).toBe('Helpful · 2');
    expect(view.callsTo('review.vote')[0]!.input).toEqual({ ratingId: 42, helpful: false });
  });

  it("the author's own review shows its count and has no vote button", async () => {
    const ownWithVotes = { ...mine, helpfulCount: 4 };
    await listed(renderDialog(server({ list: [ownWithVotes, kimsReview], own: ownWithVotes }, { 'review.myVotes': () => [] })), 2, 'Lovely');

    const own = review('Lovely');
    expect(within(own).queryByTestId('helpful-button')).toBeNull();
    expect(within(own).queryByRole('button', { name: /as helpful/ })).toBeNull();
    expect(within(own).getByTestId('helpful-count').textContent).toBe('4 found this helpful');
    expect(within(review('Nice')).getByTestId('helpful-button')).toBeTruthy();
  });

  it("a review whose author's account is gone ('Anonymous') can be marked helpful too", async () => {
    const view = await listed(
      renderDialog(
        server({ list: [mine, kimsReview, orphan], own: mine }, { 'review.myVotes': () => [], 'review.vote': () => ({ ratingId: 43, helpful: true, helpfulCount: 1 }) }),
      ),
      3,
      'Lovely',
    );
    const button = await within(review('From a deleted account')).findByRole('button', { name: 'Helpful · 0 — mark review by Anonymous as helpful' });
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
    await view.user.click(button);
    await waitFor(() => expect(view.callsTo('review.vote')[0]?.input).toEqual({ ratingId: 43, helpful: true }));
  });

  it('signed out: the count and a button that leads to the sign-in and back', async () => {
    const view = renderDialog(server({ list: [kimsReview], own: null }, { 'auth.me': () => null }));
    const button = await within(await screen.findByTestId('review')).findByTestId('helpful-sign-in');
    expect(button.textContent).toBe('Helpful · 2');
    expect(button.getAttribute('href')).toBe(`/auth?next=${encodeURIComponent(`/catalog?tonieId=${TONIE}`)}`);
    expect(view.callsTo('review.myVotes')).toHaveLength(0);
  });

  it('the sort control asks review.list for the most helpful first; the control and the toggle read German in German', async () => {
    const view = await listed(renderDialog(server({ list: [mine, kimsReview], own: mine }, { 'review.myVotes': () => [] })), 2, 'Lovely');
    expect(view.callsTo('review.list').map((c) => c.input)).toEqual([{ tonieId: TONIE, sort: 'newest' }]);

    await view.user.click(screen.getByRole('radio', { name: 'Most helpful' }));
    await waitFor(() => expect(view.callsTo('review.list').map((c) => c.input)).toContainEqual({ tonieId: TONIE, sort: 'helpful' }));

    await act(() => i18n.changeLanguage('de'));
    try {
      expect(screen.getByRole('radio', { name: 'Hilfreichste' })).toBeTruthy();
      expect(within(review('Nice')).getByRole('button', { name: 'Hilfreich · 2 – Rezension von Kim Lee als hilfreich markieren' }).textContent).toBe('Hilfreich · 2');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
