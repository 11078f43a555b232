import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aRating, SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { RatingForm } from './rating-form';

const TONIE = 7;

function handlers(overrides: TrpcHandlers = {}): TrpcHandlers {
  return {
    'auth.me': () => SIGNED_IN,
    'rating.mine': () => null,
    'tag.list': () => ({ tags: ['calm', 'funny'] }),
    ...overrides,
  };
}

/** Picks `n` stars the way a visitor does: a click on the star's label. */
async function pickStars(view: ReturnType<typeof renderForm>, form: HTMLElement, n: number) {
  const radio = within(form).getByRole('radio', { name: `${n} ${n === 1 ? 'star' : 'stars'}` });
  const label = form.querySelector<HTMLLabelElement>(`label[for="${radio.id}"]`);
  if (!label) throw new Error(`no label for ${n} stars`);
  await view.user.click(label);
}

function renderForm(overrides: TrpcHandlers = {}) {
  return renderWithProviders(<RatingForm tonieId={TONIE} onViewYourReview={vi.fn()} viewingReview={false} />, {
    handlers: handlers(overrides),
    route: `/catalog?tonieId=${TONIE}`,
  });
}

/** Renders the form, picks `stars` and presses Submit Review. */
async function submitWithStars(stars: number, overrides: TrpcHandlers) {
  const view = renderForm(overrides);
  const form = await screen.findByTestId('rating-form');
  await pickStars(view, form, stars);
  await view.user.click(within(form).getByRole('button', { name: 'Submit Review' }));
  return view;
}

describe('RatingForm', () => {
  it('will not submit without stars: the button waits for a rating and a submit says "Please select a star rating"', async () => {
    const view = renderForm({ 'rating.create': () => aRating() });
    const form = await screen.findByTestId('rating-form');
    expect(within(form).getByRole('button', { name: 'Submit Review' })).toHaveProperty('disabled', true);

    fireEvent.submit(form);

    expect(await screen.findByText('Please select a star rating')).toBeTruthy();
    expect(view.callsTo('rating.create')).toHaveLength(0);
  });

  it('sends the stars, the trimmed review and the tags, then thanks the user', async () => {
    const view = renderForm({ 'rating.create': () => aRating() });
    const form = await screen.findByTestId('rating-form');

    await pickStars(view, form, 4);
    expect(within(form).getByText('4 of 5')).toBeTruthy();
    await view.user.type(within(form).getByLabelText('Your review (optional)'), '  Great for bedtime  ');
    const tags = within(form).getByRole('combobox', { name: 'Tags (optional)' });
    await view.user.type(tags, 'calm{Enter}');
    await view.user.type(tags, 'CALM{Enter}');
    await view.user.click(within(form).getByRole('button', { name: 'Submit Review' }));

    await waitFor(() => expect(view.callsTo('rating.create')).toHaveLength(1));
    expect(view.callsTo('rating.create')[0]!.input).toEqual({ tonieId: TONIE, rating: 4, review: 'Great for bedtime', tags: ['calm'] });
    expect(await screen.findByText('Thank you for your review!')).toBeTruthy();
  });

  it('a 409 answer turns the form into the already-reviewed notice', async () => {
    await submitWithStars(5, { 'rating.create': () => Promise.reject(trpcError('CONFLICT', 409, 'Some other wording')) });

    const notice = await screen.findByTestId('rating-form-reviewed');
    expect(within(notice).getByText('You have already reviewed this Tonie')).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'View Your Review' })).toBeTruthy();
    expect(screen.queryByTestId('rating-form')).toBeNull();
    expect(await screen.findByText('You have already submitted a review for this Tonie.')).toBeTruthy();
  });

  it('another failure keeps the form and says why', async () => {
    await submitWithStars(3, { 'rating.create': () => Promise.reject(trpcError('INTERNAL_SERVER_ERROR', 500, 'already submitted, says the text')) });

    expect(await screen.findByText('Failed to submit review: already submitted, says the text')).toBeTruthy();
    expect(screen.getByTestId('rating-form')).toBeTruthy();
    expect(screen.queryByTestId('rating-form-reviewed')).toBeNull();
  });

  it("the server's own rating of the user shows the notice instead of the form", async () => {
    renderForm({ 'rating.mine': () => aRating() });
    expect(await screen.findByTestId('rating-form-reviewed')).toBeTruthy();
    expect(screen.queryByTestId('rating-form')).toBeNull();
  });

  it('signed out: a prompt to sign in, no form', async () => {
    renderForm({ 'auth.me': () => null });
    const prompt = await screen.findByTestId('rating-form-anonymous');
    expect(within(prompt).getByText('Please sign in to leave a rating and review')).toBeTruthy();
    expect(within(prompt).getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe(`/auth?next=${encodeURIComponent(`/catalog?tonieId=${TONIE}`)}`);
  });
});
