import { screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, REFUSAL_REASONS } from '@tonieshelf/shared/values/account';
import { anAudioFile, SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { AudioFilesTable } from './audio-files-table';
import { en } from '../../test-utils/messages';

/** The server's refusal to publish for an account whose address is not verified. */
function unverified() {
  return TRPCClientError.from({
    error: {
      message: en(ACCOUNT_MESSAGES.emailUnverified),
      code: -32003,
      data: { code: 'FORBIDDEN', httpStatus: 403, reason: REFUSAL_REASONS.emailUnverified },
    },
  });
}

function renderTable(handlers: TrpcHandlers) {
  const draft = anAudioFile({ title: 'Moon Song', status: 'draft' });
  return renderWithProviders(
    <AudioFilesTable files={[draft]} isLoading={false} isError={false} onRetry={vi.fn()} editingId={null} onEdit={vi.fn()} onDeleted={vi.fn()} />,
    { handlers: { 'auth.me': () => ({ ...SIGNED_IN, emailVerified: false }), ...handlers }, route: '/audio/upload' },
  );
}

async function publishMoonSong(view: ReturnType<typeof renderTable>) {
  await view.user.click(screen.getByRole('button', { name: 'Publish Moon Song' }));
  const confirm = await screen.findByRole('dialog', { name: 'Publish audio file?' });
  await view.user.click(within(confirm).getByRole('button', { name: 'Publish' }));
}

describe('AudioFilesTable: publishing without a verified address', () => {
  it("says why with 'Send the link again', which sends a new verification link", async () => {
    const view = renderTable({ 'audio.update': () => Promise.reject(unverified()), 'account.resendVerification': () => ({ ok: true }) });
    await publishMoonSong(view);

    const refusal = await screen.findByTestId('publish-refused');
    expect(within(refusal).getByText(en(ACCOUNT_MESSAGES.emailUnverified))).toBeTruthy();
    expect(view.callsTo('audio.update')[0]!.input).toEqual({ id: 5, status: 'published' });

    await view.user.click(within(refusal).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(view.callsTo('account.resendVerification')).toHaveLength(1));
    expect(await screen.findByText(en(ACCOUNT_MESSAGES.verificationSent))).toBeTruthy();

    await view.user.click(within(refusal).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('publish-refused')).toBeNull());
  });

  it('a throttled resend says how long to wait', async () => {
    const throttled = TRPCClientError.from({
      error: {
        message: 'Too many verification links were requested. Please try again in 5 minutes.',
        code: -32029,
        data: { code: 'TOO_MANY_REQUESTS', httpStatus: 429, retryAfter: 300 },
      },
    });
    const view = renderTable({ 'audio.update': () => Promise.reject(unverified()), 'account.resendVerification': () => Promise.reject(throttled) });
    await publishMoonSong(view);
    const refusal = await screen.findByTestId('publish-refused');
    await view.user.click(within(refusal).getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText('Too many verification links were requested. Please try again in 5 minutes.')).toBeTruthy();
    expect(screen.getByText('Could not send the link')).toBeTruthy();
  });
});
