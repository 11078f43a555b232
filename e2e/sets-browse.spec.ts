// Browsing Creative-Tonie sets (issue 13) in the browser against the real server: a set made
// through the REST routes (two uploaded WAVs, created with its first chapter, a second added,
// published) is found under /sets by search, opened, played (the player runs, the waveform seeks
// it), liked, downloaded as a ZIP (order, numbered names, playlist, credits, read with yauzl), its
// podcast feed read with a feed parser (enclosures fetched without a session), and shown with its
// 'Set' badge above Discover's results. Then screenshots of /sets and the set page. A chapter that
// moderators hid is counted nowhere for visitors and is marked for the owner (page and editor).
import fs from 'node:fs/promises';
import { parseFeed } from '@rowanmanning/feed-parser';
import { test, expect, request as playwrightRequest } from '@playwright/test';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import yauzl from 'yauzl';
import { grantRole, publishAudio, registerVerified, signedInPage, stamp } from './helpers';

const SHOTS = '/tmp/shots-d2';

interface ZipEntry {
  name: string;
  data: Buffer;
}

/** Every entry of a ZIP, in archive order, read with yauzl. */
function readZip(buffer: Buffer): Promise<ZipEntry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(buffer, { lazyEntries: true, strictFileNames: true, validateEntrySizes: true }, (err, zip) => {
      if (err || !zip) return reject(err ?? new Error('not a ZIP'));
      const entries: ZipEntry[] = [];
      zip.on('error', reject);
      zip.on('end', () => resolve(entries));
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e || !stream) return reject(e ?? new Error('no stream'));
          const parts: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => parts.push(chunk));
          stream.on('error', reject);
          stream.on('end', () => {
            entries.push({ name: entry.fileName, data: Buffer.concat(parts) });
            zip.readEntry();
          });
        });
      });
      zip.readEntry();
    });
  });
}

/** The media element's parts the test reads (the browser tests typecheck without DOM types). */
interface Media {
  paused: boolean;
  currentTime: number;
  currentSrc: string;
  src: string;
  pause(): void;
}

interface MadeSet {
  id: number;
  title: string;
  chapters: string[];
  tag: string;
}

/** Two published WAVs and a published set of them, through the REST routes as the page's user. */
async function makeSet(requestContext: APIRequestContext, baseURL: string | undefined, s: string): Promise<MadeSet> {
  const origin = { origin: baseURL ?? '' };
  const tag = `e2eset-${s}`;
  const chapters = [`Moon Walk ${s}`, `Star Song ${s}`];
  const first = await publishAudio(requestContext, baseURL, { title: chapters[0]!, tags: [tag], fileName: 'moon.wav', seconds: 6 });
  const second = await publishAudio(requestContext, baseURL, { title: chapters[1]!, tags: [tag], fileName: 'star.wav', seconds: 4 });
  const title = `Evening Set ${s}`;
  const created = await requestContext.post('/api/sets', {
    data: { title, description: 'Two calm pieces for the evening', tags: [tag], audioFileIds: [first.id] },
    headers: origin,
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const added = await requestContext.post(`/api/sets/${id}/chapters`, { data: { audioFileIds: [second.id] }, headers: origin });
  expect(added.status(), await added.text()).toBe(200);
  const published = await requestContext.patch(`/api/sets/${id}`, { data: { status: 'published' }, headers: origin });
  expect(published.status(), await published.text()).toBe(200);
  expect(((await published.json()) as { status: string }).status).toBe('published');
  return { id, title, chapters, tag };
}

async function audioState(page: Page) {
  return page.getByTestId('set-audio').evaluate((el) => {
    const audio = el as unknown as Media;
    return { paused: audio.paused, currentTime: audio.currentTime, src: audio.currentSrc || audio.src };
  });
}

/** Screenshots of /sets and the set page at 1280 and 390 px, light and dark, in English and German. */
async function screenshots(browser: Browser, baseURL: string | undefined, page: Page, set: MadeSet): Promise<void> {
  await fs.mkdir(SHOTS, { recursive: true });
  const storageState = await page.context().storageState();
  for (const language of ['en', 'de'] as const) {
    for (const scheme of ['light', 'dark'] as const) {
      const context = await browser.newContext({ baseURL, storageState, locale: language === 'de' ? 'de-DE' : 'en-GB', colorScheme: scheme });
      await context.addInitScript(`window.localStorage.setItem('darkMode', '${scheme === 'dark'}')`);
      const shot = await context.newPage();
      for (const width of [1280, 390]) {
        await shot.setViewportSize({ width, height: width > 800 ? 900 : 844 });
        await shot.goto(`/sets?search=${encodeURIComponent(set.title)}`);
        await expect(shot.getByTestId('set-card').first()).toBeVisible();
        await expect(shot.locator('html')).toHaveAttribute('lang', language);
        await shot.screenshot({ path: `${SHOTS}/sets-${width}-${scheme}-${language}.png`, fullPage: true });
        await shot.goto(`/sets/${set.id}`);
        await expect(shot.getByTestId('set-chapter')).toHaveCount(2);
        await shot.getByTestId('set-chapter').first().getByRole('button').click();
        await expect(shot.getByTestId('waveform')).toBeVisible();
        await shot.getByTestId('set-audio').evaluate((el) => (el as unknown as Media).pause());
        await shot.evaluate('window.scrollTo(0, 0)');
        await shot.screenshot({ path: `${SHOTS}/set-${width}-${scheme}-${language}.png`, fullPage: true });
      }
      await context.close();
    }
  }
}

test.describe('browsing sets', () => {
  test('find a set under /sets, play it, seek by the waveform, like it, download the ZIP, read its feed, see it in Discover', async ({ page, browser, baseURL }) => {
    test.setTimeout(240_000);
    const s = stamp();
    const owner = await registerVerified(page, baseURL, 'Sela', 'setowner', 'Singer');
    const set = await makeSet(page.request, baseURL, s);

    // /sets: found by search, with its badge, chapters and length.
    await page.goto('/sets');
    await expect(page.getByRole('heading', { level: 1, name: 'Creative-Tonie Sets' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search sets' }).fill(set.title);
    await page.getByRole('searchbox', { name: 'Search sets' }).press('Enter');
    await expect(page).toHaveURL(new RegExp(`/sets\\?search=${encodeURIComponent(set.title).replace(/%20/g, '(\\+|%20)')}$`));
    const card = page.getByTestId('set-card').filter({ hasText: set.title });
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('set-badge')).toHaveText('Set');
    await expect(card.getByTestId('set-chapter-count')).toHaveText('2 chapters');
    await expect(card.getByTestId('set-duration')).toHaveText('0:10');
    await expect(card.getByTestId('set-owner')).toHaveText(`by ${owner.firstName} ${owner.lastName}`);
    await card.getByRole('link', { name: `Open set: ${set.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/sets/${set.id}$`));

    // The set page: chapters in order with durations and loudness.
    await expect(page.getByTestId('set-title')).toHaveText(set.title);
    const rows = page.getByTestId('set-chapter');
    await expect(rows.getByTestId('chapter-title')).toHaveText(set.chapters);
    await expect(rows.getByTestId('chapter-duration')).toHaveText(['0:06', '0:04']);
    await expect(rows.first().getByTestId('chapter-loudness')).toContainText('LUFS');
    await expect(page.getByTestId('set-budget-chapters')).toHaveText('2 of 99 chapters');
    await expect(page.getByTestId('set-status')).toHaveText('Published');

    // Play the first chapter: the player runs.
    await page.getByRole('button', { name: `Play ${set.chapters[0]}` }).click();
    await expect(page.getByTestId('set-now-playing')).toHaveText(`Now playing: ${set.chapters[0]}`);
    await expect.poll(async () => (await audioState(page)).currentTime, { timeout: 15_000 }).toBeGreaterThan(0.2);
    expect((await audioState(page)).paused).toBe(false);
    await expect(page.getByRole('button', { name: `Pause ${set.chapters[0]}` })).toBeVisible();

    // The waveform is its seek bar: a click at three quarters moves the player there.
    const bar = page.getByRole('slider', { name: `Waveform of ${set.chapters[0]}: choose where to play` });
    await expect(bar).toBeVisible();
    await expect(bar.locator('rect')).toHaveCount(400);
    await page.getByTestId('set-audio').evaluate((el) => (el as unknown as Media).pause());
    const box = (await bar.boundingBox())!;
    await bar.click({ position: { x: box.width * 0.75, y: box.height / 2 } });
    await expect.poll(async () => (await audioState(page)).currentTime).toBeGreaterThan(4.2);
    expect((await audioState(page)).currentTime).toBeLessThan(4.8);
    await expect(bar).toHaveAttribute('aria-valuenow', /^(4|5)$/);

    // Play on: when the first chapter ends, the second one plays.
    await page.getByRole('button', { name: `Play ${set.chapters[0]}` }).click();
    await expect(page.getByTestId('set-now-playing')).toHaveText(`Now playing: ${set.chapters[1]}`, { timeout: 15_000 });
    await page.getByTestId('set-audio').evaluate((el) => (el as unknown as Media).pause());

    // Like: shown at once and kept by the server.
    await expect(page.getByTestId('set-like')).toHaveText('Like · 0');
    await page.getByTestId('set-like').click();
    await expect(page.getByTestId('set-like')).toHaveText('Liked · 1');
    await page.reload();
    await expect(page.getByTestId('set-like')).toHaveText('Liked · 1');
    await expect(page.getByTestId('set-like')).toHaveAttribute('aria-pressed', 'true');

    // Download: the ZIP has the chapters numbered in order, the playlist and the credits.
    const downloadPromise = page.waitForEvent('download');
    await page.getByTestId('set-download').click();
    const download = await downloadPromise;
    expect(download.suggestedFilename()).toMatch(/\.zip$/);
    const zip = await readZip(await fs.readFile((await download.path())!));
    const names = zip.map((e) => e.name);
    const audioNames = [`01 - ${set.chapters[0]}.wav`, `02 - ${set.chapters[1]}.wav`];
    expect(names.slice(0, 2)).toEqual(audioNames);
    expect(zip[0]!.data.subarray(0, 4).toString('latin1')).toBe('RIFF');
    const playlist = zip.find((e) => /\.m3u8?$/.test(e.name));
    expect(playlist, names.join(', ')).toBeTruthy();
    const playlistLines = playlist!.data
      .toString('utf8')
      .split(/\r?\n/)
      .filter((l) => l && !l.startsWith('#'));
    expect(playlistLines).toEqual(audioNames);
    const credits = zip.find((e) => e.name === 'CREDITS.txt');
    expect(credits, names.join(', ')).toBeTruthy();
    const creditsText = credits!.data.toString('utf8');
    for (const chapter of set.chapters) expect(creditsText).toContain(chapter);
    expect(creditsText).toContain(`${owner.firstName} ${owner.lastName}`);
    expect(creditsText).toContain('CC BY 4.0');

    // The podcast feed at its full address, read by a feed parser without a session.
    const feedUrl = await page.getByRole('textbox', { name: 'Feed address' }).inputValue();
    expect(feedUrl).toBe(`${baseURL}/feeds/sets/${set.id}.rss`);
    const anonymous = await playwrightRequest.newContext();
    try {
      const response = await anonymous.get(feedUrl);
      expect(response.status()).toBe(200);
      const feed = parseFeed(await response.text());
      expect(feed.title).toContain(set.title);
      expect(feed.items.map((item) => item.title)).toEqual(set.chapters);
      const enclosure = feed.items[0]!.media[0];
      expect(enclosure?.url).toMatch(new RegExp(`^${baseURL}/feeds/audio/\\d+/[^/]+\\.wav$`));
      const audio = await anonymous.get(enclosure!.url!);
      expect(audio.status()).toBe(200);
      expect((await audio.body()).subarray(0, 4).toString('latin1')).toBe('RIFF');
    } finally {
      await anonymous.dispose();
    }

    // Discover: a search shows the set above the audio results, with its 'Set' badge.
    await page.goto(`/audio/discover?search=${encodeURIComponent(s)}`);
    const section = page.getByTestId('discover-sets');
    await expect(section.getByTestId('set-card').filter({ hasText: set.title }).getByTestId('set-badge')).toHaveText('Set');
    await expect(section.getByRole('link', { name: /See all sets/ })).toHaveAttribute('href', `/sets?search=${encodeURIComponent(s)}`);
    await expect(page.getByTestId('audio-card').filter({ hasText: set.chapters[0]! })).toBeVisible();

    await screenshots(browser, baseURL, page, set);
  });

  test("a chapter moderators hid: visitors neither see nor count it; its owner sees it marked with 'Why?' on the set page and in the editor", async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const s = stamp();
    const { page: owner } = await signedInPage(browser, baseURL, 'Hedi', 'setowner3', 'Owner');
    const set = await makeSet(owner.request, baseURL, s);
    const detail = (await (await owner.request.get(`/api/sets/${set.id}`)).json()) as { chapters: { audioFileId: number }[] };
    const { page: moderator, account } = await signedInPage(browser, baseURL, 'Mira', 'mod');
    await grantRole(account.email, 'moderator');
    const hid = await moderator.request.post('/trpc/moderation.act', {
      data: {
        action: 'hide',
        targetType: 'audio',
        targetId: String(detail.chapters[1]!.audioFileId),
        reason: 'copyright',
        rule: 'copyright',
        statement: 'This chapter copies a commercial audio play without a licence.',
      },
      headers: { origin: baseURL ?? '' },
    });
    expect(hid.status(), await hid.text()).toBe(200);
    const decisionId = ((await hid.json()) as { result: { data: { id: number } } }).result.data.id;

    // A visitor: one chapter of 6 s, on the page and on the card.
    const visitorContext = await browser.newContext({ baseURL });
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/sets/${set.id}`);
    await expect(visitor.getByTestId('set-chapter').getByTestId('chapter-title')).toHaveText([set.chapters[0]!]);
    await expect(visitor.getByTestId('set-chapter-totals')).toHaveText('1 chapter · 0:06');
    await expect(visitor.getByTestId('set-budget-chapters')).toHaveText('1 of 99 chapters');
    await visitor.goto(`/sets?search=${encodeURIComponent(set.title)}`);
    await expect(visitor.getByTestId('set-card').getByTestId('set-chapter-count')).toHaveText('1 chapter');
    await expect(visitor.getByTestId('set-card').getByTestId('set-duration')).toHaveText('0:06');
    await visitorContext.close();

    // The owner: the chapter marked with the way to the reasons, counted apart.
    await owner.goto(`/sets/${set.id}`);
    const hidden = owner.getByTestId('set-chapter').nth(1).getByTestId('hidden-by-moderators');
    await expect(hidden).toContainText('Hidden by moderators');
    await expect(hidden.getByRole('link', { name: 'Why?' })).toHaveAttribute('href', `/decisions/${decisionId}`);
    await expect(owner.getByTestId('set-chapter-totals')).toHaveText('1 chapter · 0:06 · 1 hidden by moderators');
    await owner.getByTestId('set-edit').click();
    await expect(owner.getByTestId('chapter-row').nth(1).getByTestId('hidden-by-moderators')).toContainText('Hidden by moderators');
    await expect(owner.getByTestId('budget-hidden')).toContainText('This counts 1 chapter hidden by moderators');
  });

  test('signed out: the set page asks to log in to play and to download, and a missing set says so', async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const s = stamp();
    const ownerContext = await browser.newContext({ baseURL });
    const ownerPage = await ownerContext.newPage();
    await registerVerified(ownerPage, baseURL, 'Olli', 'setowner2', 'Owner');
    const set = await makeSet(ownerPage.request, baseURL, s);
    await ownerContext.close();

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto(`/sets/${set.id}`);
    await expect(page.getByTestId('set-title')).toHaveText(set.title);
    await expect(page.getByTestId('set-chapter').getByTestId('chapter-title')).toHaveText(set.chapters);
    await expect(page.getByRole('button', { name: `Play ${set.chapters[0]}` })).toHaveCount(0);
    await expect(page.getByTestId('set-login-to-play')).toContainText('Please log in to play the chapters');
    await expect(page.getByTestId('set-download-login')).toHaveAttribute('href', `/auth?next=%2Fsets%2F${set.id}`);
    // The ZIP itself refuses without a session.
    expect((await page.request.get(`/api/sets/${set.id}/download`)).status()).toBe(401);

    await page.goto('/sets/999999999');
    await expect(page.getByTestId('set-not-found')).toContainText('This set does not exist (any more).');
    await context.close();
  });
});
