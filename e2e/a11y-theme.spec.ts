// The theme's accessibility (issue 15): the colour scheme toggled by keyboard alone, a focus ring
// of at least 3:1 on text inputs and buttons in both schemes, and reduced motion respected.
import { expect, test } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';
import { expectFocusOn, expectNoSeriousA11yViolations, tabTo } from './a11y';

type Scheme = 'light' | 'dark';

// Each test runs axe more than once on a full page; on a busy CI machine that takes a while.
test.describe.configure({ timeout: 120_000 });

/** Opens `path` in the given scheme (the darkMode flag the app reads before first paint). */
async function openIn(page: Page, path: string, scheme: Scheme): Promise<void> {
  await page.goto(path);
  await page.evaluate(`window.localStorage.setItem('darkMode', '${scheme === 'dark'}')`);
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

// WCAG 2 relative luminance and contrast ratio, from the computed rgb()/rgba() colours.
interface Rgba {
  r: number;
  g: number;
  b: number;
  a: number;
}

function parseRgb(css: string): Rgba {
  const match = css.match(/rgba?\(([^)]+)\)/);
  if (!match) throw new Error(`not an rgb() colour: ${css}`);
  const [r, g, b, a = 1] = match[1]
    .split(/[\s,/]+/)
    .filter(Boolean)
    .map(Number);
  return { r, g, b, a };
}

function luminance({ r, g, b }: Rgba): number {
  const channel = (v: number) => {
    const s = v / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
}

function contrast(foreground: string, background: string): number {
  const bg = parseRgb(background);
  const fgRaw = parseRgb(foreground);
  const fg = {
    r: fgRaw.r * fgRaw.a + bg.r * (1 - fgRaw.a),
    g: fgRaw.g * fgRaw.a + bg.g * (1 - fgRaw.a),
    b: fgRaw.b * fgRaw.a + bg.b * (1 - fgRaw.a),
    a: 1,
  };
  const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

test('contrast follows WCAG 2 (the calculation the focus ring tests rely on)', () => {
  expect(contrast('rgb(0, 0, 0)', 'rgb(255, 255, 255)')).toBeCloseTo(21, 5);
  expect(contrast('rgb(134, 142, 150)', 'rgb(255, 255, 255)')).toBeCloseTo(3.32, 2);
  expect(contrast('rgba(0, 0, 0, 0)', 'rgb(255, 255, 255)')).toBe(1);
});

interface FocusRing {
  style: string;
  width: number;
  color: string;
  /** The opaque background the ring is drawn on: the nearest ancestor that paints one. */
  around: string;
  page: string;
}

/** The focused element's outline as the browser computes it, and what it is drawn against. */
async function focusRingOf(target: Locator): Promise<FocusRing> {
  return target.evaluate((node) => {
    type El = { parentElement: El | null; ownerDocument: { defaultView: { getComputedStyle(e: El): Record<string, string> }; body: El } };
    const el = node as unknown as El;
    const view = el.ownerDocument.defaultView;
    const style = view.getComputedStyle(el);
    const opaque = (c: string) => c !== 'transparent' && !/rgba\([^)]*,\s*0\)$/.test(c);
    let around = '';
    for (let up = el.parentElement; up && !around; up = up.parentElement) {
      const bg = view.getComputedStyle(up).backgroundColor;
      if (opaque(bg)) around = bg;
    }
    const pageBg = view.getComputedStyle(el.ownerDocument.body).backgroundColor;
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth), color: style.outlineColor, around: around || pageBg, page: pageBg };
  });
}

async function expectVisibleFocusRing(target: Locator, what: string): Promise<void> {
  await expectFocusOn(target);
  const ring = await focusRingOf(target);
  expect(ring.style, `${what}: outline style`).not.toBe('none');
  expect(ring.width, `${what}: outline width`).toBeGreaterThanOrEqual(2);
  expect(contrast(ring.color, ring.page), `${what}: ring ${ring.color} against the page ${ring.page}`).toBeGreaterThanOrEqual(3);
  expect(contrast(ring.color, ring.around), `${what}: ring ${ring.color} against ${ring.around}`).toBeGreaterThanOrEqual(3);
}

test.describe('colour scheme', () => {
  test('dark mode is toggled on and off with the keyboard alone; the toggled dark scheme passes axe (the sweep checks both schemes as the browser asks)', async ({ page }) => {
    await openIn(page, '/', 'light');
    const html = page.locator('html');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Toggle dark mode' });
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expect(toggle).toHaveAttribute('title', 'Switch to dark mode');

    await tabTo(page, toggle);
    await page.keyboard.press('Enter');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'dark');
    await expect(html).toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    await expect(toggle).toHaveAttribute('title', 'Switch to light mode');
    await expectFocusOn(toggle);
    await expectVisibleFocusRing(toggle, 'the toggle in dark mode');
    expect(await page.evaluate("window.localStorage.getItem('darkMode')")).toBe('true');
    await expectNoSeriousA11yViolations(page, '/ dark (toggled by keyboard)');

    await page.keyboard.press('Space');
    await expect(html).toHaveAttribute('data-mantine-color-scheme', 'light');
    await expect(html).not.toHaveClass(/(^|\s)dark(\s|$)/);
    await expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await expectFocusOn(toggle);
    expect(await page.evaluate("window.localStorage.getItem('darkMode')")).toBe('false');
  });
});

test.describe('focus indicator', () => {
  for (const scheme of ['light', 'dark'] as const) {
    test(`text inputs and buttons show a focus ring of 3:1 or more in ${scheme} mode`, async ({ page }) => {
      await openIn(page, '/catalog', scheme);
      const search = page.getByRole('searchbox', { name: 'Search the catalogue' });
      await expect(search).toBeVisible();

      await tabTo(page, search);
      await expectVisibleFocusRing(search, `the catalogue search (${scheme})`);
      await expectNoSeriousA11yViolations(page, `/catalog ${scheme}, search focused`);

      // A button in the page (the category filter), then one in a card on the card's own surface.
      const category = page.getByRole('group', { name: 'Categories' }).getByRole('button').first();
      await tabTo(page, category);
      await expectVisibleFocusRing(category, `a category button (${scheme})`);

      const cardButton = page.locator('article[data-tonie-id]').first().getByRole('link', { name: 'View Details' });
      await tabTo(page, cardButton, { max: 120 });
      await expectVisibleFocusRing(cardButton, `the View details button in a catalogue card (${scheme})`);
    });
  }

  test('a password field (the real input inside a wrapper) shows the ring round its box', async ({ page }) => {
    await openIn(page, '/auth', 'dark');
    const password = page.getByRole('tabpanel', { name: 'Login' }).getByRole('textbox', { name: 'Password' });
    await tabTo(page, password);
    const box = password.locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " mantine-Input-input ")][1]');
    const ring = await focusRingOf(box);
    expect(ring.style).not.toBe('none');
    expect(ring.width).toBeGreaterThanOrEqual(2);
    expect(contrast(ring.color, ring.page)).toBeGreaterThanOrEqual(3);
    await expectNoSeriousA11yViolations(page, '/auth dark, password focused');
  });
});

test.describe('reduced motion', () => {
  test('with prefers-reduced-motion the app sets Mantine to respect it and its own transitions stop', async ({ page }) => {
    const card = page.locator('article[data-tonie-id]').first();
    const duration = () =>
      card.evaluate(
        (el) =>
          (el as unknown as { ownerDocument: { defaultView: { getComputedStyle(e: unknown): { transitionDuration: string } } } }).ownerDocument.defaultView.getComputedStyle(el)
            .transitionDuration,
      );

    // Without the preference the card lifts with a transition (so the check below can fail).
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await page.goto('/catalog');
    await expect(card).toBeVisible();
    await expect.poll(async () => (await duration()).split(',').some((d) => parseFloat(d) > 0)).toBe(true);

    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.reload();
    await expect(card).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-respect-reduced-motion', 'true');
    await expect.poll(async () => (await duration()).split(',').every((d) => parseFloat(d) === 0)).toBe(true);
    expect(await page.evaluate('getComputedStyle(document.documentElement).scrollBehavior')).toBe('auto');
    await expectNoSeriousA11yViolations(page, '/catalog light, reduced motion');
  });
});
