import { screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { renderWithProviders } from '../../test-utils/render';
import { ForgotPasswordForm } from './forgot-password-form';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { en } from '../../test-utils/messages';

describe('ForgotPasswordForm', () => {
  it('asks for a valid address, then gives the same answer and can send it again', async () => {
    const view = renderWithProviders(<ForgotPasswordForm />, { handlers: { 'account.requestPasswordReset': () => ({ ok: true }) }, route: '/auth/forgot-password' });
    const form = screen.getByRole('form', { name: 'Reset your password' });
    await view.user.type(within(form).getByLabelText(/^Email/), 'not-an-address');
    await view.user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    expect(within(form).getByText(en(AUTH_MESSAGES.invalidEmail))).toBeTruthy();
    expect(view.callsTo('account.requestPasswordReset')).toHaveLength(0);

    await view.user.clear(within(form).getByLabelText(/^Email/));
    await view.user.type(within(form).getByLabelText(/^Email/), ' robin@example.com ');
    await view.user.click(within(form).getByRole('button', { name: 'Send reset link' }));
    const sent = await screen.findByTestId('reset-link-sent');
    expect(within(sent).getByText(en(ACCOUNT_MESSAGES.resetLinkSent))).toBeTruthy();
    expect(view.callsTo('account.requestPasswordReset')[0]!.input).toEqual({ email: 'robin@example.com' });

    await view.user.click(screen.getByRole('button', { name: 'Send it again' }));
    await waitFor(() => expect(view.callsTo('account.requestPasswordReset')).toHaveLength(2));
  });

  it('a throttled request says how long to wait', async () => {
    const throttled = TRPCClientError.from({
      error: {
        message: en(message(ACCOUNT_MESSAGES.tooManyResetRequests, { seconds: 600 })),
        code: -32029,
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, retryAfter: 600, messageCode: ACCOUNT_MESSAGES.tooManyResetRequests },
      },
    });
    const view = renderWithProviders(<ForgotPasswordForm initialEmail="robin@example.com" />, {
      handlers: { 'account.requestPasswordReset': () => Promise.reject(throttled) },
      route: '/auth/forgot-password',
    });
    await view.user.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('forgot-password-error')).textContent).toBe('Too many reset links were requested. Please try again in 10 minutes.');
    expect(screen.queryByTestId('reset-link-sent')).toBeNull();
  });
});
