// The audio screens and the reviews in German (issue 12), as a browser set to German sees them
// (context locale 'de-DE': the app takes the browser's language): Discover with a published file
// and its details, the upload page with a real upload, and a review written in German.
import { test, expect } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { wav } from '../server/test/helpers/audio';
import { audioCard, expectToast, publishAudio, registerVerified, stamp } from './helpers';

/** A page in a browser set to German. */
async function germanPage(browser: Browser, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, locale: 'de-DE' });
  return context.newPage();
}

/** Today's date as the German interface writes it ('7.3.2025'). */
function germanToday(): string {
  return new Intl.DateTimeFormat('de-DE', { year: 'numeric', month: 'numeric', day: 'numeric' }).format(new Date());
}

test.describe('audio and reviews in German', () => {
  test('Discover in German: search, sort, filters, a card and its details', async ({ page, browser, baseURL }) => {
    const s = stamp();
    const title = `Schlaflied ${s}`;
    await registerVerified(page, baseURL, 'Greta', 'audio-de', 'Gruber');
    await publishAudio(page.request, baseURL, { title, tags: [`de-${s}`, 'Gute Nacht'], seconds: 2, description: 'Zum Einschlafen' });

    const de = await germanPage(browser, baseURL);
    await de.goto('/audio/discover');
    await expect(de.locator('html')).toHaveAttribute('lang', 'de');
    await expect(de.getByRole('heading', { level: 1, name: 'Audios entdecken' })).toBeVisible();
    await expect(de).toHaveTitle(/Audios entdecken/);
    await expect(de.getByRole('searchbox', { name: 'Audios suchen' })).toHaveAttribute('placeholder', 'Audios suchen …');
    await expect(de.getByTestId('audio-sort')).toHaveValue('Neueste zuerst');
    await expect(de.getByTestId('licence-filter')).toHaveValue('Alle Lizenzen');

    // The sort choices in German.
    await de.getByTestId('audio-sort').click();
    await expect(de.getByRole('option', { name: 'Meiste Downloads' })).toBeVisible();
    await de.keyboard.press('Escape');

    // Search finds the file; its card speaks German.
    await de.getByRole('searchbox', { name: 'Audios suchen' }).fill(title);
    await de.getByRole('searchbox', { name: 'Audios suchen' }).press('Enter');
    const card = audioCard(de, title);
    await expect(card).toBeVisible();
    await expect(card.getByTestId('duration')).toHaveText('0 Min. 2 Sek.');
    await expect(card.getByText('Noch nicht gemerkt', { exact: true })).toBeAttached();

    // The filter panel.
    await de.getByRole('button', { name: 'Filter', exact: true }).click();
    const drawer = de.getByRole('dialog', { name: /Filter/ });
    await expect(drawer.getByText('Wähle Tags aus, um die Audios einzugrenzen')).toBeVisible();
    await expect(drawer.getByRole('button', { name: 'Filter anwenden' })).toBeVisible();
    await drawer.getByRole('button', { name: 'Alles zurücksetzen' }).click();
    await de.keyboard.press('Escape');
    await expect(drawer).toBeHidden();

    // The details: German facts and the sign-in panel for a visitor.
    await card.getByRole('button', { name: `Details: ${title}` }).click();
    const details = de.getByTestId('audio-details');
    await expect(details.getByTestId('detail-duration')).toHaveText('0 Min. 2 Sek.');
    await expect(details.getByTestId('detail-created')).toHaveText(germanToday());
    await expect(details.getByTestId('detail-size')).toHaveText(/^\d+,\d MB$/);
    await expect(details.getByTestId('detail-author')).toHaveText('Greta Gruber');
    await expect(details.getByTestId('preview-login-required')).toContainText('Anmeldung erforderlich');
    await expect(details.getByRole('button', { name: 'Merken' })).toBeVisible();

    // Not found: the German empty state.
    await de.getByRole('button', { name: 'Details schließen' }).click();
    await de.getByRole('searchbox', { name: 'Audios suchen' }).fill(`nichts-${s}`);
    await de.getByRole('searchbox', { name: 'Audios suchen' }).press('Enter');
    await expect(de.getByRole('heading', { name: 'Keine Audios gefunden' })).toBeVisible();
    await expect(de.getByText(`Keine Treffer für „nichts-${s}“`)).toBeVisible();
    await de.context().close();
  });

  test('upload page in German: the checks, a real upload, the own list', async ({ browser, baseURL }) => {
    const s = stamp();
    const title = `Gute-Nacht-Geschichte ${s}`;
    const de = await germanPage(browser, baseURL);
    await registerVerified(de, baseURL, 'Paul', 'upload-de', 'Peters');
    await de.goto('/audio/upload');
    await expect(de.getByRole('heading', { level: 1, name: 'Hochladen und veröffentlichen' })).toBeVisible();
    const form = de.getByTestId('audio-upload-form');
    await expect(form.getByRole('heading', { name: 'Neues Audio hochladen' })).toBeVisible();
    await expect(de.getByTestId('own-audio-files').getByRole('heading', { name: 'Deine Audiodateien' })).toBeVisible();
    await expect(de.getByTestId('no-own-files')).toHaveText('Du hast noch keine Audiodateien hochgeladen.');

    // Sent empty: the file is asked for in German.
    await form.getByRole('button', { name: 'Audio hochladen' }).click();
    await expect(form.getByTestId('audio-file-error')).toHaveText('Bitte wähle eine Audiodatei zum Hochladen aus');

    await form.getByRole('textbox', { name: 'Titel' }).fill(title);
    await form.getByRole('textbox', { name: 'Beschreibung' }).fill('Eine kurze Geschichte zum Einschlafen');
    await form.getByLabel('Audiodatei', { exact: true }).setInputFiles({ name: 'geschichte.wav', mimeType: 'audio/wav', buffer: wav({ seconds: 1 }) });
    await expect(form.getByTestId('chosen-audio')).toHaveText('geschichte.wav');
    await expect(form.getByText(/^\d+,\d MB$/)).toBeVisible();
    await form.getByRole('combobox', { name: /^Lizenz/ }).click();
    await expect(de.getByRole('option', { name: 'Alle Rechte vorbehalten – nur für den privaten Gebrauch' })).toBeVisible();
    await de.getByRole('option', { name: 'CC BY 4.0', exact: true }).click();
    await form.getByRole('checkbox', { name: /Ich habe das selbst gemacht oder darf es teilen/ }).check();
    await form.getByRole('button', { name: 'Audio hochladen' }).click();

    await expectToast(de, 'Audiodatei hochgeladen', title);
    const row = de.getByTestId('own-audio-table').getByRole('row').filter({ hasText: title });
    await expect(row.getByTestId('status-badge')).toHaveText('Entwurf');
    await expect(row.getByRole('button', { name: `Veröffentlichen ${title}` })).toBeVisible();

    // Publishing asks first, in German.
    await row.getByRole('button', { name: `Veröffentlichen ${title}` }).click();
    const question = de.getByRole('dialog', { name: 'Audiodatei veröffentlichen?' });
    await expect(question).toContainText(`„${title}“ ist dann für die ganze Community sichtbar.`);
    await question.getByRole('button', { name: 'Veröffentlichen' }).click();
    await expectToast(de, 'Audiodatei veröffentlicht');
    await expect(row.getByTestId('status-badge')).toHaveText('Veröffentlicht');
    await de.context().close();
  });

  test('a review written in German: stars, text, the review and the summary', async ({ browser, baseURL }) => {
    const de = await germanPage(browser, baseURL);
    await registerVerified(de, baseURL, 'Lena', 'review-de', 'Lange');
    const list = (await (await de.request.get('/api/tonies?page=1&pageSize=12')).json()) as { tonies: { id: number; name: string; totalRatings: number }[] };
    const tonie = list.tonies.find((t) => t.totalRatings === 0) ?? list.tonies.at(-1)!;
    const text = `Hören wir jeden Abend ${stamp()}`;

    await de.goto(`/catalog?tonieId=${tonie.id}`);
    await expect(de.getByRole('heading', { name: 'Diesen Tonie bewerten' })).toBeVisible();
    const form = de.getByTestId('rating-form');
    await expect(form.getByTestId('review-counter')).toHaveText('0 / 5.000');
    await expect(form.getByRole('button', { name: 'Rezension abschicken' })).toBeDisabled();
    const id = await form.getByRole('radio', { name: '4 Sterne' }).getAttribute('id');
    await form.locator(`label[for="${id}"]`).click();
    await expect(form.getByText('4 von 5', { exact: true })).toBeVisible();
    await form.getByLabel('Deine Rezension (optional)').fill(text);
    await form.getByRole('button', { name: 'Rezension abschicken' }).click();

    await expectToast(de, 'Rezension gespeichert', 'Danke für deine Rezension!');
    const mine = de.getByTestId('review').filter({ hasText: text });
    await expect(mine).toBeVisible();
    await expect(mine.getByText('Deine Rezension')).toBeVisible();
    await expect(mine.getByRole('img', { name: '4 von 5 Sternen' })).toBeVisible();
    await expect(mine).toContainText(germanToday());
    await expect(de.getByTestId('rating-form-reviewed')).toContainText('Du hast diesen Tonie schon bewertet');
    const after = (await (await de.request.get(`/api/tonies/${tonie.id}/ratings/summary`)).json()) as { totalRatings: number };
    await expect(de.getByTestId('summary-count')).toHaveText(`(${after.totalRatings} ${after.totalRatings === 1 ? 'Bewertung' : 'Bewertungen'})`);
    await expect(de.getByRole('progressbar', { name: /^4 Sterne: \d+ %/ })).toBeVisible();

    await de.request.delete(`/api/tonies/${tonie.id}/ratings/mine`, { headers: { origin: baseURL ?? '' } });
    await de.context().close();
  });
});
