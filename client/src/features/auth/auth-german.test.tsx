// Sign-in and the account security cards in German: what a parent whose interface is German
// reads (labels, validation messages, device names, dates).
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatShortDate } from '@tonieshelf/shared/format';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { SessionsCard } from './sessions-card';
import { TwoFactorCard } from './two-factor-card';
import { de, en } from '../../test-utils/messages';

const CHROME_LINUX = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/138.0.0.0 Safari/537.36';

describe('in German', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('the login form: German labels, and the validation messages in German', async () => {
    const view = renderWithProviders(<LoginForm />);
    const form = screen.getByRole('form', { name: 'Anmelden' });
    expect(within(form).getByLabelText(/^E-Mail/)).toBeTruthy();
    expect(within(form).getByLabelText(/^Passwort/, { selector: 'input' })).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Passwort vergessen?' })).toBeTruthy();
    await view.user.click(within(form).getByRole('button', { name: 'Anmelden' }));
    const german = de(AUTH_MESSAGES.invalidEmail);
    expect(german).not.toBe(en(AUTH_MESSAGES.invalidEmail));
    expect(await within(form).findByText(german)).toBeTruthy();
    expect(within(form).queryByText(en(AUTH_MESSAGES.invalidEmail))).toBeNull();
    expect(view.callsTo('auth.login')).toHaveLength(0);
  });

  it('the register form: German labels and a German message for passwords that differ', async () => {
    const view = renderWithProviders(<RegisterForm />);
    const form = screen.getByRole('form', { name: 'Registrieren' });
    // Under the button: the terms accepted by registering, and the privacy policy.
    expect(within(form).getByRole('link', { name: 'Nutzungsbedingungen' }).getAttribute('href')).toBe('/terms');
    expect(within(form).getByRole('link', { name: 'Datenschutzerklärung' }).getAttribute('href')).toBe('/privacy');
    await view.user.type(within(form).getByLabelText(/^Vorname/), 'Mia');
    await view.user.type(within(form).getByLabelText(/^Nachname/), 'Muster');
    await view.user.type(within(form).getByLabelText(/^E-Mail/), 'mia@example.com');
    await view.user.type(within(form).getByLabelText(/^Passwort(?! bestätigen)/, { selector: 'input' }), 'secret-123');
    await view.user.type(within(form).getByLabelText(/^Passwort bestätigen/, { selector: 'input' }), 'secret-456');
    await view.user.click(within(form).getByRole('button', { name: 'Konto erstellen' }));
    expect(await within(form).findByText(de(AUTH_MESSAGES.passwordsDontMatch))).toBeTruthy();
    expect(view.callsTo('auth.register')).toHaveLength(0);
  });

  it('the register form: a taken email shows the server’s German under Email, known by its code', async () => {
    const view = renderWithProviders(<RegisterForm />, {
      handlers: { 'auth.register': () => Promise.reject(trpcError('CONFLICT', 409, AUTH_MESSAGES.emailTaken, 'de')) },
    });
    const form = screen.getByRole('form', { name: 'Registrieren' });
    await view.user.type(within(form).getByLabelText(/^Vorname/), 'Mia');
    await view.user.type(within(form).getByLabelText(/^Nachname/), 'Muster');
    await view.user.type(within(form).getByLabelText(/^E-Mail/), 'mia@example.com');
    await view.user.type(within(form).getByLabelText(/^Passwort(?! bestätigen)/, { selector: 'input' }), 'secret-123');
    await view.user.type(within(form).getByLabelText(/^Passwort bestätigen/, { selector: 'input' }), 'secret-123');
    await view.user.click(within(form).getByRole('button', { name: 'Konto erstellen' }));
    expect(await within(form).findByText(de(AUTH_MESSAGES.emailTaken))).toBeTruthy();
    expect(
      within(form)
        .getByLabelText(/^E-Mail/)
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(
      within(form)
        .getByLabelText(/^Vorname/)
        .getAttribute('aria-invalid'),
    ).not.toBe('true');
  });

  it('the sessions card: German headings, device names and dates', async () => {
    renderWithProviders(<SessionsCard />, {
      handlers: {
        'auth.sessions': () => [
          {
            id: 's1',
            createdAt: '2026-03-04T10:00:00.000Z',
            lastSeenAt: new Date().toISOString(),
            expiresAt: '2027-03-04T10:00:00.000Z',
            userAgent: CHROME_LINUX,
            ip: '127.0.0.1',
            current: true,
          },
        ],
      },
    });
    expect(screen.getByRole('heading', { name: 'Aktive Sitzungen' })).toBeTruthy();
    const row = await screen.findByTestId('session-row');
    expect(row.textContent).toContain('Chrome auf Linux');
    expect(row.textContent).toContain('Dieses Gerät');
    expect(row.textContent).toContain('Zuletzt aktiv gerade eben');
    expect(row.textContent).toContain(`Angemeldet am ${formatShortDate('2026-03-04T10:00:00.000Z', undefined, 'de')}`);
  });

  it('the two-factor card: apps without a name read German and numbered; a new app is named at enrolment (default: the next number)', async () => {
    const factor = (id: string, friendly_name: string | null, created_at: string) => ({
      id,
      factor_type: 'totp' as const,
      status: 'verified' as const,
      friendly_name,
      phone: null,
      created_at,
    });
    const view = renderWithProviders(<TwoFactorCard onRecoveryCodes={() => undefined} />, {
      handlers: {
        'auth.factors': () => [factor('f1', null, '2026-03-01T10:00:00.000Z'), factor('f2', null, '2026-03-02T10:00:00.000Z')],
        'auth.enrollFactor': () => ({ id: 'f3', type: 'totp', friendly_name: 'x', totp: { qr_code: 'data:image/svg+xml,', secret: 'ABCD', uri: 'otpauth://totp/x' }, phone: null }),
      },
    });
    const list = await screen.findByRole('list', { name: 'Deine zweiten Faktoren' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((row) => within(row).getByRole('button').getAttribute('aria-label')),
    ).toEqual(['Authenticator-App entfernen', 'Authenticator-App 2 entfernen']);
    const name = screen.getByRole('textbox', { name: 'Name der App' });
    expect(name).toHaveProperty('value', 'Authenticator-App 3');
    await view.user.clear(name);
    await view.user.type(name, 'Tablet');
    await view.user.click(screen.getByRole('button', { name: 'Authenticator-App einrichten' }));
    await waitFor(() => expect(view.callsTo('auth.enrollFactor')).toHaveLength(1));
    expect(view.callsTo('auth.enrollFactor')[0]!.input).toEqual({ factor_type: 'totp', friendly_name: 'Tablet' });
  });
});

describe('in English (unchanged)', () => {
  it('the login form keeps the spec’s words', () => {
    renderWithProviders(<LoginForm />);
    const form = screen.getByRole('form', { name: 'Login' });
    expect(within(form).getByRole('button', { name: 'Sign In' })).toBeTruthy();
    expect(within(form).getByLabelText(/^Email/)).toBeTruthy();
  });
});
