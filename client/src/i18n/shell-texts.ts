// The shell's texts (header, footer, page titles, home, 404): SPEC.md's English from
// shared/src/messages.ts, and German.
import { HOME_TEXTS, NAV_TEXTS, NOT_FOUND_TEXTS, PAGE_TEXTS, SHELL_TEXTS } from '@tonieshelf/shared/messages';
import { defineTexts } from './texts';

const EN = {
  shell: {
    ...SHELL_TEXTS,
    mainNav: 'Main',
    mobileNav: 'Mobile',
    openMenu: 'Open menu',
    closeMenu: 'Close menu',
    language: 'Language',
    switchLanguage: 'Choose the language of TonieShelf',
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
    language: 'Sprache',
    switchLanguage: 'Sprache von TonieShelf wählen',
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
  },
  nav: {
    faq: 'FAQ',
    resources: 'Weitere Angebote',
    discover: 'Audios entdecken',
    liked: 'Gemerkte Audios',
    upload: 'Audio hochladen',
  },
});
