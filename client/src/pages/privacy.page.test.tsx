// /privacy: the operator from the imprint settings, the operator's own lines (PRIVACY_EXTRA), the
// rights of the person with the way to the export and the deletion, in English and German.
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../i18n/i18n';
import { renderWithProviders } from '../test-utils/render';
import { PrivacyPage } from './privacy.page';

const OPERATOR = { name: 'Toni Shelf', address: 'Musterstraße 1\n12345 Musterstadt', email: 'privacy@example.org', phone: null, extra: null };
const site = (privacyExtra: string | null, operator: object = OPERATOR) => ({ 'site.info': () => ({ communityUrl: null, operator, privacyExtra }) });

describe('/privacy', () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('names the operator, the rights (Art. 15-21, 77) and links the export and deletion on the account page', async () => {
    renderWithProviders(<PrivacyPage />, { handlers: site('Hosting: Example Hosting GmbH, Berlin') });
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect((await screen.findByTestId('privacy-operator')).textContent).toBe('Toni Shelf\nMusterstraße 1\n12345 Musterstadt\nprivacy@example.org');
    expect(screen.getByTestId('privacy-extra').textContent).toBe('Hosting: Example Hosting GmbH, Berlin');
    const rights = screen.getByRole('region', { name: '5. Your rights' });
    for (const right of ['Access', 'Rectification', 'Erasure', 'Restriction', 'Portability', 'Objection', 'Complaint']) expect(within(rights).getByText(right)).toBeTruthy();
    expect(within(rights).getByRole('link', { name: 'Download my data' }).getAttribute('href')).toBe('/account');
    expect(within(rights).getByRole('link', { name: 'Delete my account' }).getAttribute('href')).toBe('/account');
    const stored = screen.getByRole('region', { name: '2. What we store, why and for how long' });
    expect(within(stored).getByRole('region', { name: 'Sign-ins and security' }).textContent).toContain('after 90 days at the latest');
  });

  it('in German, without operator details: the contact form instead, and no section for missing additions', async () => {
    await i18n.changeLanguage('de');
    renderWithProviders(<PrivacyPage />, { handlers: site(null, { name: null, address: null, email: null, phone: null, extra: null }) });
    expect(screen.getByRole('heading', { level: 1, name: 'Datenschutzerklärung' })).toBeTruthy();
    const missing = await screen.findByTestId('privacy-operator-missing');
    expect(within(missing).getByRole('link', { name: 'Kontaktformular' }).getAttribute('href')).toBe('/report?kind=feedback');
    expect(screen.queryByRole('heading', { name: /Weitere Angaben der Betreiber/ })).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: '5. Deine Rechte' })).toBeTruthy();
    expect(screen.getByText('Beschwerde')).toBeTruthy();
  });
});
