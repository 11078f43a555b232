// Shelves (issue 14) in Chromium: Own / Wishlist / Favourites from catalogue cards and from the
// details dialog, /shelves with its totals, the CSV export, a CSV import with an unknown code,
// and the wishlist shared by link: read-only for a signed-out visitor, and not found (404) once
// the link is turned off. Names and article codes come from the running server; every test
// registers its own account.
import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { newAccount, registerByApi } from './helpers';

interface TonieList {
  tonies: { id: number; name: string; article: string }[];
  totalCount: number;
}

function cards(page: Page): Locator {
  return page.getByRole('article');
}

async function cardName(card: Locator): Promise<string> {
  return ((await card.getByRole('heading', { level: 3 }).textContent()) ?? '').trim();
}

/** A compact toggle on a card ('Own: <name>'), once the page's states have loaded. */
function toggle(card: Locator, shelf: 'Own' | 'Wishlist' | 'Favourites'): Locator {
  return card.getByRole('button', { name: new RegExp(`^${shelf}: `) });
}

test('cards and the dialog put Tonies on shelves; /shelves lists them with totals; the CSV export has the header and a row', async ({ page, baseURL }) => {
  const account = newAccount('Sam', 'shelf');
  await registerByApi(page.request, baseURL, account);
  // The whole catalogue, newest first: no one-time language preselection changing the list under the test.
  await page.addInitScript({ content: "window.localStorage.setItem('tonieshelf.catalogueLanguagePreset', 'done');" });
  await page.goto('/catalog');
  await expect(cards(page).first()).toBeVisible();
  const [first, second, third, fourth] = [0, 1, 2, 3].map((i) => cards(page).nth(i));
  const names = await Promise.all([first!, second!, third!, fourth!].map(cardName));

  await expect(toggle(first!, 'Own')).toBeEnabled();
  await toggle(first!, 'Own').click();
  await expect(toggle(first!, 'Own')).toHaveAttribute('aria-pressed', 'true');
  await toggle(second!, 'Wishlist').click();
  await expect(toggle(second!, 'Wishlist')).toHaveAttribute('aria-pressed', 'true');
  await toggle(third!, 'Favourites').click();
  await expect(toggle(third!, 'Favourites')).toHaveAttribute('aria-pressed', 'true');
  // Own on a wishlisted Tonie takes it off the wishlist.
  await toggle(second!, 'Own').click();
  await expect(toggle(second!, 'Own')).toHaveAttribute('aria-pressed', 'true');
  await expect(toggle(second!, 'Wishlist')).toHaveAttribute('aria-pressed', 'false');

  // The dialog: labelled buttons naming the Tonie.
  await fourth!.getByRole('link', { name: /View Details/ }).click();
  const dialog = page.getByRole('dialog');
  const wish = dialog.getByRole('button', { name: `Wishlist: ${names[3]}` });
  await expect(wish).toHaveAttribute('aria-pressed', 'false');
  await wish.click();
  await expect(wish).toHaveAttribute('aria-pressed', 'true');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(toggle(fourth!, 'Wishlist')).toHaveAttribute('aria-pressed', 'true');

  // The states are the server's: they survive a reload, and the catalogue filters by them.
  await page.reload();
  await expect(toggle(cards(page).first(), 'Own')).toHaveAttribute('aria-pressed', 'true');
  await page.getByRole('combobox', { name: 'My shelves' }).click();
  await page.getByRole('option', { name: 'On my wishlist' }).click();
  await expect(page).toHaveURL(/shelf=wishlist/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().getByRole('heading', { level: 3 })).toHaveText(names[3]!);

  // /shelves: the Own shelf with both owned Tonies and its totals; the tabs' counts.
  await page.goto('/shelves');
  await expect(page.getByRole('heading', { level: 1, name: 'My shelves' })).toBeVisible();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId('total-figures')).toHaveText('2');
  await expect(page.getByTestId('total-listening-time')).toHaveText(/\d+ (h|min)/);
  await expect(page.getByTestId('totals-by-category').getByRole('listitem').first()).toBeVisible();
  await expect(page.getByRole('tab', { name: /Wishlist/ })).toContainText('1');
  await expect(page.getByRole('tab', { name: /Favourites/ })).toContainText('1');
  await page.getByRole('tab', { name: /Favourites/ }).click();
  await expect(page).toHaveURL(/\/shelves\?shelf=favourites$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(cards(page).first().getByRole('heading', { level: 3 })).toHaveText(names[2]!);
  await page.getByRole('tab', { name: /Own/ }).click();
  await expect(cards(page)).toHaveCount(2);

  // Export CSV: the header and a row with an owned Tonie's name.
  const downloading = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Export CSV (Own)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^tonieshelf-own-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = (await readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('name,series,article,language,added');
  expect(lines).toHaveLength(3);
  expect(csv).toContain(names[0]!.includes(',') ? `"${names[0]}"` : names[0]!);

  // Taking the Tonie off its shelf on /shelves removes its card.
  const owned = cards(page).filter({ has: page.getByRole('heading', { level: 3, name: names[0]!, exact: true }) });
  await toggle(owned, 'Own').click();
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByTestId('total-figures')).toHaveText('1');

  // A page past the end goes to the last page instead of calling the shelf empty.
  await page.goto('/shelves?page=99');
  await expect(page).toHaveURL(/\/shelves$/);
  await expect(cards(page)).toHaveCount(1);
  await expect(page.getByTestId('shelf-empty')).toHaveCount(0);

  // On a phone 'Manage shelf' (export, import, sharing) is one folded line and the totals are compact.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const manage = page.getByRole('button', { name: /Manage shelf/ });
  await expect(manage).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('link', { name: 'Export CSV (Own)' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'By category and language' })).toBeVisible();
  await manage.click();
  await expect(page.getByRole('link', { name: 'Export CSV (Own)' })).toBeVisible();
});

test('a CSV import reports the unknown code; the wishlist shared by link opens signed out, read-only; renewed, the old link is 404; revoked, the page says not found and the API 404', async ({
  page,
  baseURL,
  browser,
}) => {
  const account = newAccount('Grace', 'share', 'Hopper');
  await registerByApi(page.request, baseURL, account);
  const list = (await (await page.request.get('/api/tonies?pageSize=2&sort=az')).json()) as TonieList;
  expect(list.tonies).toHaveLength(2);
  const [a, b] = list.tonies;

  await page.goto('/shelves?shelf=wishlist');
  await expect(page.getByText('Your wishlist is empty')).toBeVisible();
  const csv = `article,note\n${a!.article},for Ella\nNOPE-404,typo\n${b!.article},\n`;
  await page.locator('input[type="file"]').setInputFiles({ name: 'wishlist.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const result = page.getByTestId('import-result');
  await expect(result).toContainText('2 Tonies added');
  await expect(result).toContainText('1 code not found:');
  await expect(result.getByTestId('unknown-codes')).toHaveText('NOPE-404');
  await expect(cards(page)).toHaveCount(2);
  await result.getByRole('button', { name: 'Dismiss' }).click();
  await expect(result).toBeHidden();

  // Share the wishlist.
  const share = page.getByRole('switch', { name: /Share by link/ });
  await share.click();
  await expect(share).toBeChecked();
  const linkBox = page.getByRole('textbox', { name: 'Share link' });
  await expect(linkBox).toHaveValue(new RegExp(`^${baseURL}/shared/.+`));
  const link = await linkBox.inputValue();
  const token = decodeURIComponent(new URL(link).pathname.split('/').pop()!);

  const visitorContext = await browser.newContext({ baseURL });
  const visitor = await visitorContext.newPage();
  await visitor.goto(link);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText("Grace Hopper's wishlist");
  await expect(visitor.getByTestId('shared-count')).toHaveText('2 Tonies');
  await expect(cards(visitor)).toHaveCount(2);
  await expect(visitor.getByRole('button', { name: /^(Own|Wishlist|Favourites): / })).toHaveCount(0);
  await expect(visitor.getByRole('link', { name: 'Grace Hopper' })).toHaveAttribute('href', `/u/${account.username}`);

  // Renew (after the question): the old link dies at once, the new one works.
  await page.getByRole('button', { name: 'Renew link' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Renew link' }).click();
  await expect(linkBox).not.toHaveValue(link);
  const renewed = decodeURIComponent(new URL(await linkBox.inputValue()).pathname.split('/').pop()!);
  expect((await visitor.request.get(`/api/shared-shelves/${encodeURIComponent(token)}`)).status()).toBe(404);
  expect((await visitor.request.get(`/api/shared-shelves/${encodeURIComponent(renewed)}`)).status()).toBe(200);
  await visitor.goto(await linkBox.inputValue());
  await expect(cards(visitor)).toHaveCount(2);

  // Revoke: the link shows not found, and the API answers 404.
  await share.click();
  await expect(share).not.toBeChecked();
  await expect(linkBox).toBeHidden();
  await visitor.reload();
  await expect(visitor.getByRole('heading', { name: 'Shared shelf not found' })).toBeVisible();
  await expect(visitor).toHaveTitle(/Shared shelf not found/);
  const api = await visitor.request.get(`/api/shared-shelves/${encodeURIComponent(renewed)}`);
  expect(api.status()).toBe(404);
  await visitorContext.close();
});
