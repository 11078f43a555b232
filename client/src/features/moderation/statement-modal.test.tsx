import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import { aDecision } from '../../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { StatementModal } from './statement-modal';
import type { StatementRequest } from './statement-modal';
import { en } from '../../test-utils/messages';

const OWNER_ID = '6f1c2a7e-0000-4000-8000-00000000000b';
const STATEMENT = 'The file is a full commercial audiobook uploaded without the publisher’s permission.';

function renderModal(request: StatementRequest, handlers: TrpcHandlers = {}) {
  const onClose = vi.fn();
  const onDone = vi.fn();
  const view = renderWithProviders(<StatementModal request={request} onClose={onClose} onDone={onDone} />, {
    handlers: {
      'moderation.act': () => aDecision({ id: 31, canContest: false }),
      'moderation.suspend': () => aDecision({ id: 31, canContest: false, action: 'suspend' }),
      ...handlers,
    },
    route: '/moderation',
  });
  const form = screen.getByRole('form', { name: 'Statement of reasons' });
  return { ...view, form, onClose, onDone };
}

async function choose(view: ReturnType<typeof renderModal>, field: string, option: string) {
  await view.user.click(within(view.form).getByRole('combobox', { name: new RegExp(`^${field.replace(/[()]/g, '\\$&')}`) }));
  await view.user.click(await screen.findByRole('option', { name: option, hidden: true }));
}

describe('StatementModal', () => {
  it('refuses a statement shorter than 20 characters, sends nothing and focuses the statement', async () => {
    const view = renderModal({ action: 'hide', targetType: 'audio', targetId: '12', label: 'Moon Song', reason: 'copyright' });
    await view.user.type(within(view.form).getByRole('textbox', { name: /^Statement/ }), 'Too short.');
    await view.user.click(within(view.form).getByRole('button', { name: 'Hide' }));

    expect(await within(view.form).findByText(en(MODERATION_MESSAGES.statementRequired))).toBeTruthy();
    expect(view.callsTo('moderation.act')).toHaveLength(0);
    expect(view.onClose).not.toHaveBeenCalled();
    // Focus is on the statement to fix, not left on the button.
    expect(document.activeElement).toBe(within(view.form).getByRole('textbox', { name: /^Statement/ }));
  });

  it('preselects the rule of the reported reason, sends the rule chosen instead, and closes once taken', async () => {
    const view = renderModal({ action: 'hide', targetType: 'audio', targetId: '12', label: 'Moon Song', reason: 'copyright' });
    expect(within(view.form).getByRole('combobox', { name: /^Reason/ })).toHaveProperty('value', 'Copyright infringement');
    expect(within(view.form).getByRole('combobox', { name: /^Rule/ })).toHaveProperty('value', '§2 Copyright and licences');

    await choose(view, 'Rule (section of the terms)', '§6 Personal data of others');
    await view.user.type(within(view.form).getByRole('textbox', { name: /^Statement/ }), STATEMENT);
    await view.user.click(within(view.form).getByRole('button', { name: 'Hide' }));

    await waitFor(() => expect(view.callsTo('moderation.act')).toHaveLength(1));
    expect(view.callsTo('moderation.act')[0]!.input).toEqual({
      action: 'hide',
      targetType: 'audio',
      targetId: '12',
      reason: 'copyright',
      rule: 'privacy',
      statement: STATEMENT,
    });
    await waitFor(() => expect(view.onClose).toHaveBeenCalledTimes(1));
    expect(view.onDone).toHaveBeenCalledWith(expect.objectContaining({ id: 31 }));
    expect(await screen.findByText('Hidden')).toBeTruthy();
  });

  it('a new reason moves the rule along until the moderator picks one', async () => {
    const view = renderModal({ action: 'dismiss', targetType: 'review', targetId: '40', label: 'A review', reason: null });
    expect(within(view.form).getByRole('combobox', { name: /^Rule/ })).toHaveProperty('value', '§8 Reports and moderation');
    await choose(view, 'Reason', 'Spam');
    expect(within(view.form).getByRole('combobox', { name: /^Rule/ })).toHaveProperty('value', '§5 Spam and misuse');
  });

  it('a suspension sends the duration (7 days, or null for good) with the user', async () => {
    const view = renderModal({ action: 'suspend', userId: OWNER_ID, label: 'robin', reason: 'spam' });
    expect(within(view.form).getByRole('combobox', { name: /^Duration/ })).toHaveProperty('value', '7 days');
    await choose(view, 'Duration', 'For good');
    await view.user.type(within(view.form).getByRole('textbox', { name: /^Statement/ }), 'Posted the same advert under forty files in one day.');
    await view.user.click(within(view.form).getByRole('button', { name: 'Suspend owner' }));

    await waitFor(() => expect(view.callsTo('moderation.suspend')).toHaveLength(1));
    expect(view.callsTo('moderation.suspend')[0]!.input).toEqual({
      userId: OWNER_ID,
      days: null,
      reason: 'spam',
      rule: 'spam',
      statement: 'Posted the same advert under forty files in one day.',
    });
  });

  it("deleting asks once more; the server's refusal shows in the modal, which stays open", async () => {
    const view = renderModal(
      { action: 'delete', targetType: 'audio', targetId: '12', label: 'Moon Song', reason: 'illegal' },
      { 'moderation.act': () => Promise.reject(trpcError('NOT_FOUND', 404, MODERATION_MESSAGES.itemNotFound)) },
    );
    await view.user.type(within(view.form).getByRole('textbox', { name: /^Statement/ }), STATEMENT);
    await view.user.click(within(view.form).getByRole('button', { name: 'Delete' }));

    const confirm = await screen.findByRole('dialog', { name: 'Delete for good?' });
    expect(view.callsTo('moderation.act')).toHaveLength(0);
    await view.user.click(within(confirm).getByRole('button', { name: 'Delete for good' }));

    await waitFor(() => expect(view.callsTo('moderation.act')).toHaveLength(1));
    expect(view.callsTo('moderation.act')[0]!.input).toMatchObject({ action: 'delete', rule: 'illegal' });
    expect(await within(view.form).findByText(en(MODERATION_MESSAGES.itemNotFound))).toBeTruthy();
    expect(view.onClose).not.toHaveBeenCalled();
  });

  it("a bug report is 'marked as handled': reason Other and the moderation rule preselected, the report's id sent as targetType 'report'", async () => {
    const view = renderModal({
      action: 'dismiss',
      targetType: 'report',
      targetId: '77',
      label: 'Bug report TS-BUGS-0001',
      messageKind: 'bug',
      reason: 'other',
      rule: 'moderation',
    });
    expect(within(view.form).getByText('Mark the message as handled')).toBeTruthy();
    expect(within(view.form).getByText('About: Bug report TS-BUGS-0001')).toBeTruthy();
    expect(within(view.form).getByRole('combobox', { name: /^Reason/ })).toHaveProperty('value', 'Other');
    expect(within(view.form).getByRole('combobox', { name: /^Rule/ })).toHaveProperty('value', '§8 Reports and moderation');
    expect(within(view.form).queryByRole('button', { name: 'Dismiss' })).toBeNull();
    await view.user.type(within(view.form).getByRole('textbox', { name: /^Statement/ }), 'Fixed: the player now starts on phones too.');
    await view.user.click(within(view.form).getByRole('button', { name: 'Mark as handled' }));

    await waitFor(() => expect(view.callsTo('moderation.act')).toHaveLength(1));
    expect(view.callsTo('moderation.act')[0]!.input).toEqual({
      action: 'dismiss',
      targetType: 'report',
      targetId: '77',
      reason: 'other',
      rule: 'moderation',
      statement: 'Fixed: the player now starts on phones too.',
    });
    expect(await screen.findByText('Marked as handled')).toBeTruthy();
    await waitFor(() => expect(view.onClose).toHaveBeenCalledTimes(1));
  });

  it('a notice without an item is dismissed with its reason and rule, under the usual words', async () => {
    const view = renderModal({
      action: 'dismiss',
      targetType: 'report',
      targetId: '78',
      label: 'Report TS-NOTE-0001 (https://elsewhere.example/x)',
      messageKind: 'report',
      reason: 'copyright',
      rule: null,
    });
    expect(within(view.form).getByText('Dismiss the reports')).toBeTruthy();
    expect(within(view.form).getByRole('combobox', { name: /^Rule/ })).toHaveProperty('value', '§2 Copyright and licences');
    expect(within(view.form).getByRole('button', { name: 'Dismiss' })).toBeTruthy();
    expect(within(view.form).queryByRole('button', { name: 'Mark as handled' })).toBeNull();
  });
});
