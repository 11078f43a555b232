import { CATALOG_URL } from './helpers';
// The client shell (issue "Foundation"): routes, header, footer, dark mode, static pages.
// Runs against the built client served by the real server (see playwright.config.ts).
import { test, expect } from '@playwright/test';
import type { Page } from '@playwright/test';

/** Every route of SPEC §2's table and its page heading (the h1). */
const ROUTE_HEADINGS: ReadonlyArray<readonly [path: string, heading: string]> = [
  ['/catalog', 'Tonie Catalog'],
  ['/auth', 'Sign In or Register'],
  ['/faq', 'Frequently Asked Questions'],
  ['/resources', 'Resources'],
  ['/disclaimer', 'Disclaimer'],
  ['/audio-sharing', 'Audio Sharing'],
  ['/audio/discover', 'Discover Audio'],
  // The protected routes /audio/liked and /audio/upload send an anonymous visitor to /auth:
  // their headings are checked signed in, in auth.spec.ts.
];

const DARK_CLASS = /(^|\s)dark(\s|$)/;

function h1(page: Page, name: string) {
  return page.getByRole('heading', { level: 1, name, exact: true });
}

// Browser-side expressions as strings: the e2e project has no DOM types.
function storedDarkMode(page: Page): Promise<string | null> {
  return page.evaluate<string | null>("window.localStorage.getItem('darkMode')");
}

function historyLength(page: Page): Promise<number> {
  return page.evaluate<number>('window.history.length');
}

test.describe('routes', () => {
  for (const [path, heading] of ROUTE_HEADINGS) {
    test(`${path} -> heading '${heading}', header, footer and a TonieShelf page title`, async ({ page }) => {
      await page.goto(path);
      await expect(h1(page, heading)).toBeVisible();
      // (The catalogue may add the language filter the interface language preselects: ?languages=….)
      await expect(page).toHaveURL(new RegExp(`${path.replace(/\//g, '\\/')}(\\?.*)?$`));
      await expect(page).toHaveTitle(/ \| TonieShelf$/);
      await expect(page.getByRole('banner').getByRole('link', { name: 'TonieShelf home' })).toBeVisible();
      await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} TonieShelf`);
    });
  }

  test('the discover page shows the subtitle of the spec', async ({ page }) => {
    // (The liked page's subtitle is checked signed in, in auth.spec.ts.)
    await page.goto('/audio/discover');
    await expect(page.getByText('Explore and download audio content for your Creative Tonies', { exact: true })).toBeVisible();
  });

  test('unknown path -> 404 texts, inside the layout', async ({ page }) => {
    await page.goto('/this/page/does-not-exist');
    await expect(h1(page, '404 Page Not Found')).toBeVisible();
    await expect(page.getByText('Did you forget to add the page to the router?', { exact: true })).toBeVisible();
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page).toHaveURL(/\/this\/page\/does-not-exist$/);
  });

  test("'/' redirects to /catalog at once, replacing itself in the history", async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(CATALOG_URL);
    await expect(h1(page, 'Tonie Catalog')).toBeVisible();

    // From a page, the logo goes to '/', which hands over to /catalog; Back returns to the page
    // (not to '/', which would bounce forward again).
    await page.goto('/faq');
    await page.getByRole('banner').getByRole('link', { name: 'TonieShelf home' }).click();
    await expect(page).toHaveURL(CATALOG_URL);
    await page.goBack();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(h1(page, 'Frequently Asked Questions')).toBeVisible();
  });

  test('pages load nothing from other sites and break no content security rule', async ({ page, baseURL }) => {
    const origin = new URL(baseURL ?? 'http://127.0.0.1').origin;
    const foreign: string[] = [];
    const problems: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== origin) foreign.push(url);
    });
    page.on('console', (message) => {
      if (/content security policy|refused to (load|execute|apply|evaluate)/i.test(message.text())) problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    // Violations a script caught (zod's eval probe) are reported as events only.
    await page.addInitScript("document.addEventListener('securitypolicyviolation', (e) => console.error('content security policy: ' + e.violatedDirective + ' ' + e.blockedURI))");

    for (const path of ['/', '/faq', '/resources', '/disclaimer', '/audio/discover', '/report', '/terms', '/imprint', '/nowhere']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    }
    // A form's first check runs its zod schema (which must not probe for eval under the policy).
    await page.goto('/report?kind=bug');
    await page.getByRole('button', { name: 'Send bug report' }).click();
    await expect(page.getByRole('textbox', { name: /What happened/ })).toHaveAttribute('aria-invalid', 'true');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(DARK_CLASS);

    expect(foreign).toEqual([]);
    expect(problems).toEqual([]);
  });
});

test.describe('a page whose code cannot be loaded (a tab of an older version after a new one is published)', () => {
  test('the tab reloads once by itself; still missing, the page area says so with a reload button while header and footer stay', async ({ page }) => {
    let loads = 0;
    page.on('load', () => loads++);
    // The FAQ page's code file is gone, as after a new version replaced it.
    await page.route(/\/assets\/faq\.page-[\w-]+\.js$/, (route) => route.fulfill({ status: 404, body: 'Not found' }));
    await page.goto('/catalog');
    await expect(h1(page, 'Tonie Catalog')).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();

    // One reload of its own (the first load, then the reload). The first document shows the
    // alert for the moment before its reload, so the alert alone does not say the reload is done.
    await expect.poll(() => loads).toBe(2);
    const failed = page.getByRole('alert').filter({ hasText: 'This page could not be loaded' });
    await expect(failed).toBeVisible();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('contentinfo')).toBeVisible();
    // Not a loop: the second failure shows the alert and stays.
    expect(loads).toBe(2);

    // The file is back: the button reloads, and the page shows.
    await page.unroute(/\/assets\/faq\.page-[\w-]+\.js$/);
    await failed.getByRole('button', { name: 'Reload the page' }).click();
    await expect(h1(page, 'Frequently Asked Questions')).toBeVisible();
  });
});

test.describe('header (wide screen)', () => {
  test('links: FAQ, Resources, the Audio menu and Sign In', async ({ page }) => {
    await page.goto('/disclaimer');
    const nav = page.getByRole('navigation', { name: 'Main' });

    await nav.getByRole('link', { name: 'FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await nav.getByRole('link', { name: 'Resources', exact: true }).click();
    await expect(page).toHaveURL(/\/resources$/);

    await nav.getByRole('button', { name: 'Audio' }).click();
    await expect(page.getByRole('menuitem', { name: 'Discover Audio' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Upload Audio' })).toBeVisible();
    // Liked Audio is protected: a signed-out visitor is sent to sign in first.
    await page.getByRole('menuitem', { name: 'Liked Audio' }).click();
    await expect(page).toHaveURL(/\/auth\?next=%2Faudio%2Fliked$/);
    await expect(h1(page, 'Sign In or Register')).toBeVisible();
    await page.goto('/disclaimer');

    await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('search submits to /catalog?search= with the query URL-encoded', async ({ page }) => {
    await page.goto('/faq');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search for Tonies' });
    await expect(search).toHaveAttribute('placeholder', 'Search for Tonies...');

    await search.fill('  Tom & Jerry ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/catalog\?search=Tom%20%26%20Jerry$/);
    expect(new URL(page.url()).searchParams.get('search')).toBe('Tom & Jerry');
    await expect(page.getByRole('searchbox', { name: 'Search the catalogue' })).toHaveValue('Tom & Jerry');

    // The submit button does the same.
    await search.fill('Frozen');
    await page.getByRole('banner').getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog\?search=Frozen$/);
  });

  test('the clear button empties the search field', async ({ page }) => {
    await page.goto('/faq');
    const banner = page.getByRole('banner');
    const search = banner.getByRole('combobox', { name: 'Search for Tonies' });
    await expect(banner.getByRole('button', { name: 'Clear search' })).toHaveCount(0);
    await search.fill('Benjamin');
    await banner.getByRole('button', { name: 'Clear search' }).click();
    await expect(search).toHaveValue('');
    await expect(search).toBeFocused();
  });

  test('submitting an empty or blank search does nothing', async ({ page }) => {
    await page.goto('/faq');
    const banner = page.getByRole('banner');
    const search = banner.getByRole('combobox', { name: 'Search for Tonies' });
    const historyBefore = await historyLength(page);

    await banner.getByRole('button', { name: 'Search', exact: true }).click();
    await search.press('Enter');
    await search.fill('   ');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(h1(page, 'Frequently Asked Questions')).toBeVisible();

    // A real search after them adds the one history entry: the page handles submits in order, so
    // had a blank one navigated, its entry would be there too by now.
    await search.fill('Frozen');
    await search.press('Enter');
    await expect(page).toHaveURL(/\/catalog\?search=Frozen$/);
    expect(await historyLength(page)).toBe(historyBefore + 1);
  });
});

test.describe('dark mode', () => {
  test.use({ colorScheme: 'light' });

  test('the toggle sets the dark class and darkMode flag, and both survive a reload', async ({ page }) => {
    await page.goto('/faq');
    const html = page.locator('html');
    const toggle = page.getByRole('button', { name: 'Toggle dark mode' });
    await expect(html).not.toHaveClass(DARK_CLASS);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');

    await toggle.click();
    await expect(html).toHaveClass(DARK_CLASS);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    expect(await storedDarkMode(page)).toBe('true');

    await page.reload();
    await expect(h1(page, 'Frequently Asked Questions')).toBeVisible();
    await expect(html).toHaveClass(DARK_CLASS);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(page.locator('body')).toHaveCSS('background-color', 'rgb(36, 36, 36)');

    await toggle.click();
    await expect(html).not.toHaveClass(DARK_CLASS);
    expect(await storedDarkMode(page)).toBe('false');
    await page.reload();
    await expect(h1(page, 'Frequently Asked Questions')).toBeVisible();
    await expect(html).not.toHaveClass(DARK_CLASS);
  });

  test('the stored choice is applied before the app runs (no light flash)', async ({ page }) => {
    await page.goto('/faq');
    await page.evaluate("window.localStorage.setItem('darkMode', 'true')");
    // Without the app's module scripts only index.html's inline script can set the scheme
    // (and only if the content security policy allows it).
    await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
    await page.reload();
    const html = page.locator('html');
    await expect(html).toHaveClass(DARK_CLASS);
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
  });
});

test.describe('FAQ', () => {
  test('five questions in an accordion that keeps only one open', async ({ page }) => {
    await page.goto('/faq');
    await expect(page).toHaveTitle('FAQ | TonieShelf');
    await expect(page.locator('.mantine-Accordion-control')).toHaveCount(5);

    const first = page.getByRole('button', { name: 'What is TonieShelf?' });
    const review = page.getByRole('button', { name: 'How do I submit a review?' });
    const tags = page.getByRole('button', { name: 'What are tags?' });

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');

    await review.click();
    await expect(review).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText("Press the 'Add Review' button", { exact: false })).toBeVisible();

    await tags.click();
    await expect(tags).toHaveAttribute('aria-expanded', 'true');
    await expect(review).toHaveAttribute('aria-expanded', 'false');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(page.getByText("Press the 'Add Review' button", { exact: false })).toBeHidden();
    await expect(page.locator('.mantine-Accordion-control[aria-expanded="true"]')).toHaveCount(1);
  });

  test('bug and feedback cards open the contact form (no COMMUNITY_URL is set)', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    for (const [name, kind] of [
      ['Report a bug', 'bug'],
      ['Share feedback', 'feedback'],
    ] as const) {
      const link = page.getByRole('link', { name, exact: true });
      await expect(link).toHaveAttribute('href', `/report?kind=${kind}`);
      await expect(link).not.toHaveAttribute('target', '_blank');
    }
  });
});

test.describe('static pages', () => {
  test('resources: intro, four resources with Visit Resource links, community and copyright notes', async ({ page }) => {
    await page.goto('/resources');
    await expect(page.getByText('up to 90 minutes', { exact: false })).toBeVisible();
    const visits = page.getByRole('link', { name: /^Visit Resource/ });
    await expect(visits).toHaveCount(4);
    for (const link of await visits.all()) {
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', /noopener/);
      await expect(link).toHaveAttribute('href', /^https:\/\//);
    }
    await expect(page.getByText('Community recommendations')).toBeVisible();
    await expect(page.getByText('A note on copyright')).toBeVisible();
  });

  test("disclaimer: the spec's sections, a way home, title 'Disclaimer | TonieShelf'", async ({ page }) => {
    await page.goto('/disclaimer');
    await expect(page).toHaveTitle('Disclaimer | TonieShelf');
    for (const section of ['Content Disclaimer', 'User-Generated Content', 'Audio Content', 'Copyright Infringement', 'No Liability', 'No Affiliation', 'Changes to Disclaimer']) {
      await expect(page.getByRole('heading', { level: 2, name: section, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });

  test('footer: fan-made note and links Help & FAQ, Feedback (the contact form), Disclaimer, Privacy policy', async ({ page }) => {
    await page.goto('/resources');
    // The page's content pushes the footer down as it arrives: click once it is there.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const footer = page.getByRole('contentinfo');
    await expect(footer).toContainText('fan-made');
    await expect(footer).toContainText('not affiliated');
    await expect(footer).toContainText('trademarks of their respective owners');
    await expect(footer.getByRole('link', { name: 'Feedback', exact: true })).toHaveAttribute('href', '/report?kind=feedback');
    await footer.getByRole('link', { name: 'Disclaimer', exact: true }).click();
    await expect(page).toHaveURL(/\/disclaimer$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Help & FAQ', exact: true }).click();
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy policy', exact: true }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeVisible();
  });
});

test.describe('narrow screen (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a burger replaces the header links; its drawer has them all', async ({ page }) => {
    await page.goto('/faq');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await expect(page.getByRole('banner').getByRole('combobox', { name: 'Search for Tonies' })).toBeHidden();

    const burger = page.getByRole('button', { name: 'Open menu' });
    await expect(burger).toBeVisible();
    await burger.click();

    const drawer = page.getByRole('dialog');
    await expect(drawer).toBeVisible();
    for (const name of ['FAQ', 'Resources', 'Discover Audio', 'Liked Audio', 'Upload Audio', 'Sign In']) {
      await expect(drawer.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expect(drawer.getByRole('combobox', { name: 'Search for Tonies' })).toBeVisible();

    await drawer.getByRole('link', { name: 'Discover Audio', exact: true }).click();
    await expect(page).toHaveURL(/\/audio\/discover$/);
    await expect(drawer).toBeHidden();
    await expect(h1(page, 'Discover Audio')).toBeVisible();
  });

  test('searching from the drawer goes to the catalogue and closes it', async ({ page }) => {
    await page.goto('/resources');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await drawer.getByRole('combobox', { name: 'Search for Tonies' }).fill('Paw Patrol');
    await drawer.getByRole('button', { name: 'Search', exact: true }).click();
    await expect(page).toHaveURL(/\/catalog\?search=Paw%20Patrol$/);
    await expect(drawer).toBeHidden();
  });

  test('the dark mode toggle stays in the header', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Toggle dark mode' }).click();
    await expect(page.locator('html')).toHaveClass(DARK_CLASS);
  });
});
