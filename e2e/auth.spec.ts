import { CATALOG_URL, closeToast } from './helpers';
// Accounts (issue "Accounts"): register, sign in and out, the spec's validation messages and
// toasts, the second step with an authenticator app and a recovery code, protected routes, and
// the account security page's sessions. Runs against the built client served by the real server
// (see playwright.config.ts). Every test registers its own fresh account.
import { test, expect } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';

const PASSWORD = 'Shelf-e2e-Passphrase-42';

interface Account {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
}

function newAccount(firstName = 'Ada'): Account {
  const stamp = `${Date.now()}-${Math.random().toString(36).slice(2)}`;
  return {
    firstName,
    lastName: 'Lovelace',
    email: `e2e-${stamp}@example.com`,
    // 3 to 32 letters, digits, dots, hyphens or underscores.
    username: `u${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`,
    password: PASSWORD,
  };
}

function loginForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Login' });
}

function registerForm(page: Page): Locator {
  return page.getByRole('form', { name: 'Register' });
}

/** Toasts on screen (SPEC §2: one at a time, but the previous one may still be fading out). */
function toastBox(page: Page): Locator {
  return page.locator('.mantine-Notification-root');
}

/** A toast with this title (and message) is on screen. */
async function expectToast(page: Page, title: string, message?: string): Promise<void> {
  const box = toastBox(page)
    .filter({ has: page.locator('.mantine-Notification-title', { hasText: title }) })
    .last();
  await expect(box).toBeVisible();
  if (message !== undefined) await expect(box.locator('.mantine-Notification-description')).toContainText(message);
}

function accountButton(page: Page, username: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: `${username} – account menu` });
}

function signInButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true });
}

function codeBox(page: Page, label: string): Locator {
  return page.getByLabel(`${label}, digit 1 of 6`, { exact: true });
}

async function fillRegisterForm(page: Page, account: Partial<Account> & { confirmPassword?: string }): Promise<void> {
  const form = registerForm(page);
  await form.getByLabel('First name').fill(account.firstName ?? '');
  await form.getByLabel('Last name').fill(account.lastName ?? '');
  await form.getByLabel('Email').fill(account.email ?? '');
  await form.getByLabel('Username (optional)').fill(account.username ?? '');
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password ?? '');
  await form.getByLabel('Confirm password').fill(account.confirmPassword ?? account.password ?? '');
}

/** Registers through /auth's Register tab; the new user is signed in and sent on to '/'. */
async function register(page: Page, account: Account, { wide = true } = {}): Promise<void> {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Register' }).click();
  await fillRegisterForm(page, account);
  await registerForm(page).getByRole('button', { name: 'Create Account' }).click();
  await expectToast(page, 'Registration successful', `Welcome to the community, ${account.firstName}`);
  await expect(page).toHaveURL(CATALOG_URL);
  if (wide) await expect(accountButton(page, account.username)).toBeVisible();
}

/** Fills and sends the Login tab of the page that is open (/auth or /auth?next=...). */
async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  const form = loginForm(page);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('textbox', { name: 'Password', exact: true }).fill(password);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

async function signOut(page: Page, username: string): Promise<void> {
  await accountButton(page, username).click();
  await expect(page.getByRole('menu')).toContainText('Signed in as');
  await expect(page.getByRole('menu')).toContainText(username);
  await page.getByRole('menuitem', { name: 'Sign Out' }).click();
  await expectToast(page, 'Logged out', 'You have been logged out successfully.');
  await expect(page).toHaveURL(CATALOG_URL);
  await expect(signInButton(page)).toBeVisible();
}

/** The 6-digit TOTP code of a time step relative to now (0 = this 30-second step). */
function totpCode(key: Uint8Array, stepOffset: number): string {
  return generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + stepOffset), 6);
}

async function newSignedInContext(browser: Browser, account: Account) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth');
  await submitLogin(page, account.email, account.password);
  await expectToast(page, 'Login successful');
  await expect(accountButton(page, account.username)).toBeVisible();
  return { context, page };
}

test.describe('register, sign in, sign out', () => {
  test('register -> username in the header -> Sign Out -> Logged out -> Login successful', async ({ page }) => {
    const account = newAccount('Grace');
    await register(page, account);
    // Registration goes on to '/', which hands over to the catalogue.
    await expect(page).toHaveURL(CATALOG_URL);
    await expect(accountButton(page, account.username)).toContainText(account.username);

    await signOut(page, account.username);

    await signInButton(page).click();
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page).toHaveTitle('Sign In or Register | TonieShelf');
    await submitLogin(page, account.email, account.password);
    await expectToast(page, 'Login successful', `Welcome back, ${account.firstName}`);
    await expect(page).toHaveURL(CATALOG_URL);
    await expect(accountButton(page, account.username)).toBeVisible();

    // A signed-in visitor of /auth goes on at once.
    await page.goto('/auth');
    await expect(page).toHaveURL(CATALOG_URL);
  });

  test("the spec's validation messages show under the right fields", async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true');

    // Login: a bad email and a short password.
    const login = loginForm(page);
    await login.getByLabel('Email').fill('not-an-email');
    await login.getByRole('textbox', { name: 'Password', exact: true }).fill('12345');
    await login.getByRole('button', { name: 'Sign In' }).click();
    await expect(login.getByLabel('Email')).toHaveAccessibleDescription(/Please enter a valid email address/);
    await expect(login.getByRole('textbox', { name: 'Password', exact: true })).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    await expect(login.getByText('Please enter a valid email address', { exact: true })).toBeVisible();

    // Register: short names, a bad email, a short password and an empty confirmation.
    await page.getByRole('tab', { name: 'Register' }).click();
    const form = registerForm(page);
    await fillRegisterForm(page, { firstName: 'A', lastName: 'B', email: 'nope@', password: 'abc', confirmPassword: '' });
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByLabel('First name')).toHaveAccessibleDescription(/First name must be at least 2 characters/);
    await expect(form.getByLabel('Last name')).toHaveAccessibleDescription(/Last name must be at least 2 characters/);
    await expect(form.getByLabel('Email')).toHaveAccessibleDescription(/Please enter a valid email address/);
    await expect(form.getByRole('textbox', { name: 'Password', exact: true })).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    await expect(form.getByLabel('Confirm password')).toHaveAccessibleDescription(/Please confirm your password/);
    for (const message of [
      'First name must be at least 2 characters',
      'Last name must be at least 2 characters',
      'Please enter a valid email address',
      'Password must be at least 6 characters',
      'Please confirm your password',
    ]) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }

    // Passwords that do not match: the message is on Confirm password, not on Password.
    await fillRegisterForm(page, {
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      password: 'first-password-1',
      confirmPassword: 'second-password-2',
    });
    await form.getByRole('button', { name: 'Create Account' }).click();
    await expect(form.getByLabel('Confirm password')).toHaveAccessibleDescription(/Passwords don't match/);
    await expect(form.getByRole('textbox', { name: 'Password', exact: true })).not.toHaveAccessibleDescription(/Passwords don't match/);
    await expect(form.getByLabel('First name')).not.toHaveAttribute('aria-invalid', 'true');

    // Nothing was sent: still on /auth, signed out, no toast.
    await expect(page).toHaveURL(/\/auth$/);
    await expect(toastBox(page)).toHaveCount(0);
    await expect(signInButton(page)).toBeVisible();
  });

  test('the server refuses a common password: its message shows under Password', async ({ page }) => {
    const account = { ...newAccount(), password: 'password123' };
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    await fillRegisterForm(page, account);
    await registerForm(page).getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Registration failed');
    await expect(registerForm(page).getByRole('textbox', { name: 'Password', exact: true })).toHaveAccessibleDescription(/too common/);
    await expect(signInButton(page)).toBeVisible();
  });

  test("a wrong password -> 'Login failed' with 'Invalid email or password.'", async ({ page }) => {
    const account = newAccount();
    await register(page, account);
    await signOut(page, account.username);

    await page.goto('/auth');
    await submitLogin(page, account.email, 'not-the-password-7');
    await expectToast(page, 'Login failed', 'Invalid email or password.');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(signInButton(page)).toBeVisible();
  });
});

test.describe('second factor', () => {
  test('TOTP: enrol, save recovery codes, sign in with a code (a wrong one first), then with a recovery code', async ({ page }) => {
    const account = newAccount('Hedy');
    await register(page, account);

    // The Account menu leads to the security page.
    await accountButton(page, account.username).click();
    await page.getByRole('menuitem', { name: 'Account security' }).click();
    await expect(page).toHaveURL(/\/account\/security$/);
    await expect(page).toHaveTitle('Account security | TonieShelf');
    const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' });
    await expect(twoFactor.getByText('Off', { exact: true })).toBeVisible();

    // Enrol: the QR code and the setup key as text; the test is the authenticator app.
    await twoFactor.getByRole('button', { name: 'Set up authenticator app' }).click();
    await expect(page.getByRole('img', { name: /QR code/ })).toBeVisible();
    const secret = ((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const key = decodeBase32IgnorePadding(secret);
    await codeBox(page, 'Code from your authenticator app').fill(totpCode(key, 0));

    // The first factor brings ten recovery codes, shown once.
    const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await expect(dialog).toBeVisible();
    const codes = (await dialog.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents()).map((c) => c.trim());
    expect(codes).toHaveLength(10);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-?[a-z2-7]{5}$/);
    await expect(dialog.getByRole('button', { name: 'Done' })).toBeDisabled();
    await dialog.getByLabel('I have saved these codes').check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toBeHidden();
    await expect(twoFactor.getByText('On', { exact: true })).toBeVisible();
    await expect(twoFactor.getByRole('list', { name: 'Your second factors' })).toContainText('Authenticator app');
    await expect(twoFactor.getByRole('list', { name: 'Your second factors' })).toContainText('Active');

    await signOut(page, account.username);

    // Sign in: the password is not enough any more, the code form takes the tabs' place.
    await page.goto('/auth');
    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Login' })).toHaveCount(0);
    await expect(signInButton(page)).toBeVisible();

    // A wrong code: the server's message under the field.
    const valid = new Set([-1, 0, 1, 2].map((offset) => totpCode(key, offset)));
    const wrong = ['000000', '111111', '222222', '333333', '444444', '555555'].find((c) => !valid.has(c)) ?? '999999';
    await codeBox(page, 'Code from your authenticator app').fill(wrong);
    await expect(page.getByText('That code is not correct. Please try again.', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);

    // The right code (of the next step: a step is accepted only once, and enrolment used one).
    await codeBox(page, 'Code from your authenticator app').fill(totpCode(key, 1));
    await expectToast(page, 'Login successful', `Welcome back, ${account.firstName}`);
    await expect(page).toHaveURL(CATALOG_URL);
    await expect(accountButton(page, account.username)).toBeVisible();

    await signOut(page, account.username);

    // Sign in with a recovery code instead.
    await page.goto('/auth');
    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await page.getByLabel('Recovery code').fill(codes[0]!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expectToast(page, 'Login successful');
    await expect(accountButton(page, account.username)).toBeVisible();

    // Remove the factor with another recovery code: two-factor authentication is off again.
    await page.goto('/account/security');
    const list = page.getByRole('region', { name: 'Two-factor authentication' }).getByRole('list', { name: 'Your second factors' });
    await list.getByRole('button', { name: 'Remove Authenticator app' }).click();
    const removeDialog = page.getByRole('dialog', { name: 'Remove Authenticator app?' });
    await removeDialog.getByLabel('Code or recovery code').fill(codes[0]!);
    await removeDialog.getByRole('button', { name: 'Remove' }).click();
    await expect(removeDialog.getByText('That code is not correct. Enter a current code or one of your recovery codes.')).toBeVisible();
    await removeDialog.getByLabel('Code or recovery code').fill(codes[1]!);
    await removeDialog.getByRole('button', { name: 'Remove' }).click();
    await expect(removeDialog).toBeHidden();
    await expectToast(page, 'Second factor removed');
    await expect(page.getByRole('region', { name: 'Two-factor authentication' }).getByText('Off', { exact: true })).toBeVisible();
  });

  test('Cancel on the code form signs the half-made session out', async ({ page }) => {
    const account = newAccount();
    await register(page, account);
    await page.goto('/account/security');
    await page.getByRole('button', { name: 'Set up authenticator app' }).click();
    const key = decodeBase32IgnorePadding(((await page.getByTestId('totp-secret').textContent()) ?? '').replace(/\s+/g, ''));
    await codeBox(page, 'Code from your authenticator app').fill(totpCode(key, 0));
    const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
    await dialog.getByLabel('I have saved these codes').check();
    await dialog.getByRole('button', { name: 'Done' }).click();
    await signOut(page, account.username);

    // A protected page while the second step is pending still goes to /auth.
    await page.goto('/auth');
    await submitLogin(page, account.email, account.password);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.goto('/audio/liked');
    await expect(page).toHaveURL(/\/auth\?next=%2Faudio%2Fliked$/);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();

    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
    await expect(signInButton(page)).toBeVisible();
  });
});

test.describe('protected routes', () => {
  test('anonymous /audio/liked -> /auth?next=%2Faudio%2Fliked -> back there after signing in', async ({ page }) => {
    const account = newAccount();
    await register(page, account);
    await signOut(page, account.username);

    await page.goto('/audio/liked');
    await expect(page).toHaveURL(/\/auth\?next=%2Faudio%2Fliked$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In or Register' })).toBeVisible();
    await submitLogin(page, account.email, account.password);
    await expect(page).toHaveURL(/\/audio\/liked$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Liked Audio Files' })).toBeVisible();
    await expect(page.getByText('Browse your liked audio files for your Creative Tonies', { exact: true })).toBeVisible();
    // Both redirects replaced their history entry: Back goes to the page before, not to /auth.
    await page.goBack();
    await expect(page).toHaveURL(CATALOG_URL);
  });

  test("anonymous /audio/upload -> 'Login Required', then /auth?next=%2Faudio%2Fupload", async ({ page }) => {
    await page.goto('/audio/upload');
    await expect(page.getByRole('heading', { name: 'Login Required' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Log In or Register' })).toHaveAttribute('href', '/auth?next=%2Faudio%2Fupload');
    await expect(page).toHaveURL(/\/auth\?next=%2Faudio%2Fupload$/);
    await expect(page.getByRole('tab', { name: 'Login' })).toBeVisible();
  });

  test('registering from /auth?next= lands on that page; unsafe next values go to /', async ({ page }) => {
    await page.goto('/audio/upload');
    await expect(page).toHaveURL(/\/auth\?next=%2Faudio%2Fupload$/);
    const account = newAccount();
    await page.getByRole('tab', { name: 'Register' }).click();
    await fillRegisterForm(page, account);
    await registerForm(page).getByRole('button', { name: 'Create Account' }).click();
    await expect(page).toHaveURL(/\/audio\/upload$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Upload and Publish' })).toBeVisible();

    await page.goto('/auth?next=%2F%2Fevil.example%2F');
    await expect(page).toHaveURL(CATALOG_URL);
  });

  test('anonymous /account/security -> /auth?next=%2Faccount%2Fsecurity', async ({ page }) => {
    await page.goto('/account/security');
    await expect(page).toHaveURL(/\/auth\?next=%2Faccount%2Fsecurity$/);
  });
});

test.describe('sessions and password', () => {
  test("a second browser's session is listed, and 'Sign out other sessions' ends it", async ({ page, browser }) => {
    const account = newAccount();
    await register(page, account);
    await page.goto('/account/security');
    const sessions = page.getByRole('region', { name: 'Active sessions' });
    await expect(sessions.getByTestId('session-row')).toHaveCount(1);
    await expect(sessions.getByText('This device', { exact: true })).toBeVisible();
    await expect(sessions.getByRole('button', { name: 'Sign out other sessions' })).toBeDisabled();

    const second = await newSignedInContext(browser, account);
    try {
      await page.reload();
      await expect(sessions.getByTestId('session-row')).toHaveCount(2);
      await expect(sessions.getByText('This device', { exact: true })).toHaveCount(1);
      await expect(sessions).toContainText(/Chrome on Linux/);

      await sessions.getByRole('button', { name: 'Sign out other sessions' }).click();
      await expectToast(page, 'Signed out other sessions', '1 other session signed out.');
      await expect(sessions.getByTestId('session-row')).toHaveCount(1);

      await second.page.reload();
      await expect(signInButton(second.page)).toBeVisible();
      await expect(second.page.getByRole('banner')).not.toContainText(account.username);
      // This browser is still signed in.
      await page.reload();
      await expect(accountButton(page, account.username)).toBeVisible();
    } finally {
      await second.context.close();
    }
  });

  test('changing the password signs out the other sessions; the new password works', async ({ page, browser }) => {
    const account = newAccount();
    await register(page, account);
    const second = await newSignedInContext(browser, account);
    try {
      await page.goto('/account/security');
      const form = page.getByRole('form', { name: 'Change password' });
      await form.getByLabel('Current password').fill(account.password);
      await form.getByRole('textbox', { name: 'New password', exact: true }).fill('another-Shelf-pass-77');
      await form.getByLabel('Confirm new password').fill('another-Shelf-pass-77');
      await form.getByRole('button', { name: 'Change password' }).click();
      await expectToast(page, 'Password changed', 'Your other sessions were signed out (1).');

      await second.page.reload();
      await expect(signInButton(second.page)).toBeVisible();
      await second.page.goto('/auth');
      await submitLogin(second.page, account.email, 'another-Shelf-pass-77');
      await expectToast(second.page, 'Login successful');
    } finally {
      await second.context.close();
    }
  });
});

test.describe('narrow screen (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the drawer shows who is signed in, 'Account security' and 'Sign Out'", async ({ page }) => {
    const account = newAccount();
    await register(page, account, { wide: false });
    // On a phone the toast sits over the header (SPEC: top on small screens): close it, as a parent would.
    await closeToast(page, 'Registration successful');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    await expect(drawer).toContainText('Signed in as');
    await expect(drawer).toContainText(account.username);
    await expect(drawer.getByRole('link', { name: 'Account security' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Sign Out' }).click();
    await expectToast(page, 'Logged out');
    await expect(page).toHaveURL(CATALOG_URL);
    await closeToast(page, 'Logged out');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('dialog').getByRole('link', { name: 'Sign In', exact: true })).toBeVisible();
  });
});
