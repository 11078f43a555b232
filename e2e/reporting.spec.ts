// Reporting content and the contact form, in the browser against the real server: an anonymous
// visitor reports a published audio file (the reference on screen and in the mail file), a
// signed-in user reports a review (and a second report of it says it is already reported),
// /report?kind=bug sends a bug report, the FAQ, footer and Disclaimer lead to the form, and the
// terms and imprint pages render.
import { test, expect } from '@playwright/test';
import type { Locator } from '@playwright/test';
import { TERMS_SECTIONS } from '../shared/src/values/moderation';
import { latestMailTo } from '../server/test/helpers/mailbox';
import { MAIL_DIR, publishAudio, registerVerified, signedInPage, stamp } from './helpers';

const REFERENCE = /TS-[A-Z0-9]{4}-[A-Z0-9]{4}/;

async function chooseReason(form: Locator, label: string): Promise<void> {
  await form.getByRole('combobox', { name: /^Reason/ }).click();
  await form.page().getByRole('option', { name: label, exact: true }).click();
}

test.describe('reporting and the contact form', () => {
  test('an anonymous visitor reports a published audio file for copyright: the reference on screen and by mail', async ({ page, browser, baseURL }) => {
    // Someone shares a file.
    const { page: uploader } = await signedInPage(browser, baseURL, 'Uploader', 'report');
    const title = `E2E Reported ${stamp()}`;
    const file = await publishAudio(uploader.request, baseURL, { title });
    await uploader.context().close();

    // Signed out, from the file's details.
    await page.goto(`/audio/discover?search=${encodeURIComponent(title)}`);
    await page.getByRole('button', { name: `Details: ${title}` }).click();
    const details = page.getByRole('dialog', { name: title });
    await expect(details.getByTestId('detail-licence')).toHaveText('CC BY 4.0');
    await details.getByRole('button', { name: 'Report this audio file' }).click();
    const form = page.getByRole('form', { name: 'Report this audio file' });
    await expect(form.getByTestId('report-target')).toContainText(title);
    await expect(form.getByRole('textbox', { name: /Address of the content/ })).toHaveValue(`${baseURL}/audio/discover?audio=${file.id}`);

    // Everything a notice needs is asked for.
    await form.getByRole('button', { name: 'Send report' }).click();
    await expect(form.getByText('Please choose a reason')).toBeVisible();
    await expect(form.getByText('Please enter your name')).toBeVisible();
    await expect(form.getByText('Please enter your email address so that we can reply')).toBeVisible();
    await expect(form.getByText('Please confirm that your report is accurate and made in good faith')).toBeVisible();

    const email = `e2e-rights-holder-${stamp()}@example.com`;
    await chooseReason(form, 'Copyright infringement');
    await form.getByRole('textbox', { name: /What is wrong with it/ }).fill('This is my song from my 2019 album, shared here without my permission.');
    await form.getByRole('textbox', { name: /Your name/ }).fill('Robin Rights');
    await form.getByRole('textbox', { name: /Your email/ }).fill(email);
    await form.getByRole('checkbox', { name: /in good faith/ }).check();
    const sent = page.waitForResponse((r) => r.url().includes('report.create'));
    await form.getByRole('button', { name: 'Send report' }).click();
    expect((await sent).status()).toBe(200);

    const receipt = page.getByTestId('report-receipt');
    await expect(receipt.getByTestId('report-received')).toHaveText(/^Thank you\. We received your report\. Your reference number is TS-/);
    await expect(receipt).toContainText(`We also emailed you a confirmation to ${email}.`);
    const reference = (await receipt.getByTestId('report-reference').textContent())!.trim();
    expect(reference).toMatch(REFERENCE);

    const mail = await latestMailTo(MAIL_DIR, email, { subject: reference });
    expect(mail.text).toContain(reference);
    // An address typed into the form gets the reference, never the link or text sent (no relay).
    expect(mail.text).toContain('What happens next');
    expect(mail.text).not.toContain(`/audio/discover?audio=${file.id}`);

    await receipt.getByRole('button', { name: 'Close' }).click();
    await expect(form).toBeHidden();
    // The address a report gives opens the file's details.
    await page.goto(`/audio/discover?audio=${file.id}`);
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();
  });

  test('a signed-in user reports a review; a second report of it says it is already reported', async ({ page, browser, baseURL }) => {
    // Someone reviews a Tonie.
    const reviewerContext = await browser.newContext({ baseURL });
    const reviewer = await reviewerContext.newPage();
    const author = await registerVerified(reviewer, baseURL, 'Reviewer', 'report');
    const list = (await (await reviewer.request.get('/api/tonies?page=1&pageSize=12')).json()) as { tonies: { id: number }[] };
    const tonie = list.tonies[list.tonies.length - 1]!;
    const text = `Buy cheap stuff at example.com ${stamp()}`;
    const rated = await reviewer.request.post(`/api/tonies/${tonie.id}/ratings`, { data: { rating: 1, review: text, tags: [] }, headers: { origin: baseURL ?? '' } });
    expect(rated.status(), await rated.text()).toBe(201);
    await reviewerContext.close();

    const reporter = await registerVerified(page, baseURL, 'Reporter', 'report');
    await page.goto(`/catalog?tonieId=${tonie.id}`);
    const review = page.getByTestId('review').filter({ hasText: text });
    await expect(review).toBeVisible();
    const name = `${author.firstName} ${author.lastName}`;

    const report = async () => {
      await review.getByRole('button', { name: `Report the review by ${name}` }).click();
      await page.getByRole('menuitem', { name: 'Report this review' }).click();
      const form = page.getByRole('form', { name: 'Report this review' });
      await expect(form.getByTestId('report-target')).toContainText(`Review by ${name}`);
      // Signed in: the account's name and address are used.
      await expect(form.getByTestId('report-signed-in')).toContainText(reporter.email);
      await expect(form.getByRole('textbox', { name: /Your name/ })).toHaveCount(0);
      await chooseReason(form, 'Spam');
      await form.getByRole('textbox', { name: /What is wrong with it/ }).fill('An advert, not a review of this Tonie.');
      await form.getByRole('checkbox', { name: /in good faith/ }).check();
      await form.getByRole('button', { name: 'Send report' }).click();
      return form;
    };

    const first = await report();
    await expect(page.getByTestId('report-received')).toHaveText(REFERENCE);
    const reference = (await page.getByTestId('report-reference').textContent())!.trim();
    await expect((await latestMailTo(MAIL_DIR, reporter.email, { subject: reference })).text).toContain(reference);
    await page.getByTestId('report-receipt').getByRole('button', { name: 'Close' }).click();
    await expect(first).toBeHidden();
    // Focus comes back to the flag once the dialog has gone (a menu opened before that would lose it).
    await expect(review.getByRole('button', { name: `Report the review by ${name}` })).toBeFocused();

    const second = await report();
    await expect(second.getByTestId('report-error')).toHaveText('You have already reported this. We will tell you the outcome.');
    await expect(page.getByTestId('report-receipt')).toHaveCount(0);
  });

  test('/report?kind=bug sends a bug report without an account', async ({ page }) => {
    await page.goto('/report?kind=bug');
    await expect(page.getByRole('heading', { level: 1, name: 'Report content or contact us' })).toBeVisible();
    const form = page.getByRole('form', { name: 'Report content or contact us' });
    await expect(form.getByRole('radio', { name: 'Report a bug' })).toBeChecked();
    await expect(form.getByRole('combobox', { name: /^Reason/ })).toHaveCount(0);
    const email = `e2e-bug-${stamp()}@example.com`;
    await form.getByRole('textbox', { name: /What happened/ }).fill('The Like button does nothing on my phone.');
    await form.getByRole('textbox', { name: /Your name/ }).fill('Bea Bug');
    await form.getByRole('textbox', { name: /Your email/ }).fill(email);
    await form.getByRole('button', { name: 'Send bug report' }).click();
    await expect(page.getByTestId('report-received')).toHaveText(/^Thank you\. We received your message\. Your reference number is TS-/);
    const reference = (await page.getByTestId('report-reference').textContent())!.trim();
    const mail = await latestMailTo(MAIL_DIR, email, { subject: reference });
    expect(mail.text).toContain(reference);
  });

  test('the FAQ, the footer and the Disclaimer lead to the contact form; the terms and the imprint render', async ({ page }) => {
    await page.goto('/faq');
    await page.getByRole('link', { name: 'Report a bug' }).click();
    await expect(page).toHaveURL(/\/report\?kind=bug$/);
    await expect(page.getByRole('radio', { name: 'Report a bug' })).toBeChecked();

    await page.goto('/faq');
    await page.getByRole('link', { name: 'Share feedback' }).click();
    await expect(page).toHaveURL(/\/report\?kind=feedback$/);
    await expect(page.getByRole('radio', { name: 'Share feedback' })).toBeChecked();

    const footer = page.getByRole('navigation', { name: 'Footer' });
    await footer.getByRole('link', { name: 'Feedback', exact: true }).click();
    await expect(page).toHaveURL(/\/report\?kind=feedback$/);
    await footer.getByRole('link', { name: 'Report content' }).click();
    await expect(page).toHaveURL(/\/report$/);
    await expect(page.getByRole('radio', { name: 'Report content' })).toBeChecked();

    await page.goto('/disclaimer');
    await page.getByRole('link', { name: 'copyright report form' }).click();
    await expect(page).toHaveURL(/\/report\?kind=report&reason=copyright$/);
    await expect(page.getByRole('combobox', { name: /^Reason/ })).toHaveValue('Copyright infringement');

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Terms of use' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Terms of use' })).toBeVisible();
    for (const [index, section] of TERMS_SECTIONS.entries()) {
      await expect(page.locator(`h2#${section.id}`)).toHaveText(`${index + 1}. ${section.title}`);
    }
    await expect(page.getByTestId('terms-licences').getByRole('listitem')).toHaveCount(5);

    await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Imprint' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Imprint' })).toBeVisible();
    // The browser tests' server has no operator settings: the page says so honestly.
    await expect(page.getByTestId('imprint-not-configured')).toContainText('The operator has not filled in their details yet');
    await page.getByRole('link', { name: 'Open the contact form' }).click();
    await expect(page).toHaveURL(/\/report\?kind=feedback$/);
  });
});
