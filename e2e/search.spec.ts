// Forgiving search (issue 12) in Chromium against the seeded demo catalogue: German folding
// ('klangkaefer' finds Klangkäfer), hyphens as spaces, '&' = 'und', a typo; the header's quick
// search at 390 px with each row's language and series; 'Did you mean' when nothing is found;
// the same in German. Expected Tonies come from the API's answer to the correctly spelt search.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

interface TonieList {
  tonies: { id: number; name: string; series: string | null; language: string | null }[];
  totalCount: number;
}

async function apiSearch(request: APIRequestContext, search: string): Promise<TonieList> {
  const response = await request.get(`/api/tonies?search=${encodeURIComponent(search)}&pageSize=50`);
  expect(response.ok(), `search ${search} -> ${response.status()}`).toBe(true);
  return (await response.json()) as TonieList;
}

async function cardNames(page: Page): Promise<string[]> {
  const grid = page.getByTestId('tonie-grid');
  await expect(grid).toBeVisible();
  return grid.getByRole('heading', { level: 3 }).allTextContents();
}

test.describe('catalogue search that forgives', () => {
  // The plain catalogue preselects the interface language's Tonies once (language-preset.ts);
  // these searches span every language, so the preselection counts as done.
  test.beforeEach(async ({ page }) => {
    await page.addInitScript("window.localStorage.setItem('tonieshelf.catalogueLanguagePreset', 'e2e')");
  });

  const CASES: { typed: string; spelt: string; why: string }[] = [
    { typed: 'klangkaefer', spelt: 'Klangkäfer', why: 'ae for ä' },
    { typed: 'klangkafer', spelt: 'Klangkäfer', why: 'a for ä' },
    { typed: 'captain-pebble', spelt: 'Captain Pebble', why: 'hyphen for space' },
    { typed: 'Moss und Moth', spelt: 'Moss & Moth', why: "'und' for '&'" },
    { typed: 'Lulaby Lagoon', spelt: 'Lullaby Lagoon', why: 'a typo' },
  ];

  for (const { typed, spelt, why } of CASES) {
    test(`'${typed}' (${why}) finds the ${spelt} Tonies`, async ({ page, request }) => {
      const expected = (await apiSearch(request, spelt)).tonies.map((t) => t.name);
      expect(expected.length, `demo Tonies for ${spelt}`).toBeGreaterThan(0);
      expect(
        expected.every((name) => name.includes(spelt)),
        expected.join(' | '),
      ).toBe(true);

      await page.goto('/catalog');
      await page.getByRole('searchbox', { name: 'Search the catalogue' }).fill(typed);
      await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe(typed);
      await expect(page.getByTestId('tonie-grid').getByRole('heading', { name: expected[0]! })).toBeVisible();
      // The address changes before the list does: until the search's page replaces it, the
      // unfiltered list (which may hold some of these Tonies too) is still shown.
      const isSearchPage = (names: string[]) => expected.includes(names[0]!) && expected.every((name) => names.includes(name));
      await expect.poll(async () => isSearchPage(await cardNames(page)), { message: `${typed}: the search's page` }).toBe(true);
      const shown = await cardNames(page);
      for (const name of expected) expect(shown, `${typed}: ${name}`).toContain(name);
      // The best matches lead the list.
      expect(expected, shown.join(' | ')).toContain(shown[0]);
    });
  }

  test("nothing found -> 'Did you mean:' links that replace the search", async ({ page, request }) => {
    const expected = (await apiSearch(request, 'Captain Pebble')).tonies.map((t) => t.name);
    await page.goto('/catalog?search=Captain%20Pebbel');
    const empty = page.getByTestId('catalogue-empty');
    await expect(empty.getByText('No results for "Captain Pebbel"')).toBeVisible();
    const suggestions = empty.getByRole('group', { name: 'Close matches' });
    await expect(suggestions.getByText('Did you mean:')).toBeVisible();
    await suggestions.getByRole('link', { name: 'Captain Pebble', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('search')).toBe('Captain Pebble');
    await expect(page.getByRole('searchbox', { name: 'Search the catalogue' })).toHaveValue('Captain Pebble');
    const shown = await cardNames(page);
    for (const name of expected) expect(shown).toContain(name);
  });

  test("nothing close -> no 'Did you mean:'", async ({ page }) => {
    await page.goto('/catalog?search=qqxxzzyy');
    await expect(page.getByTestId('catalogue-empty').getByText('No results for "qqxxzzyy"')).toBeVisible();
    await expect(page.getByText('Did you mean:')).toHaveCount(0);
  });
});

test.describe('quick search at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("rows show the language code and stay inside the screen; the order is the catalogue's", async ({ page, request }) => {
    const expected = (await apiSearch(request, 'Captain Pebble')).tonies;
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('combobox', { name: 'Search for Tonies' }).fill('captain-pebble');
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible({ timeout: 5000 });
    const rows = list.getByTestId('quick-search-row');
    await expect(rows.first()).toBeVisible();
    const count = await rows.count();
    expect(count).toBe(Math.min(expected.length, 8));
    for (let i = 0; i < count; i++) {
      const row = rows.nth(i);
      const tonie = expected[i]!;
      await expect(row.getByText(tonie.name, { exact: true })).toBeVisible();
      const code = tonie.language === 'en-GB' ? 'EN-GB' : tonie.language === 'en-US' ? 'EN-US' : tonie.language!.slice(0, 2).toUpperCase();
      const badge = row.locator('[title^="Language: "]');
      await expect(badge).toHaveText(code);
      await expect(badge).toBeVisible();
      const box = await row.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      const badgeBox = await badge.boundingBox();
      expect(badgeBox!.x + badgeBox!.width).toBeLessThanOrEqual(390);
    }
  });

  test('demo names say their series and episode, so their rows need no second line', async ({ page, request }) => {
    // Demo names are 'Series – Episode' (the real catalogue's often are not: see header-search.test.tsx).
    const { tonies } = await apiSearch(request, 'Captain Pebble');
    expect(tonies.every((t) => t.series && t.name.includes(t.series))).toBe(true);
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByRole('combobox', { name: 'Search for Tonies' }).fill('Captain Pebble');
    const list = page.getByRole('listbox');
    await expect(list.getByTestId('quick-search-row').first()).toBeVisible({ timeout: 5000 });
    await expect(list.getByTestId('quick-search-detail')).toHaveCount(0);
  });
});

test.describe('search in German', () => {
  test("'Meintest du:' and the quick search read in German", async ({ browser }) => {
    const context = await browser.newContext({ locale: 'de-DE', viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    try {
      await page.goto('/catalog?search=Captain%20Pebbel');
      const suggestions = page.getByTestId('catalogue-empty').getByRole('group', { name: 'Ähnliche Treffer' });
      await expect(suggestions.getByText('Meintest du:')).toBeVisible();
      await expect(suggestions.getByRole('link', { name: 'Captain Pebble', exact: true })).toHaveAttribute('title', 'Nach „Captain Pebble“ suchen');

      const search = page.getByRole('banner').getByRole('combobox', { name: 'Tonies suchen' });
      await search.fill('Klangkaefer');
      const list = page.getByRole('listbox');
      await expect(list.getByText('Alle Tonies nach „Klangkaefer“ durchsuchen')).toBeVisible({ timeout: 5000 });
      const row = list.getByTestId('quick-search-row').first();
      await expect(row.getByText(/Klangkäfer/)).toBeVisible();
      await expect(row.locator('[title="Sprache: Deutsch"]')).toHaveText('DE');
      await search.fill('qqzzxx');
      await expect(list.getByText('Keine Treffer.')).toBeVisible({ timeout: 5000 });
    } finally {
      await context.close();
    }
  });
});
