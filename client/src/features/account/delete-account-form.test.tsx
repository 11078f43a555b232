import { screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import type { MeFactor } from '@tonieshelf/shared/schemas/auth';
import { SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { DeleteAccountForm } from './delete-account-form';
import { en } from '../../test-utils/messages';

const TOTP: MeFactor = {
  id: '0b7a8e52-3a1f-4c1e-9d7e-6c1a2b3c4d5e',
  factor_type: 'totp',
  status: 'verified',
  friendly_name: null,
  phone: null,
  created_at: '2026-11-01T10:00:00.000Z',
};

function renderForm(handlers: TrpcHandlers = {}) {
  const onCancel = vi.fn();
  const view = renderWithProviders(<DeleteAccountForm email={SIGNED_IN.email} onCancel={onCancel} />, {
    handlers: { 'auth.me': () => SIGNED_IN, 'auth.factors': () => [], 'account.deleteAccount': () => ({ ok: true }), ...handlers },
    route: '/account',
  });
  const form = screen.getByRole('form', { name: 'Delete your account?' });
  return { ...view, form, onCancel };
}

function submit(view: ReturnType<typeof renderForm>) {
  return view.user.click(within(view.form).getByRole('button', { name: 'Delete my account for good' }));
}

/** The submit button is enabled once the factors are known. */
async function ready(view: ReturnType<typeof renderForm>) {
  await waitFor(() => expect(within(view.form).getByRole('button', { name: 'Delete my account for good' })).toHaveProperty('disabled', false));
}

describe('DeleteAccountForm', () => {
  it('warns that it cannot be undone, and needs the reviews choice and the password', async () => {
    const view = renderForm();
    await ready(view);
    expect(within(view.form).getByText('This cannot be undone')).toBeTruthy();
    expect(within(view.form).getByText(/all your audio files \(drafts and published\) are deleted/)).toBeTruthy();
    expect(within(view.form).queryByRole('textbox', { name: /Code or recovery code/ })).toBeNull();

    await submit(view);
    expect(within(view.form).getByText('Choose whether to keep your reviews')).toBeTruthy();
    expect(within(view.form).getByText('Please enter your password')).toBeTruthy();
    expect(view.callsTo('account.deleteAccount')).toHaveLength(0);

    await view.user.click(within(view.form).getByRole('button', { name: 'Keep my account' }));
    expect(view.onCancel).toHaveBeenCalledTimes(1);
  });

  it("keeps the reviews as 'Anonymous', deletes the account, signs out and says goodbye on the home page", async () => {
    const view = renderForm();
    await ready(view);
    await view.user.click(within(view.form).getByRole('radio', { name: "Keep them, shown as 'Anonymous'" }));
    await view.user.type(within(view.form).getByLabelText(/^Your password/), 'my-Shelf-pass-1');
    await submit(view);

    await waitFor(() => expect(view.callsTo('account.deleteAccount')).toHaveLength(1));
    expect(view.callsTo('account.deleteAccount')[0]!.input).toEqual({ password: 'my-Shelf-pass-1', keepReviews: true });
    expect(await screen.findByText(en(ACCOUNT_MESSAGES.accountDeleted))).toBeTruthy();
    await waitFor(() => expect(view.location()?.pathname).toBe('/'));
  });

  it('a wrong password shows under the password; deleting the reviews too is sent as such', async () => {
    const wrong = TRPCClientError.from({
      error: {
        message: en(ACCOUNT_MESSAGES.wrongPassword),
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400, messageCode: ACCOUNT_MESSAGES.wrongPassword, fieldErrors: { password: [en(ACCOUNT_MESSAGES.wrongPassword)] } },
      },
    });
    const view = renderForm({ 'account.deleteAccount': () => Promise.reject(wrong) });
    await ready(view);
    await view.user.click(within(view.form).getByRole('radio', { name: 'Delete them too' }));
    await view.user.type(within(view.form).getByLabelText(/^Your password/), 'not-my-pass');
    await submit(view);

    expect(await within(view.form).findByText(en(ACCOUNT_MESSAGES.wrongPassword))).toBeTruthy();
    expect(view.callsTo('account.deleteAccount')[0]!.input).toEqual({ password: 'not-my-pass', keepReviews: false });
    expect(view.location()?.pathname).toBe('/account');
  });

  it('with an authenticator app: asks for a code, sends it with the factor, or a recovery code alone', async () => {
    let answer: () => unknown = () => Promise.reject(trpcError('BAD_REQUEST', 400, AUTH_MESSAGES.removalCodeInvalid));
    const view = renderForm({ 'auth.factors': () => [TOTP], 'account.deleteAccount': () => answer() });
    const code = await within(view.form).findByRole('textbox', { name: /Code or recovery code/ });
    await ready(view);
    await view.user.click(within(view.form).getByRole('radio', { name: "Keep them, shown as 'Anonymous'" }));
    await view.user.type(within(view.form).getByLabelText(/^Your password/), 'my-Shelf-pass-1');

    await submit(view);
    expect(within(view.form).getByText(en(ACCOUNT_MESSAGES.codeRequired))).toBeTruthy();
    expect(view.callsTo('account.deleteAccount')).toHaveLength(0);

    await view.user.type(code, '123 456');
    await submit(view);
    expect(await within(view.form).findByText(en(AUTH_MESSAGES.removalCodeInvalid))).toBeTruthy();
    expect(view.callsTo('account.deleteAccount')[0]!.input).toEqual({ password: 'my-Shelf-pass-1', keepReviews: true, factorId: TOTP.id, code: '123456' });

    answer = () => ({ ok: true });
    await view.user.clear(code);
    await view.user.type(code, 'abcde-fghij');
    await submit(view);
    await waitFor(() => expect(view.callsTo('account.deleteAccount')).toHaveLength(2));
    expect(view.callsTo('account.deleteAccount')[1]!.input).toEqual({ password: 'my-Shelf-pass-1', keepReviews: true, code: 'abcde-fghij' });
    await waitFor(() => expect(view.location()?.pathname).toBe('/'));
  });
});
