// The account's notes on the audio pages: publishing refused for an address not verified yet
// says so with 'Send the link again' (the audio's forms and list, with the account's alert).
import { screen, waitFor, within } from '@testing-library/react';
import { TRPCClientError } from '@trpc/client';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES, REFUSAL_REASONS } from '@tonieshelf/shared/values/account';
import { anAudioFile, SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { uploadAudio } from '../../lib/upload-file';
import type { UploadedFile } from '../../lib/upload-file';
import { AudioFilesTable } from '../../features/audio/audio-files-table';
import { AudioUploadForm } from '../../features/audio/audio-upload-form';
import { unverifiedRefusal } from './account-notices';
import { en } from '../../test-utils/messages';

// The bytes go out with XMLHttpRequest; here the transport is replaced.
vi.mock('../../lib/upload-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/upload-file')>()),
  uploadAudio: vi.fn(),
  uploadCover: vi.fn(),
}));

// Mantine's selects come in a chunk of their own (lazily, as in the browser); loaded up front so
// that a slow transform under load does not race the presses on the licence select.
beforeAll(async () => {
  await import('../../components/widgets');
});

const UPLOADED: UploadedFile = { filePath: 'u/123_lullaby.wav', fileName: 'lullaby.wav', fileSize: 2000, duration: 1, mimeType: 'audio/wav' };

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
    <AudioFilesTable
      files={[draft]}
      isLoading={false}
      isError={false}
      onRetry={vi.fn()}
      editingId={null}
      onEdit={vi.fn()}
      onDeleted={vi.fn()}
      unverifiedRefusal={unverifiedRefusal}
    />,
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

function renderForm(overrides: TrpcHandlers = {}) {
  const handlers: TrpcHandlers = { 'tag.audioTags': () => ({ tags: ['bedtime'] }), 'audio.create': () => anAudioFile(), ...overrides };
  const view = renderWithProviders(<AudioUploadForm editing={null} onDone={vi.fn()} unverifiedRefusal={unverifiedRefusal} />, { handlers, route: '/audio/upload' });
  const form = screen.getByRole('form', { name: 'Upload New Audio' });
  const audioInput = screen.getByLabelText('Audio file', { selector: 'input' });
  return { ...view, form, audioInput };
}

/** Chooses a licence and ticks 'I made this or have the right to share it'. */
async function licenceAndRights(view: ReturnType<typeof renderForm>, label = 'CC BY 4.0') {
  await view.user.click(within(view.form).getByRole('combobox', { name: /^Licence/ }));
  await view.user.click(await screen.findByRole('option', { name: label }));
  await view.user.click(within(view.form).getByRole('checkbox', { name: /I made this or have the right to share it/ }));
}

function wav(name = 'lullaby.wav', size = 2000): File {
  return new File([new Uint8Array(size)], name, { type: 'audio/wav' });
}

describe('AudioUploadForm: publishing without a verified address', () => {
  it("publishing without a verified address: the refusal with 'Send the link again', the fields kept", async () => {
    vi.mocked(uploadAudio).mockResolvedValue(UPLOADED);
    const refusal = TRPCClientError.from({
      error: { message: en(ACCOUNT_MESSAGES.emailUnverified), code: -32003, data: { code: 'FORBIDDEN', httpStatus: 403, reason: REFUSAL_REASONS.emailUnverified } },
    });
    const view = renderForm({ 'audio.create': () => Promise.reject(refusal), 'account.resendVerification': () => ({ ok: true }) });
    await view.user.type(within(view.form).getByRole('textbox', { name: 'Title' }), 'Moon Song');
    await view.user.click(within(view.form).getByText('Published'));
    await view.user.upload(view.audioInput, wav());
    await within(view.form).findByTestId('chosen-audio');
    await licenceAndRights(view);
    await view.user.click(within(view.form).getByRole('button', { name: 'Upload Audio' }));

    const error = await within(view.form).findByTestId('upload-error');
    expect(within(error).getByText(en(ACCOUNT_MESSAGES.emailUnverified))).toBeTruthy();
    expect(within(view.form).getByRole('textbox', { name: 'Title' })).toHaveProperty('value', 'Moon Song');
    await view.user.click(within(error).getByRole('button', { name: 'Send the link again' }));
    await waitFor(() => expect(view.callsTo('account.resendVerification')).toHaveLength(1));
    expect(await screen.findByText(en(ACCOUNT_MESSAGES.verificationSent))).toBeTruthy();
  });
});
