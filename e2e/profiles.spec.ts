// Profiles and helpful votes in the browser (issue 14): a reviewer's name in the Tonie dialog
// opens their profile with the review listed; another user marks the review helpful (the count
// goes to 1) and sorts the reviews by Most helpful (it comes first); the reviewer cannot vote on
// their own review; a wishlist made public in the account settings shows on the profile, and
// made private again it is gone. Accounts, reviews and the wishlist Tonie are set up through the API.
import { expect, test } from '@playwright/test';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expectToast, signedInPage, stamp } from './helpers';

interface TonieSummary {
  id: number;
  name: string;
}

async function getJson<T>(request: APIRequestContext, path: string): Promise<T> {
  const response = await request.get(path);
  expect(response.ok(), `GET ${path} -> ${response.status()}`).toBe(true);
  return (await response.json()) as T;
}

async function review(request: APIRequestContext, baseURL: string | undefined, tonieId: number, rating: number, text: string): Promise<void> {
  const response = await request.post(`/api/tonies/${tonieId}/ratings`, { data: { rating, review: text }, headers: { origin: baseURL ?? '' } });
  expect(response.status(), await response.text()).toBe(201);
}

function dialog(page: Page): Locator {
  return page.getByRole('dialog', { name: /./ }).filter({ has: page.getByTestId('tonie-details') });
}

function reviewItem(page: Page, text: string): Locator {
  return dialog(page).getByTestId('review').filter({ hasText: text });
}

/** The account page's 'Public profile': sets the Wishlist box and saves. */
async function setWishlistPublic(page: Page, on: boolean): Promise<void> {
  await page.goto('/account');
  const section = page.getByTestId('profile-settings');
  const box = section.getByRole('checkbox', { name: 'Wishlist' });
  await expect(box).toBeVisible();
  if (on) await box.check();
  else await box.uncheck();
  await section.getByRole('button', { name: 'Save' }).click();
  await expectToast(page, 'Profile settings saved');
}

test("a reviewer's profile from the review, a helpful vote sorted first, and a public wishlist on the profile", async ({ browser, baseURL }) => {
  const s = stamp();
  const { page: rita, account: reviewer } = await signedInPage(browser, baseURL, 'Rita', 'reviewer', 'Reviewer');
  const { page: vic, account: voter } = await signedInPage(browser, baseURL, 'Vic', 'voter', 'Voter');
  const { tonies } = await getJson<{ tonies: TonieSummary[] }>(rita.request, '/api/tonies?page=1&pageSize=12');
  const tonie = tonies[0]!;
  const wished = tonies[1]!;
  const ritasText = `Rita thinks it is lovely ${s}`;
  const vicsText = `Vic wrote this one later ${s}`;

  // Rita reviews first; Vic's own review is newer, so Newest lists Vic's above Rita's.
  await review(rita.request, baseURL, tonie.id, 5, ritasText);
  await review(vic.request, baseURL, tonie.id, 3, vicsText);

  // Vic opens the Tonie and follows Rita's name to her profile, where the review is listed.
  await vic.goto(`/catalog?tonieId=${tonie.id}`);
  const ritas = reviewItem(vic, ritasText);
  await expect(ritas).toBeVisible();
  await ritas.getByRole('link', { name: 'Rita Reviewer' }).click();
  await expect(vic).toHaveURL(new RegExp(`/u/${reviewer.username}$`));
  await expect(vic.getByTestId('profile-name')).toHaveText('Rita Reviewer');
  await expect(vic.getByTestId('profile-username')).toHaveText(`@${reviewer.username}`);
  await expect(vic.getByTestId('profile-review').filter({ hasText: ritasText })).toBeVisible();
  await expect(vic).toHaveTitle('Rita Reviewer | TonieShelf');

  // Back to the dialog: Vic marks Rita's review helpful; the count shows 1 at once and stays.
  await vic.goBack();
  const helpful = reviewItem(vic, ritasText).getByRole('button', { name: 'Mark review by Rita Reviewer as helpful' });
  await expect(helpful).toHaveText('Helpful · 0');
  await expect(helpful).toBeEnabled();
  await helpful.click();
  await expect(helpful).toHaveText('Helpful · 1');
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  // Vic's own review has the count and no button.
  await expect(reviewItem(vic, vicsText).getByRole('button', { name: /as helpful/ })).toHaveCount(0);

  // Newest puts Vic's later review first; Most helpful puts Rita's first.
  const reviews = dialog(vic).getByTestId('review');
  await expect(reviews.first()).toContainText(vicsText);
  await dialog(vic).getByTestId('review-sort').getByText('Most helpful').click();
  await expect(reviews.first()).toContainText(ritasText);
  await expect(reviews.first().getByRole('button', { name: 'Mark review by Rita Reviewer as helpful' })).toHaveText('Helpful · 1');

  // Rita sees the count on her own review and cannot vote on it.
  await rita.goto(`/catalog?tonieId=${tonie.id}`);
  const own = reviewItem(rita, ritasText);
  await expect(own.getByTestId('helpful-count')).toHaveText('1 found this helpful');
  await expect(own.getByRole('button', { name: /as helpful/ })).toHaveCount(0);
  await expect(reviewItem(rita, vicsText).getByRole('button', { name: 'Mark review by Vic Voter as helpful' })).toBeVisible();

  // Rita's wishlist is private by default: her profile has no Wishlist tab.
  const put = await rita.request.put(`/api/shelves/wishlist/${wished.id}`, { headers: { origin: baseURL ?? '' } });
  expect(put.ok(), await put.text()).toBe(true);
  await vic.goto(`/u/${reviewer.username}`);
  await expect(vic.getByRole('tab', { name: /Reviews/ })).toBeVisible();
  await expect(vic.getByRole('tab', { name: /Wishlist/ })).toHaveCount(0);

  // Made public in the account settings, it shows on the profile with the Tonie's card.
  await setWishlistPublic(rita, true);
  await vic.reload();
  await vic.getByRole('tab', { name: /Wishlist/ }).click();
  await expect(vic.getByTestId('profile-shelf-wishlist').getByRole('article').filter({ hasText: wished.name })).toBeVisible();
  // Rita's own profile has the settings link.
  await rita.goto(`/u/${reviewer.username}`);
  await expect(rita.getByRole('link', { name: 'Edit profile settings' })).toBeVisible();
  await expect(rita.getByRole('tab', { name: /Wishlist/ })).toBeVisible();

  // Private again: the tab is gone, and the shelf is refused through the API too.
  await setWishlistPublic(rita, false);
  await vic.reload();
  await expect(vic.getByTestId('profile-name')).toHaveText('Rita Reviewer');
  await expect(vic.getByRole('tab', { name: /Wishlist/ })).toHaveCount(0);
  const shelf = await vic.request.get(`/api/users/${reviewer.username}/shelves/wishlist`);
  expect(shelf.status()).toBe(403);
  expect(voter.username).not.toBe(reviewer.username);

  await rita.context().close();
  await vic.context().close();
});
