import { screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import { SIGNED_IN } from '../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../test-utils/render';
import { ReportForm } from '../features/report/report-form';
import { ReportPage } from './report.page';
import { audioTarget, setTarget } from '../features/report/report-target';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { en } from '../test-utils/messages';

const RECEIPT = { reference: 'TS-7KQ2-M9XD', createdAt: '2026-11-02T10:00:00.000Z' };

async function signedInKnown(view: ReturnType<typeof renderWithProviders>) {
  await waitFor(() => expect(view.callsTo('auth.me').length > 0 && view.queryClient.isFetching() === 0).toBe(true));
}

async function chooseReason(view: ReturnType<typeof renderWithProviders>, form: HTMLElement, label: string) {
  await view.user.click(within(form).getByRole('combobox', { name: /^Reason/ }));
  await view.user.click(await screen.findByRole('option', { name: label }));
}

describe('ReportForm', () => {
  it('signed out: reason, explanation, name, email and the good-faith statement are required; then the reference shows', async () => {
    const view = renderWithProviders(<ReportForm target={audioTarget({ id: 12, title: 'Moon Song' })} />, {
      handlers: { 'auth.me': () => null, 'report.create': () => RECEIPT },
      route: '/audio/discover',
    });
    await signedInKnown(view);
    const form = screen.getByRole('form', { name: 'Report this audio file' });
    expect(within(form).getByTestId('report-target').textContent).toContain('Moon Song');
    const url = within(form).getByRole('textbox', { name: /Address of the content/ });
    expect(url).toHaveProperty('readOnly', true);
    expect((url as HTMLInputElement).value).toBe(`${window.location.origin}/audio/discover?audio=12`);

    await view.user.click(within(form).getByRole('button', { name: 'Send report' }));
    // (Sent at once: the shared rules, loaded after the form, check it when they have come.)
    expect(await within(form).findByText(en(MODERATION_MESSAGES.reasonRequired))).toBeTruthy();
    expect(within(form).getByText(en(MODERATION_MESSAGES.explanationRequired))).toBeTruthy();
    expect(within(form).getByText(en(MODERATION_MESSAGES.nameRequired))).toBeTruthy();
    expect(within(form).getByText(en(MODERATION_MESSAGES.emailRequired))).toBeTruthy();
    expect(within(form).getByText(en(MODERATION_MESSAGES.goodFaithRequired))).toBeTruthy();
    expect(view.callsTo('report.create')).toHaveLength(0);
    // Focus is on the first field to fix, not left on the button.
    expect(document.activeElement).toBe(within(form).getByRole('combobox', { name: /Reason/ }));

    await chooseReason(view, form, 'Copyright infringement');
    await view.user.type(within(form).getByRole('textbox', { name: /What is wrong with it/ }), 'This is my song, recorded in 2019, shared without my permission.');
    await view.user.type(within(form).getByRole('textbox', { name: /Your name/ }), 'Sam Singer');
    await view.user.type(within(form).getByRole('textbox', { name: /Your email/ }), 'sam@example.com');
    await view.user.click(within(form).getByRole('button', { name: 'Send report' }));
    // Still refused: the statement is not ticked (and has the focus).
    expect(within(form).getByText(en(MODERATION_MESSAGES.goodFaithRequired))).toBeTruthy();
    expect(view.callsTo('report.create')).toHaveLength(0);
    expect(document.activeElement).toBe(within(form).getByRole('checkbox', { name: /in good faith/ }));

    await view.user.click(within(form).getByRole('checkbox', { name: /in good faith/ }));
    await view.user.click(within(form).getByRole('button', { name: 'Send report' }));
    const receipt = await screen.findByTestId('report-receipt');
    expect(within(receipt).getByTestId('report-received').textContent).toBe('Thank you. We received your report. Your reference number is TS-7KQ2-M9XD.');
    // The receipt takes the form's place and its focus: the reference is read first.
    await waitFor(() => expect(document.activeElement).toBe(receipt));
    expect(receipt.textContent).toContain('We also emailed you a confirmation to sam@example.com.');
    expect(view.callsTo('report.create')[0]!.input).toEqual({
      kind: 'report',
      reason: 'copyright',
      targetType: 'audio',
      targetId: '12',
      contentUrl: '/audio/discover?audio=12',
      explanation: 'This is my song, recorded in 2019, shared without my permission.',
      name: 'Sam Singer',
      email: 'sam@example.com',
      goodFaith: true,
    });
  });

  it('signed in: no name or email asked; an item already reported says so', async () => {
    const view = renderWithProviders(<ReportForm target={audioTarget({ id: 12, title: 'Moon Song' })} />, {
      handlers: { 'auth.me': () => SIGNED_IN, 'report.create': () => Promise.reject(trpcError('CONFLICT', 409, MODERATION_MESSAGES.duplicateReport)) },
    });
    await signedInKnown(view);
    const form = screen.getByRole('form', { name: 'Report this audio file' });
    expect(within(form).queryByRole('textbox', { name: /Your name/ })).toBeNull();
    expect(within(form).getByTestId('report-signed-in').textContent).toContain('robin@example.com');
    await chooseReason(view, form, 'Spam');
    await view.user.type(within(form).getByRole('textbox', { name: /What is wrong with it/ }), 'The same advert in every file.');
    await view.user.click(within(form).getByRole('checkbox', { name: /in good faith/ }));
    await view.user.click(within(form).getByRole('button', { name: 'Send report' }));
    expect((await within(form).findByTestId('report-error')).textContent).toBe(en(MODERATION_MESSAGES.duplicateReport));
    const input = view.callsTo('report.create')[0]!.input as Record<string, unknown>;
    expect(input.name).toBeNull();
    expect(input.email).toBeNull();
    expect(screen.queryByTestId('report-receipt')).toBeNull();
  });

  it("a set: /report?type=set&id=3 reports set #3 with its address /sets/3; the Report button's target names the set by its title", async () => {
    const view = renderWithProviders(<ReportPage />, { handlers: { 'auth.me': () => SIGNED_IN, 'report.create': () => RECEIPT }, route: '/report?type=set&id=3' });
    await signedInKnown(view);
    const form = screen.getByRole('form', { name: 'Report this set' });
    expect(within(form).getByTestId('report-target').textContent).toContain('Set #3');
    expect((within(form).getByRole('textbox', { name: /Address of the content/ }) as HTMLInputElement).value).toBe(`${window.location.origin}/sets/3`);
    await chooseReason(view, form, 'Copyright infringement');
    await view.user.type(within(form).getByRole('textbox', { name: /What is wrong with it/ }), 'Every chapter of this playlist is a commercial audio play.');
    await view.user.click(within(form).getByRole('checkbox', { name: /in good faith/ }));
    await view.user.click(within(form).getByRole('button', { name: 'Send report' }));
    await screen.findByTestId('report-receipt');
    expect(view.callsTo('report.create')[0]!.input).toMatchObject({ kind: 'report', reason: 'copyright', targetType: 'set', targetId: '3', contentUrl: '/sets/3' });
    expect(setTarget({ id: 3, title: 'Campfire songs' })).toEqual({ type: 'set', id: '3', label: 'Campfire songs', url: '/sets/3' });
  });

  it('too many reports: the server’s message with its wait; field errors of the server show under their fields', async () => {
    const throttled = TRPCClientError.from({
      error: {
        message: en(message(MODERATION_MESSAGES.tooManyReports, { seconds: 1800 })),
        code: -32029,
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, retryAfter: 1800, messageCode: MODERATION_MESSAGES.tooManyReports },
      },
    });
    const invalid = TRPCClientError.from({
      error: { message: 'Invalid input', code: -32600, data: { code: 'BAD_REQUEST', httpStatus: 400, fieldErrors: { email: ['Please enter a valid email address'] } } },
    });
    let answer: unknown = invalid;
    const view = renderWithProviders(<ReportForm chooseKind initialKind="bug" />, {
      handlers: { 'auth.me': () => null, 'report.create': () => Promise.reject(answer) },
    });
    await signedInKnown(view);
    const form = screen.getByRole('form', { name: 'Report content or contact us' });
    // A bug report: no reason, no statement.
    expect(within(form).queryByRole('combobox', { name: /^Reason/ })).toBeNull();
    expect(within(form).queryByRole('checkbox', { name: /in good faith/ })).toBeNull();
    await view.user.type(within(form).getByRole('textbox', { name: /What happened/ }), 'The Like button does nothing on my phone.');
    await view.user.type(within(form).getByRole('textbox', { name: /Your name/ }), 'Sam');
    await view.user.type(within(form).getByRole('textbox', { name: /Your email/ }), 'sam@example.com');
    await view.user.click(within(form).getByRole('button', { name: 'Send bug report' }));
    expect(await within(form).findByText('Please enter a valid email address')).toBeTruthy();
    expect((view.callsTo('report.create')[0]!.input as Record<string, unknown>).kind).toBe('bug');

    answer = throttled;
    await view.user.click(within(form).getByRole('button', { name: 'Send bug report' }));
    expect((await within(form).findByTestId('report-error')).textContent).toBe('Too many reports were sent from here. Please try again in 30 minutes.');
  });
});
