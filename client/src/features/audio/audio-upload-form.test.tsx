import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MB } from '@tonieshelf/shared/values/common';
import { anAudioFile } from '../../test-utils/fixtures';
import { renderWithProviders } from '../../test-utils/render';
import type { TrpcHandlers } from '../../test-utils/render';
import { UploadError, uploadAudio } from '../../lib/upload-file';
import type { UploadedFile } from '../../lib/upload-file';
import { AudioUploadForm } from './audio-upload-form';

// The bytes go out with XMLHttpRequest; here the transport is replaced and driven by each test.
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

function handlers(overrides: TrpcHandlers = {}): TrpcHandlers {
  return { 'tag.audioTags': () => ({ tags: ['bedtime'] }), 'audio.create': () => anAudioFile(), ...overrides };
}

function renderForm(overrides: TrpcHandlers = {}) {
  const view = renderWithProviders(<AudioUploadForm editing={null} onDone={vi.fn()} />, { handlers: handlers(overrides), route: '/audio/upload' });
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

describe('AudioUploadForm', () => {
  beforeEach(() => {
    vi.mocked(uploadAudio).mockReset();
  });

  it('asks for a title, a file, a licence and the rights tick before sending anything', async () => {
    const view = renderForm();
    await view.user.click(within(view.form).getByRole('button', { name: 'Upload Audio' }));
    // (Sent at once: the shared rules, loaded after the form, check it when they have come.)
    expect(await within(view.form).findByText('Title must be at least 3 characters')).toBeTruthy();
    expect(within(view.form).getByTestId('audio-file-error').textContent).toBe('Please select an audio file to upload');
    expect(within(view.form).getByText('Please choose a licence')).toBeTruthy();
    expect(within(view.form).getByText('Please confirm that you made this or have the right to share it')).toBeTruthy();
    // 'What do these mean?' explains the licences in the terms (a new tab keeps the form).
    const help = within(view.form).getByRole('link', { name: 'What do these mean?' });
    expect(help.getAttribute('href')).toBe('/terms#copyright');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(uploadAudio).not.toHaveBeenCalled();
    expect(view.callsTo('audio.create')).toHaveLength(0);
  });

  it('refuses a file that is not MP3 or WAV with the spec text', async () => {
    const view = renderForm();
    await view.user.upload(view.audioInput, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Invalid file type')).toBeTruthy();
    expect(within(view.form).getByTestId('audio-file-error').textContent).toBe('Please upload MP3 or WAV audio files only');
    expect(within(view.form).queryByTestId('chosen-audio')).toBeNull();
  });

  it('refuses an audio file over 50 MB before sending it', async () => {
    const view = renderForm();
    const big = wav('long.wav', 1);
    Object.defineProperty(big, 'size', { value: 50 * MB + 1 });
    await view.user.upload(view.audioInput, big);
    expect((await within(view.form).findByTestId('audio-file-error')).textContent).toBe('The file is too large: audio files can be at most 50 MB.');
    expect(within(view.form).queryByTestId('chosen-audio')).toBeNull();
  });

  it('uploads with a progress bar of the bytes sent, then creates the record with the fields', async () => {
    let finish: (file: UploadedFile) => void = () => undefined;
    vi.mocked(uploadAudio).mockImplementation((_file, _variant, options) => {
      options?.onProgress?.({ loaded: 1000, total: 2100 });
      return new Promise((resolve) => {
        finish = resolve;
      });
    });
    const view = renderForm();

    await view.user.type(within(view.form).getByRole('textbox', { name: 'Title' }), '  Moon Song ');
    await view.user.type(within(view.form).getByRole('textbox', { name: 'Description' }), 'For bedtime');
    const tags = within(view.form).getByRole('combobox', { name: 'Tags' });
    await view.user.type(tags, 'bedtime{Enter}');
    await view.user.type(tags, 'BEDTIME{Enter}');
    await view.user.type(tags, 'moon{Enter}');
    await view.user.click(within(view.form).getByText('Published'));
    await view.user.upload(view.audioInput, wav());
    expect((await within(view.form).findByTestId('chosen-audio')).textContent).toBe('lullaby.wav');
    // Without the licence and the tick: refused, and focus on the licence to choose.
    await view.user.click(within(view.form).getByRole('button', { name: 'Upload Audio' }));
    expect(document.activeElement).toBe(within(view.form).getByRole('combobox', { name: /^Licence/ }));
    expect(vi.mocked(uploadAudio)).not.toHaveBeenCalled();
    await licenceAndRights(view, 'CC BY-SA 4.0');
    await view.user.click(within(view.form).getByRole('button', { name: 'Upload Audio' }));

    const progress = await within(view.form).findByTestId('upload-progress');
    expect(progress.textContent).toContain('(50%)');
    expect(vi.mocked(uploadAudio).mock.calls[0]![1]).toBe('upload');
    expect(view.callsTo('audio.create')).toHaveLength(0);

    finish(UPLOADED);
    await waitFor(() => expect(view.callsTo('audio.create')).toHaveLength(1));
    expect(view.callsTo('audio.create')[0]!.input).toEqual({
      title: 'Moon Song',
      description: 'For bedtime',
      scriptText: null,
      tags: ['bedtime', 'moon'],
      status: 'published',
      filePath: UPLOADED.filePath,
      licence: 'cc-by-sa-4.0',
      rightsConfirmed: true,
    });
    expect(await screen.findByText('Audio file uploaded successfully')).toBeTruthy();
    // A new, empty form.
    await waitFor(() => expect(within(view.form).getByRole('textbox', { name: 'Title' })).toHaveProperty('value', ''));
    expect(within(view.form).queryByTestId('upload-progress')).toBeNull();
  });

  it("shows the server's refusal of the bytes and creates nothing", async () => {
    vi.mocked(uploadAudio).mockRejectedValue(new UploadError('This file is not MP3 or WAV audio.', 415));
    const view = renderForm();
    await view.user.type(within(view.form).getByRole('textbox', { name: 'Title' }), 'Fake');
    await view.user.upload(view.audioInput, wav('fake.mp3'));
    await within(view.form).findByTestId('chosen-audio');
    await licenceAndRights(view);
    await view.user.click(within(view.form).getByRole('button', { name: 'Upload Audio' }));

    expect((await within(view.form).findByTestId('upload-error')).textContent).toContain('This file is not MP3 or WAV audio.');
    expect(view.callsTo('audio.create')).toHaveLength(0);
  });

  it('8 tags at most: then Add Tag is disabled and the limit is said', async () => {
    const view = renderForm();
    const tags = within(view.form).getByRole('combobox', { name: 'Tags' });
    for (let i = 1; i <= 8; i++) await view.user.type(tags, `tag${i}{Enter}`);
    expect(within(view.form).getByText('Maximum 8 tags allowed')).toBeTruthy();
    expect(tags.getAttribute('placeholder')).toBe('Max tags (8) reached');
    expect(within(view.form).getByRole('button', { name: 'Add Tag' })).toHaveProperty('disabled', true);
    expect(within(view.form).getByTestId('selected-tags').textContent).toContain('tag8');
  });
});

describe('AudioUploadForm editing', () => {
  it("starts from the file's licence and can change it", async () => {
    const file = anAudioFile({ licence: 'cc0-1.0', rightsConfirmed: true, status: 'published' });
    const view = renderWithProviders(<AudioUploadForm editing={file} onDone={vi.fn()} />, {
      handlers: handlers({ 'audio.update': () => file }),
      route: '/audio/upload',
    });
    const form = screen.getByRole('form', { name: 'Edit Audio' });
    const licence = within(form).getByRole('combobox', { name: /^Licence/ });
    expect((licence as HTMLInputElement).value).toBe('CC0 1.0');
    expect(within(form).getByRole('checkbox', { name: /I made this/ })).toHaveProperty('checked', true);
    await view.user.click(licence);
    await view.user.click(await screen.findByRole('option', { name: 'All rights reserved — personal use only' }));
    await view.user.click(within(form).getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(view.callsTo('audio.update')).toHaveLength(1));
    expect((view.callsTo('audio.update')[0]!.input as Record<string, unknown>).licence).toBe('all-rights-reserved');
  });
});
