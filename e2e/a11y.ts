// What the accessibility browser tests share: an axe-core check that fails on any serious or
// critical violation and keeps the moderate and minor ones in test-results/a11y-findings.jsonl
// (one line per finding, for the issue note), and keyboard helpers that move focus with Tab only.
import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { expect } from '@playwright/test';
import type { Locator, Page } from '@playwright/test';

/** WCAG 2.0-2.2 A and AA, plus axe's best practices (landmarks, heading order, regions). */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];
const FINDINGS_FILE = path.join('test-results', 'a11y-findings.jsonl');

interface Finding {
  state: string;
  id: string;
  impact: string;
  help: string;
  targets: string[];
  summary: string;
}

function describe(findings: Finding[]): string {
  return findings.map((f) => `${f.impact} ${f.id} (${f.help}) in ${f.state}\n${f.targets.map((t) => `  - ${t}`).join('\n')}\n  ${f.summary}`).join('\n');
}

/**
 * The rules whose result depends on the colours painted. A scheme switch changes only colours
 * (Mantine's attribute and CSS variables; the same elements), so a state already checked whole in
 * one scheme needs only these in the other.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * Runs axe on the page as it is now (an open dialog included) and fails on any serious or
 * critical violation, listing each with its elements. `state` names what is checked
 * ('/catalog dark 390', 'Tonie dialog light 1280') in the failure and in the findings file;
 * `coloursOnly` runs the colour rules alone (the same state was checked whole in the other scheme).
 */
export async function expectNoSeriousA11yViolations(page: Page, state: string, { coloursOnly = false } = {}): Promise<void> {
  await animationsSettled(page);
  // Only violations are read: axe then skips gathering the passes and incomplete results.
  const axe = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  const result = await (coloursOnly ? axe.withRules(COLOUR_RULES) : axe.withTags(AXE_TAGS)).analyze();
  const findings: Finding[] = result.violations.map((v) => ({
    state,
    id: v.id,
    impact: v.impact ?? 'unknown',
    help: v.help,
    targets: v.nodes.slice(0, 8).map((n) => `${n.target.join(' ')}  ${n.html.slice(0, 160)}`),
    summary: (v.nodes[0]?.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
  }));
  const lesser = findings.filter((f) => f.impact !== 'serious' && f.impact !== 'critical');
  if (lesser.length > 0) {
    fs.mkdirSync(path.dirname(FINDINGS_FILE), { recursive: true });
    fs.appendFileSync(FINDINGS_FILE, lesser.map((f) => JSON.stringify(f)).join('\n') + '\n');
  }
  const blocking = findings.filter((f) => f.impact === 'serious' || f.impact === 'critical');
  expect(blocking, `axe found serious or critical violations:\n${describe(blocking)}`).toEqual([]);
}

/**
 * In the page: waits (a frame, so a transition just asked for has started) for every running
 * animation and transition that ends (a dialog or drawer opening, a toast sliding in; not a
 * spinning loader) to finish, a few rounds while new ones start, at most about 2 s in all. axe
 * reads colours as painted: half-way through a drawer's opening they are blended with the overlay.
 */
const SETTLE_ANIMATIONS = `(async () => {
  const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve()));
  const deadline = performance.now() + 2000;
  for (let round = 0; round < 5; round++) {
    await frame();
    await frame();
    const running = document.getAnimations().filter((animation) => {
      if (animation.playState !== 'running') return false;
      const end = animation.effect ? animation.effect.getComputedTiming().endTime : Infinity;
      return Number.isFinite(end);
    });
    const left = deadline - performance.now();
    if (running.length === 0 || left <= 0) return;
    await Promise.race([
      Promise.allSettled(running.map((animation) => animation.finished)),
      new Promise((resolve) => setTimeout(resolve, Math.min(left, 1000))),
    ]);
  }
})()`;

/** Running finite animations and transitions have finished (see SETTLE_ANIMATIONS). */
async function animationsSettled(page: Page): Promise<void> {
  await page.evaluate(SETTLE_ANIMATIONS);
}

/**
 * After `emulateMedia` / `setViewportSize`: the page has the scheme (Mantine's attribute on
 * <html> and the media query) and the width, and a frame has passed so the components that follow
 * media queries in script (useMediaQuery) have re-rendered; animations are awaited by the axe check.
 */
export async function expectSchemeAndWidth(page: Page, scheme: 'light' | 'dark', width: number): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
  const applied = `window.matchMedia('(prefers-color-scheme: dark)').matches === ${scheme === 'dark'} && window.innerWidth === ${width}`;
  await expect.poll(() => page.evaluate(applied), { message: `the page should be ${scheme} at ${width} px` }).toBe(true);
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())))');
}

/** The browser's document as far as these helpers read it (the e2e project has no DOM types). */
interface FocusDocument {
  activeElement: FocusElement | null;
  body: FocusElement;
}
interface FocusElement {
  ownerDocument: FocusDocument;
  id: string;
  tagName: string;
  textContent: string | null;
  getAttribute(name: string): string | null;
  contains(other: FocusElement | null): boolean;
}

/** `el` has focus, or something inside it has. */
function holdsFocus(node: unknown): boolean {
  const el = node as FocusElement;
  const active = el.ownerDocument.activeElement;
  return active === el || el.contains(active);
}

/** What has focus now, described for failure messages. */
async function focusedDescription(page: Page): Promise<string> {
  return page.locator('body').evaluate((node) => {
    const el = (node as unknown as FocusElement).ownerDocument.activeElement;
    if (!el || el === el.ownerDocument.body) return '<body>';
    const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().slice(0, 60);
    const role = el.getAttribute('role');
    return `<${el.tagName.toLowerCase()}${el.id ? ` id="${el.id}"` : ''}${role ? ` role="${role}"` : ''}> ${name}`;
  });
}

/**
 * Presses Tab (or Shift+Tab with `backwards`) until `target` has focus, at most `max` times;
 * fails naming where focus went when it never arrives. Keyboard-only journeys move with this.
 */
export async function tabTo(page: Page, target: Locator, { max = 60, backwards = false }: { max?: number; backwards?: boolean } = {}): Promise<void> {
  const key = backwards ? 'Shift+Tab' : 'Tab';
  for (let i = 0; i < max; i++) {
    if (await target.evaluate(holdsFocus).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  const focused = await focusedDescription(page);
  expect(await target.evaluate(holdsFocus), `focus never reached the target after ${max} presses of ${key}; it is on ${focused}`).toBe(true);
}

/** Focus is on `target` (or inside it), e.g. after an action moved it to its result. */
export async function expectFocusOn(target: Locator): Promise<void> {
  await expect
    .poll(async () => target.evaluate(holdsFocus).catch(() => false), {
      message: 'focus should be on the expected element',
    })
    .toBe(true);
}
