// The shell's texts (header, footer, page titles, home, 404): SPEC.md's English, word for word,
// and German.
import { PRODUCT_NAME } from '@tonieshelf/shared/values/common';
import { defineTexts } from './texts';

const EN = {
  shell: {
    searchPlaceholder: 'Search for Tonies...',
    signIn: 'Sign In',
    toggleDarkMode: 'Toggle dark mode',
    audioMenu: 'Audio',
    footerHelp: 'Help & FAQ',
    footerFeedback: 'Feedback',
    footerDisclaimer: 'Disclaimer',
    mainNav: 'Main',
    mobileNav: 'Mobile',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    /** Every dialog's, drawer's and toast's close button (the X in its header). */
    close: 'Close',
    language: 'Language',
    switchLanguage: 'Choose the language of TonieShelf',
    skipToContent: 'Skip to content',
    switchToLight: 'Switch to light mode',
    switchToDark: 'Switch to dark mode',
    logoHome: `${PRODUCT_NAME} home`,
    footerNav: 'Footer',
    footerReport: 'Report content',
    footerTerms: 'Terms of use',
    footerImprint: 'Imprint',
    footerPrivacy: 'Privacy policy',
    copyright: (year: number) => `© ${year} ${PRODUCT_NAME}`,
    fanNote: `${PRODUCT_NAME} is a fan-made community project. It is not affiliated with, endorsed by or sponsored by the maker of the Toniebox. Tonies, Toniebox and Creative Tonies are trademarks of their respective owners.`,
    pageNotFound: 'Page Not Found',
    backToHome: 'Back to Home',
    uploadLoginMessage: 'Please log in to upload and publish audio files.',
    /** Announced while a page's code loads (shown after a moment, so a quick load does not flash). */
    loadingPage: 'Loading the page',
    /** When a page's code cannot be loaded (a new version was published meanwhile, or the network failed). */
    pageLoadFailedTitle: 'This page could not be loaded',
    pageLoadFailedMessage: 'TonieShelf may have been updated, or the connection dropped. Reloading the page usually helps.',
    reloadPage: 'Reload the page',
    /** When a dropdown's code (loaded after the first render) cannot be loaded. */
    controlLoadFailedTitle: 'This control could not be loaded',
    /** A form whose code loads when first shown (the report and review forms): while it loads, and when it cannot. */
    loadingForm: 'Loading the form',
    formLoadFailedTitle: 'The form could not be loaded',
  },
  home: {
    // The spec says 'Welcome to the product'; the product is called TonieShelf.
    title: `Welcome to ${PRODUCT_NAME}`,
    redirecting: 'Redirecting to the catalog...',
    goToCatalog: 'Go to Tonie Catalog',
  },
  notFound: {
    title: '404 Page Not Found',
    hint: 'Did you forget to add the page to the router?',
  },
  /** Headings (and subtitles where the spec gives them) of the pages of SPEC §2. */
  pages: {
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
  },
  nav: {
    faq: 'FAQ',
    resources: 'Resources',
    discover: 'Discover Audio',
    liked: 'Liked Audio',
    upload: 'Upload Audio',
    sets: 'Creative-Tonie Sets',
    mySets: 'My Sets',
  },
};

/** The header's and the mobile menu's link labels. */
export type NavKey = keyof typeof EN.nav;

export const useShellTexts = defineTexts('shell', EN, {
  shell: {
    searchPlaceholder: 'Tonies suchen …',
    signIn: 'Anmelden',
    toggleDarkMode: 'Dunkles Design ein/aus',
    audioMenu: 'Audio',
    footerHelp: 'Hilfe & FAQ',
    footerFeedback: 'Feedback',
    footerDisclaimer: 'Haftungsausschluss',
    mainNav: 'Hauptmenü',
    mobileNav: 'Menü',
    openMenu: 'Menü öffnen',
    closeMenu: 'Menü schließen',
    close: 'Schließen',
    language: 'Sprache',
    switchLanguage: 'Sprache von TonieShelf wählen',
    skipToContent: 'Zum Inhalt springen',
    switchToLight: 'Zum hellen Design wechseln',
    switchToDark: 'Zum dunklen Design wechseln',
    logoHome: `${PRODUCT_NAME} – Startseite`,
    footerNav: 'Fußzeile',
    footerReport: 'Inhalt melden',
    footerTerms: 'Nutzungsbedingungen',
    footerImprint: 'Impressum',
    footerPrivacy: 'Datenschutz',
    copyright: (year: number) => `© ${year} ${PRODUCT_NAME}`,
    fanNote: `${PRODUCT_NAME} ist ein Gemeinschaftsprojekt von Fans. Es steht in keiner Verbindung zum Hersteller der Toniebox und wird von ihm weder unterstützt noch gesponsert. Tonies, Toniebox und Kreativ-Tonies sind Marken ihrer jeweiligen Inhaber.`,
    pageNotFound: 'Seite nicht gefunden',
    backToHome: 'Zurück zur Startseite',
    uploadLoginMessage: 'Bitte melde dich an, um Audiodateien hochzuladen und zu veröffentlichen.',
    loadingPage: 'Seite wird geladen',
    pageLoadFailedTitle: 'Diese Seite konnte nicht geladen werden',
    pageLoadFailedMessage: 'Vielleicht wurde TonieShelf gerade aktualisiert, oder die Verbindung ist abgebrochen. Meist hilft es, die Seite neu zu laden.',
    reloadPage: 'Seite neu laden',
    controlLoadFailedTitle: 'Dieses Bedienelement konnte nicht geladen werden',
    loadingForm: 'Das Formular wird geladen',
    formLoadFailedTitle: 'Das Formular konnte nicht geladen werden',
  },
  home: {
    title: 'Willkommen bei TonieShelf',
    redirecting: 'Weiter zum Katalog …',
    goToCatalog: 'Zum Tonie-Katalog',
  },
  notFound: {
    title: '404 – Seite nicht gefunden',
    hint: 'Diese Seite gibt es nicht (mehr). Vielleicht hilft der Katalog weiter?',
  },
  pages: {
    catalog: { title: 'Tonie-Katalog' },
    auth: { title: 'Anmelden oder registrieren' },
    faq: { title: 'Häufige Fragen' },
    resources: { title: 'Weitere Angebote' },
    disclaimer: { title: 'Haftungsausschluss' },
    audioSharing: { title: 'Audios teilen' },
    discover: {
      title: 'Audios entdecken',
      subtitle: 'Finde Geschichten und Lieder für deine Kreativ-Tonies und lade sie herunter',
    },
    liked: {
      title: 'Gemerkte Audios',
      subtitle: 'Die Audios für deine Kreativ-Tonies, die dir gefallen',
    },
    upload: { title: 'Hochladen und veröffentlichen' },
    sets: { title: 'Kreativ-Tonie-Playlists', subtitle: 'Playlists aus geteilten Audios, jede passend für einen Kreativ-Tonie' },
    mySets: { title: 'Meine Playlists' },
    newSet: { title: 'Neue Playlist' },
    editSet: { title: 'Playlist bearbeiten' },
  },
  nav: {
    faq: 'FAQ',
    resources: 'Weitere Angebote',
    discover: 'Audios entdecken',
    liked: 'Gemerkte Audios',
    upload: 'Audio hochladen',
    sets: 'Kreativ-Tonie-Playlists',
    mySets: 'Meine Playlists',
  },
});
