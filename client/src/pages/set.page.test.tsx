// The set page (/sets/{id}): chapters in order with durations, loudness and hints, the one player
// (play, next chapter, waveform seek bar), like (shown at once, taken back on an error), the ZIP
// link, the feed address, the owner's notices and marks, and the server's 404.
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import type { SetDetail } from '@tonieshelf/shared/schemas/set';
import { SET_MESSAGES } from '@tonieshelf/shared/values/set';
import { i18n } from '../i18n/i18n';
import { SetPage } from './set.page';
import { aSetDetail, SIGNED_IN } from '../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../test-utils/render';
import type { TrpcHandlers } from '../test-utils/render';
import { en } from '../test-utils/messages';

// The machine is shared: a first render may take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

const OTHER = { id: '6f1c2a7e-0000-4000-8000-000000000002', firstName: 'Sam', lastName: 'Singer', username: 'sam' };

/** A set of someone else (Sam) whose middle chapter is much quieter than the rest. */
function othersSet(overrides: Partial<SetDetail> = {}): SetDetail {
  const base = aSetDetail({ userId: OTHER.id, userProfile: { firstName: OTHER.firstName, lastName: OTHER.lastName, username: OTHER.username } });
  const [first, second] = base.chapters;
  return {
    ...base,
    chapterCount: 3,
    totalDuration: 3723,
    chapters: [
      { ...first!, title: 'The Moon', duration: 120 },
      { ...second!, title: 'The Stars', duration: 3600, loudnessLufs: -27.4, peakDbfs: -9.5, loudnessHint: 'quieter' },
      { ...first!, audioFileId: 13, position: 3, title: 'The Sun', duration: 3, fileUrl: '/files/u/13.mp3', analysis: 'failed', loudnessLufs: null, peakDbfs: null },
    ],
    ...overrides,
  };
}

/** The signed-in owner's set whose second chapter moderators hid (decision 41): counted apart. */
function withHiddenChapter(): SetDetail {
  const [first, second] = aSetDetail().chapters;
  return aSetDetail({
    chapterCount: 1,
    totalDuration: 120,
    hiddenChapterCount: 1,
    chapters: [first!, { ...second!, available: false, fileUrl: null, hiddenByModerators: true, decisionId: 41 }],
  });
}

function renderSet(handlers: TrpcHandlers, id = 3) {
  return renderWithProviders(
    <Routes>
      <Route path="/sets/:id" element={<SetPage />} />
    </Routes>,
    { handlers, route: `/sets/${id}` },
  );
}

const PEAKS = Array.from({ length: 400 }, (_, i) => i % 256);

let play: ReturnType<typeof vi.spyOn>;
let pause: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  // jsdom has no media playback: play and pause fire the events a browser fires.
  play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: false });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: true });
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  play.mockRestore();
  pause.mockRestore();
});

describe('set page', () => {
  it('shows the chapters in order with clock durations, loudness and the quieter hint, the budget and the licences', async () => {
    const view = renderSet({ 'auth.me': () => null, 'set.byId': () => othersSet() });
    expect((await screen.findByTestId('set-title')).textContent).toBe('Bedtime Stories');
    expect(screen.getByTestId('set-owner').textContent).toContain('by Sam Singer');
    const rows = screen.getAllByTestId('set-chapter');
    expect(rows.map((r) => within(r).getByTestId('chapter-title').textContent)).toEqual(['The Moon', 'The Stars', 'The Sun']);
    expect(rows.map((r) => within(r).getByTestId('chapter-position').textContent)).toEqual(['1', '2', '3']);
    expect(rows.map((r) => within(r).getByTestId('chapter-duration').textContent)).toEqual(['2:00', '60:00', '0:03']);
    expect(within(rows[0]!).getByTestId('chapter-loudness').textContent).toBe('Loudness: -16.0 LUFS · peak -1.0 dBFS');
    expect(within(rows[0]!).queryByTestId('chapter-loudness-hint')).toBeNull();
    expect(within(rows[1]!).getByTestId('chapter-loudness-hint').textContent).toBe('Much quieter than the rest of the set');
    expect(within(rows[2]!).getByTestId('chapter-loudness').textContent).toBe('Loudness: Not measured');
    expect(screen.getByTestId('set-budget-chapters').textContent).toBe('3 of 99 chapters');
    expect(screen.getByTestId('set-budget-time').textContent).toBe('62:03 of 90:00');
    expect(screen.getByTestId('set-budget').textContent).toContain('27:57 left');
    expect(within(screen.getByTestId('set-licences')).getByTestId('detail-licence').textContent).toContain('CC BY 4.0');
    // Not the owner: no status, no Edit, a report link; no notices.
    expect(screen.queryByTestId('set-status')).toBeNull();
    expect(screen.queryByTestId('set-edit')).toBeNull();
    // The report button opens the report dialog for this set.
    await view.user.click(screen.getByTestId('set-report'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Report this set');
  });

  it('signed out: no play buttons, a log-in hint that comes back here, and the download asks to sign in', async () => {
    renderSet({ 'auth.me': () => null, 'set.byId': () => othersSet({ chapters: othersSet().chapters.map((c) => ({ ...c, fileUrl: null })) }) });
    await screen.findByTestId('set-page');
    expect(screen.queryByRole('button', { name: /^Play / })).toBeNull();
    const hint = screen.getByTestId('set-login-to-play');
    expect(hint.textContent).toContain('Please log in to play the chapters');
    expect(within(hint).getByRole('link', { name: 'Go to Login' }).getAttribute('href')).toBe('/auth?next=%2Fsets%2F3');
    expect(screen.queryByTestId('set-download')).toBeNull();
    expect(screen.getByTestId('set-download-login').getAttribute('href')).toBe('/auth?next=%2Fsets%2F3');
  });

  it('signed in: Play plays the chapter, its waveform seeks the player, the next chapter follows when one ends', async () => {
    const view = renderSet({ 'auth.me': () => SIGNED_IN, 'set.byId': () => othersSet(), 'audio.waveform': () => ({ analysis: 'ready', peaks: PEAKS }) });
    const audio = (await screen.findByTestId('set-audio')) as HTMLAudioElement;
    expect(screen.getByTestId('set-player').hidden).toBe(true);
    await view.user.click(await screen.findByRole('button', { name: 'Play The Moon' }));
    expect(play).toHaveBeenCalledTimes(1);
    expect(new URL(audio.src).pathname).toBe('/files/u/11.mp3');
    expect(screen.getByTestId('set-player').hidden).toBe(false);
    expect(screen.getByTestId('set-now-playing').textContent).toBe('Now playing: The Moon');
    expect(audio.getAttribute('aria-label')).toBe('Now playing: The Moon');
    expect(screen.getByRole('button', { name: 'Pause The Moon' }).getAttribute('aria-pressed')).toBe('true');
    // The waveform of the playing chapter (fetched for it) is the seek bar.
    const bar = await screen.findByRole('slider', { name: 'Waveform of The Moon: choose where to play' });
    expect(view.callsTo('audio.waveform').map((c) => c.input)).toEqual([{ id: 11 }]);
    expect(bar.querySelectorAll('rect')).toHaveLength(400);
    bar.focus();
    await view.user.keyboard('{End}');
    expect(audio.currentTime).toBe(120);
    expect(bar.getAttribute('aria-valuenow')).toBe('120');
    await view.user.keyboard('{Home}');
    expect(audio.currentTime).toBe(0);
    // The player's time moves the waveform's position.
    audio.currentTime = 30;
    fireEvent.timeUpdate(audio);
    expect(bar.getAttribute('aria-valuetext')).toBe('0:30 of 2:00');
    // Pause, then the chapter ends: the next one plays.
    await view.user.click(screen.getByRole('button', { name: 'Pause The Moon' }));
    expect(pause).toHaveBeenCalledTimes(1);
    act(() => {
      audio.dispatchEvent(new Event('ended'));
    });
    expect(new URL(audio.src).pathname).toBe('/files/u/12.mp3');
    expect(play).toHaveBeenCalledTimes(2);
    expect(screen.getByTestId('set-now-playing').textContent).toBe('Now playing: The Stars');
    await waitFor(() => expect(view.callsTo('audio.waveform').map((c) => c.input)).toEqual([{ id: 11 }, { id: 12 }]));
  });

  it('a chapter the server could not decode says it has no waveform', async () => {
    const view = renderSet({ 'auth.me': () => SIGNED_IN, 'set.byId': () => othersSet(), 'audio.waveform': () => ({ analysis: 'failed', peaks: [] }) });
    await view.user.click(await screen.findByRole('button', { name: 'Play The Sun' }));
    expect((await screen.findByTestId('waveform-missing')).textContent).toBe('No waveform: the server could not decode this file.');
    expect(screen.queryByRole('slider')).toBeNull();
  });

  it('Like shows the new state at once and keeps the server answer; an error takes it back', async () => {
    let answer: (value: { liked: boolean }) => void = () => undefined;
    let fail = false;
    const view = renderSet({
      'auth.me': () => SIGNED_IN,
      'set.byId': () => othersSet({ likeCount: 4, hasLiked: false }),
      'set.toggleLike': () => (fail ? Promise.reject(trpcError('INTERNAL_SERVER_ERROR', 500, 'boom')) : new Promise<{ liked: boolean }>((resolve) => (answer = resolve))),
    });
    await screen.findByRole('button', { name: 'Play The Moon' }); // signed in
    const button = screen.getByTestId('set-like');
    expect(button.textContent).toBe('Like · 4');
    await view.user.click(button);
    // Before the server has answered.
    expect(screen.getByTestId('set-like').textContent).toBe('Liked · 5');
    expect(screen.getByTestId('set-like').getAttribute('aria-pressed')).toBe('true');
    expect(view.callsTo('set.toggleLike').map((c) => c.input)).toEqual([{ id: 3 }]);
    act(() => answer({ liked: true }));
    expect(await screen.findByText('Set liked')).toBeTruthy();
    expect(screen.getByTestId('set-like').textContent).toBe('Liked · 5');
    fail = true;
    await view.user.click(screen.getByTestId('set-like'));
    expect(await screen.findByText('The like could not be saved. Please try again.')).toBeTruthy();
    expect(screen.getByTestId('set-like').textContent).toBe('Liked · 5');
  });

  it('signed out, Like asks to log in and sends nothing', async () => {
    const view = renderSet({ 'auth.me': () => null, 'set.byId': () => othersSet() });
    await view.user.click(await screen.findByTestId('set-like'));
    expect(await screen.findByText(en(SET_MESSAGES.loginToLike))).toBeTruthy();
    expect(view.callsTo('set.toggleLike')).toEqual([]);
  });

  it('downloads through a plain link and shows the feed as a full address with what it leaves out', async () => {
    renderSet({ 'auth.me': () => SIGNED_IN, 'set.byId': () => othersSet({ chaptersNotInFeed: 2 }) });
    const download = await screen.findByTestId('set-download');
    expect(download.getAttribute('href')).toBe('/api/sets/3/download');
    expect(download.hasAttribute('download')).toBe(true);
    const feed = screen.getByTestId('set-feed');
    expect((within(feed).getByRole('textbox', { name: 'Feed address' }) as HTMLInputElement).value).toBe(`${window.location.origin}/feeds/sets/3.rss`);
    expect(within(feed).getByText(/tonie-podcast-sync/)).toBeTruthy();
    expect(within(feed).getByRole('button', { name: 'Copy the feed address' })).toBeTruthy();
    expect(within(feed).getByTestId('set-not-in-feed').textContent).toBe('2 chapters are not in the feed: their licences do not allow sharing them further.');
  });

  it('the owner sees the status, Edit, unavailable chapters marked and the notices, which Dismiss clears', async () => {
    const own = aSetDetail({
      status: 'draft',
      feedUrl: null,
      chapters: [aSetDetail().chapters[0]!, { ...aSetDetail().chapters[1]!, available: false, fileUrl: null }],
      notices: [{ id: 9, audioTitle: 'Old Lullaby', createdAt: '2026-11-02T10:00:00.000Z' }],
    });
    const view = renderSet({
      'auth.me': () => SIGNED_IN,
      'set.byId': () => own,
      'set.dismissNotices': () => ({ ...own, notices: [] }),
    });
    expect((await screen.findByTestId('set-status')).textContent).toBe('Draft');
    expect(screen.getByTestId('set-edit').getAttribute('href')).toBe('/sets/3/edit');
    expect(screen.queryByTestId('set-report')).toBeNull();
    const rows = screen.getAllByTestId('set-chapter');
    expect(within(rows[0]!).queryByTestId('chapter-unavailable')).toBeNull();
    expect(within(rows[1]!).getByTestId('chapter-unavailable').textContent).toBe('Unavailable');
    expect(within(rows[1]!).getByRole('button', { name: 'Play The Stars' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('set-feed').textContent).toContain('The podcast feed is there once the set is published.');
    const notices = screen.getByTestId('set-notices');
    expect(notices.textContent).toContain('"Old Lullaby" was removed from this set on 11/2/2026: its audio file was deleted.');
    await view.user.click(within(notices).getByRole('button', { name: 'Dismiss' }));
    expect(view.callsTo('set.dismissNotices').map((c) => c.input)).toEqual([{ id: 3 }]);
    await waitFor(() => expect(screen.queryByTestId('set-notices')).toBeNull());
  });

  it('the owner of a hidden set is told so, with the decision that hid it', async () => {
    renderSet({ 'auth.me': () => SIGNED_IN, 'set.byId': () => aSetDetail({ hiddenByModerators: true, decisionId: 7, feedUrl: null }) });
    const hidden = await screen.findByTestId('set-hidden');
    expect(await within(hidden).findByText('Only you and the moderators see this set.')).toBeTruthy();
    expect(within(hidden).getByTestId('hidden-why').getAttribute('href')).toBe('/decisions/7');
  });

  it("the owner sees a chapter moderators hid marked, with 'Why?' to the decision; the totals leave it out and say so", async () => {
    renderSet({ 'auth.me': () => SIGNED_IN, 'set.byId': () => withHiddenChapter() });
    const rows = await screen.findAllByTestId('set-chapter');
    expect(within(rows[0]!).queryByTestId('hidden-by-moderators')).toBeNull();
    const marked = within(rows[1]!).getByTestId('hidden-by-moderators');
    expect(marked.textContent).toContain('Hidden by moderators');
    expect(within(marked).getByTestId('hidden-why').getAttribute('href')).toBe('/decisions/41');
    expect(within(rows[1]!).queryByTestId('chapter-unavailable')).toBeNull();
    expect(rows[1]!.textContent).toContain('moderators hid its audio, so it is not counted');
    expect(screen.getByTestId('set-chapter-totals').textContent).toBe('1 chapter · 2:00 · 1 hidden by moderators');
    expect(screen.getByTestId('set-budget-chapters').textContent).toBe('1 of 99 chapters');
  });

  it('a missing set shows the server message', async () => {
    renderSet({ 'auth.me': () => null, 'set.byId': () => Promise.reject(trpcError('NOT_FOUND', 404, SET_MESSAGES.notFound)) }, 404);
    const missing = await screen.findByTestId('set-not-found');
    expect(missing.textContent).toContain('Set not found');
    expect(missing.textContent).toContain(en(SET_MESSAGES.notFound));
    expect(screen.getByRole('link', { name: 'All sets' }).getAttribute('href')).toBe('/sets');
  });
});

describe('set page in German', () => {
  beforeEach(async () => {
    await act(() => i18n.changeLanguage('de'));
  });
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
  });

  it("marks the owner's hidden chapter with the app's German wording and counts it apart", async () => {
    renderSet({ 'auth.me': () => SIGNED_IN, 'set.byId': () => withHiddenChapter() });
    const rows = await screen.findAllByTestId('set-chapter');
    expect(within(rows[1]!).getByTestId('hidden-by-moderators').textContent).toContain('Von der Moderation ausgeblendet');
    expect(screen.getByTestId('set-chapter-totals').textContent).toBe('1 Kapitel · 2:00 · 1 von der Moderation ausgeblendet');
  });

  it('speaks German: Playlist, chapters, loudness in German numbers, the budget and the feed', async () => {
    renderSet({ 'auth.me': () => SIGNED_IN, 'set.byId': () => othersSet({ chaptersNotInFeed: 1 }) });
    expect((await screen.findByTestId('set-badge')).textContent).toBe('Playlist');
    expect(screen.getByTestId('set-owner').textContent).toContain('von Sam Singer');
    expect(screen.getByTestId('set-budget-chapters').textContent).toBe('3 von 99 Kapiteln');
    const rows = screen.getAllByTestId('set-chapter');
    expect(within(rows[0]!).getByTestId('chapter-loudness').textContent).toBe('Lautheit: -16,0 LUFS · Spitze -1,0 dBFS');
    expect(within(rows[1]!).getByTestId('chapter-loudness-hint').textContent).toBe('Viel leiser als der Rest der Playlist');
    expect(await screen.findByRole('button', { name: 'The Moon abspielen' })).toBeTruthy();
    expect(screen.getByTestId('set-download').textContent).toBe('ZIP herunterladen');
    expect(screen.getByTestId('set-not-in-feed').textContent).toBe('1 Kapitel fehlt im Feed: Seine Lizenz erlaubt keine Weitergabe.');
  });
});
