// Accessibility of the audio and sets screens (issue 15): the cards' focus rings and the count
// regions, and two journeys done with keys only, checked by axe on their way: uploading and
// publishing an audio file on /audio/upload, and the Discover filter panel.
import { test, expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { wav } from '../server/test/helpers/audio';
import { expectFocusOn, expectNoSeriousA11yViolations, expectSchemeAndWidth, tabTo } from './a11y';
import { expectToast, publishAudio, registerVerified, stamp } from './helpers';

/** A published set of two published WAVs, through the REST routes as the request's user. */
async function makeSet(request: APIRequestContext, baseURL: string | undefined, s: string): Promise<void> {
  const origin = { origin: baseURL ?? '' };
  const tag = `a11yset-${s}`;
  const first = await publishAudio(request, baseURL, { title: `Moon ${s}`, tags: [tag], seconds: 2 });
  const second = await publishAudio(request, baseURL, { title: `Star ${s}`, tags: [tag], seconds: 1 });
  const title = `A11y Set ${s}`;
  const created = await request.post('/api/sets', { data: { title, description: 'Two pieces', tags: [tag], audioFileIds: [first.id, second.id] }, headers: origin });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const published = await request.patch(`/api/sets/${id}`, { data: { status: 'published' }, headers: origin });
  expect(published.status(), await published.text()).toBe(200);
}

/**
 * Tabs to a card's overlay (the button or link that fills the card) and checks its focus ring is
 * drawn, in the app's focus colour, inside the card (the card clips what is outside it).
 */
async function expectRingInsideCard(page: Page, card: Locator, overlay: Locator): Promise<void> {
  await tabTo(page, overlay, { max: 200 });
  const ring = await overlay.evaluate((node) => {
    // The e2e project has no DOM types: what this uses of them.
    type Rect = { left: number; top: number; right: number; bottom: number };
    type El = { getBoundingClientRect(): Rect; closest(selector: string): El | null; style: Record<string, string>; remove(): void };
    type Win = {
      getComputedStyle(e: El): { outlineStyle: string; outlineWidth: string; outlineOffset: string; outlineColor: string; color: string };
      document: { createElement(tag: string): El; body: { append(e: El): void } };
    };
    const el = node as unknown as El;
    const win = globalThis as unknown as Win;
    const style = win.getComputedStyle(el);
    const probe = win.document.createElement('div');
    probe.style.color = 'var(--tonieshelf-focus-ring)';
    win.document.body.append(probe);
    const focusColour = win.getComputedStyle(probe).color;
    probe.remove();
    const box = el.getBoundingClientRect();
    const card = el.closest('article')!.getBoundingClientRect();
    return {
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      offset: parseFloat(style.outlineOffset),
      colour: style.outlineColor,
      focusColour,
      inCard: box.left >= card.left && box.top >= card.top && box.right <= card.right && box.bottom <= card.bottom,
    };
  });
  expect(ring.style).toBe('solid');
  expect(ring.width).toBeGreaterThanOrEqual(2);
  // A negative offset at least as large as the ring: its outer edge is inside the overlay's box.
  expect(ring.offset).toBeLessThan(0);
  expect(ring.offset + ring.width).toBeLessThanOrEqual(0);
  expect(ring.inCard).toBe(true);
  expect(ring.colour).toBe(ring.focusColour);
  await expect(card).toBeVisible();
}

/** The status line that announces how many results a list shows. */
function resultCount(page: Page) {
  return page.getByTestId('result-count');
}

// axe checks every audio and sets route and dialog in the sweep (a11y-sweep.spec.ts), both schemes
// and widths; here what it cannot see: the quiet count region and the cards' focus rings.
test('audio cards: the count region is quiet on a page load; the focus ring stays inside the card, light and dark', async ({ page, baseURL }) => {
  const s = stamp();
  await registerVerified(page, baseURL, 'Axe', 'a11yaudio', 'Checker');
  await publishAudio(page.request, baseURL, { title: `Axe Tune ${s}`, tags: [`axe-${s}`] });
  await page.goto('/audio/discover');
  await expect(page.getByTestId('audio-card').first()).toBeVisible();
  // The count region is there from the start, and quiet on a page load.
  await expect(resultCount(page)).toHaveAttribute('role', 'status');
  await expect(resultCount(page)).toHaveText('');
  const card = page.getByTestId('audio-card').first();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectSchemeAndWidth(page, scheme, 1280);
    await expectRingInsideCard(page, card, card.getByRole('button', { name: /^Details: / }));
  }
});

test('set cards: the count is a status region; the focus ring stays inside the card, light and dark', async ({ page, baseURL }) => {
  await registerVerified(page, baseURL, 'Axe', 'a11ysets', 'Checker');
  await makeSet(page.request, baseURL, stamp());
  await page.goto('/sets');
  await expect(page.getByTestId('set-grid')).toBeVisible();
  await expect(resultCount(page)).toHaveAttribute('role', 'status');
  const setCard = page.getByTestId('set-card').first();
  for (const scheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    await expectSchemeAndWidth(page, scheme, 1280);
    await expectRingInsideCard(page, setCard, setCard.getByRole('link', { name: /^Open set: / }));
  }
});

test('keyboard only: upload and publish an audio file on /audio/upload', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  await registerVerified(page, baseURL, 'Keys', 'a11yupload', 'Only');
  const title = `Keyboard Tune ${stamp()}`;
  // Chromium reports file choosers to the test only once interception is on. waitForEvent turns it
  // on without waiting for the browser, so on a busy machine the key could arrive first and the
  // chooser open unseen (the wait then times out). A listener from the start has it on in time.
  page.on('filechooser', () => undefined);
  await page.goto('/audio/upload');
  const form = page.getByTestId('audio-upload-form');
  await expect(form.getByRole('heading', { name: 'Upload New Audio' })).toBeVisible();
  await expect(page.getByText('You have not uploaded any audio files yet.')).toBeVisible();

  await tabTo(page, form.getByRole('textbox', { name: 'Title' }));
  await page.keyboard.type(title);

  // The dropzone is a button named by its label (with the required mark) and what it shows;
  // Space and Enter open the chooser (the system's file dialog).
  const dropzone = form.getByRole('button', { name: /^Audio file \* Drag an MP3 or WAV file here or click to choose one/ });
  await tabTo(page, dropzone);
  let chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles({ name: 'first.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 1 }) });
  await expect(form.getByRole('button', { name: /^Audio file \* first\.wav/ })).toBeVisible();
  await expectFocusOn(form.getByRole('button', { name: /^Audio file \* first\.wav/ }));
  chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles({ name: 'keyboard.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 2 }) });
  const chosen = form.getByRole('button', { name: /^Audio file \* keyboard\.wav/ });
  await expect(chosen).toBeVisible();
  await expectNoSeriousA11yViolations(page, '/audio/upload with a file chosen');

  // The licence: a select opened and chosen with arrows and Enter.
  const licence = form.getByRole('combobox', { name: /^Licence/ });
  await tabTo(page, licence);
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('listbox')).toBeVisible();
  // Down to the wanted licence, as one reads the highlighted option. Whether opening already
  // highlights the first option depends on when Mantine's list is measured (a timer), so the
  // number of presses is not fixed; the input's aria-activedescendant says which one is active.
  const wanted = await page.getByRole('option', { name: 'CC BY-SA 4.0' }).getAttribute('id');
  expect(wanted).toBeTruthy();
  for (let i = 0; i < 6 && (await licence.getAttribute('aria-activedescendant')) !== wanted; i++) await page.keyboard.press('ArrowDown');
  await expect(licence).toHaveAttribute('aria-activedescendant', wanted ?? '');
  await page.keyboard.press('Enter');
  await expect(licence).toHaveValue('CC BY-SA 4.0');
  await expect(licence).toHaveAttribute('aria-expanded', 'false');

  const rights = form.getByRole('checkbox', { name: /I made this or have the right to share it/ });
  await tabTo(page, rights);
  await page.keyboard.press('Space');
  await expect(rights).toBeChecked();

  await tabTo(page, form.getByRole('button', { name: 'Upload Audio' }));
  await page.keyboard.press('Enter');
  await expectToast(page, 'Audio file uploaded successfully', title);
  // The toast (its text and its named close button) is clean too.
  await expectNoSeriousA11yViolations(page, '/audio/upload with the upload toast');

  // Focus lands on the uploaded file's row, a draft.
  const row = page.getByTestId('own-audio-table').getByRole('row').filter({ hasText: title });
  await expectFocusOn(row);
  await expect(row.getByTestId('status-badge')).toHaveText('Draft');

  // Publish from the row, confirmed in the dialog with keys.
  await tabTo(page, row.getByRole('button', { name: `Publish ${title}` }));
  await page.keyboard.press('Enter');
  const confirm = page.getByRole('dialog', { name: 'Publish audio file?' });
  await expect(confirm).toBeVisible();
  await expectFocusOn(confirm.getByRole('button', { name: 'Publish' }));
  await expectNoSeriousA11yViolations(page, 'publish confirm dialog');
  await page.keyboard.press('Enter');
  await expect(confirm).toBeHidden();
  await expectToast(page, 'Audio file published');

  // Focus lands on the new status, not on <body>.
  const status = row.getByTestId('status-badge');
  await expect(status).toHaveText('Published');
  await expectFocusOn(status);
  await expectNoSeriousA11yViolations(page, '/audio/upload after publishing');
});

test('keyboard only: the Discover filter panel', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const s = stamp();
  const tag = `kb-${s}`;
  await registerVerified(page, baseURL, 'Keys', 'a11yfilter', 'Only');
  await publishAudio(page.request, baseURL, { title: `Filtered ${s}`, tags: [tag] });
  await publishAudio(page.request, baseURL, { title: `Unfiltered ${s}`, tags: [] });

  await page.goto('/audio/discover');
  await expect(page.getByTestId('audio-card').first()).toBeVisible();
  const count = resultCount(page);
  await expect(count).toHaveAttribute('role', 'status');
  await expect(count).toHaveAttribute('aria-live', 'polite');
  // Quiet on the page load: the first count is the page's own.
  await expect(count).toHaveText('');
  await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeAttached();

  const filters = page.getByRole('button', { name: 'Filter', exact: true });
  await tabTo(page, filters);
  await page.keyboard.press('Enter');
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  // Focus starts on the panel's first choice (the applied sort), not on its close button, which is named.
  await expectFocusOn(drawer.getByRole('radio', { name: 'Most Recent' }));
  await expect(drawer.getByRole('radio', { name: 'Most Recent' })).toBeChecked();
  await expect(drawer.getByRole('button', { name: 'Close filters' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'Discover filter drawer, keyboard');

  // A tag ticked with Space, applied with Enter: the panel closes, focus is back on Filter, the new count is announced.
  const tagBox = drawer.getByRole('checkbox', { name: tag });
  await tabTo(page, tagBox, { max: 300 });
  await page.keyboard.press('Space');
  await expect(tagBox).toBeChecked();
  await tabTo(page, drawer.getByRole('button', { name: 'Apply Filters' }));
  await page.keyboard.press('Enter');
  await expect(drawer).toBeHidden();
  await expectFocusOn(filters);
  await expect(count).toHaveText('1 audio file');
  await expect(page.getByTestId('audio-card')).toHaveCount(1);

  // Escape closes the panel and focus returns to the Filter button.
  await page.keyboard.press('Enter');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('checkbox', { name: tag })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expectFocusOn(filters);
  await expect(filters).toHaveAttribute('aria-expanded', 'false');
});
