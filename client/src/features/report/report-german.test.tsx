// Reporting in German: the dialog's form (labels, reasons, its own refusals), and the receipt.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test-utils/render';
import { ReportForm } from './report-form';
import { audioTarget, reviewTarget } from './report-target';

const RECEIPT = { reference: 'TS-7KQ2-M9XD', createdAt: '2026-11-02T10:00:00.000Z' };

beforeEach(async () => {
  await act(() => i18n.changeLanguage('de'));
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('reporting in German', () => {
  it('the contact form: kinds, fields and the missing address refused in German', async () => {
    const view = renderWithProviders(<ReportForm chooseKind />, { handlers: { 'auth.me': () => null, 'report.create': () => RECEIPT }, route: '/report' });
    const form = screen.getByRole('form', { name: 'Inhalt melden oder Kontakt aufnehmen' });
    expect(within(form).getByText('Worum geht es?')).toBeTruthy();
    expect(within(form).getByText('Fehler melden')).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: /^Adresse des Inhalts/ })).toBeTruthy();
    expect(within(form).getByRole('textbox', { name: /^Dein Name/ })).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: /in gutem Glauben/ })).toBeTruthy();
    await view.user.click(within(form).getByRole('button', { name: 'Meldung senden' }));
    expect(within(form).getByText('Bitte gib die Adresse des Inhalts an, den du meldest')).toBeTruthy();
    expect(view.callsTo('report.create')).toHaveLength(0);

    await view.user.click(within(form).getByRole('combobox', { name: /^Grund/ }));
    expect(await screen.findByRole('option', { name: 'Schädlich für Kinder' })).toBeTruthy();
  });

  it('a sent report shows its receipt with the reference in German', async () => {
    const view = renderWithProviders(<ReportForm target={audioTarget({ id: 12, title: 'Mondlied' })} />, {
      handlers: { 'auth.me': () => null, 'report.create': () => RECEIPT },
      route: '/audio/discover',
    });
    const form = screen.getByRole('form', { name: 'Diese Audiodatei melden' });
    expect(within(form).getByText('Du meldest')).toBeTruthy();
    await view.user.click(within(form).getByRole('combobox', { name: /^Grund/ }));
    await view.user.click(await screen.findByRole('option', { name: 'Urheberrechtsverletzung' }));
    await view.user.type(within(form).getByRole('textbox', { name: /Was stimmt damit nicht/ }), 'Das ist mein Lied, ohne meine Erlaubnis geteilt.');
    await view.user.type(within(form).getByRole('textbox', { name: /^Dein Name/ }), 'Sam');
    await view.user.type(within(form).getByRole('textbox', { name: /^Deine E-Mail-Adresse/ }), 'sam@example.com');
    await view.user.click(within(form).getByRole('checkbox', { name: /in gutem Glauben/ }));
    await view.user.click(within(form).getByRole('button', { name: 'Meldung senden' }));
    const receipt = await screen.findByTestId('report-receipt');
    expect(within(receipt).getByText('Meldung eingegangen')).toBeTruthy();
    expect(receipt.textContent).toContain('Wir haben dir außerdem eine Bestätigung an sam@example.com geschickt.');
    expect(receipt.textContent).toContain('Vorgangsnummer: TS-7KQ2-M9XD');
    expect(view.callsTo('report.create')[0]!.input).toMatchObject({ kind: 'report', reason: 'copyright', targetId: '12' });
  });

  it("a review's label names its author in the interface language", () => {
    expect(reviewTarget({ id: 5, tonieId: 7 }, 'robin').label).toBe('Rezension von robin');
  });
});
