// The audio details dialog's waveform: fetched when the dialog opens, the preview's seek bar when
// signed in (a picture otherwise), 'No waveform' for a file the server could not decode, and the
// loudness line.
import { act, configure, fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../i18n/i18n';
import { anAudioFile, SIGNED_IN } from '../../test-utils/fixtures';
import { renderWithProviders } from '../../test-utils/render';
import { AudioDetailsModal } from './audio-details-modal';

// The machine is shared: a first render may take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

const PEAKS = Array.from({ length: 400 }, (_, i) => (i * 7) % 256);
const file = anAudioFile({ id: 21, status: 'published', duration: 90, loudnessLufs: -16.2, peakDbfs: -1 });

describe('audio details: waveform and loudness', () => {
  it("signed in: the waveform is the preview player's seek bar and follows its time", async () => {
    const view = renderWithProviders(<AudioDetailsModal file={file} onClose={vi.fn()} />, {
      handlers: { 'auth.me': () => SIGNED_IN, 'audio.waveform': () => ({ analysis: 'ready', peaks: PEAKS }) },
    });
    const details = await screen.findByTestId('audio-details');
    const player = (await within(details).findByTestId('audio-preview')) as HTMLAudioElement;
    // The player is named by what it plays.
    expect(player.getAttribute('aria-label')).toBe('Preview: Moon Song');
    const bar = await within(details).findByRole('slider', { name: 'Waveform of Moon Song: choose where to play' });
    expect(view.callsTo('audio.waveform').map((c) => c.input)).toEqual([{ id: 21 }]);
    expect(bar.querySelectorAll('rect')).toHaveLength(400);
    // A click at three quarters of the bar moves the player to 67.5 s.
    vi.spyOn(bar, 'getBoundingClientRect').mockReturnValue({ left: 100, width: 400, top: 0, height: 56, right: 500, bottom: 56, x: 100, y: 0, toJSON: () => ({}) });
    fireEvent.click(bar, { clientX: 400 });
    expect(player.currentTime).toBe(67.5);
    expect(bar.getAttribute('aria-valuenow')).toBe('68');
    bar.focus();
    await view.user.keyboard('{ArrowLeft}');
    expect(player.currentTime).toBe(62.5);
    player.currentTime = 10;
    fireEvent.timeUpdate(player);
    expect(bar.getAttribute('aria-valuetext')).toBe('0:10 of 1:30');
    expect(within(details).getByTestId('detail-loudness').textContent).toBe('Loudness: -16.2 LUFS · peak -1.0 dBFS');
  });

  it('signed out: the waveform is only a picture beside the sign-in panel', async () => {
    renderWithProviders(<AudioDetailsModal file={{ ...file, fileUrl: null, filePath: null }} onClose={vi.fn()} />, {
      handlers: { 'auth.me': () => null, 'audio.waveform': () => ({ analysis: 'ready', peaks: PEAKS }) },
    });
    const details = await screen.findByTestId('audio-details');
    expect(await within(details).findByRole('img', { name: 'Moon Song' })).toBeTruthy();
    expect(within(details).queryByRole('slider')).toBeNull();
    expect(within(details).getByTestId('preview-login-required')).toBeTruthy();
  });

  it('a file the server could not decode says there is no waveform', async () => {
    renderWithProviders(<AudioDetailsModal file={{ ...file, analysis: 'failed', loudnessLufs: null, peakDbfs: null }} onClose={vi.fn()} />, {
      handlers: { 'auth.me': () => SIGNED_IN, 'audio.waveform': () => ({ analysis: 'failed', peaks: [] }) },
    });
    const details = await screen.findByTestId('audio-details');
    expect((await within(details).findByTestId('waveform-missing')).textContent).toBe('No waveform: the server could not decode this file.');
    expect(within(details).getByTestId('detail-loudness').textContent).toBe('Loudness: Not measured');
  });

  it('in German: the loudness in German numbers', async () => {
    await act(() => i18n.changeLanguage('de'));
    try {
      renderWithProviders(<AudioDetailsModal file={file} onClose={vi.fn()} />, {
        handlers: { 'auth.me': () => SIGNED_IN, 'audio.waveform': () => ({ analysis: 'ready', peaks: PEAKS }) },
      });
      const details = await screen.findByTestId('audio-details');
      expect(await within(details).findByRole('slider', { name: 'Wellenform von Moon Song: Stelle zum Abspielen wählen' })).toBeTruthy();
      expect(within(details).getByTestId('detail-loudness').textContent).toBe('Lautheit: -16,2 LUFS · Spitze -1,0 dBFS');
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
