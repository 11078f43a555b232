import { screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import type { Me } from '@tonieshelf/shared/schemas/auth';
import { SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { ResetPasswordForm } from './reset-password-form';
import { en } from '../../test-utils/messages';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz234567';
const NEW_PASSWORD = 'a-new-Shelf-pass-9';

function renderForm(handlers: TrpcHandlers = {}, token = TOKEN) {
  const view = renderWithProviders(<ResetPasswordForm token={token} />, {
    handlers: { 'auth.me': () => null, 'account.checkResetLink': () => ({ ok: true }), ...handlers },
    route: `/auth/reset-password?token=${token}`,
  });
  return view;
}

async function fillAndSend(view: ReturnType<typeof renderForm>, password = NEW_PASSWORD, confirm = password) {
  const form = await screen.findByRole('form', { name: 'Set a new password' });
  await view.user.type(within(form).getByLabelText(/^New password/), password);
  await view.user.type(within(form).getByLabelText(/^Confirm new password/), confirm);
  await view.user.click(within(form).getByRole('button', { name: 'Set new password' }));
  return form;
}

describe('ResetPasswordForm', () => {
  it('checks the new password with the rules of registration before sending', async () => {
    const view = renderForm({ 'account.resetPassword': () => SIGNED_IN });
    const form = await fillAndSend(view, 'short', 'short');
    expect(within(form).getByText(en(AUTH_MESSAGES.passwordTooShort))).toBeTruthy();

    await view.user.clear(within(form).getByLabelText(/^New password/));
    await view.user.type(within(form).getByLabelText(/^New password/), NEW_PASSWORD);
    await view.user.clear(within(form).getByLabelText(/^Confirm new password/));
    await view.user.type(within(form).getByLabelText(/^Confirm new password/), `${NEW_PASSWORD}x`);
    await view.user.click(within(form).getByRole('button', { name: 'Set new password' }));
    expect(within(form).getByText(en(AUTH_MESSAGES.passwordsDontMatch))).toBeTruthy();
    expect(view.callsTo('account.resetPassword')).toHaveLength(0);
  });

  it('sets the password with the token, signs in and goes to the home page', async () => {
    const view = renderForm({ 'account.resetPassword': () => SIGNED_IN });
    await fillAndSend(view);
    await waitFor(() => expect(view.callsTo('account.resetPassword')).toHaveLength(1));
    expect(view.callsTo('account.resetPassword')[0]!.input).toEqual({ token: TOKEN, newPassword: NEW_PASSWORD, confirmPassword: NEW_PASSWORD });
    expect(await screen.findByText(en(ACCOUNT_MESSAGES.passwordReset))).toBeTruthy();
    await waitFor(() => expect(view.location()?.pathname).toBe('/'));
  });

  it('an account with a second factor goes on to the code form of /auth', async () => {
    const pending: Me = { ...SIGNED_IN, aal: 'aal1', nextLevel: 'aal2' };
    const view = renderForm({ 'account.resetPassword': () => pending });
    await fillAndSend(view);
    await waitFor(() => expect(view.location()?.pathname).toBe('/auth'));
    expect(await screen.findByText(/To finish signing in, enter a code of your second factor/)).toBeTruthy();
  });

  it('an expired link says so and offers a new one instead of the form', async () => {
    const view = renderForm({ 'account.resetPassword': () => Promise.reject(trpcError('BAD_REQUEST', 400, ACCOUNT_MESSAGES.linkExpired)) });
    await fillAndSend(view);
    const problem = await screen.findByTestId('link-problem');
    expect(within(problem).getByText(en(ACCOUNT_MESSAGES.linkExpired))).toBeTruthy();
    expect(within(problem).getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(screen.queryByRole('form', { name: 'Set a new password' })).toBeNull();
  });

  it('a used link says so as soon as the page opens: checked (not used) with the token, no form to fill', async () => {
    const view = renderForm({ 'account.checkResetLink': () => Promise.reject(trpcError('BAD_REQUEST', 400, ACCOUNT_MESSAGES.linkUsed)) });
    const problem = await screen.findByTestId('link-problem');
    expect(within(problem).getByText(en(ACCOUNT_MESSAGES.linkUsed))).toBeTruthy();
    expect(within(problem).getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/auth/forgot-password');
    expect(screen.queryByRole('form', { name: 'Set a new password' })).toBeNull();
    expect(view.callsTo('account.checkResetLink').map((c) => c.input)).toEqual([{ token: TOKEN }]);
    expect(view.callsTo('account.resetPassword')).toHaveLength(0);
  });

  it('a usable link: "Checking the link…" while it is checked, then the form', async () => {
    let answer: (v: unknown) => void = () => {};
    renderForm({ 'account.checkResetLink': () => new Promise((resolve) => (answer = resolve)) });
    expect((await screen.findByRole('status')).textContent).toContain('Checking the link…');
    answer({ ok: true });
    expect(await screen.findByRole('form', { name: 'Set a new password' })).toBeTruthy();
  });

  it('a link that is not one of ours is refused without asking the server', async () => {
    const view = renderForm({}, 'not-a-token');
    expect(await screen.findByText(en(ACCOUNT_MESSAGES.linkInvalid))).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Set a new password' })).toBeNull();
    expect(view.callsTo('account.resetPassword')).toHaveLength(0);
    expect(view.callsTo('account.checkResetLink')).toHaveLength(0);
  });

  it("the server's refusal of a common password shows under New password", async () => {
    const refusal = TRPCClientError.from({
      error: {
        message: en(AUTH_MESSAGES.commonPassword),
        code: -32600,
        data: { code: 'BAD_REQUEST', httpStatus: 400, fieldErrors: { newPassword: [en(AUTH_MESSAGES.commonPassword)] } },
      },
    });
    const view = renderForm({ 'account.resetPassword': () => Promise.reject(refusal) });
    const form = await fillAndSend(view);
    expect(await within(form).findByText(en(AUTH_MESSAGES.commonPassword))).toBeTruthy();
    expect(view.location()?.pathname).toBe('/auth/reset-password');
  });
});
