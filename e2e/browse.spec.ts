// Browsing the way parents think (issue 12): the interface language preselects the language
// filter once, the language, age and series filters work from the page and live in the address,
// a series' page lists its episodes in episode order, and the catalogue speaks German in a German
// browser. Expected lists and counts come from the API at run time (the demo catalogue).
import { test, expect } from '@playwright/test';
import type { APIRequestContext, Page } from '@playwright/test';

interface TonieSummary {
  id: number;
  name: string;
  series: string | null;
  language: string | null;
  category: string;
}
interface TonieList {
  tonies: TonieSummary[];
  totalCount: number;
}
type LanguageCounts = { language: string; count: number }[];

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path} -> ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

const cards = (page: Page) => page.getByTestId('tonie-grid').getByRole('article');
const summaryLine = (page: Page) => page.getByTestId('results-summary');
const searchParams = (page: Page) => new URL(page.url()).searchParams;

test('English: the English Tonies are preselected once; the filter can be changed and cleared for good', async ({ page }) => {
  const languages = await getJson<LanguageCounts>(page.request, '/api/tonies/languages');
  const english = languages.filter((l) => l.language.startsWith('en-')).map((l) => l.language);
  expect(english.length).toBeGreaterThan(0);
  expect(languages.some((l) => !l.language.startsWith('en-'))).toBe(true);
  const inEnglish = await getJson<TonieList>(page.request, `/api/tonies?languages=${english.join(',')}`);
  const all = await getJson<TonieList>(page.request, '/api/tonies');
  expect(inEnglish.totalCount).toBeLessThan(all.totalCount);

  await page.goto('/catalog');
  await expect.poll(() => searchParams(page).get('languages')).toBe(english.join(','));
  await expect(summaryLine(page)).toContainText(`of ${inEnglish.totalCount} Tonies`);
  const active = page.getByTestId('active-filters');
  await expect(active.getByText('English (UK)')).toBeVisible();
  for (const badge of await cards(page).getByTestId('language-badge').allTextContents()) expect(badge).toMatch(/^English \((UK|US)\)$/);

  // Add French through the filter: its name and count are offered.
  const french = languages.find((l) => l.language === 'fr-FR')!;
  await page.getByRole('combobox', { name: 'Language' }).click();
  await page.getByRole('option', { name: `French (${french.count})` }).click();
  await expect.poll(() => searchParams(page).get('languages')).toBe([...english, 'fr-FR'].join(','));
  await page.keyboard.press('Escape');

  // Cleared, it stays cleared: a new visit shows every language.
  await active.getByRole('button', { name: 'Clear all' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(summaryLine(page)).toContainText(`of ${all.totalCount} Tonies`);
  await page.goto('/catalog');
  await expect(summaryLine(page)).toContainText(`of ${all.totalCount} Tonies`);
  expect(searchParams(page).has('languages')).toBe(false);
});

test("'Suits a child of N' filters by the minimum age and lives in the address", async ({ page }) => {
  await page.addInitScript("window.localStorage.setItem('tonieshelf.catalogueLanguagePreset', 'e2e')");
  const three = await getJson<TonieList>(page.request, '/api/tonies?age=3&pageSize=12');
  const all = await getJson<TonieList>(page.request, '/api/tonies');
  expect(three.totalCount).toBeGreaterThan(0);
  expect(three.totalCount).toBeLessThan(all.totalCount);

  await page.goto('/catalog');
  // Open the filter once the first page has come: a click before that can land mid-render.
  await expect(summaryLine(page)).toContainText(`of ${all.totalCount} Tonies`);
  await page.getByRole('combobox', { name: 'Suits a child of' }).click();
  await page.getByRole('option', { name: '3 years', exact: true }).click();
  await expect.poll(() => searchParams(page).get('age')).toBe('3');
  await expect(summaryLine(page)).toContainText(`of ${three.totalCount} Tonie`);
  await expect(cards(page).getByRole('heading')).toHaveText(three.tonies.map((t) => t.name));

  await page.reload();
  await expect(page.getByRole('combobox', { name: 'Suits a child of' })).toHaveValue('3 years');
  await page.getByTestId('active-filters').getByRole('button', { name: 'Remove filter Suits a child of 3' }).click();
  await expect(summaryLine(page)).toContainText(`of ${all.totalCount} Tonies`);
});

test("a card links to its series: the series' page shows its episodes in episode order and its rating", async ({ page }) => {
  await page.addInitScript("window.localStorage.setItem('tonieshelf.catalogueLanguagePreset', 'e2e')");
  const everything = await getJson<TonieList>(page.request, '/api/tonies?pageSize=100');
  const counts = new Map<string, number>();
  for (const t of everything.tonies) if (t.series) counts.set(t.series, (counts.get(t.series) ?? 0) + 1);
  const series = [...counts.entries()].find(([, n]) => n >= 2)![0];
  const episodes = await getJson<TonieList>(page.request, `/api/tonies?series=${encodeURIComponent(series)}`);
  const summary = await getJson<{ episodeCount: number }>(page.request, `/api/series/${encodeURIComponent(series)}`);
  expect(summary.episodeCount).toBe(episodes.totalCount);
  const first = episodes.tonies[0]!;

  await page.goto(`/catalog?search=${encodeURIComponent(first.name)}`);
  await cards(page)
    .filter({ hasText: first.name })
    .first()
    .getByRole('link', { name: `All episodes of ${series}` })
    .click();
  await expect.poll(() => searchParams(page).get('series')).toBe(series);
  expect(searchParams(page).has('search')).toBe(false);
  const header = page.getByTestId('series-header');
  await expect(header.getByRole('heading', { name: series })).toBeVisible();
  await expect(header.getByTestId('series-episodes')).toHaveText(`${episodes.totalCount} episodes`);
  await expect(header.getByTestId('series-rating')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Sort By' })).toHaveValue('Episode Order');
  await expect(cards(page).getByRole('heading')).toHaveText(episodes.tonies.map((t) => t.name));

  await header.getByRole('button', { name: 'All Tonies' }).click();
  await expect(page).toHaveURL(/\/catalog$/);
  await expect(page.getByTestId('series-header')).toHaveCount(0);
});

test.describe('in German', () => {
  test.use({ locale: 'de-DE' });

  test('the catalogue speaks German and preselects the German Tonies', async ({ page }) => {
    const german = await getJson<TonieList>(page.request, '/api/tonies?languages=de-DE');
    expect(german.totalCount).toBeGreaterThan(0);

    await page.goto('/catalog');
    await expect.poll(() => searchParams(page).get('languages')).toBe('de-DE');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tonie-Katalog');
    await expect(page.getByRole('combobox', { name: 'Sortieren nach' })).toHaveValue('Neueste zuerst');
    await expect(page.getByRole('combobox', { name: 'Für ein Kind im Alter von' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Nach Tags filtern/ })).toBeVisible();
    await expect(page.getByRole('group', { name: 'Kategorien' }).getByRole('button', { name: /Alle Tonies/ })).toBeVisible();
    await expect(page.getByTestId('active-filters').getByText('Deutsch')).toBeVisible();
    await expect(summaryLine(page)).toContainText(`von ${german.totalCount} Tonies`);
    for (const badge of await cards(page).getByTestId('language-badge').allTextContents()) expect(badge).toBe('Deutsch');
    const categories = await cards(page).getByTestId('category-badge').allTextContents();
    for (const name of categories) expect(['Hörspiel', 'Hörbuch', 'Musik', 'Lieder', 'Wissen', 'Kreativ-Tonie', 'Sonstiges']).toContain(name);

    // The details dialog too.
    await cards(page).first().getByRole('link', { name: 'Details ansehen' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('details-language')).toHaveText('Deutsch');
    await expect(dialog.getByRole('button', { name: 'Details schließen' })).toBeVisible();
  });
});
