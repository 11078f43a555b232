// The account, reporting and password screens in German (issue 12), as a browser set to German
// sees them (context locale 'de-DE': the app takes the browser's language): /report sends a
// report in German, /account shows its cards in German and changes the address, and "Forgot
// password?" asks for a link in German.
import { test, expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { expectToast, registerVerified, stamp } from './helpers';

/** A page in a browser set to German, optionally with the cookies of another context (a session). */
async function germanPage(browser: Browser, baseURL: string | undefined, from?: Page): Promise<Page> {
  const storageState = from ? await from.context().storageState() : undefined;
  const context = await browser.newContext({ baseURL, locale: 'de-DE', storageState });
  return context.newPage();
}

test.describe('account, reporting and passwords in German', () => {
  test('/report in German: the form, its own refusals, and a sent report with its reference', async ({ browser, baseURL }) => {
    const de = await germanPage(browser, baseURL);
    await de.goto('/report');
    await expect(de.locator('html')).toHaveAttribute('lang', 'de');
    await expect(de.getByRole('heading', { level: 1, name: 'Inhalt melden oder Kontakt aufnehmen' })).toBeVisible();
    await expect(de).toHaveTitle(/Inhalt melden oder Kontakt aufnehmen/);
    const form = de.getByRole('form', { name: 'Inhalt melden oder Kontakt aufnehmen' });
    await expect(form.getByText('Worum geht es?')).toBeVisible();
    await expect(form.getByText('Fehler melden')).toBeVisible();
    await expect(de.locator('#main-content').getByRole('link', { name: 'Nutzungsbedingungen' })).toHaveAttribute('href', '/terms#moderation');

    // The form's own check, in German.
    await form.getByRole('button', { name: 'Meldung senden' }).click();
    await expect(form.getByText('Bitte gib die Adresse des Inhalts an, den du meldest')).toBeVisible();

    const email = `e2e-melder-${stamp()}@example.com`;
    await form.getByRole('combobox', { name: /^Grund/ }).click();
    await de.getByRole('option', { name: 'Spam', exact: true }).click();
    await form.getByRole('textbox', { name: /^Adresse des Inhalts/ }).fill('/audio/discover?audio=1');
    await form.getByRole('textbox', { name: /Was stimmt damit nicht/ }).fill('Hier wird nur für ein Produkt geworben, das hat mit Tonies nichts zu tun.');
    await form.getByRole('textbox', { name: /^Dein Name/ }).fill('Maria Muster');
    await form.getByRole('textbox', { name: /^Deine E-Mail-Adresse/ }).fill(email);
    await form.getByRole('checkbox', { name: /in gutem Glauben/ }).check();
    const sent = de.waitForResponse((r) => r.url().includes('report.create'));
    await form.getByRole('button', { name: 'Meldung senden' }).click();
    expect((await sent).status()).toBe(200);

    const receipt = de.getByTestId('report-receipt');
    await expect(receipt.getByText('Meldung eingegangen')).toBeVisible();
    await expect(receipt).toContainText(`Wir haben dir außerdem eine Bestätigung an ${email} geschickt.`);
    await expect(receipt).toContainText(/Vorgangsnummer: TS-[A-Z0-9]{4}-[A-Z0-9]{4}/);
    await expect(receipt.getByRole('button', { name: 'Weitere Nachricht senden' })).toBeVisible();
    await de.context().close();
  });

  test('/account in German: the cards, the verified address, changing it and the delete dialog', async ({ page, browser, baseURL }) => {
    const account = await registerVerified(page, baseURL, 'Greta', 'konto-de', 'Gruber');
    const de = await germanPage(browser, baseURL, page);
    await de.goto('/account');
    await expect(de.getByRole('heading', { level: 1, name: 'Konto' })).toBeVisible();
    await expect(de).toHaveTitle(/^Konto \|/);
    await expect(de.getByText(`Angemeldet als ${account.username} (${account.email})`)).toBeVisible();
    await expect(de.getByRole('heading', { name: 'E-Mail-Adresse', exact: true })).toBeVisible();
    await expect(de.getByTestId('email-verified-badge')).toHaveText('Bestätigt');
    await expect(de.getByRole('link', { name: 'Meine Daten herunterladen' })).toBeVisible();
    await expect(de.getByRole('link', { name: 'Kontosicherheit' })).toBeVisible();

    // Changing the address: German labels, its own refusal, then the pending address.
    const change = de.getByRole('form', { name: 'E-Mail-Adresse ändern' });
    await change.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await expect(change.getByText('Bitte gib dein Passwort ein')).toBeVisible();
    const newEmail = `e2e-neu-${stamp()}@example.com`;
    await change.getByRole('textbox', { name: /^Neue E-Mail-Adresse/ }).fill(newEmail);
    await change.getByLabel(/^Aktuelles Passwort/).fill(account.password);
    await change.getByRole('button', { name: 'E-Mail-Adresse ändern' }).click();
    await expectToast(de, 'Schau in dein neues Postfach');
    const pending = de.getByTestId('pending-email');
    await expect(pending).toContainText('Deine neue Adresse wartet auf Bestätigung');
    await expect(pending).toContainText(`Wir haben einen Link an ${newEmail} geschickt.`);

    // Deleting asks first, in German; keeping the account closes the dialog.
    await de.getByRole('button', { name: 'Mein Konto löschen …' }).click();
    const dialog = de.getByRole('dialog', { name: 'Konto wirklich löschen?' });
    await expect(dialog.getByText('Das lässt sich nicht rückgängig machen')).toBeVisible();
    await expect(dialog.getByRole('radio', { name: /Behalten, als „Anonym“ angezeigt/ })).toBeVisible();
    await dialog.getByRole('button', { name: 'Konto behalten' }).click();
    await expect(dialog).toBeHidden();
    await de.context().close();
  });

  test('forgot password in German: asks for the address and says to look in the inbox', async ({ browser, baseURL }) => {
    const de = await germanPage(browser, baseURL);
    await de.goto('/auth/forgot-password');
    await expect(de.getByRole('heading', { level: 1, name: 'Passwort zurücksetzen' })).toBeVisible();
    await expect(de).toHaveTitle(/^Passwort zurücksetzen \|/);
    const form = de.getByRole('form', { name: 'Passwort zurücksetzen' });
    await expect(form.getByRole('link', { name: /Zurück zur Anmeldung/ })).toBeVisible();
    const email = `e2e-vergessen-${stamp()}@example.com`;
    await form.getByRole('textbox', { name: /^E-Mail/ }).fill(email);
    await form.getByRole('button', { name: 'Link zum Zurücksetzen senden' }).click();
    const sent = de.getByTestId('reset-link-sent');
    await expect(sent).toContainText('Schau in dein Postfach');
    await expect(sent).toContainText(`Adresse: ${email}.`);
    await expect(de.getByRole('button', { name: 'Noch einmal senden' })).toBeVisible();
    await de.context().close();
  });
});
