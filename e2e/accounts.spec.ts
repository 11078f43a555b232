// Accounts for real life (issue "Accounts for real life"), in the browser against the real
// server: the verification mail at registration and opening its link (publishing waits for it),
// "Forgot password?" through the mail to a new password that signs the other sessions out,
// changing the address, "Download my data", and deleting the account (its audio and sessions
// gone, reviews kept as 'Anonymous'), with a second factor too. The server writes its mail as
// .eml files under DATA_DIR/mail (no SMTP_URL); the tests read them from there.
import { readFile } from 'node:fs/promises';
import { test, expect } from '@playwright/test';
import type { Browser, Locator, Page } from '@playwright/test';
import { decodeBase32IgnorePadding } from '@oslojs/encoding';
import { generateHOTP } from '@oslojs/otp';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import type { AccountExport } from '@tonieshelf/shared/schemas/account';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import type { Review } from '@tonieshelf/shared/schemas/review';
import { wav } from '../server/test/helpers/audio';
import { latestMailTo, linkIn } from '../server/test/helpers/mailbox';
import { expectToast, licenceAndRights, MAIL_DIR, newAccount, publishAudio, registerByApi, stamp, verifyByMail, VERIFY_SUBJECT, type Account } from './helpers';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';

/** A message's English, as the app shows it to an English visitor. */
const en = (msg: Parameters<typeof formatMessage>[0]) => formatMessage(msg, 'en');

const NEW_PASSWORD = 'Shelf-e2e-Accounts-New-58';
const RESET_SUBJECT = 'Reset your TonieShelf password';

/** The path and query of an emailed link, to open on the test's own origin. */
function pathOf(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

function accountButton(page: Page, username: string): Locator {
  return page.getByRole('banner').getByRole('button', { name: `${username} – account menu` });
}

function signInButton(page: Page): Locator {
  return page.getByRole('banner').getByRole('link', { name: 'Sign In', exact: true });
}

function linkProblem(page: Page): Locator {
  return page.getByTestId('link-problem');
}

/** A second browser signed in to the account (another session). */
async function signedInElsewhere(browser: Browser, baseURL: string | undefined, account: Account) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const response = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password }, headers: { origin: baseURL ?? '' } });
  expect(response.status(), await response.text()).toBe(200);
  await page.goto('/catalog');
  await expect(accountButton(page, account.username)).toBeVisible();
  return { context, page };
}

/** The 6-digit TOTP code of a time step relative to now (0 = this 30-second step). */
function totpCode(key: Uint8Array, stepOffset: number): string {
  return generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + stepOffset), 6);
}

test.describe('accounts for real life', () => {
  test('register -> verification mail -> publishing waits for it -> verify; used and forged links say so', async ({ page }) => {
    test.setTimeout(120_000);
    const account = newAccount('Vera', 'acc');
    const registeredAt = new Date();
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Register' }).click();
    const register = page.getByRole('form', { name: 'Register' });
    await register.getByLabel('First name').fill(account.firstName);
    await register.getByLabel('Last name').fill(account.lastName);
    await register.getByLabel('Email').fill(account.email);
    await register.getByLabel('Username (optional)').fill(account.username);
    await register.getByRole('textbox', { name: 'Password', exact: true }).fill(account.password);
    await register.getByLabel('Confirm password').fill(account.password);
    await register.getByRole('button', { name: 'Create Account' }).click();
    await expectToast(page, 'Registration successful');
    await expect(accountButton(page, account.username)).toBeVisible();

    // The welcome mail carries the verification link.
    const welcome = await latestMailTo(MAIL_DIR, account.email, { subject: VERIFY_SUBJECT, after: registeredAt });
    expect(linkIn(welcome, '/auth/verify-email')).toMatch(/token=[a-z2-7]{32}$/);

    // Not verified yet: the account page says so, from the account menu.
    await accountButton(page, account.username).click();
    await page.getByRole('menuitem', { name: 'Account', exact: true }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page).toHaveTitle('Account | TonieShelf');
    const emailCard = page.getByRole('region', { name: 'Email address' });
    await expect(emailCard.getByTestId('current-email')).toHaveText(account.email);
    await expect(emailCard.getByTestId('email-verified-badge')).toHaveText('Not verified');

    // Publishing is refused with the way out; a draft would be fine.
    await page.goto('/audio/upload');
    await expect(page.getByTestId('unverified-notice')).toBeVisible();
    const form = page.getByTestId('audio-upload-form');
    const title = `E2E Unverified ${stamp()}`;
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByText('Published', { exact: true }).click();
    await page.getByTestId('audio-dropzone').locator('input[type=file]').setInputFiles({ name: 'hello.wav', mimeType: 'audio/wav', buffer: wav() });
    await licenceAndRights(form);
    await form.getByRole('button', { name: 'Upload Audio' }).click();
    const refusal = form.getByTestId('upload-error');
    await expect(refusal).toContainText(en(ACCOUNT_MESSAGES.emailUnverified));
    const resentAt = new Date();
    await refusal.getByRole('button', { name: 'Send the link again' }).click();
    await expectToast(page, 'Verification link sent', en(ACCOUNT_MESSAGES.verificationSent));
    const resent = await latestMailTo(MAIL_DIR, account.email, { subject: VERIFY_SUBJECT, after: resentAt });
    const link = pathOf(linkIn(resent, '/auth/verify-email'));

    // A second request within the minute is throttled, and says so.
    await refusal.getByRole('button', { name: 'Send the link again' }).click();
    await expectToast(page, 'Could not send the link', 'Too many verification links were requested. Please try again in');

    // The link: verified.
    await page.goto(link);
    await expect(page.getByRole('heading', { level: 1, name: 'Verify your email address' })).toBeVisible();
    await expect(page.getByTestId('email-verified')).toContainText(en(ACCOUNT_MESSAGES.emailVerified));
    await expect(page.getByTestId('email-verified')).toContainText(account.email);

    // The same link again, the first link (replaced by the second), a forged and a broken one.
    await page.goto(link);
    await expect(linkProblem(page)).toContainText(en(ACCOUNT_MESSAGES.linkUsed));
    await page.goto(pathOf(linkIn(welcome, '/auth/verify-email')));
    await expect(linkProblem(page)).toContainText('This link');
    await page.goto(`/auth/verify-email?token=${'a'.repeat(32)}`);
    await expect(linkProblem(page)).toContainText(en(ACCOUNT_MESSAGES.linkInvalid));
    await page.goto('/auth/verify-email?token=abc');
    await expect(linkProblem(page)).toContainText(en(ACCOUNT_MESSAGES.linkInvalid));

    await page.goto('/account');
    await expect(emailCard.getByTestId('email-verified-badge')).toHaveText('Verified');

    // Now publishing works, and the note is gone.
    await page.goto('/audio/upload');
    await expect(page.getByTestId('audio-upload-form')).toBeVisible();
    await expect(page.getByTestId('unverified-notice')).toHaveCount(0);
    await form.getByRole('textbox', { name: 'Title' }).fill(title);
    await form.getByText('Published', { exact: true }).click();
    await page.getByTestId('audio-dropzone').locator('input[type=file]').setInputFiles({ name: 'hello.wav', mimeType: 'audio/wav', buffer: wav() });
    await licenceAndRights(form);
    await form.getByRole('button', { name: 'Upload Audio' }).click();
    await expectToast(page, 'Audio file uploaded successfully');
    await expect(page.getByTestId('own-audio-table').getByRole('row').filter({ hasText: title }).getByTestId('status-badge')).toHaveText('Published');
  });

  test('forgot password -> mail -> new password -> other sessions signed out; used and forged links say so when opened; throttling', async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const account = newAccount('Rosa', 'acc');
    const other = await browser.newContext({ baseURL });
    try {
      const otherPage = await other.newPage();
      await registerByApi(otherPage.request, baseURL, account);
      await otherPage.goto('/catalog');
      await expect(accountButton(otherPage, account.username)).toBeVisible();

      // 'Forgot password?' on the Login tab takes the typed address along.
      await page.goto('/auth');
      await page.getByRole('form', { name: 'Login' }).getByLabel('Email').fill(account.email);
      await page.getByRole('link', { name: 'Forgot password?' }).click();
      await expect(page).toHaveURL(/\/auth\/forgot-password$/);
      await expect(page.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeVisible();
      const forgot = page.getByRole('form', { name: 'Reset your password' });
      await expect(forgot.getByLabel('Email')).toHaveValue(account.email);
      await forgot.getByLabel('Email').fill('not-an-address');
      await forgot.getByRole('button', { name: 'Send reset link' }).click();
      await expect(forgot.getByText(en(AUTH_MESSAGES.invalidEmail))).toBeVisible();
      await forgot.getByLabel('Email').fill(account.email);
      const askedAt = new Date();
      await forgot.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByTestId('reset-link-sent')).toContainText(en(ACCOUNT_MESSAGES.resetLinkSent));
      const mail = await latestMailTo(MAIL_DIR, account.email, { subject: RESET_SUBJECT, after: askedAt });
      const link = pathOf(linkIn(mail, '/auth/reset-password'));

      // A forged link says so as soon as it is opened.
      await page.goto(`/auth/reset-password?token=${'b'.repeat(32)}`);
      await expect(linkProblem(page)).toContainText(en(ACCOUNT_MESSAGES.linkInvalid));
      await expect(linkProblem(page).getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/auth/forgot-password');

      // The real link: the rules of registration first.
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeVisible();
      const reset = page.getByRole('form', { name: 'Set a new password' });
      await reset.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
      await reset.getByLabel('Confirm new password').fill(`${NEW_PASSWORD}x`);
      await reset.getByRole('button', { name: 'Set new password' }).click();
      await expect(reset.getByText(en(AUTH_MESSAGES.passwordsDontMatch))).toBeVisible();
      await reset.getByRole('textbox', { name: 'New password', exact: true }).fill('password123');
      await reset.getByLabel('Confirm new password').fill('password123');
      await reset.getByRole('button', { name: 'Set new password' }).click();
      await expect(reset.getByText(en(AUTH_MESSAGES.commonPassword))).toBeVisible();
      await reset.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
      await reset.getByLabel('Confirm new password').fill(NEW_PASSWORD);
      await reset.getByRole('button', { name: 'Set new password' }).click();
      await expectToast(page, 'Password changed', en(ACCOUNT_MESSAGES.passwordReset));
      // The catalogue (the interface language may preselect its language filter).
      await expect(page).toHaveURL(/\/catalog(\?languages=[^&]*)?$/);
      await expect(accountButton(page, account.username)).toBeVisible();

      // The other session is gone; the new password signs in.
      await otherPage.reload();
      await expect(signInButton(otherPage)).toBeVisible();
      const login = await otherPage.request.post('/api/auth/login', { data: { email: account.email, password: NEW_PASSWORD }, headers: { origin: baseURL ?? '' } });
      expect(login.status(), await login.text()).toBe(200);

      // The link works once: opened again, it says so at once, with no form to fill.
      await page.goto(link);
      await expect(linkProblem(page)).toContainText(en(ACCOUNT_MESSAGES.linkUsed));
      await expect(page.getByRole('form', { name: 'Set a new password' })).toHaveCount(0);

      // An address without an account gets the same answer, until too many links were asked for.
      const nobody = `e2e-nobody-${stamp()}@example.com`;
      await page.goto('/auth/forgot-password');
      await page.getByRole('form', { name: 'Reset your password' }).getByLabel('Email').fill(nobody);
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByTestId('reset-link-sent')).toContainText(en(ACCOUNT_MESSAGES.resetLinkSent));
      await page.getByRole('button', { name: 'Send it again' }).click();
      await page.getByRole('button', { name: 'Send it again' }).click();
      await expect(page.getByTestId('forgot-password-error')).toHaveCount(0);
      await page.getByRole('button', { name: 'Send it again' }).click();
      await expect(page.getByTestId('forgot-password-error')).toContainText(/^Too many reset links were requested\. Please try again in \d+ (seconds?|minutes?|hours?)\.$/);
    } finally {
      await other.close();
    }
  });

  test('change the email: the password, then the link to the new address; the old address is told', async ({ page, baseURL }) => {
    const account = newAccount('Ines', 'acc');
    await registerByApi(page.request, baseURL, account);
    await verifyByMail(page.request, baseURL, account.email);
    const newEmail = `e2e-acc-new-${stamp()}@example.com`;

    await page.goto('/account');
    const emailCard = page.getByRole('region', { name: 'Email address' });
    await expect(emailCard.getByTestId('email-verified-badge')).toHaveText('Verified');
    const form = page.getByRole('form', { name: 'Change email address' });
    await form.getByLabel('New email address').fill(account.email);
    await form.getByLabel('Current password').fill(account.password);
    await form.getByRole('button', { name: 'Change email' }).click();
    await expect(form.getByText(en(ACCOUNT_MESSAGES.sameEmail))).toBeVisible();

    await form.getByLabel('New email address').fill('mia@demo.tonieshelf.example');
    await form.getByRole('button', { name: 'Change email' }).click();
    await expect(form.getByText(en(AUTH_MESSAGES.emailTaken))).toBeVisible();

    await form.getByLabel('New email address').fill(newEmail);
    await form.getByLabel('Current password').fill('not-my-password');
    await form.getByRole('button', { name: 'Change email' }).click();
    await expect(form.getByText(en(ACCOUNT_MESSAGES.wrongPassword))).toBeVisible();

    await form.getByLabel('Current password').fill(account.password);
    const changedAt = new Date();
    await form.getByRole('button', { name: 'Change email' }).click();
    await expectToast(page, 'Check your new address', en(ACCOUNT_MESSAGES.emailChangeSent));
    await expect(emailCard.getByTestId('pending-email')).toContainText(newEmail);
    await expect(emailCard.getByTestId('current-email')).toHaveText(account.email);

    const mail = await latestMailTo(MAIL_DIR, newEmail, { subject: 'Confirm your new email address', after: changedAt });
    const verifiedAt = new Date();
    await page.goto(pathOf(linkIn(mail, '/auth/verify-email')));
    await expect(page.getByTestId('email-verified')).toContainText(newEmail);
    const notice = await latestMailTo(MAIL_DIR, account.email, { subject: 'email address was changed', after: verifiedAt });
    expect(notice.text).toContain(newEmail);

    await page.getByRole('link', { name: 'Go to your account' }).click();
    await expect(emailCard.getByTestId('current-email')).toHaveText(newEmail);
    await expect(emailCard.getByTestId('email-verified-badge')).toHaveText('Verified');
    await expect(emailCard.getByTestId('pending-email')).toHaveCount(0);
  });

  test("download my data, then delete the account: its audio and sessions are gone, the review stays as 'Anonymous'", async ({ page, browser, baseURL }) => {
    test.setTimeout(120_000);
    const account = newAccount('Lena', 'acc');
    const origin = { origin: baseURL ?? '' };
    await registerByApi(page.request, baseURL, account);
    await verifyByMail(page.request, baseURL, account.email);

    // Something to take along and to leave behind: a published audio file and a review.
    const title = `E2E Leaving ${stamp()}`;
    const audio = await publishAudio(page.request, baseURL, { title, tags: ['leaving'], fileName: 'leaving.wav' });
    const { tonies } = (await (await page.request.get('/api/tonies?sort=az&pageSize=1')).json()) as { tonies: { id: number }[] };
    const tonieId = tonies[0]!.id;
    const review = `A review to keep ${stamp()}`;
    const rated = await page.request.post(`/api/tonies/${tonieId}/ratings`, { data: { rating: 5, review }, headers: origin });
    expect(rated.status(), await rated.text()).toBe(201);

    const second = await signedInElsewhere(browser, baseURL, account);
    try {
      // Download my data: one JSON file with the account, the audio and the review.
      await page.goto('/account');
      const downloadStarted = page.waitForEvent('download');
      await page.getByRole('region', { name: 'Download my data' }).getByRole('link', { name: 'Download my data' }).click();
      const download = await downloadStarted;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^tonieshelf-${account.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`));
      const exported = JSON.parse(await readFile((await download.path())!, 'utf8')) as AccountExport;
      expect(exported.account.email).toBe(account.email);
      expect(exported.account.emailVerified).toBe(true);
      expect(exported.audio.map((a) => a.title)).toEqual([title]);
      expect(exported.ratings.map((r) => r.review)).toEqual([review]);

      // Delete my account: the confirmation screen.
      await page.getByRole('button', { name: 'Delete my account…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      await expect(dialog.getByText('This cannot be undone')).toBeVisible();
      await expect(dialog.getByRole('textbox', { name: /Code or recovery code/ })).toHaveCount(0);
      await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
      await expect(dialog.getByText('Choose whether to keep your reviews')).toBeVisible();
      await expect(dialog.getByText('Please enter your password')).toBeVisible();
      await dialog.getByRole('radio', { name: "Keep them, shown as 'Anonymous'" }).check();
      await dialog.getByLabel('Your password').fill('not-my-password');
      await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
      await expect(dialog.getByText(en(ACCOUNT_MESSAGES.wrongPassword))).toBeVisible();
      await dialog.getByLabel('Your password').fill(account.password);
      await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
      await expectToast(page, 'Account deleted', en(ACCOUNT_MESSAGES.accountDeleted));
      // The catalogue (the interface language may preselect its language filter).
      await expect(page).toHaveURL(/\/catalog(\?languages=[^&]*)?$/);
      await expect(signInButton(page)).toBeVisible();

      // Every session is gone, and the account with them.
      await second.page.reload();
      await expect(signInButton(second.page)).toBeVisible();
      const login = await page.request.post('/api/auth/login', { data: { email: account.email, password: account.password }, headers: origin });
      expect(login.status()).toBe(401);

      // The audio is gone, record and file; the review stays without a name.
      expect((await page.request.get(`/api/audio-files/${audio.id}`)).status()).toBe(404);
      expect((await page.request.get(audio.fileUrl)).status()).toBe(404);
      const ratings = (await (await page.request.get(`/api/tonies/${tonieId}/ratings`)).json()) as Review[];
      const kept = ratings.find((r) => r.review === review);
      expect(kept?.username ?? null).toBeNull();
      expect(kept?.userProfile.firstName).toBe('Anonymous');
      await page.goto('/audio/discover');
      await expect(page.getByTestId('audio-card').filter({ hasText: title })).toHaveCount(0);
      await latestMailTo(MAIL_DIR, account.email, { subject: 'account was deleted' });
    } finally {
      await second.context.close();
    }
  });

  test('with a second factor: a reset still asks for the code at sign-in, and deleting needs a code', async ({ page, baseURL }) => {
    test.setTimeout(120_000);
    const account = newAccount('Tove', 'acc');
    const origin = { origin: baseURL ?? '' };
    await registerByApi(page.request, baseURL, account);

    // An authenticator app, enrolled through the API (the test is the app).
    const enrolled = await page.request.post('/api/auth/factors', { data: { factor_type: 'totp' }, headers: origin });
    expect(enrolled.status(), await enrolled.text()).toBe(201);
    const factor = (await enrolled.json()) as { id: string; totp: { secret: string } };
    const key = decodeBase32IgnorePadding(factor.totp.secret);
    const challenge = (await (await page.request.post(`/api/auth/factors/${factor.id}/challenge`, { data: {}, headers: origin })).json()) as { id: string };
    const verified = await page.request.post(`/api/auth/factors/${factor.id}/verify`, { data: { challenge_id: challenge.id, code: totpCode(key, 0) }, headers: origin });
    expect(verified.status(), await verified.text()).toBe(200);
    const { recoveryCodes } = (await verified.json()) as { recoveryCodes: string[] };

    // Forgot password -> new password: the code is still asked for.
    const askedAt = new Date();
    const asked = await page.request.post('/api/auth/forgot-password', { data: { email: account.email }, headers: origin });
    expect(asked.status(), await asked.text()).toBe(200);
    const mail = await latestMailTo(MAIL_DIR, account.email, { subject: RESET_SUBJECT, after: askedAt });
    await page.goto(pathOf(linkIn(mail, '/auth/reset-password')));
    const reset = page.getByRole('form', { name: 'Set a new password' });
    await reset.getByRole('textbox', { name: 'New password', exact: true }).fill(NEW_PASSWORD);
    await reset.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await expectToast(page, 'Password changed', 'To finish signing in, enter a code of your second factor.');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await page.getByLabel('Code from your authenticator app, digit 1 of 6', { exact: true }).fill(totpCode(key, 1));
    await expectToast(page, 'Login successful');
    await expect(accountButton(page, account.username)).toBeVisible();

    // Deleting asks for a code too: none, a wrong one, then a recovery code.
    await page.goto('/account');
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    const code = dialog.getByRole('textbox', { name: /Code or recovery code/ });
    await expect(code).toBeVisible();
    await dialog.getByRole('radio', { name: 'Delete them too' }).check();
    await dialog.getByLabel('Your password').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(dialog.getByText(en(ACCOUNT_MESSAGES.codeRequired))).toBeVisible();
    const valid = new Set([-1, 0, 1, 2].map((offset) => totpCode(key, offset)));
    const wrong = ['000000', '111111', '222222', '333333', '444444'].find((c) => !valid.has(c)) ?? '999999';
    await code.fill(wrong);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(code).toHaveAccessibleDescription(en(AUTH_MESSAGES.wrongCode));
    await code.fill('aaaaa-bbbbb');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expect(code).toHaveAccessibleDescription(en(AUTH_MESSAGES.removalCodeInvalid));
    await code.fill(recoveryCodes[0]!);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await expectToast(page, 'Account deleted', en(ACCOUNT_MESSAGES.accountDeleted));
    await expect(signInButton(page)).toBeVisible();
  });
});

test.describe('narrow screen (390x844)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the drawer lists 'Account' before 'Account security'", async ({ page, baseURL }) => {
    const account = newAccount('Mika', 'acc');
    await registerByApi(page.request, baseURL, account);
    await page.goto('/catalog');
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog');
    const links = drawer.getByRole('link', { name: /^Account/ });
    await expect(links).toHaveText(['Account', 'Account security']);
    await links.first().click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible();
  });
});
