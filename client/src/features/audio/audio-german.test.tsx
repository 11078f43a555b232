// The audio screens in German: the upload form (labels, its own checks, licences, sizes), a card
// and the details dialog (durations, dates, sizes and counts in German formats).
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { MB } from '@tonieshelf/shared/values/common';
import { i18n } from '../../i18n/i18n';
import { anAudioFile, SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders } from '../../test-utils/render';
import { uploadAudio } from '../../lib/upload-file';
import { AudioCard } from './audio-card';
import { AudioDetailsModal } from './audio-details-modal';
import { AudioUploadForm } from './audio-upload-form';

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

beforeEach(async () => {
  await act(() => i18n.changeLanguage('de'));
});

afterEach(async () => {
  await act(() => i18n.changeLanguage('en'));
});

describe('audio upload form in German', () => {
  it('speaks German: labels, its own refusals, the licences and the chosen file size', async () => {
    const view = renderWithProviders(<AudioUploadForm editing={null} onDone={vi.fn()} />, {
      handlers: { 'tag.audioTags': () => ({ tags: [] }), 'audio.create': () => anAudioFile() },
      route: '/audio/upload',
    });
    const form = screen.getByRole('form', { name: 'Neues Audio hochladen' });
    expect(within(form).getByRole('textbox', { name: 'Titel' })).toBeTruthy();
    expect(within(form).getByRole('checkbox', { name: /Ich habe das selbst gemacht oder darf es teilen/ })).toBeTruthy();
    expect(within(form).getByRole('link', { name: 'Was bedeuten die Lizenzen?' })).toBeTruthy();

    // Nothing chosen: the file's refusal is German (the client's own check).
    await view.user.click(within(form).getByRole('button', { name: 'Audio hochladen' }));
    expect(within(form).getByTestId('audio-file-error').textContent).toBe('Bitte wähle eine Audiodatei zum Hochladen aus');
    expect(uploadAudio).not.toHaveBeenCalled();

    // A file of the wrong type.
    const input = screen.getByLabelText('Audiodatei', { selector: 'input' });
    await view.user.upload(input, new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    expect(await screen.findByText('Ungültiger Dateityp')).toBeTruthy();
    expect(within(form).getByTestId('audio-file-error').textContent).toBe('Bitte lade nur MP3- oder WAV-Dateien hoch');

    // A fitting file: its size in German ('2,5 MB').
    const wav = new File([new Uint8Array(8)], 'schlaflied.wav', { type: 'audio/wav' });
    Object.defineProperty(wav, 'size', { value: 2.5 * MB });
    await view.user.upload(input, wav);
    expect((await within(form).findByTestId('chosen-audio')).textContent).toBe('schlaflied.wav');
    expect(within(form).getByText('2,5 MB')).toBeTruthy();

    // The licences: CC names stay, 'All rights reserved' is said in German.
    await view.user.click(within(form).getByRole('combobox', { name: /^Lizenz/ }));
    expect(await screen.findByRole('option', { name: 'CC BY 4.0' })).toBeTruthy();
    expect(await screen.findByRole('option', { name: 'Alle Rechte vorbehalten – nur für den privaten Gebrauch' })).toBeTruthy();
  });
});

describe('audio card and details in German', () => {
  const file = anAudioFile({
    status: 'published',
    duration: 185,
    fileSize: 2.5 * MB,
    createdAt: '2025-03-07T12:00:00.000Z',
    likeCount: 1234,
    downloadCount: 3,
    tags: ['Schlaflied', 'Gute Nacht', 'Tiere', 'Bauernhof'],
    licence: 'all-rights-reserved',
  });

  it('the card: German duration, counts and licence badge, tags counted', () => {
    renderWithProviders(<AudioCard file={file} onOpen={vi.fn()} />);
    const card = screen.getByTestId('audio-card');
    expect(within(card).getByTestId('duration').textContent).toBe('3 Min. 5 Sek.');
    expect(within(card).getByTestId('like-count').textContent).toBe('1.234');
    expect(within(card).getByText('1.234× gemerkt')).toBeTruthy();
    expect(within(card).getByText('1 weitere Tags')).toBeTruthy();
    expect(within(card).getByTestId('licence-badge').textContent).toBe('Alle Rechte vorbehalten');
    expect(within(card).getByRole('button', { name: 'Details: Moon Song' })).toBeTruthy();
  });

  it('the details dialog: German facts, buttons and the sign-in panel', async () => {
    renderWithProviders(<AudioDetailsModal file={file} onClose={vi.fn()} />, { handlers: { 'auth.me': () => null } });
    const details = await screen.findByTestId('audio-details');
    expect(within(details).getByTestId('detail-duration').textContent).toBe('3 Min. 5 Sek.');
    expect(within(details).getByTestId('detail-created').textContent).toBe('7.3.2025');
    expect(within(details).getByTestId('detail-size').textContent).toBe('2,5 MB');
    expect(within(details).getByTestId('detail-like-count').textContent).toBe('1.234× gemerkt');
    expect(within(details).getByTestId('detail-download-count').textContent).toBe('3 Downloads');
    expect(within(details).getByText('Dauer')).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Merken' })).toBeTruthy();
    expect(within(details).getByRole('button', { name: 'Herunterladen' })).toBeTruthy();
    await waitFor(() => expect(within(details).getByTestId('preview-login-required').textContent).toContain('Anmeldung erforderlich'));
    expect(screen.getByRole('button', { name: 'Details schließen' })).toBeTruthy();
  });

  it('signed in, the own file: the player with its German heading', async () => {
    renderWithProviders(<AudioDetailsModal file={file} onClose={vi.fn()} />, { handlers: { 'auth.me': () => SIGNED_IN } });
    const details = await screen.findByTestId('audio-details');
    expect(await within(details).findByText('Reinhören')).toBeTruthy();
    expect(within(details).getByTestId('detail-author').textContent).toBe(`${SIGNED_IN.firstName} ${SIGNED_IN.lastName}`);
  });
});
