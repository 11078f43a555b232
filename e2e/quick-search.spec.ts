import { expect, test } from '@playwright/test';

// The header's quick search (SPEC §2): after a 1-second pause, from 2 characters.
test.describe('header quick search', () => {
  test('typing 2+ characters opens matches after a pause; choosing one opens its details', async ({ page, request }) => {
    const { tonies } = await (await request.get('/api/tonies?sort=az&pageSize=1')).json();
    const target = tonies[0] as { id: number; name: string; category: string };
    const fragment = target.name.slice(0, 6).trim();

    // The page's timers run on Playwright's clock, paused while the pause is checked: time passes
    // when the test moves it on, never by waiting.
    await page.clock.install();
    await page.goto('/faq');
    const asked: string[] = [];
    page.on('request', (sent) => {
      if (sent.url().includes('tonie.quickSearch')) asked.push(decodeURIComponent(sent.url()));
    });
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search for Tonies' });
    await expect(search).toBeEditable();
    await page.clock.pauseAt(Date.now() + 1000);
    await search.fill(fragment.slice(0, 1));
    await page.clock.runFor(1300);

    await search.fill(fragment);
    // Not before the pause…
    await page.clock.runFor(900);
    await expect(page.getByRole('listbox')).toBeHidden();
    // …then the dialog with the 'Search all' entry and the Tonies group.
    await page.clock.resume();
    const list = page.getByRole('listbox');
    await expect(list).toBeVisible({ timeout: 5000 });
    // One character asked nothing: requests are seen in the order sent, and the first is the fragment's.
    expect(asked[0]).toContain(`"q":${JSON.stringify(fragment)}`);
    await expect(list.getByText(`Search all Tonies for "${fragment}"`)).toBeVisible();
    await expect(list.getByText('Tonies', { exact: true })).toBeVisible();
    const option = list.getByRole('option', { name: new RegExp(target.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) });
    await expect(option).toBeVisible();
    await expect(option.getByText(target.category, { exact: true })).toBeVisible();

    await option.click();
    await expect(page).toHaveURL(new RegExp(`/catalog\\?tonieId=${target.id}$`));
    await expect(page.getByRole('dialog', { name: target.name })).toBeVisible();
  });

  test('no match -> "No results found."; "Search all" goes to the catalogue search; below 2 characters closes', async ({ page }) => {
    await page.goto('/faq');
    const search = page.getByRole('banner').getByRole('combobox', { name: 'Search for Tonies' });
    await search.fill('qqzzxx');
    const list = page.getByRole('listbox');
    await expect(list.getByText('No results found.')).toBeVisible({ timeout: 5000 });
    await search.press('Backspace');
    await search.press('Backspace');
    await search.press('Backspace');
    await search.press('Backspace');
    await search.press('Backspace');
    await expect(list).toBeHidden();

    await search.fill('zz');
    await list.getByText('Search all Tonies for "zz"').click({ timeout: 5000 });
    await expect(page).toHaveURL(/\/catalog\?search=zz$/);
  });
});
