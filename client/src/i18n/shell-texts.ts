// The shell's texts (header, footer, page titles, home, 404): SPEC.md's English from
// shared/src/messages.ts, and German.
import { HOME_TEXTS, NAV_TEXTS, NOT_FOUND_TEXTS, PAGE_TEXTS, SHELL_TEXTS } from '@tonieshelf/shared/messages';
import { PRODUCT_NAME } from '@tonieshelf/shared/constants';
import { defineTexts } from './texts';

const EN = {
  shell: {
    ...SHELL_TEXTS,
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
    copyright: (year: number) => `© ${year} ${PRODUCT_NAME}`,
    fanNote: `${PRODUCT_NAME} is a fan-made community project. It is not affiliated with, endorsed by or sponsored by the maker of the Toniebox. Tonies, Toniebox and Creative Tonies are trademarks of their respective owners.`,
    pageNotFound: 'Page Not Found',
    backToHome: 'Back to Home',
    uploadLoginMessage: 'Please log in to upload and publish audio files.',
  },
  home: HOME_TEXTS,
  notFound: NOT_FOUND_TEXTS,
  pages: PAGE_TEXTS,
  nav: NAV_TEXTS,
};

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
    copyright: (year: number) => `© ${year} ${PRODUCT_NAME}`,
    fanNote: `${PRODUCT_NAME} ist ein Gemeinschaftsprojekt von Fans. Es steht in keiner Verbindung zum Hersteller der Toniebox und wird von ihm weder unterstützt noch gesponsert. Tonies, Toniebox und Kreativ-Tonies sind Marken ihrer jeweiligen Inhaber.`,
    pageNotFound: 'Seite nicht gefunden',
    backToHome: 'Zurück zur Startseite',
    uploadLoginMessage: 'Bitte melde dich an, um Audiodateien hochzuladen und zu veröffentlichen.',
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
