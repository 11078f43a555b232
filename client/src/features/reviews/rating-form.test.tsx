import { useState } from 'react';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { aRating, SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { RatingForm } from './rating-form';

// The review form's code loads when the form is first shown (as in the browser); loaded here up
// front, so that a slow transform under load does not outlast the queries' waiting time.
beforeAll(async () => {
  await import('./review-form');
});

const TONIE = 7;

function handlers(overrides: TrpcHandlers = {}): TrpcHandlers {
  return {
    'auth.me': () => SIGNED_IN,
    'review.mine': () => null,
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

/** The form as the detail dialog holds it: the dialog keeps whether the user's review is being edited. */
function FormInDialog() {
  const [editing, setEditing] = useState(false);
  return <RatingForm tonieId={TONIE} onViewYourReview={vi.fn()} viewingReview={false} editing={editing} onEditingChange={setEditing} />;
}

function renderForm(overrides: TrpcHandlers = {}) {
  return renderWithProviders(<FormInDialog />, {
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
    const view = renderForm({ 'review.create': () => aRating() });
    const form = await screen.findByTestId('rating-form');
    expect(within(form).getByRole('button', { name: 'Submit Review' })).toHaveProperty('disabled', true);

    fireEvent.submit(form);

    // The toast, and the same words beside the stars, tied to the group, which gets the focus.
    const group = within(form).getByRole('radiogroup', { name: 'Your rating' });
    const error = await within(form).findByTestId('rating-error');
    expect(error.textContent).toBe('Please select a star rating');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.getAttribute('aria-describedby')).toBe(error.id);
    expect(document.activeElement).toBe(within(group).getByRole('radio', { name: '1 star' }));
    expect((await screen.findAllByText('Please select a star rating')).length).toBe(2);
    expect(view.callsTo('review.create')).toHaveLength(0);

    // Picking stars clears the error.
    await pickStars(view, form, 3);
    expect(within(form).queryByTestId('rating-error')).toBeNull();
    expect(group.getAttribute('aria-invalid')).toBeNull();
    expect(group.getAttribute('aria-describedby')).toBeNull();
  });

  it('the stars are one named radio group of 1-5 stars (one name: one tab stop, arrows between them), none chosen at first', async () => {
    const view = renderForm();
    const form = await screen.findByTestId('rating-form');
    const group = within(form).getByRole('radiogroup', { name: 'Your rating' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((r) => r.getAttribute('aria-label') ?? (r as HTMLInputElement).labels?.[0]?.textContent)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    expect(radios.filter((r) => (r as HTMLInputElement).checked)).toHaveLength(0);
    expect(within(form).queryByRole('radio', { name: '0 stars' })).toBeNull();
    // One name: the browser makes them one tab stop with arrow keys between them.
    expect(new Set(radios.map((r) => (r as HTMLInputElement).name)).size).toBe(1);

    await pickStars(view, form, 2);
    expect(within(group).getByRole('radio', { name: '2 stars' })).toHaveProperty('checked', true);
    // (Arrow keys are the browser's own on native radios: e2e/a11y-catalogue.spec.ts presses them.)
    await pickStars(view, form, 4);
    expect(within(group).getByRole('radio', { name: '4 stars' })).toHaveProperty('checked', true);
    expect(within(group).getByRole('radio', { name: '2 stars' })).toHaveProperty('checked', false);
    expect(within(form).getByText('4 of 5')).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Submit Review' })).toHaveProperty('disabled', false);
  });

  it('sends the stars, the trimmed review and the tags, then thanks the user', async () => {
    const view = renderForm({ 'review.create': () => aRating() });
    const form = await screen.findByTestId('rating-form');

    await pickStars(view, form, 4);
    expect(within(form).getByText('4 of 5')).toBeTruthy();
    await view.user.type(within(form).getByLabelText('Your review (optional)'), '  Great for bedtime  ');
    const tags = within(form).getByRole('combobox', { name: 'Tags (optional)' });
    await view.user.type(tags, 'calm{Enter}');
    await view.user.type(tags, 'CALM{Enter}');
    await view.user.click(within(form).getByRole('button', { name: 'Submit Review' }));

    await waitFor(() => expect(view.callsTo('review.create')).toHaveLength(1));
    expect(view.callsTo('review.create')[0]!.input).toEqual({ tonieId: TONIE, rating: 4, review: 'Great for bedtime', tags: ['calm'] });
    expect(await screen.findByText('Thank you for your review!')).toBeTruthy();
  });

  it('a 409 answer turns the form into the already-reviewed notice', async () => {
    await submitWithStars(5, { 'review.create': () => Promise.reject(trpcError('CONFLICT', 409, 'Some other wording')) });

    const notice = await screen.findByTestId('rating-form-reviewed');
    expect(within(notice).getByText('You have already reviewed this Tonie')).toBeTruthy();
    expect(within(notice).getByRole('button', { name: 'View Your Review' })).toBeTruthy();
    expect(screen.queryByTestId('rating-form')).toBeNull();
    expect(await screen.findByText('You have already submitted a review for this Tonie.')).toBeTruthy();
  });

  it('another failure keeps the form and says why', async () => {
    await submitWithStars(3, { 'review.create': () => Promise.reject(trpcError('INTERNAL_SERVER_ERROR', 500, 'already submitted, says the text')) });

    expect(await screen.findByText('Failed to submit review: already submitted, says the text')).toBeTruthy();
    expect(screen.getByTestId('rating-form')).toBeTruthy();
    expect(screen.queryByTestId('rating-form-reviewed')).toBeNull();
  });

  it("the server's own rating of the user shows the notice instead of the form", async () => {
    renderForm({ 'review.mine': () => aRating() });
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

describe('RatingForm: editing the own review', () => {
  const MINE = aRating({ rating: 4, review: 'Lovely', tags: ['calm'] });

  /** Opens 'Edit your review' from the already-reviewed notice; returns the edit form. */
  async function openEdit(view: ReturnType<typeof renderForm>) {
    const notice = await screen.findByTestId('rating-form-reviewed');
    await view.user.click(within(notice).getByRole('button', { name: 'Edit your review' }));
    return screen.findByTestId('rating-form-edit');
  }

  it("'Edit your review' opens the form filled with the review: its stars, text and tags, 'Save changes' and 'Cancel'", async () => {
    const view = renderForm({ 'review.mine': () => MINE });
    const form = await openEdit(view);

    expect(within(form).getByText('4 of 5')).toBeTruthy();
    expect(within(form).getByRole('radio', { name: '4 stars' })).toHaveProperty('checked', true);
    expect(within(form).getByLabelText('Your review (optional)')).toHaveProperty('value', 'Lovely');
    expect(within(form).getByRole('button', { name: 'Remove tag calm' })).toBeTruthy();
    expect(within(form).getByRole('button', { name: 'Save changes' })).toHaveProperty('disabled', false);
    expect(within(form).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(form).queryByRole('button', { name: 'Submit Review' })).toBeNull();
    expect(screen.queryByTestId('rating-form-reviewed')).toBeNull();
  });

  it("'Save changes' sends the new stars, trimmed text and tags to review.update, says 'Review updated' and closes the form", async () => {
    let current = MINE;
    const view = renderForm({
      'review.mine': () => current,
      'review.update': (input) => {
        current = aRating({ ...(input as object), editedAt: '2026-11-02T10:00:00.000Z' });
        return current;
      },
    });
    const form = await openEdit(view);

    await pickStars(view, form, 2);
    const text = within(form).getByLabelText('Your review (optional)');
    await view.user.clear(text);
    await view.user.type(text, '  Too loud for bedtime  ');
    await view.user.click(within(form).getByRole('button', { name: 'Remove tag calm' }));
    await view.user.type(within(form).getByRole('combobox', { name: 'Tags (optional)' }), 'loud{Enter}');
    await view.user.click(within(form).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(view.callsTo('review.update')).toHaveLength(1));
    expect(view.callsTo('review.update')[0]!.input).toEqual({ tonieId: TONIE, rating: 2, review: 'Too loud for bedtime', tags: ['loud'] });
    expect(view.callsTo('review.create')).toHaveLength(0);
    expect(await screen.findByText('Review updated')).toBeTruthy();
    expect(await screen.findByTestId('rating-form-reviewed')).toBeTruthy();
    expect(screen.queryByTestId('rating-form-edit')).toBeNull();
    // Everything the review shows in is read again.
    await waitFor(() => expect(view.callsTo('review.mine').length).toBeGreaterThan(1));
  });

  it('an emptied text is sent as null (the text is removed); no tags as an empty list', async () => {
    const view = renderForm({ 'review.mine': () => MINE, 'review.update': (input) => aRating(input as object) });
    const form = await openEdit(view);
    await view.user.clear(within(form).getByLabelText('Your review (optional)'));
    await view.user.click(within(form).getByRole('button', { name: 'Remove tag calm' }));
    await view.user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(view.callsTo('review.update')).toHaveLength(1));
    expect(view.callsTo('review.update')[0]!.input).toEqual({ tonieId: TONIE, rating: 4, review: null, tags: [] });
  });

  it("'Cancel' closes the form unsaved; opened again it shows the review as it is", async () => {
    const view = renderForm({ 'review.mine': () => MINE });
    let form = await openEdit(view);
    await view.user.type(within(form).getByLabelText('Your review (optional)'), ' and more');
    await view.user.click(within(form).getByRole('button', { name: 'Cancel' }));

    expect(await screen.findByTestId('rating-form-reviewed')).toBeTruthy();
    expect(view.callsTo('review.update')).toHaveLength(0);
    form = await openEdit(view);
    expect(within(form).getByLabelText('Your review (optional)')).toHaveProperty('value', 'Lovely');
  });

  it('a failed save keeps the form with the changes and says why', async () => {
    const view = renderForm({
      'review.mine': () => MINE,
      'review.update': () => Promise.reject(trpcError('INTERNAL_SERVER_ERROR', 500, 'Something went wrong on our side.')),
    });
    const form = await openEdit(view);
    await pickStars(view, form, 5);
    await view.user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Failed to update review: Something went wrong on our side.')).toBeTruthy();
    expect(screen.getByTestId('rating-form-edit')).toBeTruthy();
    expect(within(screen.getByTestId('rating-form-edit')).getByText('5 of 5')).toBeTruthy();
  });

  it('the review was deleted meanwhile (404) -> the form for a new review', async () => {
    let current: ReturnType<typeof aRating> | null = MINE;
    const view = renderForm({
      'review.mine': () => current,
      'review.update': () => {
        current = null;
        return Promise.reject(trpcError('NOT_FOUND', 404, 'You have not reviewed this Tonie.'));
      },
    });
    const form = await openEdit(view);
    await view.user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findByText('Failed to update review: You have not reviewed this Tonie.')).toBeTruthy();
    const fresh = await screen.findByTestId('rating-form');
    expect(within(fresh).getByRole('button', { name: 'Submit Review' })).toHaveProperty('disabled', true);
    expect(screen.queryByTestId('rating-form-edit')).toBeNull();
  });

  it("after a 409 without the server's review yet, there is nothing to edit: no 'Edit your review'", async () => {
    await submitWithStars(5, { 'review.create': () => Promise.reject(trpcError('CONFLICT', 409, 'dup')) });
    const notice = await screen.findByTestId('rating-form-reviewed');
    expect(within(notice).queryByRole('button', { name: 'Edit your review' })).toBeNull();
  });
});

describe('RatingForm in German', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it('the form, the star picker and the counter speak German, and a review is sent and thanked for', async () => {
    await act(() => i18n.changeLanguage('de'));
    const view = renderForm({ 'review.create': () => aRating() });
    const form = await screen.findByTestId('rating-form');
    expect(screen.getByRole('heading', { name: 'Diesen Tonie bewerten' })).toBeTruthy();
    expect(within(form).getByText('Deine Bewertung')).toBeTruthy();
    expect(within(form).getByTestId('review-counter').textContent).toBe('0 / 5.000');

    const radio = within(form).getByRole('radio', { name: '4 Sterne' });
    await view.user.click(form.querySelector<HTMLLabelElement>(`label[for="${radio.id}"]`)!);
    expect(within(form).getByText('4 von 5')).toBeTruthy();
    expect(within(form).getByRole('radio', { name: '1 Stern' })).toBeTruthy();
    expect(within(form).getByRole('radiogroup', { name: 'Deine Bewertung' })).toBeTruthy();
    await view.user.type(within(form).getByLabelText('Deine Rezension (optional)'), 'Hören wir jeden Abend');
    expect(within(form).getByTestId('review-counter').textContent).toBe('21 / 5.000');
    await view.user.click(within(form).getByRole('button', { name: 'Rezension abschicken' }));

    await waitFor(() => expect(view.callsTo('review.create')).toHaveLength(1));
    expect(view.callsTo('review.create')[0]!.input).toMatchObject({ tonieId: TONIE, rating: 4, review: 'Hören wir jeden Abend' });
    // Sent: thanked for in German, and the form starts over.
    expect(await screen.findByText('Danke für deine Rezension!')).toBeTruthy();
    await waitFor(() => expect(within(form).getByTestId('review-counter').textContent).toBe('0 / 5.000'));
  });

  it('signed out: the German sign-in prompt', async () => {
    await act(() => i18n.changeLanguage('de'));
    renderForm({ 'auth.me': () => null });
    const prompt = await screen.findByTestId('rating-form-anonymous');
    expect(prompt.textContent).toContain('Bitte melde dich an, um eine Bewertung und Rezension abzugeben');
    expect(within(prompt).getByRole('link', { name: 'Anmelden' })).toBeTruthy();
  });
});
