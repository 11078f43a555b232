// The theme's colours against the surfaces they sit on, as the browser gets them: Mantine's own CSS
// variables overlaid with ours, var() references resolved, translucent tints painted over the page.
import { DEFAULT_THEME, defaultCssVariablesResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrastRatio, cssVariablesResolver, paintOver, theme } from './theme';

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const mantine = defaultCssVariablesResolver(merged);
const ours = cssVariablesResolver(merged);
const COLORS = Object.keys(merged.colors);
type Scheme = 'light' | 'dark';

function variables(scheme: Scheme): Record<string, string> {
  return { ...mantine.variables, ...mantine[scheme], ...ours.variables, ...ours[scheme] };
}

/** A CSS variable's value with var(--x) references followed. */
function value(scheme: Scheme, name: string): string {
  const vars = variables(scheme);
  let current = vars[name];
  for (let depth = 0; current?.startsWith('var('); depth++) {
    if (depth > 10) throw new Error(`${name}: var() loop`);
    current = vars[current.slice(4, -1).trim()];
  }
  if (!current) throw new Error(`${name} is not defined in the ${scheme} scheme`);
  return current;
}

const page = { light: () => value('light', '--mantine-color-body'), dark: () => value('dark', '--mantine-color-body') };

/** Untinted surfaces: the page, white cards/Paper (dark-6 at night), default buttons and their hover. */
function neutral(scheme: Scheme): Record<string, string> {
  return scheme === 'light'
    ? { page: page.light(), card: '#ffffff', 'gray-0': value('light', '--mantine-color-gray-0'), 'gray-1': value('light', '--mantine-color-gray-1') }
    : {
        page: page.dark(),
        'dark-6': value('dark', '--mantine-color-dark-6'),
        'dark-5': value('dark', '--mantine-color-dark-5'),
        'dark-8': value('dark', '--mantine-color-dark-8'),
      };
}

/** Each colour's 'light' variant background (notes, badges, light buttons) over the page and cards. */
function tints(scheme: Scheme): Record<string, string> {
  const result: Record<string, string> = {};
  for (const color of COLORS) {
    const tint = value(scheme, `--mantine-color-${color}-light`);
    for (const [surface, backdrop] of Object.entries(neutral(scheme)).slice(0, 2)) {
      result[`${color}-light on ${surface}`] = paintOver(tint, backdrop);
    }
  }
  return result;
}

function failures(foreground: string, surfaces: Record<string, string>, min: number): string[] {
  return Object.entries(surfaces)
    .map(([name, bg]) => ({ name, ratio: contrastRatio(foreground, bg) }))
    .filter((r) => r.ratio < min)
    .map((r) => `${foreground} on ${r.name} (${surfaces[r.name]}): ${r.ratio.toFixed(2)}`);
}

describe('contrastRatio', () => {
  it('follows WCAG 2: black on white is 21:1, Mantine gray-6 on white 3.32:1', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
  });
});

describe.each<Scheme>(['light', 'dark'])('the %s scheme', (scheme) => {
  it('dimmed text reads at 4.5:1 on the page, cards and hover greys', () => {
    expect(failures(value(scheme, '--mantine-color-dimmed'), neutral(scheme), 4.5)).toEqual([]);
  });

  it('field errors and input placeholders read at 4.5:1 on the page, cards and hover greys', () => {
    expect(failures(value(scheme, '--mantine-color-error'), neutral(scheme), 4.5)).toEqual([]);
    expect(failures(value(scheme, '--mantine-color-placeholder'), neutral(scheme), 4.5)).toEqual([]);
  });

  it('dimmed text inside tinted notes reads at 4.5:1 on every tint', () => {
    expect(failures(value(scheme, '--tonieshelf-dimmed-on-tint'), tints(scheme), 4.5)).toEqual([]);
  });

  it('ordinary text reads at 4.5:1 on the page and every tint', () => {
    const text = value(scheme, '--mantine-color-text');
    expect(failures(text, { ...neutral(scheme), ...tints(scheme) }, 4.5)).toEqual([]);
  });

  it("every colour's light variant text reads at 4.5:1 on its own tint", () => {
    const problems = COLORS.flatMap((color) => {
      const tint = value(scheme, `--mantine-color-${color}-light`);
      const surfaces = Object.fromEntries(Object.entries(neutral(scheme)).map(([name, bg]) => [`${color}-light on ${name}`, paintOver(tint, bg)]));
      return failures(value(scheme, `--mantine-color-${color}-light-color`), surfaces, 4.5);
    });
    expect(problems).toEqual([]);
  });

  it('white text on every filled colour reads at 4.5:1 (the Liked button is filled red)', () => {
    const problems = COLORS.filter((c) => c !== 'yellow' && c !== 'lime').flatMap((color) =>
      failures('#ffffff', { [`${color}-filled`]: value(scheme, `--mantine-color-${color}-filled`) }, 4.5),
    );
    expect(problems).toEqual([]);
  });

  it('coloured text, outline buttons and links read at 4.5:1 on the page and cards', () => {
    const surfaces = neutral(scheme);
    delete surfaces['gray-1'];
    delete surfaces['dark-5'];
    const problems = [
      ...COLORS.flatMap((color) => failures(value(scheme, `--mantine-color-${color}-text`), surfaces, 4.5)),
      ...COLORS.flatMap((color) => failures(value(scheme, `--mantine-color-${color}-outline`), surfaces, 4.5)),
      ...failures(value(scheme, '--mantine-color-anchor'), surfaces, 4.5),
    ];
    expect(problems).toEqual([]);
  });

  it('links inside tinted notes read at 4.5:1 on every tint', () => {
    expect(failures(value(scheme, '--tonieshelf-anchor-on-tint'), tints(scheme), 4.5)).toEqual([]);
  });

  it("a menu's red item (Sign Out) reads at 4.5:1 on the menu and on its hover and focus grey", () => {
    const menu =
      scheme === 'light'
        ? { menu: '#ffffff', hover: value('light', '--mantine-color-gray-1') }
        : { menu: value('dark', '--mantine-color-dark-6'), hover: value('dark', '--mantine-color-dark-4') };
    expect(failures(value(scheme, '--tonieshelf-danger-on-menu'), menu, 4.5)).toEqual([]);
  });

  it('the focus ring stands out at 3:1 from the page and cards', () => {
    expect(failures(value(scheme, '--tonieshelf-focus-ring'), neutral(scheme), 3)).toEqual([]);
  });
});

describe('the page before the theme is in', () => {
  it('global.css paints the light page in the theme’s own background (no white page first)', async () => {
    const { readFileSync } = await import('node:fs');
    const css = readFileSync(new URL('./global.css', import.meta.url), 'utf8');
    const rule = /:root\[data-mantine-color-scheme='light'\]\s*\{\s*--mantine-color-body:\s*([^;]+);/.exec(css);
    expect(rule?.[1]).toBe(page.light());
  });
});
