import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AddUploadsInput } from '@tonieshelf/shared/schemas/set';
import { NewSetPage } from './set-new.page';
import { aSetDetail } from '../test-utils/fixtures';
import { renderWithProviders, trpcError } from '../test-utils/render';
import { UploadError, uploadAudio } from '../lib/upload-file';
import type { UploadedFile } from '../lib/upload-file';

vi.mock('../lib/upload-file', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/upload-file')>()),
  uploadAudio: vi.fn(),
}));

interface Held {
  resolve: (value: UploadedFile) => void;
  reject: (error: unknown) => void;
  progress: (loaded: number, total: number) => void;
}

// Mantine's selects come in a chunk of their own (lazily, as in the browser); loaded up front so
// that a slow transform under load does not race the presses on the licence select.
beforeAll(async () => {
  await import('../components/widgets');
});

/** Each upload waits until the test answers it (by file name); how many run at once is counted. */
function holdUploads() {
  const held = new Map<string, Held>();
  let running = 0;
  let most = 0;
  vi.mocked(uploadAudio).mockImplementation(
    (file, _variant, options) =>
      new Promise<UploadedFile>((resolve, reject) => {
        running++;
        most = Math.max(most, running);
        const done = () => running--;
        held.set(file.name, {
          resolve: (v) => {
            done();
            resolve(v);
          },
          reject: (e) => {
            done();
            reject(e);
          },
          progress: (loaded, total) => options?.onProgress?.({ loaded, total }),
        });
      }),
  );
  return { held, most: () => most };
}

const uploaded = (name: string, duration: number): UploadedFile => ({
  filePath: `u/1_${name}`,
  fileName: name,
  fileSize: 10,
  duration,
  mimeType: 'audio/wav',
  analysis: 'ready',
  waveform: Array.from({ length: 400 }, (_, i) => i % 256),
  loudnessLufs: -18,
  peakDbfs: -2,
});

const wavFile = (name: string) => new File(['RIFF....WAVE'], name, { type: 'audio/wav' });

afterEach(() => vi.mocked(uploadAudio).mockReset());

describe('NewSetPage', () => {
  it('creates the set, uploads two at a time, then adds every uploaded file in ONE call that orders them; a refused chapter keeps its message and stays a draft', async () => {
    const { held, most } = holdUploads();
    const view = renderWithProviders(<NewSetPage />, {
      route: '/sets/new',
      handlers: {
        'tag.audioTags': () => ({ tags: [] }),
        'set.create': () => aSetDetail({ id: 7, status: 'draft', chapters: [], chapterCount: 0, totalDuration: 0 }),
        'set.addUploads': (input) => {
          const { uploads } = input as AddUploadsInput;
          const base = aSetDetail().chapters[0]!;
          // The server's order and answers: '10 Outro.wav' would break the budget and is kept as a draft.
          const outro = uploads.find((u) => u.filePath === 'u/1_10 Outro.wav')!;
          const chapters = uploads.filter((u) => u !== outro).map((u, i) => ({ ...base, audioFileId: 100 + i, position: i + 1, title: u.title }));
          return {
            set: aSetDetail({ id: 7, status: 'draft', chapters, chapterCount: chapters.length }),
            uploads: [
              ...chapters.map((c, i) => ({
                filePath: uploads.filter((u) => u !== outro)[i]!.filePath,
                outcome: 'added' as const,
                audioFileId: c.audioFileId,
                position: c.position,
              })),
              {
                filePath: outro.filePath,
                outcome: 'refused' as const,
                audioFileId: 109,
                message: 'This chapter would take the set past 90 minutes (92:14)',
                messageCode: 'set.overBudget',
              },
            ],
          };
        },
      },
    });

    await view.user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Evening songs');
    const input = view.container.querySelector<HTMLInputElement>('input[type=file]')!;
    await view.user.upload(input, [wavFile('10 Outro.wav'), wavFile('2 Middle.wav'), wavFile('1 Start.wav'), new File(['notes'], 'notes.txt', { type: 'text/plain' })]);
    // The text file is refused at once, on its own row.
    const rows = () => screen.getAllByTestId('upload-row');
    await waitFor(() => expect(rows()).toHaveLength(4));
    expect(rows().map((r) => r.dataset.name)).toEqual(['1 Start.wav', '2 Middle.wav', '10 Outro.wav', 'notes.txt']);
    expect(within(rows()[3]!).getByText('Only MP3 and WAV files can be uploaded.')).toBeTruthy();

    // Without a licence and the rights statement nothing is created; focus is on the licence to choose.
    await view.user.click(screen.getByRole('button', { name: 'Create set' }));
    expect(view.callsTo('set.create')).toHaveLength(0);
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /^Licence/ }));
    await view.user.click(screen.getByRole('combobox', { name: /^Licence/ }));
    await view.user.click(await screen.findByRole('option', { name: 'CC BY 4.0' }));
    await view.user.click(screen.getByRole('checkbox', { name: /I made this or have the right to share it/ }));
    await view.user.click(screen.getByRole('button', { name: 'Create set' }));

    await waitFor(() => expect(held.size).toBe(2));
    expect(view.callsTo('set.create')[0]!.input).toEqual({ title: 'Evening songs', description: '', tags: [] });
    // Progress, then 'Measuring…' once every byte is sent.
    held.get('1 Start.wav')!.progress(50, 100);
    expect(await within(rows()[0]!).findByText('Uploading… 50%')).toBeTruthy();
    held.get('1 Start.wav')!.progress(100, 100);
    expect(await within(rows()[0]!).findByText('Measuring…')).toBeTruthy();

    // '2 Middle' finishes first: it waits for the others, and nothing is added yet.
    held.get('2 Middle.wav')!.resolve(uploaded('2 Middle.wav', 60));
    await waitFor(() => expect(held.size).toBe(3));
    expect(await within(rows()[1]!).findByText('Waiting')).toBeTruthy();
    expect(rows()[1]!.dataset.phase).toBe('waiting');
    expect(view.callsTo('set.addUploads')).toHaveLength(0);
    held.get('10 Outro.wav')!.resolve(uploaded('10 Outro.wav', 5000));
    held.get('1 Start.wav')!.resolve(uploaded('1 Start.wav', 30));

    await waitFor(() => expect(view.callsTo('set.addUploads')).toHaveLength(1));
    expect(most()).toBe(2);
    expect(view.callsTo('set.addUploads')[0]!.input).toEqual({
      id: 7,
      licence: 'cc-by-4.0',
      rightsConfirmed: true,
      uploads: [
        { filePath: 'u/1_1 Start.wav', title: '1 Start' },
        { filePath: 'u/1_2 Middle.wav', title: '2 Middle' },
        { filePath: 'u/1_10 Outro.wav', title: '10 Outro' },
      ],
    });
    await waitFor(() => expect(rows().map((r) => r.dataset.phase)).toEqual(['added', 'added', 'failed', 'failed']));
    expect(within(rows()[0]!).getByTestId('upload-row-done').textContent).toBe('Chapter 1 · 0:30 (0 mins 30 sec)');
    expect(within(rows()[1]!).getByTestId('upload-row-done').textContent).toBe('Chapter 2 · 1:00 (1 mins 0 sec)');
    expect(within(rows()[0]!).getByTestId('waveform')).toBeTruthy();
    const refused = within(rows()[2]!).getByTestId('upload-row-error').textContent;
    expect(refused).toContain('This chapter would take the set past 90 minutes (92:14)');
    expect(refused).toContain('The file is kept among your audio files as a draft.');
    // A saved file cannot be taken off the list; the refused text file can.
    expect(within(rows()[2]!).queryByRole('button', { name: 'Remove 10 Outro.wav' })).toBeNull();
    // With a refusal the page stays, offering the editor.
    expect(screen.getByRole('link', { name: 'Continue to the editor' }).getAttribute('href')).toBe('/sets/7/edit');
    expect(view.location()?.pathname).toBe('/sets/new');
  });

  it("shows the server's upload refusal on the file's row and goes on with the others; one turned away as busy is sent again after the server's Retry-After", async () => {
    let okTries = 0;
    vi.mocked(uploadAudio).mockImplementation(async (file) => {
      if (file.name === 'big.wav') throw new UploadError('You have uploaded 60 files within the last hour, the most allowed. Please try again in 12 minutes.', 429);
      if (++okTries === 1) throw new UploadError('You already have 2 uploads in progress. Please wait until one has finished.', 429, 'UPLOADS_IN_FLIGHT', 1);
      return uploaded(file.name, 20);
    });
    const view = renderWithProviders(<NewSetPage />, {
      route: '/sets/new',
      handlers: {
        'tag.audioTags': () => ({ tags: [] }),
        'set.create': () => aSetDetail({ id: 9, status: 'draft', chapters: [] }),
        'set.addUploads': (input) => {
          const [only] = (input as AddUploadsInput).uploads;
          const chapters = [{ ...aSetDetail().chapters[0]!, audioFileId: 55, position: 1 }];
          return { set: aSetDetail({ id: 9, chapters }), uploads: [{ filePath: only!.filePath, outcome: 'added', audioFileId: 55, position: 1 }] };
        },
      },
    });
    await view.user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Two files');
    await view.user.upload(view.container.querySelector<HTMLInputElement>('input[type=file]')!, [wavFile('big.wav'), wavFile('ok.wav')]);
    await view.user.click(screen.getByRole('combobox', { name: /^Licence/ }));
    await view.user.click(await screen.findByRole('option', { name: 'CC0 1.0' }));
    await view.user.click(screen.getByRole('checkbox', { name: /I made this or have the right to share it/ }));
    await view.user.click(screen.getByRole('button', { name: 'Create set' }));
    expect((await screen.findByTestId('upload-row-error')).textContent).toContain('within the last hour');
    // Turned away as busy: the row waits (the server asked for 1 s), then the file goes again.
    const ok = () => screen.getAllByTestId('upload-row').find((r) => r.dataset.name === 'ok.wav')!;
    await waitFor(() => expect(ok().dataset.phase).toBe('queued'));
    expect(okTries).toBe(1);
    await waitFor(() => expect(view.callsTo('set.addUploads')).toHaveLength(1), { timeout: 10_000 });
    // The hourly limit is final; 'too many at once' was sent again and then added.
    expect(okTries).toBe(2);
    expect((view.callsTo('set.addUploads')[0]!.input as AddUploadsInput).uploads).toEqual([{ filePath: 'u/1_ok.wav', title: 'Chapter ok' }]);
    await waitFor(() => expect(ok().dataset.phase).toBe('added'));
    expect(screen.getAllByTestId('upload-row-error')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Continue to the editor' })).toBeTruthy();
  });

  it('the one call refused whole (the session ended) -> every uploaded file says why, none is kept as a draft', async () => {
    vi.mocked(uploadAudio).mockImplementation(async (file) => uploaded(file.name, 20));
    const view = renderWithProviders(<NewSetPage />, {
      route: '/sets/new',
      handlers: {
        'tag.audioTags': () => ({ tags: [] }),
        'set.create': () => aSetDetail({ id: 9, status: 'draft', chapters: [] }),
        'set.addUploads': () => Promise.reject(trpcError('UNAUTHORIZED', 401, 'Please sign in to continue.')),
      },
    });
    await view.user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Two files');
    await view.user.upload(view.container.querySelector<HTMLInputElement>('input[type=file]')!, [wavFile('a.wav'), wavFile('b.wav')]);
    await view.user.click(screen.getByRole('combobox', { name: /^Licence/ }));
    await view.user.click(await screen.findByRole('option', { name: 'CC0 1.0' }));
    await view.user.click(screen.getByRole('checkbox', { name: /I made this or have the right to share it/ }));
    await view.user.click(screen.getByRole('button', { name: 'Create set' }));
    await waitFor(() => expect(screen.getAllByTestId('upload-row').map((r) => r.dataset.phase)).toEqual(['failed', 'failed']));
    for (const error of screen.getAllByTestId('upload-row-error')) {
      expect(error.textContent).toBe('Please sign in to continue.');
    }
  });

  it('without files: creates the draft set and opens its editor', async () => {
    const view = renderWithProviders(<NewSetPage />, {
      route: '/sets/new',
      handlers: { 'tag.audioTags': () => ({ tags: [] }), 'set.create': () => aSetDetail({ id: 4, status: 'draft', chapters: [] }) },
    });
    await view.user.click(screen.getByRole('button', { name: 'Create set' }));
    expect(await screen.findByText('Title must be at least 3 characters')).toBeTruthy();
    await view.user.type(screen.getByRole('textbox', { name: /^Title/ }), 'Empty one');
    await view.user.click(screen.getByRole('button', { name: 'Create set' }));
    await waitFor(() => expect(view.location()?.pathname).toBe('/sets/4/edit'));
  });
});
