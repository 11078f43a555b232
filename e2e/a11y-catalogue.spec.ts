// Accessibility of the catalogue, the Tonie dialog with its reviews, the shelves and a profile
// (issue 15): the card grids have an h2 above their h3 cards, the result count is a polite status
// region, and two journeys done with keys only: search the catalogue and open a Tonie; rate (arrow
// keys in one radio group of 1-5 stars) and review, focus ending on the new review. axe checks the
// states the sweep (a11y-sweep.spec.ts) does not reach: a search with and without results, a
// review being written and sent, a filled shelf, a profile's reviews and its public shelf.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectFocusOn, expectNoSeriousA11yViolations, expectSchemeAndWidth, tabTo } from './a11y';
import { registerVerified } from './helpers';

interface TonieSummary {
  id: number;
  name: string;
}

/**
 * Checks the page as it is now in light and dark, 1280 and 390 px wide (the second scheme at each
 * width with the colour rules only), then goes back to light 1280.
 */
async function checkSchemesAndWidths(page: Page, state: string): Promise<void> {
  for (const [scheme, width, height, coloursOnly] of [
    ['light', 1280, 800, false],
    ['dark', 1280, 800, true],
    ['dark', 390, 844, false],
    ['light', 390, 844, true],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.emulateMedia({ colorScheme: scheme });
    await expectSchemeAndWidth(page, scheme, width);
    await expectNoSeriousA11yViolations(page, `${state} ${scheme} ${width}`, { coloursOnly });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The headings in document order, as 'h2 Results'. */
async function headingLevels(scope: Locator): Promise<number[]> {
  return scope.locator('h1, h2, h3, h4').evaluateAll((nodes) => nodes.map((n) => Number(n.tagName.slice(1))));
}

/** No heading is more than one level below the one before it (axe's heading-order, over the page). */
function expectNoSkippedLevels(levels: number[]): void {
  expect(levels.length).toBeGreaterThan(1);
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i]!, `heading ${i} after h${levels[i - 1]}: ${levels.join(',')}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
}

// axe runs four times per state (two schemes, two widths): more than the default minute.
test.describe.configure({ timeout: 180_000 });

function tonieDialog(page: Page): Locator {
  return page.getByRole('dialog').filter({ has: page.getByTestId('tonie-details') });
}

async function aTonie(page: Page): Promise<TonieSummary> {
  const list = (await (await page.request.get('/api/tonies?pageSize=1&sort=az')).json()) as { tonies: TonieSummary[] };
  expect(list.tonies.length).toBe(1);
  return list.tonies[0]!;
}

test('/ sends on to /catalog; the grid has an h2 above its h3 cards and the count is a status region', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/catalog/);
  await expect(page.getByTestId('tonie-grid')).toBeVisible();

  await page.goto('/catalog');
  await expect(page.getByTestId('tonie-grid')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Results' })).toBeAttached();
  expectNoSkippedLevels(await headingLevels(page.locator('main')));
  const status = page.getByRole('status').filter({ hasText: /^Showing \d+–\d+ of [\d,]+ Tonies$/ });
  await expect(status).toHaveCount(1);
  await expect(status).toHaveAttribute('data-testid', 'results-summary');

  // A search that finds nothing: the same region says so (for screen readers only; the empty
  // state's visible title is not repeated).
  await page.goto('/catalog?search=zzqxnothing');
  await expect(page.getByTestId('catalogue-empty')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'No results' })).toHaveAttribute('data-testid', 'results-summary');
  await expectNoSeriousA11yViolations(page, '/catalog empty search');
});

test('the Tonie dialog: named by its title, which is its one heading; signed in, its shelf toggles and stars are named', async ({ page, baseURL }) => {
  const tonie = await aTonie(page);
  await page.goto(`/catalog?tonieId=${tonie.id}`);
  const dialog = tonieDialog(page);
  await expect(dialog.getByTestId('details-title')).toHaveText(tonie.name);
  await expect(page.getByRole('dialog', { name: tonie.name, exact: true })).toBeVisible();
  // The title is one h2 (no heading inside a heading).
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveCount(1);
  await expect(dialog.getByRole('heading', { level: 2 })).toHaveText(tonie.name);
  expect(await dialog.locator('h2 h1, h2 h2, h2 h3').count()).toBe(0);
  await expect(dialog.getByRole('link', { name: 'Sign in' })).toBeVisible();

  await registerVerified(page, baseURL, 'Ada', 'a11y-dialog');
  await page.reload();
  await expect(dialog.getByTestId('rating-form')).toBeVisible();
  // The shelf toggles name the Tonie and say whether they are on.
  for (const shelf of ['Own', 'Wishlist', 'Favourites']) {
    await expect(dialog.getByRole('button', { name: `${shelf}: ${tonie.name}`, exact: true })).toHaveAttribute('aria-pressed', 'false');
  }
  const group = dialog.getByRole('radiogroup', { name: 'Your rating' });
  await expect(group.getByRole('radio')).toHaveCount(5);
});

test('keyboard only: search the catalogue, the count is announced, Enter opens a Tonie, Escape closes it and focus returns to its card', async ({ page }) => {
  const tonie = await aTonie(page);
  await page.goto('/catalog');
  await expect(page.getByTestId('tonie-grid')).toBeVisible();

  const search = page.getByRole('searchbox', { name: 'Search the catalogue' });
  await tabTo(page, search);
  await page.keyboard.type(tonie.name);
  const status = page.getByTestId('results-summary');
  await expect(status).toHaveAttribute('role', 'status');
  await expect(status).toHaveText(/^Showing 1–\d+ of \d+ Tonies?$/);
  await expect(page).toHaveURL(/search=/);
  await expectNoSeriousA11yViolations(page, '/catalog after a search');

  const card = page.locator(`article[data-tonie-id="${tonie.id}"]`);
  const details = card.getByRole('link', { name: 'View Details' });
  await expect(details).toHaveAccessibleDescription(tonie.name);
  await tabTo(page, details);
  await page.keyboard.press('Enter');

  const dialog = page.getByRole('dialog', { name: tonie.name, exact: true });
  await expect(dialog).toBeVisible();
  await expectFocusOn(dialog);

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expectFocusOn(details);
});

test('keyboard only: rate with arrow keys in one radio group, write a review, submit; focus lands on the new review', async ({ page, baseURL }) => {
  // A Tonie of its own (from the end of A-Z), so no other test has reviewed it with this account.
  const list = (await (await page.request.get('/api/tonies?pageSize=20&sort=az')).json()) as { tonies: TonieSummary[] };
  const tonie = list.tonies[list.tonies.length - 1]!;
  await registerVerified(page, baseURL, 'Kim', 'a11y-review', 'Keys');
  await page.goto(`/catalog?search=${encodeURIComponent(tonie.name)}`);
  const details = page.locator(`article[data-tonie-id="${tonie.id}"]`).getByRole('link', { name: 'View Details' });
  await expect(details).toBeVisible();
  await tabTo(page, details);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: tonie.name, exact: true });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('rating-form')).toBeVisible();

  const group = dialog.getByRole('radiogroup', { name: 'Your rating' });
  const radios = group.getByRole('radio');
  await expect(radios).toHaveCount(5);
  for (let n = 1; n <= 5; n++) await expect(group.getByRole('radio', { name: `${n} ${n === 1 ? 'star' : 'stars'}`, exact: true })).not.toBeChecked();
  await expect(dialog.getByRole('button', { name: 'Submit Review' })).toBeDisabled();

  // One tab stop: Tab reaches the first star; arrows choose.
  await tabTo(page, group);
  await expectFocusOn(group.getByRole('radio', { name: '1 star', exact: true }));
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowRight');
  const four = group.getByRole('radio', { name: '4 stars', exact: true });
  await expect(four).toBeChecked();
  await expectFocusOn(four);
  await expect(group.getByRole('radio', { checked: true })).toHaveCount(1);
  await expect(dialog.getByTestId('rating-value')).toHaveText('4 of 5');

  // Tab leaves the group at once (not star by star) for the review.
  await page.keyboard.press('Tab');
  const text = dialog.getByRole('textbox', { name: 'Your review (optional)' });
  await expectFocusOn(text);
  await page.keyboard.type('Calm stories, read by keyboard.');
  await expectNoSeriousA11yViolations(page, 'Tonie dialog with a review being written');

  const submit = dialog.getByRole('button', { name: 'Submit Review' });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');

  const mine = dialog.getByTestId('review').filter({ hasText: 'Calm stories, read by keyboard.' });
  await expect(mine).toBeVisible();
  await expectFocusOn(mine);
  await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
  await expect(dialog.getByTestId('rating-form-reviewed')).toBeVisible();
  // The thank-you toast is checked with the dialog: its close button is named, its text readable.
  const toast = page.locator('.mantine-Notification-root').first();
  await expect(toast).toBeVisible();
  await expect(toast.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
  await expectFocusOn(mine);
  await expectNoSeriousA11yViolations(page, 'Tonie dialog after a review was submitted, with its toast');
});

test('/shelves, a shared shelf, /u/mia and a profile shelf: each grid has an h2 above its cards; no serious violations', async ({ page, baseURL, browser }) => {
  const tonie = await aTonie(page);
  const account = await registerVerified(page, baseURL, 'Sam', 'a11y-shelves', 'Shelver');
  await page.goto(`/catalog?search=${encodeURIComponent(tonie.name)}`);
  const toggle = page.locator(`article[data-tonie-id="${tonie.id}"]`).getByRole('button', { name: `Wishlist: ${tonie.name}`, exact: true });
  await expect(toggle).toBeEnabled();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');

  await page.goto('/shelves?shelf=wishlist');
  await expect(page.getByTestId('tonie-grid')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Wishlist' })).toBeAttached();
  await expect(page.getByTestId('results-summary')).toHaveAttribute('role', 'status');
  await expect(page.getByTestId('results-summary')).toHaveText('Showing 1-1 of 1 Tonies');
  expectNoSkippedLevels(await headingLevels(page.locator('main')));
  await checkSchemesAndWidths(page, '/shelves wishlist');

  const share = page.getByRole('switch', { name: /Share by link/ });
  await share.click();
  await expect(share).toBeChecked();
  const link = await page.getByRole('textbox', { name: 'Share link' }).inputValue();
  expect(link).toMatch(/\/shared\/.+/);

  const visitor = await (await browser.newContext({ baseURL })).newPage();
  await visitor.goto(link);
  await expect(visitor.getByTestId('tonie-grid')).toBeVisible();
  await expect(visitor.getByRole('heading', { level: 2, name: 'Results' })).toBeAttached();
  expectNoSkippedLevels(await headingLevels(visitor.locator('main')));

  await visitor.goto('/u/mia');
  await expect(visitor.getByTestId('profile-name')).toBeVisible();
  await expect(visitor.getByRole('tabpanel').getByRole('heading', { level: 2, name: 'Reviews' })).toBeAttached();
  await checkSchemesAndWidths(visitor, '/u/mia reviews');

  // A profile's public shelf: its tab panel has the shelf's h2 above the h3 cards.
  const settings = await page.request.post('/trpc/profile.updateSettings', { data: { publicShelves: ['wishlist'] }, headers: { origin: baseURL ?? '' } });
  expect(settings.status(), await settings.text()).toBe(200);
  await visitor.goto(`/u/${account.username}?tab=wishlist`);
  const panel = visitor.getByRole('tabpanel');
  await expect(panel.getByRole('heading', { level: 2, name: 'Wishlist' })).toBeAttached();
  await expect(panel.getByRole('heading', { level: 3, name: tonie.name })).toBeVisible();
  expectNoSkippedLevels(await headingLevels(visitor.locator('main')));
  await checkSchemesAndWidths(visitor, 'profile shelf tab');
});
