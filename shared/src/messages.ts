// User-facing texts of SPEC.md, word for word, in one place. Grouped by screen; later issues add
// their groups here (the spec's toasts and validation messages).

import { PRODUCT_NAME } from './constants';

export const SHELL_TEXTS = {
  searchPlaceholder: 'Search for Tonies...',
  signIn: 'Sign In',
  toggleDarkMode: 'Toggle dark mode',
  audioMenu: 'Audio',
  footerHelp: 'Help & FAQ',
  footerFeedback: 'Feedback',
  footerDisclaimer: 'Disclaimer',
} as const;

export const HOME_TEXTS = {
  // The spec says 'Welcome to the product'; the product is called TonieShelf.
  title: `Welcome to ${PRODUCT_NAME}`,
  redirecting: 'Redirecting to the catalog...',
  goToCatalog: 'Go to Tonie Catalog',
} as const;

export const NOT_FOUND_TEXTS = {
  title: '404 Page Not Found',
  hint: 'Did you forget to add the page to the router?',
} as const;

/** Headings (and subtitles where the spec gives them) of the pages of SPEC §2. */
export const PAGE_TEXTS = {
  catalog: { title: 'Tonie Catalog' },
  auth: { title: 'Sign In or Register' },
  faq: { title: 'Frequently Asked Questions' },
  resources: { title: 'Resources' },
  disclaimer: { title: 'Disclaimer' },
  audioSharing: { title: 'Audio Sharing' },
  discover: {
    title: 'Discover Audio',
    subtitle: 'Explore and download audio content for your Creative Tonies',
  },
  liked: {
    title: 'Liked Audio Files',
    subtitle: 'Browse your liked audio files for your Creative Tonies',
  },
  upload: { title: 'Upload and Publish' },
  // Creative-Tonie sets (beyond the spec).
  sets: { title: 'Creative-Tonie Sets', subtitle: 'Playlists of shared audio, each ready for one Creative Tonie' },
  mySets: { title: 'My Sets' },
  newSet: { title: 'New Set' },
  editSet: { title: 'Edit Set' },
} as const;

export const NAV_TEXTS = {
  faq: 'FAQ',
  resources: 'Resources',
  discover: 'Discover Audio',
  liked: 'Liked Audio',
  upload: 'Upload Audio',
  sets: 'Creative-Tonie Sets',
  mySets: 'My Sets',
} as const;
