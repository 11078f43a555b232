// The footer and the shared pagination in German: what a parent whose interface is German reads.
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Pagination } from '../components/pagination';
import { PasswordField } from '../components/password-field';
import { RemovableTag } from '../components/removable-tags';
import { i18n } from '../i18n/i18n';
import { renderWithProviders } from '../test-utils/render';
import { Footer } from './footer';

describe('in German', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('de');
  });
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('the footer: the fan-made note and its links in German', () => {
    renderWithProviders(<Footer />, { handlers: { 'site.info': () => ({ operator: {}, communityUrl: null }) } });
    const footer = screen.getByRole('contentinfo');
    expect(footer.textContent).toContain('TonieShelf ist ein Gemeinschaftsprojekt von Fans.');
    const nav = within(footer).getByRole('navigation', { name: 'Fußzeile' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Hilfe & FAQ', 'Feedback', 'Inhalt melden', 'Haftungsausschluss', 'Nutzungsbedingungen', 'Impressum', 'Datenschutz']);
    expect(within(nav).getByRole('link', { name: 'Datenschutz' }).getAttribute('href')).toBe('/privacy');
  });

  it('the pagination names its controls in German unless a page gives its own names', () => {
    renderWithProviders(<Pagination page={1} totalPages={3} hrefFor={(p) => `/catalog?page=${p}`} label="Seiten" />);
    const nav = screen.getByRole('navigation', { name: 'Seiten' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((l) => l.getAttribute('aria-label')),
    ).toEqual(['Seite 1', 'Seite 2', 'Seite 3', 'Nächste Seite']);
    expect(within(nav).getByRole('button', { name: 'Vorherige Seite' })).toHaveProperty('disabled', true);
  });

  it("a tag chip's remove button and a password field's show button are named in German", () => {
    renderWithProviders(
      <>
        <RemovableTag tag="Schlaf" onRemove={() => undefined} />
        <PasswordField label="Passwort" />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Tag Schlaf entfernen' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Passwort anzeigen' }).getAttribute('aria-pressed')).toBe('false');
  });
});
