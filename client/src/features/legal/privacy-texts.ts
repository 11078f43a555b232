// The privacy policy (/privacy) in English and German: what TonieShelf stores, why, on which legal
// basis and for how long, the rights of the person, and how to download or delete one's data. The
// operator's name and address come from the imprint settings (site.info); their own additions
// (providers, log keeping, a data protection officer) from PRIVACY_EXTRA. Marked parts
// (<account>…</account>) become links on the page. Keep it in step with what the code stores.
import { RESET_LINK_TTL_MINUTES, VERIFY_LINK_TTL_HOURS } from '@tonieshelf/shared/values/account';
import { defineTexts } from '../../i18n/texts';

/** The page's sections, in order (each an <h2 id=…>, so /privacy#rights can be linked). */
export const PRIVACY_SECTIONS = ['controller', 'stored', 'browser', 'recipients', 'rights', 'export', 'operator', 'changes'] as const;
export type PrivacySectionId = (typeof PRIVACY_SECTIONS)[number];

/** One kind of data: what it is, why it is kept, the legal basis, for how long. */
interface StoredData {
  id: string;
  what: string;
  details: string;
  why: string;
  basis: string;
  howLong: string;
}

const STORED_EN = [
  {
    id: 'account',
    what: 'Your account',
    details:
      'Your email address, first and last name, username, a hash of your password (never the password itself), your interface language, and when the account was made and its address confirmed.',
    why: 'To give you an account, sign you in and send you the emails it needs: confirming your address, resetting your password, notices about changes and about moderators’ decisions.',
    basis: 'Art. 6(1)(b) GDPR: the terms of use you accept when you register.',
    howLong: 'Until you delete your account.',
  },
  {
    id: 'security',
    what: 'Sign-ins and security',
    details:
      'For each browser you are signed in on: a hash of its session key, the browser’s name and version, its IP address and when it was last used. Your second factors (an authenticator app’s secret, phone numbers) and hashed recovery codes.',
    why: 'To keep you signed in, to list your sessions so that you can end them, and to protect your account.',
    basis: 'Art. 6(1)(b) GDPR, and Art. 6(1)(f): our legitimate interest in keeping accounts safe.',
    howLong: 'A session ends 30 days after its last use, and after 90 days at the latest. Second factors and codes stay until you remove them or your account.',
  },
  {
    id: 'contributions',
    what: 'What you add',
    details:
      'Ratings, reviews and their tags, helpful votes, the audio files you upload with their titles, descriptions and licences, sets, likes, your shelves and share links, your profile settings, and which files and sets you downloaded (so that each person counts once).',
    why: 'To show others what you publish, as you choose, and to keep your shelves and lists for you.',
    basis: 'Art. 6(1)(b) GDPR.',
    howLong: 'Until you delete it or your account. When you delete your account you choose whether your reviews are deleted too or stay as ‘Anonymous’.',
  },
  {
    id: 'links',
    what: 'Links we email you',
    details: 'A hash of the key in a link that confirms your address or resets your password.',
    why: 'So that only the person who got the email can use the link, and only once.',
    basis: 'Art. 6(1)(b) GDPR.',
    howLong: `Until it is used or expires (${RESET_LINK_TTL_MINUTES} minutes for a password reset, ${VERIFY_LINK_TTL_HOURS} hours to confirm an address); removed within the hour after.`,
  },
  {
    id: 'abuse',
    what: 'Protection against abuse',
    details: 'Your IP address and account, counted with failed sign-ins and with actions that have limits: new accounts, reports and contact messages, phone codes, uploads.',
    why: 'To slow down attacks on accounts and mass abuse of the site.',
    basis: 'Art. 6(1)(f) GDPR: the security of the site and its users.',
    howLong: 'About a day; an hourly clean-up removes older records.',
  },
  {
    id: 'reports',
    what: 'Reports and contact messages',
    details:
      'What you write in the report or contact form, the content it concerns, your name, email address and language, and its reference number. The moderators’ decisions, with their reasons, are kept in a log that cannot be changed.',
    why: 'To handle your message, tell you the outcome, and account for the moderators’ decisions as the EU Digital Services Act requires.',
    basis: 'Art. 6(1)(c) GDPR (the duties of the Digital Services Act) and Art. 6(1)(f).',
    howLong: 'As the record of the moderation. When you delete your account, your reports stay without the link to it.',
  },
  {
    id: 'logs',
    what: 'Server log',
    details: 'For each request: the time, the address asked for, the answer and your IP address.',
    why: 'To keep the site running and to find faults and attacks.',
    basis: 'Art. 6(1)(f) GDPR.',
    howLong: 'At most 14 days, unless the operator says otherwise below.',
  },
] as const satisfies readonly StoredData[];

const PRIVACY_EN = {
  title: 'Privacy policy',
  subtitle: 'What TonieShelf stores about you, why, for how long, and what you can do about it',
  contents: 'Contents',
  loading: 'Loading',
  sections: {
    controller: 'Who is responsible',
    stored: 'What we store, why and for how long',
    browser: 'Cookies and your browser',
    recipients: 'Who sees your data',
    rights: 'Your rights',
    export: 'Download or delete your data',
    operator: 'Further details from the operator',
    changes: 'Changes to this policy',
  },
  intro:
    'TonieShelf stores only what it needs to run the site. There is no advertising, no tracking and no analytics, nothing is sold, and your browser loads nothing from other sites. You can browse the catalogue without an account.',
  controllerIntro: 'Responsible for your data on this site (the ‘controller’ under the EU General Data Protection Regulation, GDPR) is its operator:',
  controllerContact: 'Write to the operator at the email address above or through the <contact>contact form</contact>. All their details are in the <imprint>imprint</imprint>.',
  controllerMissing: 'This TonieShelf does not name its operator yet. Until it does, you can reach the people running it through the <contact>contact form</contact>.',
  operatorLoadFailed: 'The operator’s details could not be loaded. They are also in the <imprint>imprint</imprint>.',
  storedIntro: 'What TonieShelf keeps, kind by kind:',
  why: 'Why',
  basis: 'Legal basis',
  howLong: 'How long',
  stored: STORED_EN,
  browser: [
    'Cookies: while you are signed in, a session cookie that keeps you signed in (it ends when you sign out); after a sign-in, a signed “known device” cookie naming the account (up to five), kept for a year from your last sign-in, so that others’ failed attempts never lock you out; and a cookie with your interface language, kept for a year, so that the server answers in it.',
    'Your browser also keeps, on your device only: your language, your light or dark choice, whether the catalogue’s language filter was preset for you, and whether you were signed in (so the page does not jump while it loads).',
    'They are needed for the site to work or keep choices you made. There are no tracking, analytics or advertising cookies, and every picture and script comes from this site.',
  ],
  recipients: [
    'What you publish (reviews, audio, sets, a public profile, a shared shelf) can be seen by everyone; everything else only by you. Moderators see reports and the content they concern. Your email address is never shown to others.',
    'The operator’s providers process data on their behalf and by their instructions: the hosting of the server and, where used, the mail server and the file storage. The operator names them below when they have filled in their details.',
    'We do not sell data or pass it on for advertising. We hand data to authorities only where the law obliges us to.',
  ],
  rightsIntro: 'Under the GDPR you have these rights about your data:',
  rights: [
    '<b>Access</b> (Art. 15): to know what we store about you. <account>Download my data</account> gives you most of it at once; ask the operator for the rest.',
    '<b>Rectification</b> (Art. 16): to have wrong data corrected. You change your email address and password on your <account>account page</account>; ask the operator for anything else.',
    '<b>Erasure</b> (Art. 17): to have your data deleted. Delete what you published, or your whole account with <account>Delete my account</account>.',
    '<b>Restriction</b> (Art. 18): to have the use of your data limited, for example while its accuracy is checked.',
    '<b>Portability</b> (Art. 20): to get your data in a form a machine can read. Download my data is a JSON file; shelves also export as CSV.',
    '<b>Objection</b> (Art. 21): to object, on grounds of your situation, to uses based on our legitimate interests (Art. 6(1)(f)).',
    '<b>Complaint</b> (Art. 77): to complain to a data protection supervisory authority, in particular in the EU country where you live or work, or where you think the breach happened.',
  ],
  rightsHow: 'To use a right, write to the operator (see <controller>who is responsible</controller>). We answer within a month.',
  export: [
    'Signed in, open your <account>account page</account>.',
    '<b>Download my data</b> gives you a JSON file with your account, ratings and reviews, audio (with links to the files), likes, sets, shelves, share links, profile settings and helpful votes.',
    '<b>Delete my account</b> asks for your password and at once removes your account, sessions, second factors, likes, shelves, share links, helpful votes, and your audio with its files. You choose whether your reviews are deleted or stay as ‘Anonymous’. Reports you sent stay without your name, and the moderators’ log is kept.',
  ],
  changes: 'We update this page when TonieShelf changes what it stores or why.',
};

export const usePrivacyTexts = defineTexts('privacy', PRIVACY_EN, {
  title: 'Datenschutzerklärung',
  subtitle: 'Was TonieShelf über dich speichert, warum, wie lange – und was du dagegen tun kannst',
  contents: 'Inhalt',
  loading: 'Wird geladen',
  sections: {
    controller: 'Wer verantwortlich ist',
    stored: 'Was wir speichern, warum und wie lange',
    browser: 'Cookies und dein Browser',
    recipients: 'Wer deine Daten sieht',
    rights: 'Deine Rechte',
    export: 'Deine Daten herunterladen oder löschen',
    operator: 'Weitere Angaben der Betreiber',
    changes: 'Änderungen dieser Erklärung',
  },
  intro:
    'TonieShelf speichert nur, was es für den Betrieb der Seite braucht. Es gibt keine Werbung, kein Tracking und keine Analyse, nichts wird verkauft, und dein Browser lädt nichts von anderen Seiten. Im Katalog stöbern kannst du auch ohne Konto.',
  controllerIntro: 'Verantwortlich für deine Daten auf dieser Seite (im Sinne der Datenschutz-Grundverordnung, DSGVO) sind ihre Betreiber:',
  controllerContact: 'Schreib den Betreibern an die E-Mail-Adresse oben oder über das <contact>Kontaktformular</contact>. Alle Angaben stehen im <imprint>Impressum</imprint>.',
  controllerMissing: 'Dieses TonieShelf nennt seine Betreiber noch nicht. Bis dahin erreichst du die Menschen dahinter über das <contact>Kontaktformular</contact>.',
  operatorLoadFailed: 'Die Angaben der Betreiber konnten nicht geladen werden. Du findest sie auch im <imprint>Impressum</imprint>.',
  storedIntro: 'Was TonieShelf speichert, Art für Art:',
  why: 'Wozu',
  basis: 'Rechtsgrundlage',
  howLong: 'Wie lange',
  stored: [
    {
      id: 'account',
      what: 'Dein Konto',
      details:
        'Deine E-Mail-Adresse, Vor- und Nachname, Benutzername, ein Hash deines Passworts (nie das Passwort selbst), deine Sprache und wann das Konto angelegt und die Adresse bestätigt wurde.',
      why: 'Um dir ein Konto zu geben, dich anzumelden und dir die nötigen E-Mails zu schicken: zur Bestätigung deiner Adresse, zum Zurücksetzen des Passworts, Hinweise auf Änderungen und auf Entscheidungen der Moderation.',
      basis: 'Art. 6 Abs. 1 lit. b DSGVO: die Nutzungsbedingungen, die du bei der Registrierung akzeptierst.',
      howLong: 'Bis du dein Konto löschst.',
    },
    {
      id: 'security',
      what: 'Anmeldungen und Sicherheit',
      details:
        'Für jeden Browser, in dem du angemeldet bist: ein Hash seines Sitzungsschlüssels, Name und Version des Browsers, seine IP-Adresse und wann er zuletzt genutzt wurde. Deine zweiten Faktoren (das Geheimnis einer Authentifizierungs-App, Telefonnummern) und gehashte Wiederherstellungscodes.',
      why: 'Damit du angemeldet bleibst, deine Sitzungen sehen und beenden kannst und dein Konto geschützt ist.',
      basis: 'Art. 6 Abs. 1 lit. b DSGVO sowie lit. f: unser berechtigtes Interesse an sicheren Konten.',
      howLong: 'Eine Sitzung endet 30 Tage nach ihrer letzten Nutzung, spätestens nach 90 Tagen. Zweite Faktoren und Codes bleiben, bis du sie oder dein Konto entfernst.',
    },
    {
      id: 'contributions',
      what: 'Was du beiträgst',
      details:
        'Bewertungen, Rezensionen und ihre Tags, Hilfreich-Stimmen, die Audiodateien, die du hochlädst, mit Titel, Beschreibung und Lizenz, Playlists, Likes, deine Regale und Freigabelinks, deine Profileinstellungen und welche Dateien und Playlists du heruntergeladen hast (damit jede Person nur einmal zählt).',
      why: 'Um anderen zu zeigen, was du veröffentlichst – so, wie du es einstellst –, und um deine Regale und Listen für dich aufzubewahren.',
      basis: 'Art. 6 Abs. 1 lit. b DSGVO.',
      howLong: 'Bis du es oder dein Konto löschst. Beim Löschen des Kontos entscheidest du, ob deine Rezensionen mitgelöscht werden oder als „Anonym“ bleiben.',
    },
    {
      id: 'links',
      what: 'Links, die wir dir mailen',
      details: 'Ein Hash des Schlüssels in einem Link, der deine Adresse bestätigt oder dein Passwort zurücksetzt.',
      why: 'Damit nur die Person, die die E-Mail bekommen hat, den Link nutzen kann, und nur einmal.',
      basis: 'Art. 6 Abs. 1 lit. b DSGVO.',
      howLong: `Bis er genutzt wird oder abläuft (${RESET_LINK_TTL_MINUTES} Minuten zum Zurücksetzen des Passworts, ${VERIFY_LINK_TTL_HOURS} Stunden zum Bestätigen einer Adresse); innerhalb der folgenden Stunde gelöscht.`,
    },
    {
      id: 'abuse',
      what: 'Schutz vor Missbrauch',
      details:
        'Deine IP-Adresse und dein Konto, gezählt bei fehlgeschlagenen Anmeldungen und bei Aktionen mit Obergrenze: neue Konten, Meldungen und Kontaktnachrichten, Telefoncodes, Uploads.',
      why: 'Um Angriffe auf Konten und massenhaften Missbrauch der Seite zu bremsen.',
      basis: 'Art. 6 Abs. 1 lit. f DSGVO: die Sicherheit der Seite und ihrer Nutzerinnen und Nutzer.',
      howLong: 'Etwa einen Tag; eine stündliche Bereinigung löscht ältere Einträge.',
    },
    {
      id: 'reports',
      what: 'Meldungen und Kontaktnachrichten',
      details:
        'Was du in das Melde- oder Kontaktformular schreibst, den betroffenen Inhalt, deinen Namen, deine E-Mail-Adresse und Sprache sowie die Vorgangsnummer. Die Entscheidungen der Moderation mit ihren Gründen stehen in einem Protokoll, das sich nicht ändern lässt.',
      why: 'Um deine Nachricht zu bearbeiten, dir das Ergebnis mitzuteilen und die Entscheidungen der Moderation nachvollziehbar zu machen, wie es das Gesetz über digitale Dienste (Digital Services Act) der EU verlangt.',
      basis: 'Art. 6 Abs. 1 lit. c DSGVO (Pflichten aus dem Digital Services Act) und lit. f.',
      howLong: 'Als Nachweis der Moderation. Löschst du dein Konto, bleiben deine Meldungen ohne Verbindung zu ihm.',
    },
    {
      id: 'logs',
      what: 'Server-Protokoll',
      details: 'Für jede Anfrage: die Zeit, die aufgerufene Adresse, die Antwort und deine IP-Adresse.',
      why: 'Um die Seite am Laufen zu halten und Fehler und Angriffe zu finden.',
      basis: 'Art. 6 Abs. 1 lit. f DSGVO.',
      howLong: 'Höchstens 14 Tage, wenn die Betreiber unten nichts anderes angeben.',
    },
  ],
  browser: [
    'Cookies: solange du angemeldet bist, ein Sitzungs-Cookie, das dich angemeldet hält (es endet mit dem Abmelden); nach einer Anmeldung ein signiertes Cookie „bekanntes Gerät“, das das Konto nennt (bis zu fünf), ein Jahr ab deiner letzten Anmeldung, damit fehlgeschlagene Versuche anderer dich nie aussperren; und ein Cookie mit deiner Sprache, ein Jahr lang, damit der Server in ihr antwortet.',
    'Außerdem speichert dein Browser, nur auf deinem Gerät: deine Sprache, deine Wahl zwischen hell und dunkel, ob der Sprachfilter des Katalogs für dich vorbelegt wurde und ob du angemeldet warst (damit die Seite beim Laden nicht springt).',
    'Sie sind für den Betrieb der Seite nötig oder merken sich deine eigene Wahl. Es gibt keine Tracking-, Analyse- oder Werbe-Cookies, und jedes Bild und jedes Skript kommt von dieser Seite.',
  ],
  recipients: [
    'Was du veröffentlichst (Rezensionen, Audios, Playlists, ein öffentliches Profil, ein geteiltes Regal), können alle sehen; alles andere nur du. Die Moderation sieht Meldungen und die Inhalte, um die es geht. Deine E-Mail-Adresse wird anderen nie gezeigt.',
    'Die Dienstleister der Betreiber verarbeiten Daten in ihrem Auftrag und nach ihren Weisungen: das Hosting des Servers und, wo genutzt, der Mailserver und der Dateispeicher. Die Betreiber nennen sie unten, sobald sie ihre Angaben eingetragen haben.',
    'Wir verkaufen keine Daten und geben sie nicht für Werbung weiter. An Behörden geben wir Daten nur, wo das Gesetz uns dazu verpflichtet.',
  ],
  rightsIntro: 'Nach der DSGVO hast du diese Rechte an deinen Daten:',
  rights: [
    '<b>Auskunft</b> (Art. 15): zu erfahren, was wir über dich speichern. <account>Meine Daten herunterladen</account> gibt dir das meiste auf einmal; nach dem Rest frag die Betreiber.',
    '<b>Berichtigung</b> (Art. 16): falsche Daten korrigieren zu lassen. E-Mail-Adresse und Passwort änderst du auf deiner <account>Kontoseite</account>; für alles andere frag die Betreiber.',
    '<b>Löschung</b> (Art. 17): deine Daten löschen zu lassen. Lösch, was du veröffentlicht hast, oder dein ganzes Konto mit <account>Mein Konto löschen</account>.',
    '<b>Einschränkung</b> (Art. 18): die Verarbeitung deiner Daten einschränken zu lassen, etwa solange ihre Richtigkeit geprüft wird.',
    '<b>Datenübertragbarkeit</b> (Art. 20): deine Daten in einem maschinenlesbaren Format zu bekommen. „Meine Daten herunterladen“ ist eine JSON-Datei; Regale lassen sich auch als CSV exportieren.',
    '<b>Widerspruch</b> (Art. 21): aus Gründen deiner besonderen Situation einer Verarbeitung zu widersprechen, die auf unseren berechtigten Interessen beruht (Art. 6 Abs. 1 lit. f).',
    '<b>Beschwerde</b> (Art. 77): dich bei einer Datenschutz-Aufsichtsbehörde zu beschweren, insbesondere in dem EU-Land, in dem du lebst oder arbeitest oder in dem du den Verstoß vermutest.',
  ],
  rightsHow: 'Um ein Recht auszuüben, schreib den Betreibern (siehe <controller>Wer verantwortlich ist</controller>). Wir antworten innerhalb eines Monats.',
  export: [
    'Melde dich an und öffne deine <account>Kontoseite</account>.',
    '<b>Meine Daten herunterladen</b> gibt dir eine JSON-Datei mit deinem Konto, deinen Bewertungen und Rezensionen, Audios (mit Links zu den Dateien), Likes, Playlists, Regalen, Freigabelinks, Profileinstellungen und Hilfreich-Stimmen.',
    '<b>Mein Konto löschen</b> fragt nach deinem Passwort und entfernt sofort dein Konto, deine Sitzungen, zweiten Faktoren, Likes, Regale, Freigabelinks, Hilfreich-Stimmen und deine Audios mit ihren Dateien. Du entscheidest, ob deine Rezensionen gelöscht werden oder als „Anonym“ bleiben. Meldungen, die du geschickt hast, bleiben ohne deinen Namen, und das Protokoll der Moderation bleibt erhalten.',
  ],
  changes: 'Wir passen diese Seite an, wenn TonieShelf ändert, was es speichert oder warum.',
});
