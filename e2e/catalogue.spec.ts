// The catalogue (issue "Catalogue", SPEC §2 'Catalogue (/catalog)'): search, tag filter, category
// buttons, sort, paging, the detail dialog driven by ?tonieId=, reviews and the rating form's
// variants. Runs against the built client served by the real server with the seeded demo
// catalogue (see playwright.config.ts). Ids, names, tags and counts come from the API at run
// time, never hard-coded; every test that writes registers its own fresh account.
import { test, expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

const PASSWORD = 'Shelf-e2e-Catalogue-Passphrase-7';
const PAGE_SIZE = 12;

interface TonieSummary {
  id: number;
  name: string;
  image: string | null;
  category: string;
  tags: string[];
  averageRating: number;
  totalRatings: number;
}

interface TonieList {
  tonies: TonieSummary[];
  totalCount: number;
}

interface RatingSummary {
  distribution: { stars: number; count: number; percentage: number }[];
}

interface Rating {
  id: number;
  userId: string;
  review: string | null;
  tags: string[];
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path} -> ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

function listPath(query: Record<string, string | number>): string {
  const params = new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]));
  return `/api/tonies?${params.toString()}`;
}

/** A unique account, registered through the API; the page's context gets its session cookie. */
async function registerUser(page: Page, baseURL: string | undefined, firstName = 'Robin'): Promise<{ firstName: string; lastName: string }> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const account = { firstName, lastName: 'Reviewer', email: `e2e-cat-${stamp}@example.com`, password: PASSWORD, confirmPassword: PASSWORD };
  const response = await page.request.post('/api/auth/register', { data: account, headers: { origin: baseURL ?? '' } });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

function cards(page: Page): Locator {
  return page.getByRole('article');
}

function cardNames(page: Page): Locator {
  return cards(page).getByRole('heading', { level: 3 });
}

function card(page: Page, name: string): Locator {
  return cards(page).filter({ has: page.getByRole('heading', { level: 3, name, exact: true }) });
}

function summaryLine(page: Page): Locator {
  return page.getByTestId('results-summary');
}

function dialog(page: Page): Locator {
  return page.getByRole('dialog');
}

/** The one visible toast (SPEC §2: at most one at a time). */
function toastBox(page: Page): Locator {
  return page.locator('.mantine-Notification-root');
}

function searchParams(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

function historyLength(page: Page): Promise<number> {
  return page.evaluate<number>('window.history.length');
}

/** Picks n stars in the rating form by clicking the star itself (its radio input is hidden). */
async function pickStars(form: Locator, n: number): Promise<void> {
  const id = await form.getByRole('radio', { name: `${n} ${n === 1 ? 'star' : 'stars'}` }).getAttribute('id');
  await form.locator(`label[for="${id}"]`).click();
  await expect(form.getByText(`${n} of 5`, { exact: true })).toBeVisible();
}

/** Ticks a tag in the open 'Filter by Tags' dropdown; the address (and so the box) follows. */
async function tickTag(page: Page, tag: string): Promise<void> {
  // The tags come in groups that may start folded: the tag search opens the group that has it.
  await page.getByPlaceholder('Search tags...').fill(tag);
  const box = page.getByRole('checkbox', { name: tag, exact: true }).first();
  await box.click();
  await expect(box).toBeChecked();
}

async function chooseSort(page: Page, label: string): Promise<void> {
  await page.getByRole('combobox', { name: 'Sort By' }).click();
  await page.getByRole('option', { name: label, exact: true }).click();
}

// These tests read the whole catalogue: the interface language's one-time preselection of the
// language filter (e2e/browse.spec.ts tests it) counts as done already.
test.beforeEach(async ({ page }) => {
  await page.addInitScript("window.localStorage.setItem('tonieshelf.catalogueLanguagePreset', 'e2e')");
});

test.describe('catalogue list', () => {
  test('12 cards a page in newest order; page 2 -> ?page=2 and the next 12; pagination skips with an ellipsis', async ({ page }) => {
    const first = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE, sort: 'newest' }));
    const second = await getJson<TonieList>(page.request, listPath({ page: 2, pageSize: PAGE_SIZE, sort: 'newest' }));
    const totalPages = Math.ceil(first.totalCount / PAGE_SIZE);
    expect(totalPages).toBeGreaterThanOrEqual(5);

    await page.goto('/catalog');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await expect(cardNames(page)).toHaveText(first.tonies.map((t) => t.name));
    await expect(summaryLine(page)).toHaveText(`Showing 1–12 of ${first.totalCount} Tonies`);

    const nav = page.getByRole('navigation', { name: 'Catalogue pages' });
    await expect(nav.getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toBeVisible();
    // First, current ±1 and last: page 3 is hidden behind an ellipsis from page 1.
    await expect(nav.getByRole('link', { name: 'Page 3', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: `Page ${totalPages}`, exact: true })).toBeVisible();
    await expect(nav).toContainText('…');
    await expect(nav.getByRole('button', { name: 'Previous page' })).toBeDisabled();

    await nav.getByRole('link', { name: 'Page 2', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog\?page=2$/);
    await expect(cardNames(page)).toHaveText(second.tonies.map((t) => t.name));
    await expect(summaryLine(page)).toHaveText(`Showing 13–24 of ${first.totalCount} Tonies`);
    await expect(nav.getByRole('link', { name: 'Page 2', exact: true })).toHaveAttribute('aria-current', 'page');

    // Back returns to page 1: every page is its own address.
    await page.goBack();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(cardNames(page).first()).toHaveText(first.tonies[0]!.name);
  });

  test('a card shows category, name, stars, the average to one decimal, (n ratings), 3 tags plus +n and View Details', async ({ page }) => {
    const first = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE }));
    const rated = first.tonies.find((t) => t.totalRatings > 1) ?? first.tonies[0]!;
    await page.goto('/catalog');
    const c = card(page, rated.name);
    await expect(c.getByTestId('category-badge')).toHaveText(rated.category);
    await expect(c.getByTestId('average-rating')).toHaveText(rated.averageRating.toFixed(1));
    await expect(c.getByTestId('rating-count')).toHaveText(`(${rated.totalRatings} ratings)`);
    await expect(c.getByRole('img', { name: `Rated ${rated.averageRating.toFixed(1)} out of 5 stars` })).toBeVisible();
    if (rated.tags.length > 3) await expect(c.getByText(`+${rated.tags.length - 3}`, { exact: true })).toBeVisible();
    await expect(c.getByRole('link', { name: 'View Details' })).toHaveAttribute('href', `/catalog?tonieId=${rated.id}`);
  });

  test('search: the address gets ?search= once typing pauses (one history entry) and only matches are listed', async ({ page }) => {
    const all = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: 100, sort: 'az' }));
    // A word of a name that matches some, not all, Tonies.
    const word = all.tonies.flatMap((t) => t.name.split(/[^\p{L}]+/u)).find((w) => w.length >= 5 && w.length <= 10)!;
    const expected = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE, search: word }));
    expect(expected.totalCount).toBeGreaterThan(0);
    expect(expected.totalCount).toBeLessThan(all.totalCount);

    await page.goto('/catalog');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    const before = await historyLength(page);
    const box = page.getByRole('searchbox', { name: 'Search the catalogue' });
    await box.pressSequentially(word, { delay: 40 });
    await expect(page).toHaveURL(new RegExp(`[?&]search=${encodeURIComponent(word)}$`));
    await expect(cardNames(page)).toHaveText(expected.tonies.map((t) => t.name));
    await expect(summaryLine(page)).toContainText(`of ${expected.totalCount} Tonie`);
    // Debounced: the letters typed 40 ms apart made a single new address, not one per letter.
    expect(await historyLength(page)).toBe(before + 1);

    // Clearing the box lists everything again.
    await page.getByRole('button', { name: 'Clear the catalogue search' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(summaryLine(page)).toContainText(`of ${all.totalCount} Tonies`);
  });

  test('search from the address, with a page: the box shows it; typing a new search drops the page', async ({ page }) => {
    await page.goto('/catalog?search=a&page=2');
    const box = page.getByRole('searchbox', { name: 'Search the catalogue' });
    await expect(box).toHaveValue('a');
    await box.fill('an');
    await expect(page).toHaveURL(/\/catalog\?search=an$/);
  });

  test('tag filter: two tags list only Tonies having ALL of them; chips remove them; Clear all', async ({ page }) => {
    const all = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: 100 }));
    const frequency = new Map<string, number>();
    for (const t of all.tonies) for (const tag of t.tags) frequency.set(tag, (frequency.get(tag) ?? 0) + 1);
    const [tagA] = [...frequency.entries()].sort((a, b) => b[1] - a[1])[0]!;
    // A second tag some, but not all, Tonies with tagA carry.
    const withA = all.tonies.filter((t) => t.tags.includes(tagA));
    const tagB = [...new Set(withA.flatMap((t) => t.tags))].find((tag) => {
      const both = withA.filter((t) => t.tags.includes(tag)).length;
      return tag !== tagA && both > 0 && both < withA.length;
    })!;
    expect(tagB).toBeTruthy();
    const onlyA = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE, tags: tagA }));
    const both = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE, tags: `${tagA},${tagB}` }));
    expect(both.totalCount).toBeLessThan(onlyA.totalCount);

    await page.goto('/catalog?page=2');
    await page.getByRole('button', { name: /Filter by Tags/ }).click();
    const tagSearch = page.getByPlaceholder('Search tags...');
    await expect(tagSearch).toBeVisible();
    await expect(page.getByRole('button', { name: 'Clear All Filters (0)' })).toBeDisabled();

    // Case-insensitive substring search; nothing matches -> the spec's text.
    await tagSearch.fill('zzqx-no-tag');
    await expect(page.getByText('No matching tags found', { exact: true })).toBeVisible();
    await tagSearch.fill(tagA.slice(1).toUpperCase());
    await tickTag(page, tagA);
    await expect.poll(() => searchParams(page).get('tags')).toBe(tagA);
    expect(searchParams(page).has('page')).toBe(false);
    await expect(summaryLine(page)).toContainText(`of ${onlyA.totalCount} Tonie`);

    await tagSearch.fill(tagB.toLowerCase());
    await tickTag(page, tagB);
    await expect.poll(() => searchParams(page).get('tags')).toBe(`${tagA},${tagB}`);
    // Commas stay readable in the address; the page parameter was dropped.
    expect(page.url()).toContain(`,`);
    expect(searchParams(page).has('page')).toBe(false);
    await expect(summaryLine(page)).toContainText(`of ${both.totalCount} Tonie`);
    await expect(cardNames(page)).toHaveText(both.tonies.map((t) => t.name));
    await expect(page.getByRole('button', { name: 'Clear All Filters (2)' })).toBeEnabled();
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('tag-count')).toHaveText('2');

    const active = page.getByTestId('active-filters');
    await expect(active).toContainText('Active filters:');
    await active.getByRole('button', { name: `Remove filter ${tagB}` }).click();
    await expect.poll(() => searchParams(page).get('tags')).toBe(tagA);
    await expect(summaryLine(page)).toContainText(`of ${onlyA.totalCount} Tonie`);

    await active.getByRole('button', { name: 'Clear all' }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(page.getByTestId('active-filters')).toHaveCount(0);
  });

  test('category buttons: one category lists only its Tonies and drops the page; All Tonies lists all again', async ({ page }) => {
    const categories = await getJson<{ category: string; count: number }[]>(page.request, '/api/tonies/categories');
    expect(categories.length).toBeGreaterThan(1);
    const chosen = categories[1]!;
    const total = categories.reduce((sum, c) => sum + c.count, 0);

    await page.goto('/catalog?page=2');
    const group = page.getByRole('group', { name: 'Categories' });
    await group.getByRole('button', { name: new RegExp(`^${chosen.category}`) }).click();
    await expect.poll(() => searchParams(page).get('category')).toBe(chosen.category);
    expect(searchParams(page).has('page')).toBe(false);
    await expect(summaryLine(page)).toContainText(`of ${chosen.count} Tonie`);
    await expect(group.getByRole('button', { name: new RegExp(`^${chosen.category}`) })).toHaveAttribute('aria-pressed', 'true');
    const badges = page.getByTestId('category-badge');
    await expect(badges).toHaveCount(Math.min(chosen.count, PAGE_SIZE));
    for (const text of await badges.allTextContents()) expect(text).toBe(chosen.category);

    await group.getByRole('button', { name: /^All Tonies/ }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(summaryLine(page)).toContainText(`of ${total} Tonies`);
  });

  test('sort: A to Z and Highest Rated order the whole catalogue on the server (?sort=)', async ({ page }) => {
    const az = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE, sort: 'az' }));
    const highest = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE, sort: 'highest' }));
    const newest = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE, sort: 'newest' }));
    expect(az.tonies.map((t) => t.id)).not.toEqual(newest.tonies.map((t) => t.id));

    await page.goto('/catalog');
    await expect(page.getByRole('combobox', { name: 'Sort By' })).toHaveValue('Newest First');
    await expect(cardNames(page)).toHaveText(newest.tonies.map((t) => t.name));

    await chooseSort(page, 'A to Z');
    await expect(page).toHaveURL(/\/catalog\?sort=az$/);
    await expect(cardNames(page)).toHaveText(az.tonies.map((t) => t.name));

    await chooseSort(page, 'Highest Rated');
    await expect(page).toHaveURL(/\/catalog\?sort=highest$/);
    await expect(cardNames(page)).toHaveText(highest.tonies.map((t) => t.name));

    // The four labels of the spec.
    await page.getByRole('combobox', { name: 'Sort By' }).click();
    await expect(page.getByRole('option')).toHaveText(['Newest First', 'Highest Rated', 'Lowest Rated', 'A to Z']);
  });

  test("before the dropdowns' code has arrived: the same fields; a press on Sort By and the Audio menu opens them once it has", async ({ page }) => {
    // The dropdown widgets (Mantine's selects, the quick search, the Audio menu, the tag filter)
    // come in chunks of their own after the first render; hold them back.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let asked = 0;
    await page.route(/\/assets\/(widgets|quick-search|audio-menu|tag-filter-dropdown)-[^/]+\.js$/, async (route) => {
      asked += 1;
      await held;
      await route.continue();
    });
    await page.goto('/catalog');
    await expect(cardNames(page)).toHaveCount(PAGE_SIZE);
    await expect.poll(() => asked).toBeGreaterThan(0);

    const search = page.getByRole('banner').getByRole('textbox', { name: 'Search for Tonies' });
    await search.fill('gruff');
    const sort = page.getByRole('combobox', { name: 'Sort By' });
    await expect(sort).toHaveValue('Newest First');
    await sort.click();
    await expect(page.getByRole('option')).toHaveCount(0);

    release();
    await page.getByRole('option', { name: 'A to Z', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog\?sort=az$/);
    // The header's field is the quick search now, with what was typed.
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search for Tonies' })).toHaveValue('gruff');
    await page.getByRole('banner').getByRole('button', { name: 'Audio' }).click();
    await expect(page.getByRole('menuitem', { name: 'Discover Audio' })).toBeVisible();
  });

  test('invalid ?page=abc&sort=best are ignored: page 1, newest first', async ({ page }) => {
    const newest = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE, sort: 'newest' }));
    await page.goto('/catalog?page=abc&sort=best');
    await expect(cardNames(page)).toHaveText(newest.tonies.map((t) => t.name));
    await expect(page.getByRole('combobox', { name: 'Sort By' })).toHaveValue('Newest First');
    await expect(page.getByRole('navigation', { name: 'Catalogue pages' }).getByRole('link', { name: 'Page 1', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(toastBox(page)).toHaveCount(0);

    // A page past the end (an old link) lands on the last page.
    const lastPage = Math.ceil(newest.totalCount / PAGE_SIZE);
    await page.goto('/catalog?page=999');
    await expect(page).toHaveURL(new RegExp(`\\?page=${lastPage}$`));
    await expect(cards(page)).toHaveCount(newest.totalCount - (lastPage - 1) * PAGE_SIZE);
  });

  test("the list cannot load -> the spec's toast 'Error' / 'Failed to load Tonies. Please try again later.'", async ({ page }) => {
    await page.route(/\/trpc\/[^?]*tonie\.list/, (route) => route.abort());
    await page.goto('/catalog');
    await expect(toastBox(page)).toContainText('Error');
    await expect(toastBox(page)).toContainText('Failed to load Tonies. Please try again later.');
    await expect(cards(page)).toHaveCount(0);
    // Once the server answers again, 'Try again' lists the Tonies.
    await page.unroute(/\/trpc\/[^?]*tonie\.list/);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
  });

  test("empty states: the spec's four texts; Clear All Filters resets tags, category, search, sort and page", async ({ page }) => {
    await page.goto('/catalog?search=zzqx-nothing&sort=az&page=3');
    await expect(page.getByRole('heading', { name: 'No results for "zzqx-nothing"' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear All Filters', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(cards(page)).toHaveCount(PAGE_SIZE);

    await page.goto('/catalog?tags=zzqx-no-such-tag');
    await expect(page.getByRole('heading', { name: 'No Tonies found with the selected tags' })).toBeVisible();

    await page.goto('/catalog?category=Zzqx%20Category');
    await expect(page.getByRole('heading', { name: 'No Tonies found in the "Zzqx Category" category' })).toBeVisible();
    await page.getByRole('button', { name: 'Clear All Filters', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog$/);
  });

  test('banner links to the audio pages; signed-out visitors get a sign-in link', async ({ page }) => {
    await page.goto('/catalog');
    const banner = page.getByTestId('audio-banner');
    await expect(banner.getByRole('link', { name: 'Discover Audio' })).toHaveAttribute('href', '/audio/discover');
    await expect(banner.getByRole('link', { name: 'Upload Your Audio' })).toHaveAttribute('href', '/audio/upload');
    await expect(page.getByTestId('catalogue-sign-in')).toHaveAttribute('href', /^\/auth\?next=%2Fcatalog/);
  });
});

test.describe('detail dialog', () => {
  test('deep link ?tonieId= opens the dialog with summary, facts and reviews; closing removes tonieId and the timestamp', async ({ page }) => {
    const list = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: 100 }));
    // The second rated Tonie: reviews.spec.ts rates the first one (should the two files ever run side by side).
    const rated = list.tonies.filter((t) => t.totalRatings >= 2);
    const tonie = rated[1] ?? rated[0] ?? list.tonies[0]!;
    const ratings = await getJson<Rating[]>(page.request, `/api/tonies/${tonie.id}/ratings`);
    const summary = await getJson<RatingSummary>(page.request, `/api/tonies/${tonie.id}/ratings/summary`);
    const category = tonie.category;

    await page.goto(`/catalog?category=${encodeURIComponent(category)}&tonieId=${tonie.id}&t=1712345678901`);
    await expect(dialog(page)).toBeVisible();
    await expect(page.getByTestId('details-title')).toHaveText(tonie.name);
    await expect(page.getByTestId('summary-average')).toHaveText(tonie.averageRating.toFixed(1));
    await expect(page.getByTestId('summary-count')).toHaveText(`(${tonie.totalRatings} ratings)`);
    // A bar per star value, 5 down to 1, with its share of the ratings.
    const bars = dialog(page).getByRole('progressbar');
    await expect(bars).toHaveCount(5);
    for (const [i, row] of [...summary.distribution].sort((a, b) => b.stars - a.stars).entries()) {
      await expect(bars.nth(i)).toHaveAttribute('aria-label', `${row.stars} stars: ${Math.round(row.percentage)}% (${row.count})`);
      await expect(bars.nth(i)).toHaveAttribute('aria-valuenow', String(row.percentage));
    }
    await expect(page.getByTestId('review')).toHaveCount(ratings.length);
    await expect(dialog(page).getByText('Please sign in to leave a rating and review', { exact: true })).toBeVisible();

    await dialog(page).getByRole('button', { name: 'Close details' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect.poll(() => searchParams(page).toString()).toBe(new URLSearchParams({ category }).toString());
  });

  test('a shared Tonie’s address: the page itself shows its name and picture, which the dialog then takes the place of', async ({ page }) => {
    const list = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: 100 }));
    const tonie = list.tonies.find((t) => t.image && /^[\w ,.'!-]+$/.test(t.name)) ?? list.tonies[0]!;
    const address = `/catalog?tonieId=${tonie.id}`;
    const html = await (await page.request.get(address)).text();
    expect(html).toContain(`<div class="tonie-preview-title">${tonie.name}</div>`);
    expect(html).toContain(`<img class="tonie-picture-image" src="${tonie.image}"`);

    // Before the app's code has run (here: it never comes), the page shows the Tonie.
    await page.route('**/assets/*.js', (route) => route.abort());
    await page.goto(address);
    const preview = page.locator('#tonie-preview');
    await expect(preview).toBeVisible();
    await expect(preview.locator('.tonie-preview-title')).toHaveText(tonie.name);
    await expect(preview.locator('img')).toHaveJSProperty('complete', true);
    expect(await preview.locator('img').evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);
    await page.unroute('**/assets/*.js');

    // With the app: the dialog opens over it and the preview goes.
    await page.goto(address);
    await expect(dialog(page)).toBeVisible();
    await expect(page.getByTestId('details-title')).toHaveText(tonie.name);
    await expect(preview).toHaveCount(0);
    await dialog(page).getByRole('button', { name: 'Close details' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(preview).toHaveCount(0);
  });

  test('View Details opens the dialog over the list (?tonieId=); Back closes it; the legacy ?id= becomes ?tonieId=', async ({ page }) => {
    const first = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE }));
    const tonie = first.tonies[2]!;
    await page.goto('/catalog');
    await card(page, tonie.name).getByRole('link', { name: 'View Details' }).click();
    await expect(page).toHaveURL(new RegExp(`\\?tonieId=${tonie.id}$`));
    await expect(page.getByTestId('details-title')).toHaveText(tonie.name);
    // The list stays underneath.
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await page.goBack();
    await expect(page).toHaveURL(/\/catalog$/);
    await expect(dialog(page)).toHaveCount(0);

    await page.goto(`/catalog?id=${tonie.id}`);
    await expect(page).toHaveURL(new RegExp(`\\?tonieId=${tonie.id}$`));
    await expect(page.getByTestId('details-title')).toHaveText(tonie.name);
  });

  test("a Tonie without reviews says so; the anonymous visitor's sign-in link comes back to the dialog", async ({ page }) => {
    const all = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: 100 }));
    const unrated = all.tonies.find((t) => t.totalRatings === 0);
    expect(unrated, 'the demo catalogue has an unrated Tonie').toBeTruthy();
    await page.goto(`/catalog?tonieId=${unrated!.id}`);
    await expect(dialog(page).getByText('No reviews yet. Be the first to review this Tonie!', { exact: true })).toBeVisible();
    // Only the no-ratings state: no '0.0', empty stars or '0%' bars.
    await expect(page.getByTestId('rating-summary')).toHaveText('No ratings yet');
    await expect(dialog(page).getByRole('progressbar')).toHaveCount(0);
    const signIn = page.getByTestId('rating-form-anonymous').getByRole('link', { name: 'Sign in' });
    await expect(signIn).toHaveAttribute('href', `/auth?next=${encodeURIComponent(`/catalog?tonieId=${unrated!.id}`)}`);
  });

  test("the ratings cannot load -> 'Error' / 'Failed to load Tonie details. Please try again later.'", async ({ page }) => {
    await page.goto('/catalog');
    await expect(cards(page)).toHaveCount(PAGE_SIZE);
    await page.route(/\/trpc\/[^?]*review\.list/, (route) => route.abort());
    await cards(page).first().getByRole('link', { name: 'View Details' }).click();
    await expect(toastBox(page)).toContainText('Failed to load Tonie details. Please try again later.');
    await expect(toastBox(page)).toContainText('Error');
  });

  test('an unknown tonieId -> the error toast of the spec', async ({ page }) => {
    await page.goto('/catalog?tonieId=987654');
    await expect(toastBox(page)).toContainText('Error');
    await expect(toastBox(page)).toContainText('Failed to load Tonie details. Please try again later.');
    await expect(dialog(page)).toContainText('This Tonie could not be found.');
  });
});

test.describe('reviews', () => {
  test('signed in: stars, text and a tag -> toast, the review is listed, the count goes up, then the already-reviewed state', async ({ page, baseURL }) => {
    const account = await registerUser(page, baseURL);
    const first = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE }));
    const tonie = first.tonies[1]!;
    const before = tonie.totalRatings;
    const text = `Lovely for quiet afternoons ${Date.now()}`;
    const tag = `e2e calm ${Date.now().toString(36)}`;

    await page.goto(`/catalog?tonieId=${tonie.id}`);
    const form = page.getByTestId('rating-form');
    await expect(form).toBeVisible();
    const submit = form.getByRole('button', { name: 'Submit Review' });
    await expect(submit).toBeDisabled();

    await pickStars(form, 4);
    await expect(submit).toBeEnabled();
    await form.getByLabel('Your review (optional)').fill(text);
    await expect(form.getByTestId('review-counter')).toHaveText(`${text.length} / 5,000`);
    const tagsInput = form.getByLabel('Tags (optional)');
    await tagsInput.fill(tag);
    await tagsInput.press('Enter');
    await submit.click();

    await expect(toastBox(page)).toContainText('Review Submitted');
    await expect(toastBox(page)).toContainText('Thank you for your review!');
    const mine = page.getByTestId('review').filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine).toContainText(`${account.firstName} ${account.lastName}`);
    await expect(mine).toContainText(tag);
    await expect(mine.getByRole('img', { name: '4 out of 5 stars' })).toBeVisible();
    await expect(page.getByTestId('summary-count')).toHaveText(`(${before + 1} ${before + 1 === 1 ? 'rating' : 'ratings'})`);

    // Reviewed once: the form gives way to the notice; View Your Review brings the review into view.
    await expect(page.getByTestId('rating-form')).toHaveCount(0);
    const notice = page.getByTestId('rating-form-reviewed');
    await expect(notice).toContainText('You have already reviewed this Tonie');
    await notice.getByRole('button', { name: 'View Your Review' }).click();
    await expect(mine).toBeInViewport();
    await expect(mine).toBeFocused();

    // Closing refreshes the list: the card counts the new rating. The review's new tag describes
    // the review only: it is not a catalogue filter until several users use it or a moderator approves it.
    await dialog(page).getByRole('button', { name: 'Close details' }).click();
    await expect(card(page, tonie.name).getByTestId('rating-count')).toHaveText(`(${before + 1} ${before + 1 === 1 ? 'rating' : 'ratings'})`);
    await page.getByRole('button', { name: /Filter by Tags/ }).click();
    await page.getByPlaceholder('Search tags...').fill(tag);
    await expect(page.getByText('No matching tags found')).toBeVisible();
    await expect(page.getByRole('checkbox', { name: tag })).toHaveCount(0);

    // A fresh visit knows it too (review.mine / the ratings).
    await page.goto(`/catalog?tonieId=${tonie.id}`);
    await expect(page.getByTestId('rating-form-reviewed')).toBeVisible();
  });

  test('a review sent meanwhile elsewhere -> 409 -> Already Reviewed toast and the notice', async ({ page, baseURL }) => {
    await registerUser(page, baseURL, 'Sam');
    const first = await getJson<TonieList>(page.request, listPath({ page: 1, pageSize: PAGE_SIZE, sort: 'az' }));
    const tonie = first.tonies[0]!;

    await page.goto(`/catalog?tonieId=${tonie.id}`);
    const form = page.getByTestId('rating-form');
    await expect(form).toBeVisible();
    await pickStars(form, 5);

    // The same account reviews the Tonie in another tab (here: through the API).
    const other = await page.request.post(`/api/tonies/${tonie.id}/ratings`, { data: { rating: 3 }, headers: { origin: baseURL ?? '' } });
    expect(other.status()).toBe(201);

    await form.getByRole('button', { name: 'Submit Review' }).click();
    await expect(toastBox(page)).toContainText('Already Reviewed');
    await expect(toastBox(page)).toContainText('You have already submitted a review for this Tonie.');
    await expect(page.getByTestId('rating-form-reviewed')).toBeVisible();
  });
});
