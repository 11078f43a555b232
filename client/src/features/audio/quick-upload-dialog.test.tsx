import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { anAudioFile, SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders } from '../../test-utils/render';
import { uploadAudio } from '../../lib/upload-file';
import { QuickUploadDialog, useQuickUpload } from './quick-upload-dialog';

vi.mock('../../lib/upload-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../lib/upload-file')>()),
  uploadAudio: vi.fn(),
}));

// Mantine's selects come in a chunk of their own (lazily, as in the browser); loaded up front so
// that a slow transform under load does not race the presses on the licence select.
beforeAll(async () => {
  await import('../../components/widgets');
});

/** The older page's 'Upload Audio' button and its dialog. */
function UploadButton() {
  const quickUpload = useQuickUpload();
  return (
    <>
      <button type="button" onClick={quickUpload.open}>
        Upload Audio
      </button>
      <QuickUploadDialog opened={quickUpload.opened} onClose={quickUpload.close} />
    </>
  );
}

describe('QuickUploadDialog', () => {
  it('uploads the file as a quick upload and creates a draft with the comma-separated tags', async () => {
    vi.mocked(uploadAudio).mockResolvedValue({ filePath: 'u/1_quick.wav', fileName: 'quick.wav', fileSize: 4, duration: 2, mimeType: 'audio/wav' });
    const view = renderWithProviders(<UploadButton />, {
      handlers: { 'auth.me': () => SIGNED_IN, 'audio.create': () => anAudioFile() },
      route: '/audio-sharing',
    });
    // Who is signed in is known before the button is pressed.
    await waitFor(() => expect(view.callsTo('auth.me').length > 0 && view.queryClient.isFetching() === 0).toBe(true));
    await view.user.click(screen.getByRole('button', { name: 'Upload Audio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Upload Audio' });
    expect(within(dialog).getAllByText('MP3, WAV, or M4A (Max 20MB)').length).toBeGreaterThan(0);

    await view.user.type(within(dialog).getByRole('textbox', { name: 'Title' }), 'Quick one');
    const tags = within(dialog).getByRole('combobox', { name: 'Tags' });
    // The whole list at once (as a paste or autofill puts it), then on to the next field.
    await view.user.click(tags);
    fireEvent.change(tags, { target: { value: 'quick, e2e, , Quick' } });
    await view.user.click(within(dialog).getByRole('textbox', { name: 'Script' }));
    await view.user.upload(dialog.querySelector<HTMLInputElement>('input[type=file]')!, new File(['RIFF'], 'quick.wav', { type: 'audio/wav' }));
    // Without a licence and the rights tick nothing is sent.
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload' }));
    expect(within(dialog).getByText('Please choose a licence')).toBeTruthy();
    expect(within(dialog).getByText('Please confirm that you made this or have the right to share it')).toBeTruthy();
    expect(vi.mocked(uploadAudio)).not.toHaveBeenCalled();
    // Focus is on the first field to fix (not left on the button).
    expect(document.activeElement).toBe(within(dialog).getByRole('combobox', { name: /^Licence/ }));
    await view.user.click(within(dialog).getByRole('combobox', { name: /^Licence/ }));
    await view.user.click(await screen.findByRole('option', { name: 'CC0 1.0' }));
    await view.user.click(within(dialog).getByRole('checkbox', { name: /I made this or have the right to share it/ }));
    await view.user.click(within(dialog).getByRole('button', { name: 'Upload' }));

    await waitFor(() => expect(view.callsTo('audio.create')).toHaveLength(1));
    expect(vi.mocked(uploadAudio).mock.calls[0]![1]).toBe('quick');
    expect(view.callsTo('audio.create')[0]!.input).toEqual({
      title: 'Quick one',
      description: null,
      scriptText: null,
      tags: ['quick', 'e2e'],
      filePath: 'u/1_quick.wav',
      licence: 'cc0-1.0',
      rightsConfirmed: true,
    });
    expect(await screen.findByText('Audio file created')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Audio' })).toBeNull());
  });

  it("signed out: a 'Login Required' question whose Log In goes to sign in and back", async () => {
    const view = renderWithProviders(<UploadButton />, { handlers: { 'auth.me': () => null }, route: '/audio-sharing' });
    await view.user.click(await screen.findByRole('button', { name: 'Upload Audio' }));
    const prompt = await screen.findByRole('dialog', { name: 'Login Required' });
    expect(within(prompt).getByText('Please log in to upload audio files.')).toBeTruthy();
    expect(within(prompt).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    await view.user.click(within(prompt).getByRole('button', { name: 'Log In' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/auth'));
    expect(view.location()?.search).toBe(`?next=${encodeURIComponent('/audio-sharing')}`);
  });
});
