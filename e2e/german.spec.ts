// The German interface (issue 12): a browser set to German opens TonieShelf in German (html lang,
// navigation, page titles, the help pages' long texts), the switch in the header and in the mobile
// menu changes the language and is remembered across reloads, an English browser gets English, and
// the server's answers (a wrong password) come in German too.
import { test, expect } from '@playwright/test';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { expectToast, newAccount, registerByApi } from './helpers';

/** A message's English, as the app shows it to an English visitor. */
const en = (msg: Parameters<typeof formatMessage>[0]) => formatMessage(msg, 'en');

async function germanContext(browser: Browser, options: { width?: number; height?: number } = {}): Promise<BrowserContext> {
  return browser.newContext({ locale: 'de-DE', viewport: { width: options.width ?? 1280, height: options.height ?? 800 } });
}

const TITLES_DE: [string, RegExp, string][] = [
  ['/faq', /^FAQ \| TonieShelf$/, 'Häufige Fragen'],
  ['/resources', /^Weitere Angebote \| TonieShelf$/, 'Weitere Angebote'],
  ['/disclaimer', /^Haftungsausschluss \| TonieShelf$/, 'Haftungsausschluss'],
  ['/auth', /^Anmelden oder registrieren \| TonieShelf$/, 'Anmelden oder registrieren'],
  ['/terms', /^Nutzungsbedingungen \| TonieShelf$/, 'Nutzungsbedingungen'],
  ['/privacy', /^Datenschutzerklärung \| TonieShelf$/, 'Datenschutzerklärung'],
];

async function expectGermanHeader(page: Page): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  const nav = page.getByRole('banner').getByRole('navigation', { name: 'Hauptmenü' });
  await expect(nav.getByRole('link', { name: 'Weitere Angebote' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('link', { name: 'Anmelden', exact: true })).toBeVisible();
}

test.describe('a browser set to German', () => {
  test('opens in German: html lang, navigation, footer and the page titles of /, /faq, /resources, /disclaimer, /auth, /terms', async ({ browser }) => {
    const context = await germanContext(browser);
    const page = await context.newPage();
    await page.goto('/');
    // '/' goes on to the catalogue.
    await expect(page).toHaveURL(/\/catalog/);
    await expectGermanHeader(page);
    await expect(page).toHaveTitle(/^Tonie-Katalog \| TonieShelf$/);
    await expect(page.getByRole('contentinfo')).toContainText('TonieShelf ist ein Gemeinschaftsprojekt von Fans.');
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Nutzungsbedingungen' })).toBeVisible();
    await expect(page.getByRole('contentinfo').getByRole('link', { name: 'Datenschutz' })).toHaveAttribute('href', '/privacy');
    // The page as it arrived (for link previews, before any script): the description in German.
    await expect(page.locator('meta[property="og:description"]')).toHaveAttribute('content', /^TonieShelf ist ein Gemeinschaftskatalog/);

    for (const [path, title, heading] of TITLES_DE) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    }
    await context.close();
  });

  test('FAQ, Resources and Disclaimer show their long texts in German', async ({ browser }) => {
    const context = await germanContext(browser);
    const page = await context.newPage();
    await page.goto('/faq');
    await page.getByRole('button', { name: 'Was ist TonieShelf?' }).click();
    await expect(page.getByText(/TonieShelf ist eine Community-Seite von Tonie-Fans für Tonie-Fans/)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Fehler melden' })).toBeVisible();

    await page.goto('/resources');
    await expect(page.getByRole('heading', { name: 'Wo du tolle Audios findest' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Angebot: Circle Round' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Zum Angebot: Kakadu' })).toHaveAttribute('href', 'https://www.kakadu.de/');
    await expect(page.getByText(/Auf einen Kreativ-Tonie passen bis zu/)).toBeVisible();

    await page.goto('/disclaimer');
    await expect(page.getByRole('heading', { name: 'Keine Haftung' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Formular für Urheberrechtsmeldungen' })).toBeVisible();
    await context.close();
  });

  test('the switch in the header changes to English, and English survives a reload', async ({ browser }) => {
    const context = await germanContext(browser);
    const page = await context.newPage();
    await page.goto('/faq');
    await expectGermanHeader(page);
    await page.getByRole('banner').getByRole('radiogroup', { name: 'Sprache von TonieShelf wählen' }).getByText('EN', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(page).toHaveTitle('FAQ | TonieShelf');
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
    // The server hears the choice too (it answers and mails in it).
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'tonieshelf_lang')?.value).toBe('en');
    await context.close();
  });

  test('the mobile menu has the switch too (390 px), and the choice is remembered', async ({ browser }) => {
    const context = await germanContext(browser, { width: 390, height: 844 });
    const page = await context.newPage();
    await page.goto('/resources');
    await expect(page.getByRole('heading', { level: 1, name: 'Weitere Angebote' })).toBeVisible();
    await page.getByRole('button', { name: 'Menü öffnen' }).click();
    const menu = page.getByRole('dialog');
    await menu.getByRole('radiogroup', { name: 'Sprache von TonieShelf wählen' }).getByText('English', { exact: true }).click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(menu.getByRole('link', { name: 'Discover Audio' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Resources' })).toBeVisible();
    await context.close();
  });

  test("a wrong password: 'Anmeldung fehlgeschlagen' with the server's message in German", async ({ browser, baseURL }) => {
    const account = newAccount('Mia', 'german');
    const context = await germanContext(browser);
    const page = await context.newPage();
    await registerByApi(context.request, baseURL, account);
    await context.clearCookies();
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Anmelden' });
    await form.getByLabel('E-Mail').fill(account.email);
    await form.getByRole('textbox', { name: 'Passwort', exact: true }).fill('not-the-password-7');
    await form.getByRole('button', { name: 'Anmelden' }).click();
    const german = formatMessage(AUTH_MESSAGES.invalidCredentials, 'de');
    expect(german).not.toBe(en(AUTH_MESSAGES.invalidCredentials));
    await expectToast(page, 'Anmeldung fehlgeschlagen', german);
    await expect(page).toHaveURL(/\/auth$/);
    await context.close();
  });
});

test('an English browser gets English', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'en-GB' });
  const page = await context.newPage();
  await page.goto('/faq');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page).toHaveTitle('FAQ | TonieShelf');
  await expect(page.getByRole('heading', { level: 1, name: 'Frequently Asked Questions' })).toBeVisible();
  await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resources' })).toBeVisible();
  await context.close();
});
