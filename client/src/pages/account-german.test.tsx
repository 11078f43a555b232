// The account screens in German: forgot password (labels, the throttle's wait in German words),
// deleting the account (its own refusals), and the account page's cards.
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { i18n } from '../i18n/i18n';
import { SIGNED_IN } from '../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../test-utils/render';
import { AccountPage } from './account.page';
import { DeleteAccountForm } from '../features/account/delete-account-form';
import { ForgotPasswordForm } from '../features/account/forgot-password-form';

beforeEach(async () => {
  await act(() => i18n.changeLanguage('de'));
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('account screens in German', () => {
  it('forgot password: German labels and a throttled request shows the server’s German with its wait', async () => {
    // The server makes the text from the message's code and the wait, in the interface language.
    const throttled = trpcError('TOO_MANY_REQUESTS', 429, message(ACCOUNT_MESSAGES.tooManyResetRequests, { seconds: 600 }), 'de');
    const view = renderWithProviders(<ForgotPasswordForm initialEmail="robin@example.com" />, {
      handlers: { 'account.requestPasswordReset': () => Promise.reject(throttled) },
      route: '/auth/forgot-password',
    });
    const form = screen.getByRole('form', { name: 'Passwort zurücksetzen' });
    expect(within(form).getByRole('textbox', { name: /^E-Mail/ })).toBeTruthy();
    expect(within(form).getByRole('link', { name: /Zurück zur Anmeldung/ })).toBeTruthy();
    await view.user.click(within(form).getByRole('button', { name: 'Link zum Zurücksetzen senden' }));
    expect((await screen.findByTestId('forgot-password-error')).textContent).toBe(
      'Es wurden zu viele Links zum Zurücksetzen angefordert. Bitte versuch es in 10 Minuten noch einmal.',
    );
  });

  it('delete account: the warning, the choices and its own refusals are German', async () => {
    const view = renderWithProviders(<DeleteAccountForm email={SIGNED_IN.email} onCancel={vi.fn()} />, {
      handlers: { 'auth.me': () => SIGNED_IN, 'auth.factors': () => [], 'account.deleteAccount': () => ({ ok: true }) },
      route: '/account',
    });
    const form = screen.getByRole('form', { name: 'Konto wirklich löschen?' });
    const submit = within(form).getByRole('button', { name: 'Mein Konto endgültig löschen' });
    await waitFor(() => expect(submit).toHaveProperty('disabled', false));
    expect(within(form).getByText('Das lässt sich nicht rückgängig machen')).toBeTruthy();
    expect(within(form).getByRole('radio', { name: /Behalten, als „Anonym“ angezeigt/ })).toBeTruthy();
    await view.user.click(submit);
    expect(within(form).getByText('Bitte wähle, ob deine Rezensionen bleiben sollen')).toBeTruthy();
    expect(within(form).getByText('Bitte gib dein Passwort ein')).toBeTruthy();
    expect(view.callsTo('account.deleteAccount')).toHaveLength(0);
  });

  it('the account page: title, cards and the verified badge in German', async () => {
    renderWithProviders(<AccountPage />, {
      handlers: {
        'auth.me': () => SIGNED_IN,
        'account.emailStatus': () => ({ email: SIGNED_IN.email, verified: true, pendingEmail: null }),
      },
      route: '/account',
    });
    expect(await screen.findByRole('heading', { name: 'Konto', level: 1 })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'E-Mail-Adresse' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Meine Daten herunterladen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Mein Konto löschen …' })).toBeTruthy();
    expect((await screen.findByTestId('email-verified-badge')).textContent).toBe('Bestätigt');
    expect(screen.getByRole('link', { name: 'Kontosicherheit' })).toBeTruthy();
    expect(document.title).toBe('Konto | TonieShelf');
  });
});
