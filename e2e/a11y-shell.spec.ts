// Accessibility of the shell (header, quick search, mobile menu), sign-in and the account pages
// (issue 15): axe finds no serious or critical violation in the states the sweep
// (a11y-sweep.spec.ts, every route and dialog as it opens) does not reach: forms showing their
// errors, the second step, the recovery codes, the quick search signed in. The keyboard-only
// journeys work with keys alone: register, sign in with a second factor, the header's quick search.
import { test, expect } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { expectFocusOn, expectNoSeriousA11yViolations, tabTo } from './a11y';
import { CATALOG_URL, expectToast, newAccount, registerVerified } from './helpers';
import type { Account } from './helpers';

/** The 6-digit TOTP code of a time step relative to now (0 = this 30-second step). */
function totpCode(key: Uint8Array, stepOffset: number): string {
  return generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + stepOffset), 6);
}

function codeBox(page: Page, label: string): Locator {
  return page.getByLabel(`${label}, digit 1 of 6`, { exact: true });
}

function accountButton(page: Page, username: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: `${username} – account menu` });
}

/**
 * A verified account with an authenticator app as second factor, set up in a context of its own
 * (setting up is not the journey under test); returns the account and the app's key.
 */
async function accountWithTotp(browser: Browser, baseURL: string | undefined, onDialog?: (page: Page) => Promise<void>): Promise<{ account: Account; key: Uint8Array }> {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const account = await registerVerified(page, baseURL, 'Hedy', 'a11ytotp');
  await page.goto('/account/security');
  await page.getByRole('button', { name: 'Set up authenticator app' }).click();
  const key = decodeBase32IgnorePadding(((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, ''));
  await codeBox(page, 'Code from your authenticator app').fill(totpCode(key, 0));
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  await expect(dialog).toBeVisible();
  if (onDialog) await onDialog(page);
  await dialog.getByLabel('I have saved these codes').check();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  await context.close();
  return { account, key };
}

test.describe('axe: sign-in and account pages', () => {
  test('/auth: sign in, register, both with their errors shown', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('form', { name: 'Login' })).toBeVisible();
    await page.getByRole('form', { name: 'Login' }).getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('form', { name: 'Login' }).getByRole('textbox', { name: 'Email' })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, '/auth login with errors');

    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await expect(register).toBeVisible();
    await expectNoSeriousA11yViolations(page, '/auth register');
    await register.getByRole('button', { name: 'Create Account' }).click();
    await expect(register.getByRole('textbox', { name: 'Password', exact: true })).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, '/auth register with errors');
  });

  test('forgot, reset and verify pages', async ({ page }) => {
    await page.goto('/auth/forgot-password');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: /send/i }).first().click();
    await expectNoSeriousA11yViolations(page, '/auth/forgot-password with errors');

    await page.goto('/auth/reset-password?token=x');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    await page.goto('/auth/verify-email?token=x');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The refusal with what to do now: the visitor is known to be signed out, so it offers signing in.
    const problem = page.getByTestId('link-problem');
    await expect(problem.getByRole('alert')).toBeVisible();
    await expect(problem.getByRole('link', { name: 'Sign in to send a new link' })).toBeVisible();
  });

  test('/account, /account/security and their dialogs; the second-step form', async ({ browser, baseURL }) => {
    let securityChecked = false;
    const { account, key } = await accountWithTotp(browser, baseURL, async (page) => {
      await expectNoSeriousA11yViolations(page, 'recovery codes dialog');
      securityChecked = true;
    });
    expect(securityChecked).toBe(true);

    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await page.goto('/auth');
    const login = page.getByRole('form', { name: 'Login' });
    await login.getByRole('textbox', { name: 'Email' }).fill(account.email);
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await expect(codeBox(page, 'Code from your authenticator app')).toBeFocused();
    await expectNoSeriousA11yViolations(page, 'second step');
    await codeBox(page, 'Code from your authenticator app').fill(totpCode(key, 1));
    await expect(accountButton(page, account.username)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'signed in header');

    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Delete my account' }).first().click();
    const deleteDialog = page.getByRole('dialog');
    await expect(deleteDialog).toBeVisible();
    // Every dialog's X is named by the app's one default.
    await expect(deleteDialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(deleteDialog).toBeHidden();

    await page.goto('/account/security');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Remove Authenticator app' }).click();
    const removeDialog = page.getByRole('dialog', { name: 'Remove Authenticator app?' });
    await expect(removeDialog).toBeVisible();
    await expect(removeDialog.getByRole('button', { name: 'Close', exact: true })).toBeVisible();
    await removeDialog.getByRole('button', { name: 'Remove' }).click();
    await expectNoSeriousA11yViolations(page, 'remove factor dialog with error');
    await page.keyboard.press('Escape');
    await expect(removeDialog).toBeHidden();
    await context.close();
  });
});

test.describe('axe: header', () => {
  test('the mobile menu at 390 px is a named dialog; focus moves in and comes back', async ({ page, baseURL }) => {
    await registerVerified(page, baseURL, 'Mia', 'a11ymenu');
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/faq');
    const burger = page.getByRole('banner').getByRole('button', { name: 'Open menu' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.focus();
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await expect(drawer).toBeVisible();
    await expect(drawer.getByRole('navigation')).toBeVisible();
    await expectFocusOn(drawer);
    await expect(drawer.getByRole('button', { name: 'Close menu' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expectFocusOn(burger);
  });

  test('the quick search open with options, signed in', async ({ page, baseURL, request }) => {
    const { tonies } = await (await request.get('/api/tonies?sort=az&pageSize=1')).json();
    const fragment = (tonies[0] as { name: string }).name.slice(0, 6).trim();
    await registerVerified(page, baseURL, 'Mia', 'a11ysearch');
    await page.goto('/faq');
    await expect(page.getByRole('banner').getByRole('button', { name: /account menu$/ })).toBeVisible();
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search for Tonies' });
    await search.focus();
    await page.keyboard.type(fragment);
    await expect(page.getByRole('listbox')).toBeVisible({ timeout: 5000 });
    await expect(page.getByRole('listbox').getByRole('option').nth(1)).toBeVisible();
    await expectNoSeriousA11yViolations(page, 'quick search open');
  });
});

test.describe('keyboard only', () => {
  test('register: an invalid submit focuses the first invalid field; then register by typing', async ({ page }) => {
    const account = newAccount('Kim', 'a11yreg');
    await page.goto('/auth?tab=register');
    const form = page.getByRole('form', { name: 'Register' });
    const firstName = form.getByRole('textbox', { name: 'First name' });
    await tabTo(page, firstName);
    const submit = form.getByRole('button', { name: 'Create Account' });
    await tabTo(page, submit);
    await page.keyboard.press('Enter');
    await expectFocusOn(firstName);
    await expect(firstName).toHaveAttribute('aria-invalid', 'true');
    await expect(firstName).toHaveAccessibleDescription(/\S/);
    const password = form.getByRole('textbox', { name: 'Password', exact: true });
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    await expectNoSeriousA11yViolations(page, 'register invalid submit');

    // Fill the names; a short password: focus goes to the password, its error is its description.
    await page.keyboard.type(account.firstName);
    await page.keyboard.press('Tab');
    await page.keyboard.type(account.lastName);
    await page.keyboard.press('Tab');
    await page.keyboard.type(account.email);
    await page.keyboard.press('Tab');
    await page.keyboard.type(account.username);
    await tabTo(page, password);
    await page.keyboard.type('short');
    await page.keyboard.press('Enter');
    await expectFocusOn(password);
    await expect(password).toHaveAttribute('aria-invalid', 'true');
    const error = await password.getAttribute('aria-describedby');
    expect(error).toBeTruthy();
    await expect(password).toHaveAccessibleDescription(/Password/i);
    await expect(firstName).not.toHaveAttribute('aria-invalid', 'true');

    for (let i = 0; i < 5; i++) await page.keyboard.press('Backspace');
    await page.keyboard.type(account.password);
    await tabTo(page, form.getByRole('textbox', { name: 'Confirm password' }));
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expectToast(page, 'Registration successful');
    await expect(page).toHaveURL(CATALOG_URL);
    await expect(accountButton(page, account.username)).toBeVisible();
  });

  test('sign in with an authenticator app by keys', async ({ page, browser, baseURL }) => {
    const { account, key } = await accountWithTotp(browser, baseURL);
    await page.goto('/auth');
    const form = page.getByRole('form', { name: 'Login' });
    await tabTo(page, form.getByRole('textbox', { name: 'Email' }));
    await page.keyboard.type(account.email);
    await tabTo(page, form.getByRole('textbox', { name: 'Password', exact: true }));
    await page.keyboard.type(account.password);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    const first = codeBox(page, 'Code from your authenticator app');
    await expectFocusOn(first);
    await expect(first).toHaveAccessibleDescription(/6-digit/);
    await page.keyboard.type(totpCode(key, 1).slice(0, 5));
    await expectFocusOn(page.getByLabel('Code from your authenticator app, digit 6 of 6', { exact: true }));
    await page.keyboard.type(totpCode(key, 1).slice(5));
    await expectToast(page, 'Login successful');
    await expect(page).toHaveURL(CATALOG_URL);
    await expect(accountButton(page, account.username)).toBeVisible();
  });

  test('header quick search: type, arrows move the active option, Enter opens it, Escape closes', async ({ page, request }) => {
    const { tonies } = await (await request.get('/api/tonies?sort=az&pageSize=1')).json();
    const target = tonies[0] as { id: number; name: string };
    const fragment = target.name.slice(0, 6).trim();

    await page.goto('/faq');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search for Tonies' });
    await tabTo(page, search);
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await page.keyboard.type(fragment);
    const list = page.getByRole('listbox', { name: 'Quick search' });
    await expect(list).toBeVisible({ timeout: 5000 });
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    await expect(search).toHaveAttribute('aria-controls', (await list.getAttribute('id'))!);
    const options = list.getByRole('option');
    await expect(options.nth(1)).toBeVisible();

    // ArrowDown: 'Search all…' first, then the first Tonie.
    await page.keyboard.press('ArrowDown');
    const searchAll = list.getByRole('option', { name: `Search all Tonies for "${fragment}"` });
    await expect(searchAll).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await searchAll.getAttribute('id'))!);
    await page.keyboard.press('ArrowDown');
    await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true');
    await expect(searchAll).toHaveAttribute('aria-selected', 'false');
    await expect(search).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!);
    await expect(list.locator('[aria-selected="true"]')).toHaveCount(1);
    // ArrowUp goes back.
    await page.keyboard.press('ArrowUp');
    await expect(searchAll).toHaveAttribute('aria-selected', 'true');

    // Escape closes the list, the query stays.
    await page.keyboard.press('Escape');
    await expect(list).toBeHidden();
    await expect(search).toHaveAttribute('aria-expanded', 'false');
    await expect(search).not.toHaveAttribute('aria-activedescendant');
    await expect(search).toHaveValue(fragment);
    await expectFocusOn(search);

    // ArrowDown opens it again; down to the Tonie, Enter opens its details.
    await page.keyboard.press('ArrowDown');
    await expect(list).toBeVisible();
    await expect(search).toHaveAttribute('aria-expanded', 'true');
    const tonie = list.getByRole('option', { name: new RegExp(target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }).first();
    const tonieId = (await tonie.getAttribute('id'))!;
    for (let i = 0; i < 12 && (await search.getAttribute('aria-activedescendant')) !== tonieId; i++) await page.keyboard.press('ArrowDown');
    await expect(search).toHaveAttribute('aria-activedescendant', tonieId);
    await expect(tonie).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/catalog\\?tonieId=${target.id}$`));
    await expect(page.getByRole('dialog', { name: target.name })).toBeVisible();
  });
});
