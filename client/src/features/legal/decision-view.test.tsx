import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import { aDecision } from '../../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../../test-utils/render';
import { DecisionView } from './decision-view';
import { en } from '../../test-utils/messages';

describe('DecisionView', () => {
  it('shows the statement of reasons with the rule linked to the terms', () => {
    renderWithProviders(<DecisionView decision={aDecision()} />);
    expect(screen.getByTestId('decision-summary').textContent).toBe('Hid the audio file “Moon Song”');
    expect(screen.getByTestId('decision-reason').textContent).toBe('Copyright infringement');
    const rule = within(screen.getByTestId('decision-rule')).getByRole('link');
    expect(rule.textContent).toBe('2. Copyright and licences');
    expect(rule.getAttribute('href')).toBe('/terms#copyright');
    expect(screen.getByTestId('decision-statement').textContent).toContain('commercial audiobook');
  });

  it('contest: too short is refused (focus on the explanation); sent with the decision and the explanation, it says the contest was received', async () => {
    const contested = aDecision({ canContest: false, contest: { explanation: 'I recorded this reading myself.', status: 'open', createdAt: '2026-11-03T10:00:00.000Z' } });
    const view = renderWithProviders(<DecisionView decision={aDecision()} />, { handlers: { 'moderation.contest': () => contested } });
    const form = screen.getByRole('form', { name: 'Contest this decision' });
    await view.user.type(within(form).getByRole('textbox', { name: /Why is the decision wrong/ }), 'Wrong');
    await view.user.click(within(form).getByRole('button', { name: 'Contest this decision' }));
    expect(within(form).getByText(en(MODERATION_MESSAGES.contestTooShort))).toBeTruthy();
    expect(view.callsTo('moderation.contest')).toHaveLength(0);
    // Focus is on the explanation to fix, not left on the button.
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: /Why is the decision wrong/ }));

    await view.user.type(within(form).getByRole('textbox', { name: /Why is the decision wrong/ }), ': I recorded this reading myself.');
    await view.user.click(within(form).getByRole('button', { name: 'Contest this decision' }));
    await waitFor(() => expect(view.callsTo('moderation.contest')).toHaveLength(1));
    expect(view.callsTo('moderation.contest')[0]!.input).toEqual({ decisionId: 7, explanation: 'Wrong: I recorded this reading myself.' });
    expect(await screen.findByText(en(MODERATION_MESSAGES.contestReceived))).toBeTruthy();
  });

  it('already contested (409): says so', async () => {
    const view = renderWithProviders(<DecisionView decision={aDecision()} />, {
      handlers: { 'moderation.contest': () => Promise.reject(trpcError('CONFLICT', 409, MODERATION_MESSAGES.alreadyContested)), 'moderation.decision': () => aDecision() },
    });
    const form = screen.getByRole('form', { name: 'Contest this decision' });
    await view.user.type(within(form).getByRole('textbox', { name: /Why is the decision wrong/ }), 'It is my own recording.');
    await view.user.click(within(form).getByRole('button', { name: 'Contest this decision' }));
    expect((await within(form).findByTestId('contest-error')).textContent).toBe(en(MODERATION_MESSAGES.alreadyContested));
  });

  it('a contest already sent shows its state and no form', () => {
    renderWithProviders(<DecisionView decision={aDecision({ canContest: false, contest: { explanation: 'Mine.', status: 'reversed', createdAt: '2026-11-03T10:00:00.000Z' } })} />);
    expect(screen.queryByRole('form', { name: 'Contest this decision' })).toBeNull();
    expect(screen.getByTestId('contest-state').getAttribute('data-status')).toBe('reversed');
    expect(screen.getByText('A moderator looked at it again and reversed the decision.')).toBeTruthy();
  });
});
