// TonieShelf's look: a warm coral-red primary (reminiscent of a Toniebox, our own shades), soft
// rounded corners, system fonts (no remote font may load under our CSP), a warm paper-white page
// in light mode and Mantine's dark greys at night.
//
// Accessibility (WCAG 2.2 AA) is settled here once, not per component: secondary ('dimmed') text,
// links and every colour variant reach 4.5:1 against the surfaces they sit on in both schemes,
// the focus ring 3:1 against the page, links are underlined, and reduced motion is respected.
import { createTheme, darken, lighten, luminance, toRgba } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple, MantineTheme } from '@mantine/core';

const tonie: MantineColorsTuple = [
  '#fff1ec',
  '#ffe0d5',
  '#ffbfa8',
  '#ff9b77',
  '#fb7a4f',
  '#f26334',
  '#e4532a',
  '#c8441f', // filled buttons and links in light mode: 4.9:1 against white
  '#a93819',
  '#8a2d14',
];

/** WCAG AA for normal text (theme.test.ts also holds the focus ring to the 3:1 of non-text contrast). */
const TEXT_CONTRAST = 4.5;

const PAGE_BACKGROUND = { light: '#fffaf6', dark: '#242424' } as const;

/** Secondary text ('dimmed', input descriptions): 4.5:1 on the page, cards, hover greys and tinted notes. */
const DIMMED = { light: '#5c636a', dark: '#a8a8a8' } as const;

/** The focus ring: at least 3:1 against both page backgrounds and the cards on them. */
const FOCUS_RING = { light: tonie[7], dark: tonie[4] } as const;

// The resolver below tries thousands of colour pairs (every colour's candidate shades against up to
// 64 surfaces): parsing each colour string and working out its luminance once, not per pair,
// takes its first run from ~40 ms of the app's start to a few (more on a slow phone).
const parsed = new Map<string, ReturnType<typeof toRgba>>();
const luminances = new Map<string, number>();

function rgbaOf(color: string) {
  let value = parsed.get(color);
  if (!value) parsed.set(color, (value = toRgba(color)));
  return value;
}

function luminanceOf(color: string): number {
  let value = luminances.get(color);
  if (value === undefined) luminances.set(color, (value = luminance(color)));
  return value;
}

/** An opaque colour as `rgb(...)`: `color` (possibly translucent) painted over `backdrop`. */
export function paintOver(color: string, backdrop: string): string {
  const top = rgbaOf(color);
  const bottom = rgbaOf(backdrop);
  const mix = (a: number, b: number) => Math.round(a * top.a + b * (1 - top.a));
  return `rgb(${mix(top.r, bottom.r)}, ${mix(top.g, bottom.g)}, ${mix(top.b, bottom.b)})`;
}

/** WCAG 2 contrast ratio of two colours (a translucent foreground is painted over the background). */
export function contrastRatio(foreground: string, background: string): number {
  const a = luminanceOf(rgbaOf(foreground).a === 1 ? foreground : paintOver(foreground, background));
  const b = luminanceOf(background);
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

/**
 * `color` as it is, or darkened (light scheme) / lightened (dark scheme) in small steps until it
 * reaches `min` contrast against every background.
 */
function readableOn(color: string, backgrounds: string[], scheme: 'light' | 'dark', min = TEXT_CONTRAST): string {
  const passes = (candidate: string) => backgrounds.every((bg) => contrastRatio(candidate, bg) >= min);
  if (passes(color)) return color;
  for (let step = 1; step <= 20; step++) {
    const candidate = scheme === 'light' ? darken(color, step * 0.04) : lighten(color, step * 0.04);
    if (passes(candidate)) return candidate;
  }
  return scheme === 'light' ? '#000000' : '#ffffff';
}

/** Surfaces text sits on without a colour of its own: the page, cards/Paper and their hover greys. */
function neutralSurfaces(theme: MantineTheme, scheme: 'light' | 'dark'): string[] {
  const { dark, gray } = theme.colors;
  return scheme === 'light' ? [PAGE_BACKGROUND.light, theme.white, gray[0], gray[1]] : [dark[7], dark[6], dark[8], dark[5]];
}

/** The background of a colour's 'light' variant (tinted notes, badges, buttons) in each scheme. */
function lightVariantBackground(theme: MantineTheme, color: string, scheme: 'light' | 'dark', backdrop: string): string {
  if (color === 'tonie' && scheme === 'dark') return paintOver(TONIE_DARK_LIGHT, backdrop);
  const shades = theme.colors[color];
  return scheme === 'light' ? shades[1] : darken(shades[9], 0.5);
}

// Mantine darkens 'light' variants to a muddy maroon at night; a translucent coral reads warmer.
const TONIE_DARK_LIGHT = 'rgba(242, 99, 52, 0.16)';
const TONIE_DARK_LIGHT_HOVER = 'rgba(242, 99, 52, 0.24)';

/**
 * Per colour and scheme, the variant colours Mantine derives from fixed shades, each moved just
 * far enough to read at 4.5:1: white text on 'filled' (the Liked button, red), 'light' variant text
 * on its tint (teal badges, yellow notes), coloured text and 'outline' on the page and cards.
 */
function accessibleColorVariables(theme: MantineTheme) {
  const light: Record<string, string> = {};
  const dark: Record<string, string> = {};
  const lightSurfaces = neutralSurfaces(theme, 'light');
  const darkSurfaces = neutralSurfaces(theme, 'dark');
  for (const color of Object.keys(theme.colors)) {
    const shades = theme.colors[color];
    if (!Array.isArray(shades) || shades.length < 10) continue;
    const filled = readableOn(shades[7], [theme.white], 'light');
    const filledHover = filled === shades[7] ? shades[8] : darken(filled, 0.1);
    light[`--mantine-color-${color}-filled`] = filled;
    light[`--mantine-color-${color}-filled-hover`] = filledHover;
    light[`--mantine-color-${color}-text`] = readableOn(shades[7], lightSurfaces, 'light');
    light[`--mantine-color-${color}-outline`] = readableOn(shades[7], lightSurfaces, 'light');
    light[`--mantine-color-${color}-light-color`] = readableOn(shades[9], [shades[1], shades[2], ...lightSurfaces], 'light');

    dark[`--mantine-color-${color}-filled`] = filled;
    dark[`--mantine-color-${color}-filled-hover`] = filledHover;
    dark[`--mantine-color-${color}-text`] = readableOn(shades[4], darkSurfaces, 'dark');
    dark[`--mantine-color-${color}-outline`] = readableOn(shades[3], darkSurfaces, 'dark');
    const tints = darkSurfaces.map((surface) => lightVariantBackground(theme, color, 'dark', surface));
    dark[`--mantine-color-${color}-light-color`] = readableOn(color === 'tonie' ? shades[2] : shades[0], tints, 'dark');
  }
  return { light, dark };
}

/** Every surface secondary text and links may sit on: neutral ones plus each colour's tint. */
function allSurfaces(theme: MantineTheme, scheme: 'light' | 'dark'): string[] {
  const neutral = neutralSurfaces(theme, scheme);
  const tints = Object.keys(theme.colors).flatMap((color) =>
    scheme === 'light' ? [lightVariantBackground(theme, color, 'light', neutral[0])] : neutral.map((surface) => lightVariantBackground(theme, color, 'dark', surface)),
  );
  return [...neutral, ...tints];
}

export const theme = createTheme({
  primaryColor: 'tonie',
  // Shade 7 keeps white button text readable in both schemes.
  primaryShade: { light: 7, dark: 7 },
  colors: { tonie },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
  cursorType: 'pointer',
  focusRing: 'auto',
  // Mantine's own transitions (dialogs, menus, collapses) drop to 0 ms under prefers-reduced-motion;
  // global.css does the same for the app's own.
  respectReducedMotion: true,
  headings: {
    fontWeight: '800',
    textWrap: 'balance',
  },
  components: {
    Card: { defaultProps: { radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'xl' } },
    Badge: { defaultProps: { radius: 'xl' } },
    // A link is told apart from the text around it by more than its colour (WCAG 1.4.1).
    Anchor: { defaultProps: { underline: 'always' } },
    // Mantine's Alert says role="alert" unless told otherwise, so every static note would be
    // announced as urgent. Notes are notes; an Alert that reports a failure passes role="alert".
    Alert: { defaultProps: { role: 'note' } },
    // Mantine renders a dialog's header as <header>, which browsers expose as a second banner
    // landmark while the dialog is open; the dialog's title is named by aria-labelledby anyway.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
    // Dialog titles are bold by themselves: no <Text fw={700}> (or heading) inside the title.
    // Mantine describes a dialog by its whole body (a Tonie's details: ~800 characters read on
    // opening); without the body's id it has no description, only its title for a name. A
    // confirmation keeps its short question as description (components/confirm.tsx).
    Modal: { styles: { title: { fontWeight: 700 } }, defaultProps: { attributes: { body: { id: undefined } } } },
    Drawer: { styles: { title: { fontWeight: 700 } }, defaultProps: { attributes: { body: { id: undefined } } } },
    // Menus: no focusable placeholder inside role="menu" (axe: aria-required-children); focus
    // starts on the first item, Tab and Shift+Tab move through the items (trapped, looping like
    // the arrows) and Escape closes the menu, back to its button.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false, menuItemTabIndex: 0, trapFocus: true, loop: true } },
  },
});

/** The variables of each theme object, worked out once (MantineProvider asks on every render). */
const resolved = new WeakMap<MantineTheme, ReturnType<CSSVariablesResolver>>();

export const cssVariablesResolver: CSSVariablesResolver = (mantineTheme) => {
  let variables = resolved.get(mantineTheme);
  if (!variables) resolved.set(mantineTheme, (variables = resolveVariables(mantineTheme)));
  return variables;
};

function resolveVariables(mantineTheme: MantineTheme): ReturnType<CSSVariablesResolver> {
  const colors = accessibleColorVariables(mantineTheme);
  return {
    variables: {},
    light: {
      ...colors.light,
      '--mantine-color-body': PAGE_BACKGROUND.light,
      '--mantine-color-dimmed': DIMMED.light,
      // Field errors and chosen-file placeholders are read, not decoration: 4.5:1 like other text.
      '--mantine-color-error': readableOn(mantineTheme.colors.red[6], neutralSurfaces(mantineTheme, 'light'), 'light'),
      '--mantine-color-placeholder': DIMMED.light,
      // Secondary text inside tinted notes (Alerts): global.css points --mantine-color-dimmed here.
      '--tonieshelf-dimmed-on-tint': readableOn(DIMMED.light, allSurfaces(mantineTheme, 'light'), 'light'),
      '--mantine-color-anchor': readableOn(tonie[7], neutralSurfaces(mantineTheme, 'light'), 'light'),
      // Links inside tinted notes (Alerts): global.css points --mantine-color-anchor here.
      '--tonieshelf-anchor-on-tint': readableOn(tonie[7], allSurfaces(mantineTheme, 'light'), 'light'),
      '--tonieshelf-focus-ring': FOCUS_RING.light,
      // A menu's destructive item (Sign Out): on the menu and on its hover/focus grey (Mantine's Menu.css: gray-1, dark-4).
      '--tonieshelf-danger-on-menu': readableOn(mantineTheme.colors.red[7], [mantineTheme.white, mantineTheme.colors.gray[1]], 'light'),
      '--tonieshelf-surface': '#ffffff',
      '--tonieshelf-header-bg': 'rgba(255, 250, 246, 0.88)',
      '--tonieshelf-border': '#f1e4dc',
      '--tonieshelf-accent-text': 'var(--mantine-color-tonie-7)',
    },
    dark: {
      ...colors.dark,
      '--mantine-color-dimmed': DIMMED.dark,
      '--mantine-color-error': readableOn(mantineTheme.colors.red[6], neutralSurfaces(mantineTheme, 'dark'), 'dark'),
      '--mantine-color-placeholder': DIMMED.dark,
      '--tonieshelf-dimmed-on-tint': readableOn(DIMMED.dark, allSurfaces(mantineTheme, 'dark'), 'dark'),
      '--mantine-color-anchor': readableOn(tonie[4], neutralSurfaces(mantineTheme, 'dark'), 'dark'),
      '--tonieshelf-anchor-on-tint': readableOn(tonie[4], allSurfaces(mantineTheme, 'dark'), 'dark'),
      '--tonieshelf-focus-ring': FOCUS_RING.dark,
      '--tonieshelf-danger-on-menu': readableOn(mantineTheme.colors.red[4], [mantineTheme.colors.dark[6], mantineTheme.colors.dark[4]], 'dark'),
      '--tonieshelf-surface': 'var(--mantine-color-dark-6)',
      '--tonieshelf-header-bg': 'rgba(36, 36, 36, 0.88)',
      '--tonieshelf-border': 'var(--mantine-color-dark-4)',
      '--tonieshelf-accent-text': 'var(--mantine-color-tonie-4)',
      '--mantine-color-tonie-light': TONIE_DARK_LIGHT,
      '--mantine-color-tonie-light-hover': TONIE_DARK_LIGHT_HOVER,
    },
  };
}
