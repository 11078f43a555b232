import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { QueueEntry as QueueEntryData, Report } from '@tonieshelf/shared/schemas/moderation';
import { renderWithProviders } from '../../test-utils/render';
import { QueueEntry } from './queue-entry';

const OWNER_ID = '6f1c2a7e-0000-4000-8000-00000000000b';

function aReport(overrides: Partial<Report> = {}): Report {
  return {
    id: 1,
    reference: 'TS-7KQ2-M9XD',
    kind: 'report',
    reason: 'copyright',
    contentUrl: '/audio/discover?audio=12',
    explanation: 'This is the whole audiobook of my publishing house.',
    reporterName: 'Petra Publisher',
    reporterEmail: 'petra@publisher.example',
    signedIn: false,
    status: 'open',
    createdAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

function anEntry(overrides: Partial<QueueEntryData> = {}): QueueEntryData {
  return {
    key: 'audio:12',
    item: {
      targetType: 'audio',
      targetId: '12',
      exists: true,
      label: 'Moon Song',
      excerpt: 'A gentle song for bedtime.',
      url: '/audio/discover?audio=12',
      fileUrl: '/files/u/moon.wav',
      owner: { id: OWNER_ID, username: 'robin', suspendedUntil: null },
      hidden: false,
    },
    reportCount: 3,
    reasons: ['spam', 'copyright'],
    reports: [
      aReport(),
      aReport({ id: 2, reference: 'TS-AAAA-BBBB', reporterName: 'sam', reporterEmail: null, signedIn: true, explanation: 'Copied from a CD.' }),
      aReport({ id: 3, reference: 'TS-CCCC-DDDD', reason: 'spam', reporterName: null, reporterEmail: 'x@example.com', explanation: 'Advert in the description.' }),
    ],
    latestAt: '2026-11-02T09:00:00.000Z',
    ...overrides,
  };
}

function renderEntry(entry: QueueEntryData) {
  const onAction = vi.fn();
  const view = renderWithProviders(<QueueEntry entry={entry} onAction={onAction} />, { route: '/moderation' });
  const card = screen.getByRole('article', { name: entry.item?.label ?? entry.key });
  return { ...view, card, onAction };
}

describe('QueueEntry', () => {
  it('shows the item (label linking to it, owner, excerpt, a player), how many reports and why, and each report', () => {
    const { card } = renderEntry(anEntry());
    expect(
      within(card)
        .getByRole('link', { name: /Moon Song/ })
        .getAttribute('href'),
    ).toBe('/audio/discover?audio=12');
    expect(within(card).getByText('robin')).toBeTruthy();
    expect(within(card).getByTestId('item-excerpt').textContent).toBe('A gentle song for bedtime.');
    expect(card.querySelector('audio[controls]')?.getAttribute('src')).toBe('/files/u/moon.wav');
    expect(within(card).getByTestId('report-count').textContent).toBe('3 reports');
    const reasons = within(within(card).getByTestId('queue-reasons'));
    expect(reasons.getByText('Copyright infringement')).toBeTruthy();
    expect(reasons.getByText('Spam')).toBeTruthy();

    const reports = within(card).getAllByTestId('queue-report');
    expect(reports).toHaveLength(3);
    expect(within(reports[0]!).getByTestId('report-reference').textContent).toBe('TS-7KQ2-M9XD');
    expect(within(reports[0]!).getByText('This is the whole audiobook of my publishing house.')).toBeTruthy();
    expect(within(reports[0]!).getByText(/Petra Publisher <petra@publisher\.example>/)).toBeTruthy();
    expect(within(reports[1]!).getByText(/sam \(signed in\)/)).toBeTruthy();
    expect(within(reports[2]!).getByText(/No name given <x@example\.com>/)).toBeTruthy();
    expect(within(card).queryByTestId('hidden-badge')).toBeNull();
    expect(within(card).queryByTestId('deleted-badge')).toBeNull();
  });

  it('offers Dismiss, Hide, Delete and Suspend for a visible file, with the most reported reason preselected', async () => {
    const view = renderEntry(anEntry());
    const actions = within(within(view.card).getByTestId('queue-actions'));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Dismiss', 'Hide', 'Delete', 'Suspend owner']);

    await view.user.click(actions.getByRole('button', { name: 'Hide' }));
    expect(view.onAction).toHaveBeenLastCalledWith({ action: 'hide', targetType: 'audio', targetId: '12', label: 'Moon Song', reason: 'copyright' });
    await view.user.click(actions.getByRole('button', { name: 'Suspend owner' }));
    expect(view.onAction).toHaveBeenLastCalledWith({ action: 'suspend', userId: OWNER_ID, label: 'robin', reason: 'copyright' });
  });

  it("a hidden item says so and offers Restore instead of Hide; a suspended owner's suspension can be lifted", async () => {
    const entry = anEntry();
    const view = renderEntry({
      ...entry,
      item: { ...entry.item!, hidden: true, owner: { id: OWNER_ID, username: 'robin', suspendedUntil: '9999-12-31T00:00:00.000Z' } },
      reports: entry.reports.map((r) => ({ ...r, status: 'actioned' as const })),
    });
    expect(within(view.card).getByTestId('hidden-badge').textContent).toBe('Hidden');
    expect(within(view.card).getByTestId('suspended-badge').textContent).toBe('Suspended for good');
    const actions = within(within(view.card).getByTestId('queue-actions'));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Restore', 'Delete', 'Lift suspension']);
    await view.user.click(actions.getByRole('button', { name: 'Restore' }));
    expect(view.onAction).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'restore', targetId: '12' }));
  });

  it("a deleted item is marked 'Deleted', has no link or player, and can no longer be hidden or deleted", () => {
    const entry = anEntry();
    const { card } = renderEntry({ ...entry, item: { ...entry.item!, exists: false, fileUrl: null, excerpt: null } });
    expect(within(card).getByTestId('deleted-badge').textContent).toBe('Deleted');
    expect(within(card).queryByRole('link')).toBeNull();
    expect(card.querySelector('audio')).toBeNull();
    const names = within(within(card).getByTestId('queue-actions'))
      .getAllByRole('button')
      .map((b) => b.textContent);
    expect(names).toEqual(['Dismiss', 'Suspend owner']);
  });

  it("a reported set: 'Set', its title linking to /sets/{id}, no player; Dismiss, Hide, Delete act on the set (Restore once hidden)", async () => {
    const set = {
      targetType: 'set' as const,
      targetId: '7',
      exists: true,
      label: 'Campfire songs',
      excerpt: '12 chapters. Songs for the evening by the fire',
      url: '/sets/7',
      fileUrl: null,
      owner: { id: OWNER_ID, username: 'robin', suspendedUntil: null },
      hidden: false,
    };
    const view = renderEntry(anEntry({ key: 'set:7', item: set, reportCount: 1, reasons: ['copyright'], reports: [aReport({ contentUrl: '/sets/7' })] }));
    const preview = within(within(view.card).getByTestId('item-preview'));
    expect(preview.getByText('Set')).toBeTruthy();
    expect(preview.getByRole('link', { name: /Campfire songs/ }).getAttribute('href')).toBe('/sets/7');
    expect(preview.getByTestId('item-excerpt').textContent).toBe('12 chapters. Songs for the evening by the fire');
    expect(view.card.querySelector('audio')).toBeNull();
    const actions = within(within(view.card).getByTestId('queue-actions'));
    expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Dismiss', 'Hide', 'Delete', 'Suspend owner']);
    await view.user.click(actions.getByRole('button', { name: 'Hide' }));
    expect(view.onAction).toHaveBeenLastCalledWith({ action: 'hide', targetType: 'set', targetId: '7', label: 'Campfire songs', reason: 'copyright' });
    await view.user.click(actions.getByRole('button', { name: 'Delete' }));
    expect(view.onAction).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'delete', targetType: 'set', targetId: '7' }));
    view.unmount();

    const hidden = renderEntry(anEntry({ key: 'set:7', item: { ...set, hidden: true }, reports: [aReport({ status: 'actioned' })] }));
    const hiddenActions = within(within(hidden.card).getByTestId('queue-actions'));
    expect(hiddenActions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Restore', 'Delete', 'Suspend owner']);
    await hidden.user.click(hiddenActions.getByRole('button', { name: 'Restore' }));
    expect(hidden.onAction).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'restore', targetType: 'set', targetId: '7' }));
  });

  describe('a report or message without an item', () => {
    function renderMessage(report: Report) {
      const onAction = vi.fn();
      const entry: QueueEntryData = {
        key: `report:${report.id}`,
        item: null,
        reportCount: 1,
        reasons: report.reason ? [report.reason] : [],
        reports: [report],
        latestAt: report.createdAt,
      };
      const view = renderWithProviders(<QueueEntry entry={entry} onAction={onAction} />, { route: '/moderation' });
      const card = screen.getByRole('article', { name: report.reference });
      return { ...view, card, onAction };
    }

    it.each([
      ['bug', 'Report a bug'],
      ['feedback', 'Share feedback'],
    ] as const)("a %s message offers only 'Mark as handled', with reason Other and the moderation rule", async (kind, heading) => {
      const view = renderMessage(aReport({ id: 41, kind, reason: null, contentUrl: null, reference: 'TS-BUGS-0001', explanation: 'The player stops after a minute.' }));
      expect(within(view.card).getByRole('heading', { level: 3 }).textContent).toBe(heading);
      const actions = within(within(view.card).getByTestId('queue-actions'));
      expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark as handled']);
      await view.user.click(actions.getByRole('button', { name: 'Mark as handled' }));
      expect(view.onAction).toHaveBeenLastCalledWith({
        action: 'dismiss',
        targetType: 'report',
        targetId: '41',
        label: `${kind === 'bug' ? 'Bug report' : 'Feedback'} TS-BUGS-0001`,
        messageKind: kind,
        reason: 'other',
        rule: 'moderation',
      });
    });

    it("a notice naming only an address offers 'Dismiss' with its reason", async () => {
      const view = renderMessage(aReport({ id: 42, contentUrl: 'https://elsewhere.example/copied.mp3' }));
      const actions = within(within(view.card).getByTestId('queue-actions'));
      expect(actions.getAllByRole('button').map((b) => b.textContent)).toEqual(['Dismiss']);
      await view.user.click(actions.getByRole('button', { name: 'Dismiss' }));
      expect(view.onAction).toHaveBeenLastCalledWith({
        action: 'dismiss',
        targetType: 'report',
        targetId: '42',
        label: 'Report TS-7KQ2-M9XD (https://elsewhere.example/copied.mp3)',
        messageKind: 'report',
        reason: 'copyright',
        rule: null,
      });
    });

    it('a closed message offers nothing more', () => {
      const view = renderMessage(aReport({ id: 43, kind: 'bug', reason: null, contentUrl: null, status: 'dismissed' }));
      expect(within(view.card).queryByTestId('queue-actions')).toBeNull();
      expect(within(view.card).queryByRole('button')).toBeNull();
    });
  });
});
