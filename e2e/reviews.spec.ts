// Reviews in real life (issue "Accounts for real life", Reviews): a signed-in user writes a
// review of a demo Tonie, edits it from the detail dialog ('Edited' shows, the summary and the
// card's average follow at once) and deletes it (the summary goes back, the form offers a new
// review). Runs against the built client and the real server with the seeded demo catalogue;
// Tonies and figures come from the API at run time, and the test registers its own account.
import { test, expect } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';

const PASSWORD = 'Shelf-e2e-Reviews-Passphrase-7';

interface TonieSummary {
  id: number;
  name: string;
  averageRating: number;
  totalRatings: number;
}

interface RatingSummary {
  averageRating: number;
  totalRatings: number;
  distribution: { stars: number; count: number; percentage: number }[];
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path} -> ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

/** A unique account, registered through the API; the page's context gets its session cookie. */
async function registerUser(page: Page, baseURL: string | undefined): Promise<{ firstName: string; lastName: string }> {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  const account = { firstName: 'Erin', lastName: 'Editor', email: `e2e-reviews-${stamp}@example.com`, password: PASSWORD, confirmPassword: PASSWORD };
  const response = await page.request.post('/api/auth/register', { data: account, headers: { origin: baseURL ?? '' } });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

function dialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /./ }).filter({ has: page.getByTestId('tonie-details') });
}

/** A toast with this text is on screen (the one it replaced may still be fading out). */
async function expectToast(page: Page, text: string): Promise<void> {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: text })).toBeVisible();
}

/** Picks n stars by clicking the star itself (its radio input is hidden). */
async function pickStars(form: Locator, n: number): Promise<void> {
  const id = await form.getByRole('radio', { name: `${n} ${n === 1 ? 'star' : 'stars'}` }).getAttribute('id');
  await form.locator(`label[for="${id}"]`).click();
  await expect(form.getByText(`${n} of 5`, { exact: true })).toBeVisible();
}

const ratingsLabel = (n: number) => `(${n} ${n === 1 ? 'rating' : 'ratings'})`;

/** The average of the ratings the summary counts, plus `extra` stars, to one decimal as shown. */
function averageWith(summary: RatingSummary, extra: number[]): string {
  const sum = summary.distribution.reduce((s, d) => s + d.stars * d.count, 0) + extra.reduce((a, b) => a + b, 0);
  const count = summary.totalRatings + extra.length;
  // As the server rounds (two decimals) and the page shows (one).
  return count ? (Math.round((sum / count) * 100) / 100).toFixed(1) : '0.0';
}

/** The share bar of one star value in the summary. */
function bar(page: Page, stars: number): Locator {
  return dialog(page).getByRole('progressbar', { name: new RegExp(`^${stars} stars:`) });
}

test('write, edit and delete a review: the summary, the card and the form follow each step', async ({ page, baseURL }) => {
  const account = await registerUser(page, baseURL);
  const list = await getJson<{ tonies: TonieSummary[] }>(page.request, '/api/tonies?page=1&pageSize=12');
  const tonie = list.tonies.find((t) => t.totalRatings >= 2) ?? list.tonies[0]!;
  const before = await getJson<RatingSummary>(page.request, `/api/tonies/${tonie.id}/ratings/summary`);
  const n = before.totalRatings;
  const fiveStarsBefore = before.distribution.find((d) => d.stars === 5)!.count;
  const oneStarBefore = before.distribution.find((d) => d.stars === 1)!.count;
  const text = `Our evening favourite ${Date.now()}`;

  await page.goto(`/catalog?tonieId=${tonie.id}`);
  await expect(page.getByTestId('details-title')).toHaveText(tonie.name);
  await expect(page.getByTestId('summary-count')).toHaveText(n ? ratingsLabel(n) : 'No ratings yet');
  await expect(page.getByTestId('summary-average')).toHaveText(averageWith(before, []));

  // Write: five stars, a text and a tag.
  const form = page.getByTestId('rating-form');
  await pickStars(form, 5);
  await form.getByLabel('Your review (optional)').fill(text);
  const tagsInput = form.getByLabel('Tags (optional)');
  await tagsInput.fill('Evening');
  await tagsInput.press('Enter');
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expectToast(page, 'Thank you for your review!');
  await expect(page.getByTestId('summary-count')).toHaveText(ratingsLabel(n + 1));
  await expect(page.getByTestId('summary-average')).toHaveText(averageWith(before, [5]));
  await expect(bar(page, 5)).toHaveAttribute('aria-label', new RegExp(`\\(${fiveStarsBefore + 1}\\)$`));
  const mine = page.getByTestId('review').filter({ hasText: text });
  await expect(mine).toContainText(`${account.firstName} ${account.lastName}`);
  await expect(mine.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
  await expect(mine.getByTestId('review-edited')).toHaveCount(0);

  // Edit from the already-reviewed notice: the form opens filled in; one star and a new text.
  const notice = page.getByTestId('rating-form-reviewed');
  await notice.getByRole('button', { name: 'Edit your review' }).click();
  const edit = page.getByTestId('rating-form-edit');
  await expect(edit.getByText('5 of 5', { exact: true })).toBeVisible();
  await expect(edit.getByLabel('Your review (optional)')).toHaveValue(text);
  await expect(edit.getByRole('button', { name: 'Remove tag Evening' })).toBeVisible();
  await pickStars(edit, 1);
  const edited = `${text}, but only once a week`;
  await edit.getByLabel('Your review (optional)').fill(edited);
  await edit.getByRole('button', { name: 'Save changes' }).click();

  await expectToast(page, 'Review updated');
  await expect(page.getByTestId('rating-form-edit')).toHaveCount(0);
  await expect(notice).toBeVisible();
  await expect(page.getByTestId('summary-count')).toHaveText(ratingsLabel(n + 1));
  await expect(page.getByTestId('summary-average')).toHaveText(averageWith(before, [1]));
  await expect(bar(page, 5)).toHaveAttribute('aria-label', new RegExp(`\\(${fiveStarsBefore}\\)$`));
  await expect(bar(page, 1)).toHaveAttribute('aria-label', new RegExp(`\\(${oneStarBefore + 1}\\)$`));
  const mineEdited = page.getByTestId('review').filter({ hasText: edited });
  await expect(mineEdited.getByRole('img', { name: '1 out of 5 stars' })).toBeVisible();
  await expect(mineEdited.getByTestId('review-edited')).toHaveText('· Edited');
  await expect(mineEdited).toContainText('Evening');
  expect((await getJson<{ averageRating: number }>(page.request, `/api/tonies/${tonie.id}`)).averageRating.toFixed(1)).toBe(averageWith(before, [1]));

  // The review's own Edit opens the same form; Cancel leaves the review as it is.
  await mineEdited.getByRole('button', { name: 'Edit' }).click();
  await expect(page.getByTestId('rating-form-edit').getByLabel('Your review (optional)')).toHaveValue(edited);
  await page.getByTestId('rating-form-edit').getByRole('button', { name: 'Cancel' }).click();
  await expect(notice).toBeVisible();

  // Delete asks first; then the summary is as it was and the form offers a new review.
  await mineEdited.getByRole('button', { name: 'Delete' }).click();
  const question = page.getByRole('dialog', { name: 'Delete your review?' });
  await expect(question).toContainText('This cannot be undone.');
  await question.getByRole('button', { name: 'Delete' }).click();
  await expectToast(page, 'Review deleted');
  await expect(page.getByTestId('review').filter({ hasText: text })).toHaveCount(0);
  await expect(page.getByTestId('summary-count')).toHaveText(n ? ratingsLabel(n) : 'No ratings yet');
  await expect(page.getByTestId('summary-average')).toHaveText(averageWith(before, []));
  await expect(bar(page, 1)).toHaveAttribute('aria-label', new RegExp(`\\(${oneStarBefore}\\)$`));
  await expect(page.getByTestId('rating-form').getByRole('button', { name: 'Submit Review' })).toBeDisabled();
  await expect(page.getByTestId('rating-form-reviewed')).toHaveCount(0);

  // The card under the dialog counts as before.
  await page.getByRole('button', { name: 'Close details' }).click();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: tonie.name, exact: true }) });
  await expect(card.getByTestId('rating-count')).toHaveText(ratingsLabel(n));
  await expect(card.getByTestId('average-rating')).toHaveText(averageWith(before, []));
});

test('the card under the dialog and the Highest Rated order follow an edit at once', async ({ page, baseURL }) => {
  await registerUser(page, baseURL);
  const list = await getJson<{ tonies: TonieSummary[] }>(page.request, '/api/tonies?page=1&pageSize=12');
  const tonie = list.tonies.find((t) => t.totalRatings === 0) ?? list.tonies.at(-1)!;
  const before = await getJson<RatingSummary>(page.request, `/api/tonies/${tonie.id}/ratings/summary`);

  await page.goto(`/catalog?tonieId=${tonie.id}`);
  const form = page.getByTestId('rating-form');
  await pickStars(form, 2);
  await form.getByRole('button', { name: 'Submit Review' }).click();
  await expect(page.getByTestId('rating-form-reviewed')).toBeVisible();
  await page.getByTestId('rating-form-reviewed').getByRole('button', { name: 'Edit your review' }).click();
  const edit = page.getByTestId('rating-form-edit');
  await pickStars(edit, 4);
  await edit.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(page, 'Review updated');

  // The list underneath has read again while the dialog was open.
  await page.getByRole('button', { name: 'Close details' }).click();
  const card = page.getByRole('article').filter({ has: page.getByRole('heading', { level: 3, name: tonie.name, exact: true }) });
  await expect(card.getByTestId('average-rating')).toHaveText(averageWith(before, [4]));
  await expect(card.getByTestId('rating-count')).toHaveText(ratingsLabel(before.totalRatings + 1));
  const highest = await getJson<{ tonies: TonieSummary[] }>(page.request, '/api/tonies?sort=highest&pageSize=100');
  const position = highest.tonies.findIndex((t) => t.id === tonie.id);
  expect(position).toBeGreaterThanOrEqual(0);
  // Sorted by average: everything above is rated at least as high.
  for (const above of highest.tonies.slice(0, position)) expect(above.averageRating).toBeGreaterThanOrEqual(highest.tonies[position]!.averageRating);

  await page.request.delete(`/api/tonies/${tonie.id}/ratings/mine`, { headers: { origin: baseURL ?? '' } });
});
