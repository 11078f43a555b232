// TonieShelf's look: a warm coral-red primary (reminiscent of a Toniebox, our own shades), soft
// rounded corners, system fonts (no remote font may load under our CSP), a warm paper-white page
// in light mode and Mantine's dark greys at night.
import { createTheme } from '@mantine/core';
import type { CSSVariablesResolver, MantineColorsTuple } from '@mantine/core';

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

export const theme = createTheme({
  primaryColor: 'tonie',
  // Shade 7 keeps white button text readable in both schemes.
  primaryShade: { light: 7, dark: 7 },
  colors: { tonie },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '6px', md: '10px', lg: '16px', xl: '24px' },
  cursorType: 'pointer',
  focusRing: 'auto',
  headings: {
    fontWeight: '800',
    textWrap: 'balance',
  },
  components: {
    Card: { defaultProps: { radius: 'lg' } },
    Paper: { defaultProps: { radius: 'lg' } },
    Button: { defaultProps: { radius: 'xl' } },
    Badge: { defaultProps: { radius: 'xl' } },
    // Mantine's Alert says role="alert" unless told otherwise, so every static note would be
    // announced as urgent. Notes are notes; an Alert that reports a failure passes role="alert".
    Alert: { defaultProps: { role: 'note' } },
    // Mantine renders a dialog's header as <header>, which browsers expose as a second banner
    // landmark while the dialog is open; the dialog's title is named by aria-labelledby anyway.
    ModalHeader: { defaultProps: { component: 'div' } },
    DrawerHeader: { defaultProps: { component: 'div' } },
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-body': '#fffaf6',
    '--tonieshelf-surface': '#ffffff',
    '--tonieshelf-header-bg': 'rgba(255, 250, 246, 0.88)',
    '--tonieshelf-border': '#f1e4dc',
    '--tonieshelf-accent-text': 'var(--mantine-color-tonie-7)',
  },
  dark: {
    '--tonieshelf-surface': 'var(--mantine-color-dark-6)',
    '--tonieshelf-header-bg': 'rgba(36, 36, 36, 0.88)',
    '--tonieshelf-border': 'var(--mantine-color-dark-4)',
    '--tonieshelf-accent-text': 'var(--mantine-color-tonie-4)',
    // Mantine darkens 'light' variants to a muddy maroon at night; a translucent coral reads warmer.
    '--mantine-color-tonie-light': 'rgba(242, 99, 52, 0.16)',
    '--mantine-color-tonie-light-hover': 'rgba(242, 99, 52, 0.24)',
    '--mantine-color-tonie-light-color': 'var(--mantine-color-tonie-2)',
  },
});
