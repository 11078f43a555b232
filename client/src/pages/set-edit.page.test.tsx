import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddUploadsInput, SetChapter, SetDetail } from '@tonieshelf/shared/schemas/set';
import { Route, Routes } from 'react-router';
import { EditSetPage } from './set-edit.page';
import { aSetDetail, anAudioFile, SIGNED_IN } from '../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../test-utils/render';
import type { TrpcHandlers } from '../test-utils/render';
import { uploadAudio } from '../lib/upload-file';

vi.mock('../lib/upload-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/upload-file')>()),
  uploadAudio: vi.fn(),
}));

afterEach(() => vi.mocked(uploadAudio).mockReset());
// The licence select is a lazy widget: its code is here before a test presses it.
beforeAll(async () => {
  await import('../components/widgets');
});

function chapter(audioFileId: number, title: string, duration: number, extra: Partial<SetChapter> = {}): SetChapter {
  return { ...aSetDetail().chapters[0]!, audioFileId, title, duration, position: 0, ...extra };
}

function withChapters(chapters: SetChapter[], overrides: Partial<SetDetail> = {}): SetDetail {
  const numbered = chapters.map((c, i) => ({ ...c, position: i + 1 }));
  return aSetDetail({ status: 'draft', chapters: numbered, chapterCount: numbered.length, totalDuration: numbered.reduce((s, c) => s + (c.duration ?? 0), 0), ...overrides });
}

const A = chapter(11, 'Alpha', 120);
const B = chapter(12, 'Bravo', 180, { loudnessHint: 'quieter', loudnessLufs: -30 });
const C = chapter(13, 'Charlie', 60, { analysis: 'failed', loudnessLufs: null, peakDbfs: null });

function renderEditor(handlers: TrpcHandlers) {
  return renderWithProviders(
    <Routes>
      <Route path="/sets/:id/edit" element={<EditSetPage />} />
      <Route path="/sets/mine" element={<p>My sets</p>} />
    </Routes>,
    {
      route: '/sets/3/edit',
      handlers: { 'tag.audioTags': () => ({ tags: [] }), 'audio.waveform': () => ({ analysis: 'ready', peaks: Array.from({ length: 400 }, () => 128) }), ...handlers },
    },
  );
}

const titles = () => screen.getAllByTestId('chapter-title').map((t) => t.textContent);

describe('EditSetPage', () => {
  it('shows the budget meter, the chapters with waveform, loudness and hint; Move down reorders at once and sends the whole order', async () => {
    let answer: (value: SetDetail) => void = () => undefined;
    const view = renderEditor({
      'set.byId': () => withChapters([A, B, C]),
      'set.reorder': () => new Promise<SetDetail>((resolve) => (answer = resolve)),
    });
    expect(await screen.findByTestId('budget-chapters')).toHaveProperty('textContent', '3 of 99 chapters');
    expect(screen.getByTestId('budget-minutes').textContent).toBe('6:00 of 90 minutes');
    expect(screen.getByTestId('budget-remaining').textContent).toBe('84:00 left');
    expect(screen.getByTestId('budget-state').textContent).toBe('Fits a Creative Tonie');
    expect(titles()).toEqual(['Alpha', 'Bravo', 'Charlie']);
    // Waveforms fetched per chapter that was measured; the failed one says why.
    await waitFor(() => expect(screen.getAllByTestId('waveform')).toHaveLength(2));
    expect(view.callsTo('audio.waveform').map((c) => c.input)).toEqual([{ id: 11 }, { id: 12 }]);
    expect(screen.getByText('No waveform: the server could not decode this file.')).toBeTruthy();
    expect(screen.getAllByTestId('chapter-loudness')[0]!.textContent).toBe('-16.0 LUFS · peak -1.0 dBFS');
    expect(screen.getByTestId('loudness-hint').textContent).toBe('Much quieter than the rest of the set');

    await view.user.click(screen.getByRole('button', { name: 'Move down: Alpha' }));
    // At once, before the server answers.
    expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']);
    expect(screen.getAllByTestId('chapter-position').map((p) => p.textContent)).toEqual(['1', '2', '3']);
    expect(view.callsTo('set.reorder')[0]!.input).toEqual({ id: 3, audioFileIds: [12, 11, 13] });
    answer(withChapters([B, A, C]));
    await waitFor(() => expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']));
    // The first chapter cannot move up, the last not down.
    expect(screen.getByRole('button', { name: 'Move up: Bravo' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Move down: Charlie' })).toHaveProperty('disabled', true);
  });

  it('two quick moves: the server gets one reorder at a time, the second with the order shown, and the list ends as shown', async () => {
    const answers: Array<(value: SetDetail) => void> = [];
    let running = 0;
    let most = 0;
    const view = renderEditor({
      'set.byId': () => withChapters([A, B, C]),
      'set.reorder': (input) =>
        new Promise<SetDetail>((resolve) => {
          running++;
          most = Math.max(most, running);
          const ids = (input as { audioFileIds: number[] }).audioFileIds;
          const byId = new Map([A, B, C].map((c) => [c.audioFileId, c]));
          answers.push(() => {
            running--;
            resolve(withChapters(ids.map((v) => byId.get(v)!)));
          });
        }),
    });
    await screen.findByTestId('chapter-list');
    await view.user.click(screen.getByRole('button', { name: 'Move down: Alpha' }));
    await view.user.click(screen.getByRole('button', { name: 'Move down: Alpha' }));
    expect(titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    await waitFor(() => expect(view.callsTo('set.reorder')).toHaveLength(1));
    // The second write waits for the first.
    await new Promise((r) => setTimeout(r, 30));
    expect(view.callsTo('set.reorder')).toHaveLength(1);
    expect(view.callsTo('set.reorder')[0]!.input).toEqual({ id: 3, audioFileIds: [12, 11, 13] });
    answers[0]!(withChapters([]));
    await waitFor(() => expect(view.callsTo('set.reorder')).toHaveLength(2));
    // The first answer does not bring back the older order while the second write is on its way.
    expect(titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    expect(view.callsTo('set.reorder')[1]!.input).toEqual({ id: 3, audioFileIds: [12, 13, 11] });
    answers[1]!(withChapters([]));
    await waitFor(() => expect(running).toBe(0));
    expect(most).toBe(1);
    expect(titles()).toEqual(['Bravo', 'Charlie', 'Alpha']);
    expect(screen.getAllByTestId('chapter-position').map((p) => p.textContent)).toEqual(['1', '2', '3']);
  });

  it('Move up / Move down announce the new position politely and keep the focus in the row when the chapter reaches the end', async () => {
    const view = renderEditor({
      'set.byId': () => withChapters([A, B, C]),
      'set.reorder': (input) => {
        const byId = new Map([A, B, C].map((c) => [c.audioFileId, c]));
        return withChapters((input as { audioFileIds: number[] }).audioFileIds.map((v) => byId.get(v)!));
      },
    });
    await screen.findByTestId('chapter-list');
    const live = screen.getByTestId('move-announcement');
    expect(live.getAttribute('aria-live')).toBe('polite');
    // Keyboard: Tab to Bravo's Move down and press Enter.
    screen.getByRole('button', { name: 'Move up: Bravo' }).focus();
    await view.user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Charlie', 'Bravo']));
    expect(live.textContent).toBe('Bravo is now chapter 3.');
    // Bravo is last: its Move down is disabled and the focus went to its Move up.
    expect(screen.getByRole('button', { name: 'Move down: Bravo' })).toHaveProperty('disabled', true);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up: Bravo' })));
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Bravo', 'Charlie']));
    expect(live.textContent).toBe('Bravo is now chapter 2.');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move up: Bravo' }));
    await view.user.keyboard('{Enter}');
    await waitFor(() => expect(titles()).toEqual(['Bravo', 'Alpha', 'Charlie']));
    expect(live.textContent).toBe('Bravo is now chapter 1.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Move down: Bravo' })));
    await waitFor(() => expect(view.callsTo('set.reorder')).toHaveLength(3));
  });

  it("rolls the order back with the server's message when the reorder is refused", async () => {
    renderEditor({
      'set.byId': () => withChapters([A, B]),
      'set.reorder': () => {
        throw trpcError('BAD_REQUEST', 400, 'The new order must list every chapter of the set exactly once.');
      },
    });
    await screen.findByTestId('chapter-list');
    await screen.findAllByTestId('waveform');
    const view = screen.getByRole('button', { name: 'Move up: Bravo' });
    view.click();
    expect((await screen.findByTestId('editor-error')).textContent).toContain('The new order must list every chapter of the set exactly once.');
    expect(titles()).toEqual(['Alpha', 'Bravo']);
  });

  it('removing a chapter updates the totals at once', async () => {
    const view = renderEditor({
      'set.byId': () => withChapters([A, B, C]),
      'set.removeChapter': () => withChapters([A, C]),
    });
    await screen.findByTestId('chapter-list');
    await view.user.click(screen.getByRole('button', { name: 'Remove Bravo from the set' }));
    expect(titles()).toEqual(['Alpha', 'Charlie']);
    expect(screen.getByTestId('budget-minutes').textContent).toBe('3:00 of 90 minutes');
    expect(view.callsTo('set.removeChapter')[0]!.input).toEqual({ id: 3, audioFileId: 12 });
  });

  it('over budget: the meter turns red and Publish is disabled with the reason', async () => {
    renderEditor({ 'set.byId': () => withChapters([A, chapter(14, 'Long one', 5400)], { overBudget: true }) });
    expect(await screen.findByTestId('budget-remaining')).toHaveProperty('textContent', '2:00 too long');
    expect(screen.getByTestId('budget-bar').dataset.color).toBe('red');
    expect(screen.getByTestId('budget-state').textContent).toBe('Too much for a Creative Tonie');
    expect(screen.getByRole('button', { name: 'Publish' })).toHaveProperty('disabled', true);
    expect(screen.getByTestId('publish-blocked').textContent).toBe('A set over 90 minutes or 99 chapters cannot be published.');
  });

  it("publishes, and shows the server's refusal when publishing is refused", async () => {
    let refuse = true;
    const view = renderEditor({
      'set.byId': () => withChapters([A]),
      'set.update': (input) => {
        if (refuse) throw trpcError('FORBIDDEN', 403, 'Please verify your email address before publishing.');
        return withChapters([A], { status: (input as { status: 'published' }).status });
      },
    });
    await view.user.click(await screen.findByRole('button', { name: 'Publish' }));
    expect((await screen.findByTestId('editor-error')).textContent).toContain('Please verify your email address before publishing.');
    refuse = false;
    await view.user.click(screen.getByRole('button', { name: 'Publish' }));
    expect(await screen.findByRole('button', { name: 'Unpublish' })).toBeTruthy();
    expect(view.callsTo('set.update').at(-1)!.input).toEqual({ id: 3, status: 'published' });
    expect(screen.getByTestId('view-set-link').getAttribute('href')).toBe('/sets/3');
  });

  it('shows notices of removed chapters and dismisses them', async () => {
    const view = renderEditor({
      'set.byId': () => withChapters([A], { notices: [{ id: 1, audioTitle: 'Gone Song', createdAt: '2026-11-02T10:00:00.000Z' }] }),
      'set.dismissNotices': () => withChapters([A]),
    });
    const notices = await screen.findByTestId('set-notices');
    expect(notices.textContent).toContain('“Gone Song” was deleted by its owner and left this set.');
    await view.user.click(within(notices).getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(screen.queryByTestId('set-notices')).toBeNull());
    expect(view.callsTo('set.dismissNotices')).toHaveLength(1);
  });

  it("Add chapters: lists own files and others' shareable ones, warns in the server's words before breaking the budget, adds on click", async () => {
    const long = anAudioFile({ id: 21, title: 'Very long', duration: 5300, userId: SIGNED_IN.id });
    const short = anAudioFile({ id: 22, title: 'Short one', duration: 30, userId: SIGNED_IN.id });
    const view = renderEditor({
      'set.byId': () => withChapters([A, B]),
      'audio.mine': () => ({ audioFiles: [long, short, anAudioFile({ id: 11, title: 'Alpha', userId: SIGNED_IN.id })], totalCount: 3 }),
      'audio.list': () => ({
        audioFiles: [
          anAudioFile({ id: 31, title: 'Open song', duration: 20, userId: 'other', licence: 'cc-by-4.0' }),
          anAudioFile({ id: 32, title: 'Closed song', duration: 20, userId: 'other', licence: 'all-rights-reserved' }),
        ],
        totalCount: 2,
      }),
      'set.addChapters': () => withChapters([A, B, chapter(22, 'Short one', 30)]),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Add chapters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add chapters' });
    await within(dialog).findByText('Very long');
    const rows = within(dialog).getAllByTestId('picker-row');
    // 300 s in the set + 5300 s = 93:20.
    expect(within(rows[0]!).getByTestId('picker-refusal').textContent).toBe('This chapter would take the set past 90 minutes (93:20)');
    expect(within(rows[0]!).getByRole('button', { name: 'Add Very long' })).toHaveProperty('disabled', true);
    expect(within(rows[2]!).getByRole('button', { name: 'Already in the set' })).toHaveProperty('disabled', true);
    await view.user.click(within(rows[1]!).getByRole('button', { name: 'Add Short one' }));
    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Bravo', 'Short one']));
    expect(view.callsTo('set.addChapters')[0]!.input).toEqual({ id: 3, audioFileIds: [22] });

    await view.user.click(within(dialog).getByRole('radio', { name: 'Shared by others' }));
    await within(dialog).findByText('Open song');
    expect(within(dialog).queryByText('Closed song')).toBeNull();
  });

  it("Add chapters, shared by others: pages with nothing shareable are skipped until files show; 'Load more' reaches the next pages", async () => {
    const closed = (id: number) => anAudioFile({ id, title: `Closed ${id}`, duration: 20, userId: 'other', licence: 'all-rights-reserved' });
    const open = (id: number) => anAudioFile({ id, title: `Open ${id}`, duration: 20, userId: 'other', licence: 'cc-by-4.0' });
    const pages: Record<number, ReturnType<typeof anAudioFile>[]> = {
      1: Array.from({ length: 50 }, (_, i) => closed(100 + i)),
      2: [...Array.from({ length: 49 }, (_, i) => closed(200 + i)), open(250)],
      3: [closed(300), open(301)],
    };
    const view = renderEditor({
      'set.byId': () => withChapters([A]),
      'audio.mine': () => ({ audioFiles: [], totalCount: 0 }),
      'audio.list': (input) => ({ audioFiles: pages[(input as { page: number }).page] ?? [], totalCount: 102 }),
    });
    await view.user.click(await screen.findByRole('button', { name: 'Add chapters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add chapters' });
    await view.user.click(within(dialog).getByRole('radio', { name: 'Shared by others' }));
    await within(dialog).findByText('Open 250');
    expect(within(dialog).getAllByTestId('picker-row')).toHaveLength(1);
    expect(view.callsTo('audio.list').map((c) => (c.input as { page: number }).page)).toEqual([1, 2]);
    await view.user.click(within(dialog).getByRole('button', { name: 'Load more' }));
    await within(dialog).findByText('Open 301');
    expect(
      within(dialog)
        .getAllByTestId('picker-row')
        .map((r) => within(r).getByText(/^Open/).textContent),
    ).toEqual(['Open 250', 'Open 301']);
    expect(within(dialog).queryByText(/^Closed/)).toBeNull();
    // The last page: no more to load.
    expect(within(dialog).queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('Upload more files: one call appends the uploads in file-name order; a refused one says why and stays a draft', async () => {
    vi.mocked(uploadAudio).mockImplementation(async (file) => ({
      filePath: `u/${file.name}`,
      fileName: file.name,
      fileSize: 10,
      duration: 40,
      mimeType: 'audio/wav',
      analysis: 'ready',
      waveform: [],
      loudnessLufs: -18,
      peakDbfs: -2,
    }));
    let current = withChapters([A]);
    const view = renderEditor({
      'set.byId': () => current,
      'set.addUploads': (input) => {
        const [first, second] = (input as AddUploadsInput).uploads;
        current = withChapters([A, chapter(41, first!.title, 40)]);
        return {
          set: current,
          uploads: [
            { filePath: first!.filePath, outcome: 'added', audioFileId: 41, position: 2 },
            { filePath: second!.filePath, outcome: 'refused', audioFileId: 42, message: 'This chapter would take the set past 90 minutes (92:14)', messageCode: 'set.overBudget' },
          ],
        };
      },
    });
    const panel = await screen.findByTestId('upload-more');
    const file = (name: string) => new File(['RIFF....WAVE'], name, { type: 'audio/wav' });
    await view.user.upload(panel.querySelector<HTMLInputElement>('input[type=file]')!, [file('Night 2.wav'), file('Night 10.wav')]);
    await view.user.click(within(panel).getByRole('combobox', { name: /^Licence/ }));
    await view.user.click(await screen.findByRole('option', { name: 'CC BY 4.0' }));
    await view.user.click(within(panel).getByRole('checkbox', { name: /I made this or have the right to share it/ }));
    await view.user.click(within(panel).getByRole('button', { name: 'Upload files' }));

    await waitFor(() => expect(titles()).toEqual(['Alpha', 'Night 2']));
    expect(view.callsTo('set.addUploads')).toHaveLength(1);
    expect(view.callsTo('set.addUploads')[0]!.input).toEqual({
      id: 3,
      licence: 'cc-by-4.0',
      rightsConfirmed: true,
      uploads: [
        { filePath: 'u/Night 2.wav', title: 'Night 2' },
        { filePath: 'u/Night 10.wav', title: 'Night 10' },
      ],
    });
    const rows = within(panel).getAllByTestId('upload-row');
    await waitFor(() => expect(rows.map((r) => r.dataset.phase)).toEqual(['added', 'failed']));
    expect(within(rows[0]!).getByTestId('upload-row-done').textContent).toContain('Chapter 2 · 0:40');
    expect(within(rows[1]!).getByTestId('upload-row-error').textContent).toBe(
      'This chapter would take the set past 90 minutes (92:14) The file is kept among your audio files as a draft.',
    );
  });

  it('Delete set asks first, then goes to my sets', async () => {
    const view = renderEditor({ 'set.byId': () => withChapters([A]), 'set.delete': () => ({ ok: true, id: 3 }) });
    await view.user.click(await screen.findByRole('button', { name: 'Delete set' }));
    const dialog = await screen.findByRole('dialog');
    expect(view.callsTo('set.delete')).toHaveLength(0);
    await view.user.click(within(dialog).getByRole('button', { name: 'Delete set' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/sets/mine'), { timeout: 5000 });
    expect(view.callsTo('set.delete')[0]!.input).toEqual({ id: 3 });
  });

  it('an unknown set says it does not exist', async () => {
    renderEditor({ 'set.byId': () => Promise.reject(trpcError('NOT_FOUND', 404, 'This set does not exist (any more).')) });
    expect(await screen.findByTestId('set-not-found')).toBeTruthy();
  });
});
