// The set editor (issue 13) in the browser against the real server: five WAVs of different
// lengths dropped at once into a new set upload (two at a time), are measured and become
// chapters in file-name order (natural: '10' after '4'); the editor shows the budget meter and
// the waveforms; the chapters are reordered by mouse drag (dnd-kit, real pointer moves) and by
// keyboard (Enter on 'Move down'), and the order holds after a reload; a 91-minute file uploaded
// into the set is refused with the budget message on its row; the set is published and listed
// under /sets/mine. Then screenshots at 1280 and 390 px, light and dark, English and German.
import fs from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { wav } from '../server/test/helpers/audio';
import { licenceAndRights, registerVerified, stamp } from './helpers';

const SHOTS = '/tmp/shots-d1';

/** Names and seconds: name order (natural) differs from size order and from plain string order. */
const FILES: [string, number][] = [
  ['10 Goodnight.wav', 1],
  ['2 Bath time.wav', 6],
  ['1 Dinner.wav', 9],
  ['4 Story.wav', 2],
  ['3 Pyjamas.wav', 4],
];
const NAME_ORDER = ['1 Dinner', '2 Bath time', '3 Pyjamas', '4 Story', '10 Goodnight'];

const payload = (name: string, seconds: number, sampleRate = 8000) => ({ name, mimeType: 'audio/wav', buffer: wav({ seconds, sampleRate }) });

async function chapterTitles(page: Page): Promise<string[]> {
  return page.getByTestId('chapter-title').allTextContents();
}

/** Counts, while the page lives, the most upload rows finished and the most uploading at once. */
async function watchUploadRows(page: Page): Promise<void> {
  await page.evaluate(() => {
    const g = globalThis as unknown as {
      __rows: { done: number; busy: number };
      document: { querySelectorAll(s: string): { length: number }; body: unknown };
      MutationObserver: new (cb: () => void) => { observe(target: unknown, options: object): void };
    };
    g.__rows = { done: 0, busy: 0 };
    const count = () => {
      g.__rows.done = Math.max(g.__rows.done, g.document.querySelectorAll('[data-testid=upload-row][data-phase=added]').length);
      g.__rows.busy = Math.max(g.__rows.busy, g.document.querySelectorAll('[data-testid=upload-row][data-phase=uploading], [data-testid=upload-row][data-phase=measuring]').length);
    };
    new g.MutationObserver(count).observe(g.document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-phase'] });
  });
}

/** Drags one chapter's handle onto another row with real pointer moves (dnd-kit needs them). */
async function drag(page: Page, from: string, to: string): Promise<void> {
  const handle = page.getByRole('button', { name: `Drag to move ${from}` });
  const target = page.getByTestId('chapter-row').filter({ has: page.getByTestId('chapter-title').getByText(to, { exact: true }) });
  await target.scrollIntoViewIfNeeded();
  await handle.scrollIntoViewIfNeeded();
  const a = (await handle.boundingBox())!;
  const b = (await target.boundingBox())!;
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  // Past the 4 px activation distance first, then on in steps to below the target's middle.
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 10, { steps: 4 });
  await page.mouse.move(a.x + a.width / 2, b.y + b.height * 0.4, { steps: 20 });
  await page.waitForTimeout(150);
  await page.mouse.up();
}

async function shoot(
  browser: Browser,
  baseURL: string | undefined,
  storage: Awaited<ReturnType<BrowserContext['storageState']>>,
  path: string,
  name: string,
  opts: { width: number; dark: boolean; german: boolean },
) {
  const context = await browser.newContext({
    baseURL,
    storageState: storage,
    viewport: { width: opts.width, height: 900 },
    colorScheme: opts.dark ? 'dark' : 'light',
    locale: opts.german ? 'de-DE' : 'en-US',
  });
  const page = await context.newPage();
  await page.goto(path);
  await page.waitForLoadState('networkidle');
  if (path.endsWith('/edit')) await expect(page.getByTestId('chapter-row').getByTestId('waveform')).toHaveCount(5);
  await page.screenshot({ path: `${SHOTS}/${name}-${opts.width}-${opts.dark ? 'dark' : 'light'}-${opts.german ? 'de' : 'en'}.png`, fullPage: true });
  await context.close();
}

test('five files at once become chapters in name order; reorder by mouse and keyboard; a 91-minute file is refused; publish', async ({ browser, baseURL }) => {
  test.setTimeout(240_000);
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await registerVerified(page, baseURL, 'Sina', 'seted');
  const title = `Evening ${stamp()}`;

  await page.goto('/sets/new');
  await page.getByRole('textbox', { name: /^Title/ }).fill(title);
  await page
    .getByTestId('set-files-dropzone')
    .locator('input[type=file]')
    .setInputFiles(FILES.map(([name, seconds]) => payload(name, seconds)));
  await expect(page.getByTestId('upload-row')).toHaveCount(5);
  await licenceAndRights(page.getByRole('form', { name: 'New set' }));
  await watchUploadRows(page);
  await page.getByRole('button', { name: 'Create set' }).click();

  // All five finish and the editor opens.
  await page.waitForURL(/\/sets\/\d+\/edit$/, { timeout: 60_000 });
  const rows = await page.evaluate(() => (globalThis as unknown as { __rows: { done: number; busy: number } }).__rows);
  expect(rows.done).toBe(5);
  expect(rows.busy).toBeGreaterThan(0);
  expect(rows.busy).toBeLessThanOrEqual(2);
  const editUrl = page.url();
  const id = Number(/\/sets\/(\d+)\/edit$/.exec(editUrl)![1]);

  await expect.poll(() => chapterTitles(page)).toEqual(NAME_ORDER);
  await expect(page.getByTestId('chapter-duration')).toHaveText(['0:09', '0:06', '0:04', '0:02', '0:01']);
  await expect(page.getByTestId('budget-chapters')).toHaveText('5 of 99 chapters');
  await expect(page.getByTestId('budget-minutes')).toHaveText('0:22 of 90 minutes');
  await expect(page.getByTestId('budget-remaining')).toHaveText('89:38 left');
  await expect(page.getByTestId('chapter-row').getByTestId('waveform')).toHaveCount(5);
  await expect(page.getByTestId('chapter-loudness').first()).toContainText('LUFS');

  // Every reorder is saved by its own request; the list changes at once (optimistic), so the reload
  // below waits for both saves to be answered (networkidle was reached long before and returns at once).
  let reordersAnswered = 0;
  page.on('response', (r) => {
    if (r.url().includes('set.reorder') && r.request().method() === 'POST') reordersAnswered++;
  });
  // Mouse: '10 Goodnight' dragged onto '4 Story' takes its place.
  await drag(page, '10 Goodnight', '4 Story');
  await expect.poll(() => chapterTitles(page)).toEqual(['1 Dinner', '2 Bath time', '3 Pyjamas', '10 Goodnight', '4 Story']);
  // Keyboard: Enter on 'Move down: 1 Dinner'.
  await page.getByRole('button', { name: 'Move down: 1 Dinner' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => chapterTitles(page)).toEqual(['2 Bath time', '1 Dinner', '3 Pyjamas', '10 Goodnight', '4 Story']);
  await expect.poll(() => reordersAnswered).toBe(2);
  await page.reload();
  await expect.poll(() => chapterTitles(page)).toEqual(['2 Bath time', '1 Dinner', '3 Pyjamas', '10 Goodnight', '4 Story']);
  await expect(page.getByTestId('chapter-position')).toHaveText(['1', '2', '3', '4', '5']);

  // A 91-minute file (2 kHz mono, 21.8 MB) appended: refused with the budget message on its row.
  const more = page.getByTestId('upload-more');
  // 21.8 MB handed to the browser: longer than a click on a busy machine.
  await more.locator('input[type=file]').setInputFiles([payload('Long night.wav', 91 * 60, 2000)], { timeout: 60_000 });
  await licenceAndRights(more);
  await more.getByRole('button', { name: 'Upload files' }).click();
  const refused = more.getByTestId('upload-row-error');
  await expect(refused).toContainText('This chapter would take the set past 90 minutes (91:22)', { timeout: 60_000 });
  await expect(refused).toContainText('The file is kept among your audio files as a draft.');
  await expect(page.getByTestId('budget-chapters')).toHaveText('5 of 99 chapters');

  // Publish.
  await page.getByTestId('publish-button').click();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  await expect(page.getByTestId('publish-state')).toHaveText('Set published');
  // A published set's editor still draws every chapter's waveform.
  await page.reload();
  await expect(page.getByTestId('chapter-row').getByTestId('waveform')).toHaveCount(5);
  await page.goto('/sets/mine');
  const card = page.getByTestId('my-set-card').filter({ hasText: title });
  await expect(card.getByTestId('set-status')).toHaveText('Published');
  await expect(card).toContainText('5 chapters · 0:22');

  // Screenshots of the editor, the new-set form and my sets.
  await fs.mkdir(SHOTS, { recursive: true });
  const storage = await context.storageState();
  for (const width of [1280, 390]) {
    for (const dark of [false, true]) {
      for (const german of [false, true]) {
        await shoot(browser, baseURL, storage, `/sets/${id}/edit`, 'editor', { width, dark, german });
      }
    }
  }
  await shoot(browser, baseURL, storage, '/sets/new', 'new', { width: 390, dark: false, german: true });
  await shoot(browser, baseURL, storage, '/sets/mine', 'mine', { width: 1280, dark: false, german: false });
  await context.close();
});
