// Shared audio (issue 5) in the browser against the real server: upload a draft with a cover and
// tags, see it only as its owner, publish it, find it in Discover by tag and by search, like it as
// another user, see it in Liked, download it, edit it, delete it, and the quick upload dialog.
// Real files: WAVs made in code (the server tests' wav(); a long 8-bit one here) and a tiny PNG cover.
import { test, expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { wav } from '../server/test/helpers/audio';
import { audioCard, expectToast, licenceAndRights, publishAudio, registerVerified, signedInPage, stamp } from './helpers';

/** A mono 8-bit WAV at 1 kHz, `seconds` long (91 minutes is about 5.5 MB). */
function makeLongWav(seconds: number, sampleRate = 1000): Buffer {
  const dataSize = seconds * sampleRate;
  const buffer = Buffer.alloc(44 + dataSize, 128);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataSize, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20);
  buffer.writeUInt16LE(1, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate, 28);
  buffer.writeUInt16LE(1, 32);
  buffer.writeUInt16LE(8, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataSize, 40);
  for (let i = 44; i < buffer.length; i += 4) buffer[i] = 168; // a quiet 250 Hz buzz
  return buffer;
}

/** A valid 1x1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

function uploadForm(page: Page): Locator {
  return page.getByTestId('audio-upload-form');
}

function ownRow(page: Page, title: string): Locator {
  return page.getByTestId('own-audio-table').getByRole('row').filter({ hasText: title });
}

async function addTagTyped(page: Page, tag: string): Promise<void> {
  const input = uploadForm(page).getByRole('combobox', { name: 'Tags' });
  await input.fill(tag);
  await input.press('Enter');
}

test.describe('shared audio', () => {
  test('upload a draft, publish, discover, like, liked list, download, edit, delete', async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    const s = stamp();
    const title = `E2E Lullaby ${s}`;
    const uniqueTag = `e2e-${s}`;

    await registerVerified(page, baseURL, 'Owner', 'audio', 'Listener');
    await page.goto('/audio/upload');
    await expect(page.getByRole('heading', { level: 1, name: 'Upload and Publish' })).toBeVisible();
    await expect(uploadForm(page).getByRole('heading', { name: 'Upload New Audio' })).toBeVisible();
    await expect(page.getByTestId('own-audio-files').getByRole('heading', { name: 'Your Audio Files' })).toBeVisible();

    // Validation of SPEC §5: the title and, for a new upload, the file; and the licence and the rights.
    await uploadForm(page).getByRole('button', { name: 'Upload Audio' }).click();
    await expect(uploadForm(page).getByText('Title must be at least 3 characters')).toBeVisible();
    await expect(uploadForm(page).getByText('Please select an audio file to upload')).toBeVisible();
    await expect(uploadForm(page).getByText('Please choose a licence')).toBeVisible();
    await expect(uploadForm(page).getByText('Please confirm that you made this or have the right to share it')).toBeVisible();
    await expect(uploadForm(page).getByRole('link', { name: 'What do these mean?' })).toHaveAttribute('href', '/terms#copyright');
    await licenceAndRights(uploadForm(page), 'CC BY-SA 4.0');

    // A text file is not an audio file.
    await page
      .getByTestId('audio-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await expectToast(page, 'Invalid file type', 'Please upload MP3 or WAV audio files only');

    // The server judges the bytes: text named .mp3 is refused with its message, shown in the form.
    await uploadForm(page).getByRole('textbox', { name: 'Title' }).fill(title);
    await page
      .getByTestId('audio-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'fake.mp3', mimeType: 'audio/mpeg', buffer: Buffer.from('this is not audio at all, just text pretending to be sound') });
    await expect(page.getByTestId('chosen-audio')).toHaveText('fake.mp3');
    const refused = page.waitForResponse((r) => r.url().includes('/api/uploads/audio') && r.request().method() === 'POST');
    await uploadForm(page).getByRole('button', { name: 'Upload Audio' }).click();
    expect((await refused).status()).toBe(415);
    await expect(page.getByTestId('upload-error')).toBeVisible();
    await expect(page.getByTestId('upload-error')).not.toHaveText('');
    await expect(page.getByTestId('no-own-files')).toBeVisible();

    // The real upload: WAV, PNG cover, description, script and tags.
    await uploadForm(page).getByRole('textbox', { name: 'Description' }).fill('A gentle song for bedtime.');
    await uploadForm(page).getByRole('textbox', { name: 'Script / Lyrics' }).fill('Sleep, little one, sleep');
    await addTagTyped(page, 'bedtime');
    await addTagTyped(page, uniqueTag);
    // Enter in the tags field adds a tag and never sends the form: not for a blank tag either
    // (that once started a second upload of fake.mp3, and its busy dropzone ignored the next file).
    let uploadsSent = 0;
    const countUploads = (request: { url(): string; method(): string }) => {
      if (request.url().includes('/api/uploads/audio') && request.method() === 'POST') uploadsSent += 1;
    };
    page.on('request', countUploads);
    await addTagTyped(page, 'BEDTIME'); // a duplicate is not added
    await addTagTyped(page, '   '); // nor an empty one
    await expect(page.getByTestId('selected-tags').locator('.mantine-Badge-root')).toHaveCount(2);
    await page.getByTestId('audio-dropzone').locator('input[type=file]').setInputFiles({ name: 'lullaby.wav', mimeType: 'audio/wav', buffer: wav() });
    await expect(page.getByTestId('chosen-audio')).toHaveText('lullaby.wav');
    page.off('request', countUploads);
    expect(uploadsSent, 'uploads sent by Enter in the tags field').toBe(0);
    await page.getByTestId('cover-dropzone').locator('input[type=file]').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    await expect(page.getByTestId('chosen-cover')).toHaveText('cover.png');
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/uploads/audio') && r.request().method() === 'POST');
    await uploadForm(page).getByRole('button', { name: 'Upload Audio' }).click();
    const uploadAnswer = await uploaded;
    expect(uploadAnswer.status(), `${uploadAnswer.request().postDataBuffer()?.length ?? 0} bytes sent: ${await uploadAnswer.text()}`).toBe(201);
    await expectToast(page, 'Audio file uploaded successfully');
    await expect(page.getByTestId('upload-progress')).toHaveCount(0); // the form is new again
    await expect(uploadForm(page).getByRole('textbox', { name: 'Title' })).toHaveValue('');
    const row = ownRow(page, title);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('status-badge')).toHaveText('Draft');

    // Another user publishes a file of their own (through the REST routes), so that Discover has
    // something else to show and its filters have something to leave out.
    const listener = (await signedInPage(browser, baseURL, 'Listener', 'audio', 'Listener')).page;
    const otherTitle = `E2E Other ${s}`;
    await publishAudio(listener.request, baseURL, { title: otherTitle, tags: ['other'], fileName: 'other.wav', seconds: 2 });

    // A draft is seen by its owner only: another user's Discover does not show it.
    await listener.goto('/audio/discover');
    await expect(audioCard(listener, otherTitle)).toBeVisible();
    await expect(audioCard(listener, title)).toHaveCount(0);
    await listener.goto(`/audio/discover?search=${encodeURIComponent(title)}`);
    await expect(listener.getByRole('heading', { name: 'No Audio Files Found' })).toBeVisible();
    await expect(listener.getByText(`No results match your search for "${title}"`)).toBeVisible();
    await listener.goto(`/audio/discover?tags=${encodeURIComponent(uniqueTag)}`);
    await expect(listener.getByText('No audio files match your selected filters')).toBeVisible();

    // Publish, after confirming.
    await row.getByRole('button', { name: `Publish ${title}` }).click();
    await expect(page.getByRole('dialog', { name: 'Publish audio file?' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Publish audio file?' }).getByRole('button', { name: 'Publish' }).click();
    await expectToast(page, 'Audio file published');
    await expect(row.getByTestId('status-badge')).toHaveText('Published');
    await expect(row.getByRole('button', { name: `Publish ${title}` })).toHaveCount(0);

    // Discover by tag, through the Filter panel.
    await listener.goto('/audio/discover');
    await expect(listener.getByRole('heading', { level: 1, name: 'Discover Audio' })).toBeVisible();
    await expect(listener.getByText('Explore and download audio content for your Creative Tonies')).toBeVisible();
    await listener.getByRole('button', { name: 'Filter', exact: true }).click();
    const drawer = listener.getByRole('dialog', { name: /Filters/ });
    await expect(drawer.getByText('Narrow down audio files by selecting tags')).toBeVisible();
    await drawer.getByRole('checkbox', { name: uniqueTag }).check();
    await expect(drawer.getByRole('button', { name: 'Clear (1)' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Apply Filters' }).click();
    await expect(listener).toHaveURL(new RegExp(`tags=${uniqueTag}`));
    await expect(listener.getByTestId('active-filters')).toContainText(uniqueTag);
    await expect(listener.getByTestId('filter-badge')).toContainText('1');
    await expect(listener.getByTestId('audio-card')).toHaveCount(1);
    await expect(audioCard(listener, title)).toBeVisible();
    await listener.getByTestId('active-filters').getByRole('button', { name: 'Clear All' }).click();
    await expect(listener.getByTestId('active-filters')).toHaveCount(0);

    // Discover by search.
    await listener.getByRole('searchbox', { name: 'Search audio' }).fill(title);
    await expect(listener).toHaveURL(/search=/);
    await expect(listener.getByTestId('audio-card')).toHaveCount(1);
    const card = audioCard(listener, title);
    await expect(card).toContainText('bedtime');
    await expect(card.getByTestId('duration')).toHaveText('0 mins 1 sec');
    await expect(card.locator('img')).toHaveAttribute('src', /\/files\//);
    await expect(card.getByTestId('licence-badge')).toHaveText('CC BY-SA 4.0');

    // Details, preview, like.
    await card.getByRole('button', { name: `Details: ${title}` }).click();
    const details = listener.getByRole('dialog', { name: title });
    await expect(details.getByTestId('audio-preview')).toHaveAttribute('src', /\/files\//);
    await expect(details.getByTestId('detail-duration')).toHaveText('0 mins 1 sec');
    await expect(details.getByTestId('detail-author')).toHaveText('Owner Listener');
    await expect(details.getByTestId('detail-size')).toHaveText('0.0 MB');
    await expect(details.getByTestId('audio-script')).toHaveText('Sleep, little one, sleep');
    await expect(details.getByTestId('detail-licence')).toHaveText('CC BY-SA 4.0');
    await expect(details.getByTestId('detail-licence')).toHaveAttribute('href', 'https://creativecommons.org/licenses/by-sa/4.0/');
    await expect(details.getByTestId('detail-like-count')).toHaveText('0 likes');
    await details.getByRole('button', { name: 'Like', exact: true }).click();
    await expectToast(listener, 'Liked');
    await expect(details.getByRole('button', { name: 'Liked', exact: true })).toBeVisible();
    await expect(details.getByTestId('detail-like-count')).toHaveText('1 like');
    await expect(card.getByTestId('like-count')).toHaveText('1'); // the list was refreshed

    // Download: the server answers a fileUrl, which opens in a new tab.
    const downloadAnswer = listener.waitForResponse((r) => r.url().includes('audio.download'));
    const popup = listener.context().waitForEvent('page');
    const fileRequest = listener.context().waitForEvent('request', (r) => r.url().includes('/files/') && r.url().includes('download=1'));
    await details.getByRole('button', { name: 'Download' }).click();
    const answer = await downloadAnswer;
    expect(answer.status()).toBe(200);
    const body = JSON.stringify(await answer.json());
    expect(body).toMatch(/\/files\/[^"]+download=1/);
    const tab = await popup;
    const opened = new URL((await fileRequest).url());
    expect(body).toContain(opened.pathname);
    await expectToast(listener, 'Download Started', 'Your audio file is downloading now.');
    await expect(card.getByTestId('download-count')).toHaveText('1');
    const file = await listener.request.get(opened.pathname + opened.search);
    expect(file.status()).toBe(200);
    expect(file.headers()['content-disposition']).toMatch(/^attachment/);
    // The licence goes into the downloaded file's name.
    expect(decodeURIComponent(file.headers()['content-disposition'] ?? '')).toContain('CC BY-SA 4.0');
    expect((await file.body()).subarray(0, 4).toString('ascii')).toBe('RIFF');
    await tab.close().catch(() => undefined);
    await listener.keyboard.press('Escape');

    // Liked Audio lists it.
    await listener.goto('/audio/liked');
    await expect(listener.getByRole('heading', { level: 1, name: 'Liked Audio Files' })).toBeVisible();
    await expect(audioCard(listener, title)).toBeVisible();
    await listener.getByRole('searchbox', { name: 'Search in liked audio' }).fill('no such liked audio zzz');
    await expect(listener.getByRole('heading', { name: 'No Results Found' })).toBeVisible();
    await listener.getByRole('button', { name: 'Clear Search' }).click();
    await expect(audioCard(listener, title)).toBeVisible();
    const popular = listener.waitForResponse((r) => r.url().includes('audio.liked') && decodeURIComponent(r.url()).includes('"sortBy":"popular"'));
    await listener.getByText('Most Popular', { exact: true }).click();
    expect((await popular).status()).toBe(200);
    await expect(listener.getByRole('radio', { name: 'Most Popular' })).toBeChecked();
    await expect(audioCard(listener, title)).toBeVisible();

    // Discover by licence: another licence leaves it out, its own finds it (the choice is in the address).
    await listener.goto(`/audio/discover?search=${encodeURIComponent(title)}&licence=cc0-1.0`);
    await expect(listener.getByText('No audio files match your selected filters').or(listener.getByText(`No results match your search for "${title}"`))).toBeVisible();
    await listener.getByTestId('licence-filter').click();
    await listener.getByRole('option', { name: 'CC BY-SA 4.0', exact: true }).click();
    await expect(listener).toHaveURL(/licence=cc-by-sa-4\.0/);
    await expect(audioCard(listener, title)).toBeVisible();
    await expect(listener.getByTestId('active-licence')).toContainText('CC BY-SA 4.0');

    // Edit: the row loads into the form; the file is kept.
    const newTitle = `${title} (edited)`;
    await row.getByRole('button', { name: `Edit ${title}` }).click();
    await expect(uploadForm(page).getByRole('heading', { name: 'Edit Audio' })).toBeVisible();
    await expect(uploadForm(page).getByRole('textbox', { name: 'Title' })).toHaveValue(title);
    await expect(page.getByTestId('selected-tags')).toContainText(uniqueTag);
    await uploadForm(page).getByRole('textbox', { name: 'Title' }).fill(newTitle);
    await uploadForm(page).getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Audio file updated');
    await expect(uploadForm(page).getByRole('heading', { name: 'Upload New Audio' })).toBeVisible();
    const editedRow = ownRow(page, newTitle);
    await expect(editedRow).toBeVisible();

    await listener.goto(`/audio/discover?search=${encodeURIComponent(newTitle)}`);
    await expect(audioCard(listener, newTitle)).toBeVisible();

    // Delete, after confirming.
    await editedRow.getByRole('button', { name: `Delete ${newTitle}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete audio file?' });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expectToast(page, 'Audio file deleted');
    await expect(ownRow(page, newTitle)).toHaveCount(0);
    await expect(page.getByTestId('no-own-files')).toBeVisible();

    await listener.reload();
    await expect(listener.getByRole('heading', { name: 'No Audio Files Found' })).toBeVisible();
    await listener.context().close();
  });

  test('tag limit on the upload form: 8 tags, then Add Tag is disabled', async ({ page, baseURL }) => {
    await registerVerified(page, baseURL, 'Tagger', 'audio', 'Listener');
    await page.goto('/audio/upload');
    for (let i = 1; i <= 8; i++) await addTagTyped(page, `tag${i}`);
    await expect(page.getByTestId('selected-tags').locator('.mantine-Badge-root')).toHaveCount(8);
    await expect(uploadForm(page).getByText('Maximum 8 tags allowed')).toBeVisible();
    await expect(uploadForm(page).getByRole('combobox', { name: 'Tags' })).toHaveAttribute('placeholder', 'Max tags (8) reached');
    await expect(uploadForm(page).getByRole('button', { name: 'Add Tag' })).toBeDisabled();
  });

  test('audio longer than a Creative Tonie holds (90 minutes) is shared but flagged', async ({ page, baseURL }) => {
    await registerVerified(page, baseURL, 'Marathon', 'audio', 'Listener');
    const title = `E2E Long ${stamp()}`;
    await page.goto('/audio/upload');
    await uploadForm(page).getByRole('textbox', { name: 'Title' }).fill(title);
    await uploadForm(page).getByText('Published', { exact: true }).click();
    await expect(uploadForm(page).getByRole('radio', { name: 'Published' })).toBeChecked();
    await page
      .getByTestId('audio-dropzone')
      .locator('input[type=file]')
      .setInputFiles({ name: 'long.wav', mimeType: 'audio/wav', buffer: makeLongWav(91 * 60) });
    await licenceAndRights(uploadForm(page));
    await uploadForm(page).getByRole('button', { name: 'Upload Audio' }).click();
    await expectToast(page, 'Audio file uploaded successfully');
    await expect(ownRow(page, title).getByTestId('status-badge')).toHaveText('Published');

    await page.goto(`/audio/discover?search=${encodeURIComponent(title)}`);
    const card = audioCard(page, title);
    await expect(card.getByTestId('duration')).toHaveText('91 mins 0 sec');
    await expect(card.getByTestId('over-limit-badge')).toBeVisible();
    await card.getByRole('button', { name: `Details: ${title}` }).click();
    await expect(page.getByRole('dialog', { name: title }).getByText('Longer than the 90 minutes a Creative Tonie can hold')).toBeVisible();
  });

  test('paging: Discover shows 12 a page with « » and page buttons; the older page 9 with Previous / Page n / Next', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    await registerVerified(page, baseURL, 'Pager', 'audio', 'Listener');
    const s = stamp();
    const tag = `pg-${s}`;
    for (let i = 1; i <= 13; i++) {
      await publishAudio(page.request, baseURL, { title: `Pager ${s} ${String(i).padStart(2, '0')}`, tags: [tag], fileName: `p${i}.wav`, seconds: 0.2 });
    }

    await page.goto(`/audio/discover?tags=${tag}&sortBy=az`);
    const pager = page.getByTestId('audio-pagination');
    await expect(page.getByTestId('audio-card')).toHaveCount(12);
    await expect(page.getByTestId('audio-card').first()).toContainText(`Pager ${s} 01`);
    await expect(pager.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(2);
    await pager.getByRole('button', { name: 'Next page' }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect(page.getByTestId('audio-card')).toHaveCount(1);
    await expect(page.getByTestId('audio-card')).toContainText(`Pager ${s} 13`);
    await expect(pager.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await expect(pager.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await page.goto('/audio-sharing');
    const searched = page.waitForResponse((r) => r.url().includes('audio.list') && decodeURIComponent(r.url()).includes(`Pager ${s}`));
    await page.getByRole('searchbox', { name: 'Search audio' }).fill(`Pager ${s}`);
    await searched;
    await expect(page.getByTestId('audio-card').filter({ hasText: `Pager ${s}` })).toHaveCount(9);
    await expect(page.getByTestId('audio-card')).toHaveCount(9);
    await expect(page.getByTestId('older-page')).toHaveText('Page 1');
    await expect(page.getByRole('button', { name: 'Previous', exact: true })).toBeDisabled();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect(page.getByTestId('older-page')).toHaveText('Page 2');
    await expect(page.getByTestId('audio-card')).toHaveCount(4);
    await expect(page.getByRole('button', { name: 'Next', exact: true })).toBeDisabled();
  });

  test('a session that ended meanwhile: the upload is refused with 401 and the reason is shown', async ({ page, baseURL }) => {
    await registerVerified(page, baseURL, 'Sleepy', 'audio', 'Listener');
    await page.goto('/audio/upload');
    await uploadForm(page).getByRole('textbox', { name: 'Title' }).fill('Signed out before sending');
    await page.getByTestId('audio-dropzone').locator('input[type=file]').setInputFiles({ name: 'late.wav', mimeType: 'audio/wav', buffer: wav() });
    await licenceAndRights(uploadForm(page));
    const out = await page.request.post('/api/auth/logout', { headers: { origin: baseURL ?? '' } });
    expect(out.ok()).toBe(true);
    const refused = page.waitForResponse((r) => r.url().includes('/api/uploads/audio'));
    await uploadForm(page).getByRole('button', { name: 'Upload Audio' }).click();
    expect((await refused).status()).toBe(401);
    const body = (await (await refused).json()) as { message: string };
    await expect(page.getByTestId('upload-error')).toContainText(body.message);
    await expectToast(page, 'Error', body.message);
  });

  test('anonymous visitors: login prompts for preview, like, download, the quick dialog and My Uploads', async ({ page, browser, baseURL }) => {
    // Someone publishes a file (through the REST routes).
    const sharer = (await signedInPage(browser, baseURL, 'Sharer', 'audio', 'Listener')).page;
    const title = `E2E Public ${stamp()}`;
    await publishAudio(sharer.request, baseURL, { title, fileName: 'public.wav' });
    await sharer.context().close();

    await page.goto(`/audio/discover?search=${encodeURIComponent(title)}`);
    await audioCard(page, title)
      .getByRole('button', { name: `Details: ${title}` })
      .click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details.getByTestId('preview-login-required')).toContainText('Please log in to listen to audio previews');
    await expect(details.getByTestId('audio-preview')).toHaveCount(0);
    await expect(details.getByTestId('detail-author')).toHaveText('Sharer Listener');
    await details.getByRole('button', { name: 'Like', exact: true }).click();
    await expectToast(page, 'Login Required', 'Please log in to like audio files');
    await details.getByRole('button', { name: 'Download' }).click();
    await expectToast(page, 'Login Required', 'Please log in to download audio files');
    await expect(details.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', /^\/auth\?next=/);
    await page.keyboard.press('Escape');

    await page.goto('/audio-sharing');
    await expect(page.getByRole('tab', { name: 'My Uploads' })).toBeDisabled();
    await page.getByRole('button', { name: 'Upload Audio' }).first().click();
    const prompt = page.getByRole('dialog', { name: 'Login Required' });
    await expect(prompt).toBeVisible();
    await expect(prompt.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await prompt.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL(/\/auth/);
  });

  test('quick upload dialog uploads the real file and creates the record', async ({ page, baseURL }) => {
    await registerVerified(page, baseURL, 'Quick', 'audio', 'Listener');
    const title = `E2E Quick ${stamp()}`;
    await page.goto('/audio-sharing');
    await expect(page.getByRole('tab', { name: 'My Uploads' })).toBeEnabled();
    await page.getByRole('button', { name: 'Upload Audio' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Upload Audio' });
    await expect(dialog.getByText('MP3, WAV, or M4A (Max 20MB)').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    await expect(dialog.getByText('Title must be at least 3 characters')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
    await dialog.getByRole('textbox', { name: 'Description' }).fill('Made in the quick dialog');
    await dialog.getByRole('combobox', { name: 'Tags' }).fill('quick, e2e, , Quick');
    await dialog.getByRole('textbox', { name: 'Script', exact: true }).fill('La la la');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'quick.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 2 }) });
    await licenceAndRights(dialog, 'CC0 1.0');
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/uploads/audio?variant=quick'));
    await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
    expect((await uploaded).status()).toBe(201);
    await expectToast(page, 'Audio file created');
    await expect(dialog).toBeHidden();

    await page.getByRole('tab', { name: 'My Uploads' }).click();
    const card = audioCard(page, title);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('duration')).toHaveText('0 mins 2 sec'); // the real duration, not 180 s
    await expect(card).toContainText('quick');
    await expect(card).toContainText('e2e');
    await card.getByRole('button', { name: 'Details' }).click();
    await expect(page.getByRole('dialog', { name: title }).getByTestId('audio-script')).toHaveText('La la la');
  });
});
