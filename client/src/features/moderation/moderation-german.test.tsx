// The moderators' screens in German: a queue entry (kinds, counts, reasons, actions, dates), the
// statement of reasons (German reasons and terms sections), and the formatters.
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QueueEntry as QueueEntryData, Report } from '@tonieshelf/shared/schemas/moderation';
import { i18n } from '../../i18n/i18n';
import { renderWithProviders } from '../../test-utils/render';
import { formatDateTime, ruleLabel, suspensionText } from './moderation-format';
import { QueueEntry } from './queue-entry';
import { StatementModal } from './statement-modal';

const OWNER_ID = '6f1c2a7e-0000-4000-8000-00000000000b';

function aReport(overrides: Partial<Report> = {}): Report {
  return {
    id: 1,
    reference: 'TS-7KQ2-M9XD',
    kind: 'report',
    reason: 'copyright',
    contentUrl: '/audio/discover?audio=12',
    explanation: 'Das ist das ganze Hörbuch unseres Verlags.',
    reporterName: 'Petra',
    reporterEmail: null,
    signedIn: true,
    status: 'open',
    createdAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

const ENTRY: QueueEntryData = {
  key: 'audio:12',
  item: {
    targetType: 'audio',
    targetId: '12',
    exists: true,
    label: 'Mondlied',
    excerpt: null,
    url: '/audio/discover?audio=12',
    fileUrl: null,
    owner: { id: OWNER_ID, username: 'robin', suspendedUntil: null },
    hidden: false,
  },
  reportCount: 2,
  reasons: ['copyright', 'spam'],
  reports: [aReport(), aReport({ id: 2, reference: 'TS-AAAA-BBBB', reason: 'spam', reporterName: null, signedIn: false })],
  latestAt: '2026-11-02T09:00:00.000Z',
};

beforeEach(async () => {
  await act(() => i18n.changeLanguage('de'));
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('moderation in German', () => {
  it('a queue entry: kind, count, reasons, reporters and actions in German', () => {
    renderWithProviders(<QueueEntry entry={ENTRY} onAction={vi.fn()} />, { route: '/moderation' });
    const card = screen.getByRole('article', { name: 'Mondlied' });
    expect(within(card).getByText('Audiodatei')).toBeTruthy();
    expect(within(card).getByTestId('report-count').textContent).toBe('2 Meldungen');
    const reasons = within(within(card).getByTestId('queue-reasons'));
    expect(reasons.getByText('Urheberrechtsverletzung')).toBeTruthy();
    expect(reasons.getByText('Spam')).toBeTruthy();
    const reports = within(card).getAllByTestId('queue-report');
    expect(within(reports[0]!).getByText(/Gemeldet von: Petra \(angemeldet\)/)).toBeTruthy();
    expect(within(reports[1]!).getByText(/Kein Name angegeben/)).toBeTruthy();
    // A German short date with the time: 02.11.26, …
    expect(within(reports[0]!).getByText(/^02\.11\.26, \d{2}:\d{2}$/)).toBeTruthy();
    const actions = within(within(card).getByTestId('queue-actions'));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Abweisen', 'Ausblenden', 'Löschen', 'Nutzer sperren']);
  });

  it('the statement of reasons: German title, reasons and numbered terms sections', async () => {
    const view = renderWithProviders(
      <StatementModal request={{ action: 'hide', targetType: 'audio', targetId: '12', label: 'Mondlied', reason: 'copyright' }} onClose={vi.fn()} />,
      { route: '/moderation' },
    );
    const form = screen.getByRole('form', { name: 'Begründung der Entscheidung' });
    expect(within(form).getByText('Diesen Inhalt ausblenden')).toBeTruthy();
    expect(within(form).getByText('Betrifft: Mondlied')).toBeTruthy();
    expect((within(form).getByRole('combobox', { name: /^Grund/ }) as HTMLInputElement).value).toBe('Urheberrechtsverletzung');
    expect((within(form).getByRole('combobox', { name: /^Regel/ }) as HTMLInputElement).value).toBe('§2 Urheberrecht und Lizenzen');
    await view.user.click(within(form).getByRole('button', { name: 'Ausblenden' }));
    // The empty statement is refused under its field (the shared rule's message) and nothing is sent.
    expect(
      within(form)
        .getByRole('textbox', { name: /^Begründung/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
    expect(view.callsTo('moderation.act')).toHaveLength(0);
  });

  it('formats dates, suspensions and rules in the language asked for', () => {
    expect(formatDateTime('2026-11-08T10:00:00.000Z', 'UTC', 'de')).toBe('08.11.26, 10:00');
    expect(formatDateTime('2026-11-08T10:00:00.000Z', 'UTC', 'en')).toBe('11/8/26, 10:00 AM');
    expect(suspensionText('2026-11-08T10:00:00.000Z', 'UTC', 'de')).toBe('Gesperrt bis 08.11.26, 10:00');
    expect(suspensionText('9999-12-31T00:00:00.000Z', 'UTC', 'de')).toBe('Dauerhaft gesperrt');
    expect(suspensionText('9999-12-31T00:00:00.000Z', 'UTC', 'en')).toBe('Suspended for good');
    expect(ruleLabel('children', 'de')).toBe('§4 Inhalte für Kinder');
    expect(ruleLabel('children', 'en')).toBe('§4 Content for children');
  });
});
