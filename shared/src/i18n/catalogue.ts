// The message catalogue: every English message the server and the shared schemas produce, with a
// stable code ('<group>.<key>') and its German. The English stays where it is (the *_MESSAGES
// objects of shared/src/schemas and of the server); the groups of shared objects are built from
// those objects, so German is missing for no key (the types say so). Messages the server makes
// (sizes, counts, waits) are templates here; server/test/messages-catalogue.test.ts walks the
// server's message objects and checks that each message it makes is matched by its entry.
//
// German: natural German for parents, "du", the product's words (Tonie, Audiodatei, Hochladen,
// Anmelden, Registrieren, Bewertung, Rezension, Merkliste).
import {
  AGE_FILTER_MAX,
  CREATIVE_TONIE_MAX_CHAPTERS,
  CREATIVE_TONIE_MAX_SECONDS,
  AUDIO_MAX_TAGS,
  LANGUAGE_FILTER_MAX,
  NAME_MIN_LENGTH,
  PASSWORD_MIN_LENGTH,
  PHONE_CODE_TTL_MINUTES,
  RATING_MAX,
  REVIEW_MAX_LENGTH,
  REVIEW_TAGS_MAX,
  SEARCH_MAX_LENGTH,
  SHELF_IMPORT_MAX_CHARS,
  SHELF_STATES_MAX_IDS,
  TAG_FILTER_MAX,
  TAG_NAME_MAX,
  TITLE_MIN_LENGTH,
} from '../constants';
import { ACCOUNT_MESSAGES } from '../values/account';
import { AUDIO_DESCRIPTION_MAX, AUDIO_MESSAGES, AUDIO_SCRIPT_MAX, AUDIO_TITLE_MAX } from '../values/audio';
import { AUTH_MESSAGES, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../values/auth';
import { TAG_MESSAGES, TEXT_MESSAGES } from '../values/common';
import { MODERATION_MESSAGES } from '../values/moderation';
import { RATING_MESSAGES } from '../values/review';
import { PROFILE_MESSAGES } from '../values/profile';
import { SET_MESSAGES } from '../values/set';
import { SHELF_MESSAGES } from '../values/shelf';
import { CATALOGUE_FILTER_MESSAGES } from '../values/tonie';
import { germanCount, germanDate, germanNumber, germanSize, germanWait, type GermanText, type MessageEntry, type TemplateMessage } from './message-format';

const de = (n: number) => n.toLocaleString('de-DE');
/** "Bitte versuch es in 3 Minuten noch einmal." */
const tryAgainIn = (wait: string) => `Bitte versuch es in ${germanWait(wait)} noch einmal.`;

/** The entries of a message object: its English as it is, its German by the same keys. */
function group<T extends Record<string, string>>(prefix: string, english: T, german: { [K in keyof T]: GermanText }): MessageEntry[] {
  return Object.keys(english).map((key) => ({ code: `${prefix}.${key}`, en: english[key]!, de: german[key]! }));
}

/** The entries of messages made by the server (or by functions): English templates and German. */
function templates(prefix: string, messages: Record<string, TemplateMessage>): MessageEntry[] {
  return Object.entries(messages).map(([key, { en, de: german }]) => ({ code: `${prefix}.${key}`, en, de: german }));
}

const SET_DE = {
  titleTooShort: `Der Titel braucht mindestens ${TITLE_MIN_LENGTH} Zeichen`,
  titleTooLong: `Der Titel hat höchstens ${AUDIO_TITLE_MAX} Zeichen`,
  descriptionTooLong: `Die Beschreibung hat höchstens ${de(AUDIO_DESCRIPTION_MAX)} Zeichen`,
  sortBy: 'Die Sortierung (sortBy) muss recent oder popular sein',
  invalidId: 'Die Nummer der Playlist muss eine ganze Zahl sein',
  notFound: 'Diese Playlist gibt es nicht (mehr).',
  notOwner: 'Nur wer die Playlist angelegt hat, kann sie ändern.',
  chapterIds: 'Wähle die Audiodateien, die du hinzufügen möchtest, als Liste von Nummern',
  noChapters: 'Wähle mindestens eine Audiodatei zum Hinzufügen',
  duplicateChapter: 'Diese Audiodatei ist schon ein Kapitel der Playlist.',
  chapterNotAvailable: 'Diese Audiodatei kann nicht hinzugefügt werden: Sie ist nicht veröffentlicht, oder ihre Lizenz erlaubt das Weitergeben nicht.',
  chapterNotFound: 'Diese Audiodatei ist kein Kapitel der Playlist.',
  orderMismatch: 'Die neue Reihenfolge muss jedes Kapitel der Playlist genau einmal enthalten.',
  tooManyChapters: `Ein Kreativ-Tonie fasst höchstens ${CREATIVE_TONIE_MAX_CHAPTERS} Kapitel.`,
  overBudgetToPublish: `Eine Playlist mit mehr als ${CREATIVE_TONIE_MAX_SECONDS / 60} Minuten oder ${CREATIVE_TONIE_MAX_CHAPTERS} Kapiteln kann nicht veröffentlicht werden.`,
  emptyToPublish: 'Füge mindestens ein Kapitel hinzu, bevor du die Playlist veröffentlichst.',
  unknownDuration: 'Die Länge dieser Audiodatei ist unbekannt, deshalb kann sie keiner Playlist hinzugefügt werden.',
  loginToDownload: 'Bitte melde dich an, um Playlists herunterzuladen',
  loginToLike: 'Bitte melde dich an, um Playlists zu liken',
  created: 'Playlist angelegt',
  updated: 'Playlist gespeichert',
  published: 'Playlist veröffentlicht',
  deleted: 'Playlist gelöscht',
  createFailed: 'Die Playlist konnte nicht angelegt werden. Bitte versuch es noch einmal.',
  updateFailed: 'Die Playlist konnte nicht gespeichert werden. Bitte versuch es noch einmal.',
  deleteFailed: 'Die Playlist konnte nicht gelöscht werden. Bitte versuch es noch einmal.',
} satisfies Record<keyof typeof SET_MESSAGES, GermanText>;

// ------------------------------------------------------------------------------------------------
// Shared schemas (shown by the browser's own validation too)
// ------------------------------------------------------------------------------------------------

const TEXT_DE = {
  nul: 'Entferne das unsichtbare NUL-Zeichen (U+0000) aus diesem Text',
} satisfies Record<keyof typeof TEXT_MESSAGES, GermanText>;

const TAG_DE = {
  tagTooLong: `Ein Tag hat höchstens ${TAG_NAME_MAX} Zeichen`,
  tagComma: 'Ein Tag darf kein Komma enthalten',
  tooManyFilterTags: `Filtere nach höchstens ${TAG_FILTER_MAX} Tags`,
  searchTooLong: `Die Suche hat höchstens ${SEARCH_MAX_LENGTH} Zeichen`,
} satisfies Record<keyof typeof TAG_MESSAGES, GermanText>;

const AUTH_DE = {
  codeExpiresIn: `Er ist ${PHONE_CODE_TTL_MINUTES} Minuten lang gültig.`,
  invalidEmail: 'Bitte gib eine gültige E-Mail-Adresse ein',
  passwordTooShort: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein`,
  firstNameTooShort: `Der Vorname muss mindestens ${NAME_MIN_LENGTH} Zeichen lang sein`,
  lastNameTooShort: `Der Nachname muss mindestens ${NAME_MIN_LENGTH} Zeichen lang sein`,
  confirmPassword: 'Bitte bestätige dein Passwort',
  passwordsDontMatch: 'Die Passwörter stimmen nicht überein',
  passwordTooLong: `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein`,
  nameTooLong: `Der Name darf höchstens ${NAME_MAX_LENGTH} Zeichen lang sein`,
  emailTooLong: `Die E-Mail-Adresse darf höchstens ${EMAIL_MAX_LENGTH} Zeichen lang sein`,
  commonPassword: 'Dieses Passwort ist zu verbreitet. Bitte wähle eines, das schwerer zu erraten ist.',
  usernameInvalid: 'Der Benutzername besteht aus 3 bis 32 Buchstaben, Ziffern, Punkten, Bindestrichen oder Unterstrichen',
  codeInvalid: 'Gib den 6-stelligen Code ein',
  codeOrRecoveryCode: 'Gib einen aktuellen 6-stelligen Code oder einen deiner Wiederherstellungscodes ein',
  invalidCredentials: 'E-Mail-Adresse oder Passwort ist falsch.',
  emailTaken: 'Mit dieser E-Mail-Adresse gibt es schon ein Konto. Bitte melde dich stattdessen an.',
  usernameTaken: 'Dieser Benutzername ist schon vergeben. Bitte wähle einen anderen.',
  wrongCode: 'Dieser Code stimmt nicht. Bitte versuch es noch einmal.',
  codeExpired: 'Dieser Code ist abgelaufen. Bitte fordere einen neuen an.',
  tooManyTries: 'Zu viele falsche Codes. Bitte fordere einen neuen an.',
  secondFactorRequired: 'Gib den Code aus deiner Authenticator-App ein, um die Anmeldung abzuschließen.',
  signInRequired: 'Bitte melde dich an, um weiterzumachen.',
  wrongCurrentPassword: 'Dein aktuelles Passwort stimmt nicht.',
  useSignOut: 'Nutze „Abmelden“, um diese Sitzung zu beenden.',
  unknownSession: 'Diese Sitzung gibt es nicht.',
  unknownFactor: 'Diesen zweiten Faktor gibt es nicht.',
  unknownChallenge: 'Diese Code-Anfrage gibt es nicht. Bitte fordere einen neuen Code an.',
  codeAlreadyUsed: 'Dieser Code wurde schon benutzt. Bitte fordere einen neuen an.',
  totpStepUsed: 'Dieser Code wurde schon benutzt. Warte auf den nächsten Code und versuch es dann noch einmal.',
  recoveryCodeInvalid: 'Dieser Wiederherstellungscode ist ungültig oder wurde schon benutzt.',
  removalCodeInvalid: 'Dieser Code stimmt nicht. Gib einen aktuellen Code oder einen deiner Wiederherstellungscodes ein.',
  tooManyFactors: 'Du hast schon 10 zweite Faktoren, mehr geht nicht. Entferne zuerst einen.',
  addFactorFirst: 'Richte zuerst einen zweiten Faktor ein: Die Wiederherstellungscodes sind sein Ersatz.',
  requestPhoneCode: 'Fordere zuerst einen Code an dein Telefon an.',
  phoneSetupInProgress: 'Gerade wird ein Telefon zu diesem Konto hinzugefügt. Bitte versuch es noch einmal.',
  recoveryCodeFormat: 'Gib einen deiner Wiederherstellungscodes ein, z. B. abcde-fghij',
  phoneFormat: 'Gib die Telefonnummer im internationalen Format ein, z. B. +49 151 23456789',
  factorIdInvalid: 'Diesen zweiten Faktor gibt es nicht',
  challengeIdInvalid: 'Diese Code-Anfrage gibt es nicht',
  sessionIdInvalid: 'Diese Sitzung gibt es nicht',
  tooManyAccounts: (p) => `Aus deinem Netzwerk wurden zu viele neue Konten angelegt. ${tryAgainIn(p.wait!)}`,
} satisfies Record<keyof typeof AUTH_MESSAGES, GermanText>;

const ACCOUNT_DE = {
  resetLinkSent: 'Falls es zu dieser Adresse ein Konto gibt, haben wir dir einen Link geschickt.',
  passwordReset: 'Dein Passwort wurde geändert. Deine anderen Sitzungen wurden abgemeldet.',
  linkExpired: 'Dieser Link ist abgelaufen. Bitte fordere einen neuen an.',
  linkUsed: 'Dieser Link wurde schon benutzt. Bitte fordere einen neuen an.',
  linkInvalid: 'Dieser Link ist ungültig. Prüf, ob du den ganzen Link aus der E-Mail geöffnet hast, oder fordere einen neuen an.',
  emailVerified: 'Deine E-Mail-Adresse ist bestätigt.',
  verificationSent: 'Wir haben dir einen neuen Bestätigungslink geschickt. Es kann eine Minute dauern, bis er ankommt.',
  alreadyVerified: 'Deine E-Mail-Adresse ist schon bestätigt.',
  emailUnverified: 'Bitte bestätige deine E-Mail-Adresse, bevor du Audiodateien veröffentlichst. Öffne den Link aus unserer E-Mail oder lass ihn dir noch einmal schicken.',
  emailChangeSent: 'Wir haben einen Link an deine neue Adresse geschickt. Deine E-Mail-Adresse ändert sich, sobald du ihn öffnest.',
  emailChanged: 'Deine E-Mail-Adresse wurde geändert.',
  sameEmail: 'Das ist schon deine E-Mail-Adresse.',
  wrongPassword: 'Dein Passwort stimmt nicht.',
  codeRequired: 'Gib einen aktuellen Code deines zweiten Faktors oder einen deiner Wiederherstellungscodes ein.',
  accountDeleted: 'Dein Konto wurde gelöscht. Mach’s gut, und danke fürs Teilen.',
  tooManyResetRequests: (p) => `Es wurden zu viele Links zum Zurücksetzen angefordert. ${tryAgainIn(p.wait!)}`,
  tooManyVerificationMails: (p) => `Es wurden zu viele Bestätigungslinks angefordert. ${tryAgainIn(p.wait!)}`,
  mailNotSent: 'Wir konnten die E-Mail gerade nicht senden. Bitte versuch es in ein paar Minuten noch einmal.',
  keepReviewsRequired: 'Wähle, ob deine Rezensionen bleiben sollen',
} satisfies Record<keyof typeof ACCOUNT_MESSAGES, GermanText>;

const AUDIO_DE = {
  titleTooShort: `Der Titel muss mindestens ${TITLE_MIN_LENGTH} Zeichen lang sein`,
  titleTooLong: `Der Titel darf höchstens ${AUDIO_TITLE_MAX} Zeichen lang sein`,
  descriptionTooLong: `Die Beschreibung hat höchstens ${de(AUDIO_DESCRIPTION_MAX)} Zeichen`,
  scriptTooLong: `Skript oder Liedtext haben höchstens ${de(AUDIO_SCRIPT_MAX)} Zeichen`,
  status: 'Der Status muss draft (Entwurf) oder published (veröffentlicht) sein',
  selectAudioFile: 'Bitte wähle eine Audiodatei zum Hochladen aus',
  maxTagsReached: `Höchstzahl an Tags (${AUDIO_MAX_TAGS}) erreicht`,
  tooManyTags: `Höchstens ${AUDIO_MAX_TAGS} Tags möglich`,
  tagNotText: 'Tags müssen eine Liste von Namen sein',
  sortBy: 'sortBy muss recent, popular, downloads, az oder za sein',
  likedSortBy: 'sortBy muss newest oder popular sein',
  invalidId: 'Die Nummer der Audiodatei muss eine ganze Zahl sein',
  invalidUserId: 'Die Benutzer-ID ist ungültig',
  notFound: 'Diese Audiodatei gibt es nicht (mehr).',
  notOwner: 'Nur wer die Audiodatei hochgeladen hat, kann sie ändern.',
  notYourLikes: 'Du kannst nur deine eigene Merkliste sehen.',
  loginToLike: 'Melde dich an, um dir Audios zu merken',
  loginToDownload: 'Melde dich an, um Audios herunterzuladen',
  licenceRequired: 'Bitte wähle eine Lizenz',
  rightsRequired: 'Bitte bestätige, dass du das selbst gemacht hast oder es teilen darfst',
  uploadFailed: 'Die Audiodatei konnte nicht hochgeladen werden. Bitte versuch es noch einmal.',
  updateFailed: 'Die Audiodatei konnte nicht geändert werden. Bitte versuch es noch einmal.',
  deleteFailed: 'Die Audiodatei konnte nicht gelöscht werden. Bitte versuch es noch einmal.',
  publishFailed: 'Die Audiodatei konnte nicht veröffentlicht werden. Bitte versuch es noch einmal.',
  likeStatusFailed: 'Die Merkliste konnte nicht aktualisiert werden',
  likeFailed: 'Das Audio konnte nicht gemerkt werden. Bitte versuch es noch einmal.',
  downloadFailed: 'Die Audiodatei konnte nicht heruntergeladen werden. Bitte versuch es noch einmal.',
  fileUrlMissing: 'Die Adresse der Datei fehlt. Bitte versuch es später noch einmal.',
  uploaded: 'Audiodatei hochgeladen',
  deleted: 'Audiodatei gelöscht',
  published: 'Audiodatei veröffentlicht',
  updated: 'Audiodatei geändert',
  created: 'Audiodatei angelegt',
  liked: 'Gemerkt',
  unliked: 'Von der Merkliste entfernt',
  downloadStarted: 'Download gestartet',
  downloading: 'Deine Audiodatei wird jetzt heruntergeladen.',
  fetchFilesFailed: 'Die Audiodateien konnten nicht geladen werden',
  fetchTagsFailed: 'Die Tags konnten nicht geladen werden',
  fetchLikedFailed: 'Deine Merkliste konnte nicht geladen werden',
} satisfies Record<keyof typeof AUDIO_MESSAGES, GermanText>;

const RATING_DE = {
  selectRating: 'Bitte wähle eine Sternebewertung',
  alreadyReviewed: 'Du hast für diesen Tonie schon eine Rezension geschrieben.',
  reviewTooLong: `Eine Rezension hat höchstens ${de(REVIEW_MAX_LENGTH)} Zeichen`,
  tooManyTags: `Füge höchstens ${REVIEW_TAGS_MAX} Tags hinzu`,
  notReviewed: 'Du hast diesen Tonie noch nicht rezensiert.',
  anonymous: 'Anonym',
  ratingTooHigh: `Die Bewertung hat höchstens ${RATING_MAX} Sterne`,
  reviewSort: 'Die Sortierung (sort) muss newest oder helpful sein',
  ownReviewVote: 'Deine eigene Rezension kannst du nicht als hilfreich markieren.',
  reviewNotFound: 'Diese Rezension gibt es nicht (mehr).',
  invalidReviewId: 'Die Nummer der Rezension muss eine ganze Zahl sein',
  signInToVote: 'Bitte melde dich an, um Rezensionen als hilfreich zu markieren',
} satisfies Record<keyof typeof RATING_MESSAGES, GermanText>;

const MODERATION_DE = {
  reasonRequired: 'Bitte wähle einen Grund',
  explanationRequired: 'Bitte erklär, was nicht in Ordnung ist (mindestens 10 Zeichen)',
  explanationTooLong: 'Die Erklärung hat höchstens 5.000 Zeichen',
  nameRequired: 'Bitte gib deinen Namen ein',
  nameTooLong: 'Der Name hat höchstens 100 Zeichen',
  emailRequired: 'Bitte gib deine E-Mail-Adresse ein, damit wir dir antworten können',
  goodFaithRequired: 'Bitte bestätige, dass deine Meldung stimmt und in gutem Glauben erfolgt',
  contentUrlInvalid: 'Die Adresse des Inhalts muss eine Webadresse (https://…) oder ein Pfad dieser Seite sein',
  targetNotFound: 'Den gemeldeten Inhalt gibt es nicht (mehr).',
  duplicateReport: 'Du hast das schon gemeldet. Wir sagen dir Bescheid, wie entschieden wurde.',
  tooManyReports: (p) => `Von hier wurden zu viele Meldungen geschickt. ${tryAgainIn(p.wait!)}`,
  reportReceived: 'Danke! Wir haben deine Meldung erhalten. Deine Vorgangsnummer ist {reference}.',
  messageReceived: 'Danke! Wir haben deine Nachricht erhalten. Deine Vorgangsnummer ist {reference}.',
  statementRequired: 'Bitte begründe die Entscheidung (mindestens 20 Zeichen): Was war falsch und warum',
  statementTooLong: 'Die Begründung hat höchstens 5.000 Zeichen',
  ruleRequired: 'Bitte wähle den Abschnitt der Nutzungsbedingungen, auf dem die Entscheidung beruht',
  nothingToRestore: 'Dieser Inhalt ist nicht ausgeblendet.',
  alreadyHidden: 'Dieser Inhalt ist schon ausgeblendet.',
  itemNotFound: 'Diesen Inhalt gibt es nicht (mehr).',
  notReportable: 'Nur Audiodateien, Playlists und Rezensionen können ausgeblendet, wiederhergestellt oder gelöscht werden; Konten werden gesperrt.',
  reportOnlyDismissed:
    'Eine Nachricht oder eine Meldung ohne Inhalt kann nur abgewiesen (als erledigt markiert) werden; es gibt nichts auszublenden, wiederherzustellen oder zu löschen.',
  reportNotFound: 'Diese Meldung oder Nachricht gibt es nicht.',
  reportHasItem: 'Diese Meldung betrifft einen Inhalt: Entscheide stattdessen in der Warteschlange über den Inhalt.',
  reportClosed: 'Diese Meldung oder Nachricht ist schon abgeschlossen.',
  durationInvalid: 'Wähle eine Sperre von 1 bis 3.650 Tagen oder eine dauerhafte',
  cannotSuspendSelf: 'Du kannst dein eigenes Konto nicht sperren.',
  cannotSuspendStaff: 'Moderatoren und Admins können nicht gesperrt werden. Ein Admin kann ihnen zuerst die Rolle entziehen.',
  notSuspended: 'Dieses Konto ist nicht gesperrt.',
  decisionNotFound: 'Diese Entscheidung gibt es nicht, oder sie betrifft dich nicht.',
  contestClosed: 'Dieser Widerspruch wurde schon beantwortet.',
  contestOtherItem: 'Dieser Widerspruch betrifft einen anderen Inhalt.',
  contestTooShort: 'Bitte erklär, warum die Entscheidung falsch ist (mindestens 10 Zeichen)',
  alreadyContested: 'Du hast dieser Entscheidung schon widersprochen. Ein Moderator sieht sie sich noch einmal an.',
  notContestable: 'Nur wer von einer Entscheidung betroffen ist, kann ihr widersprechen, und zwar einmal.',
  contestReceived: 'Dein Widerspruch ist angekommen. Ein Moderator sieht sich die Entscheidung noch einmal an.',
  moderatorsOnly: 'Das dürfen nur Moderatoren.',
  adminsOnly: 'Das dürfen nur Admins.',
  cannotChangeOwnRole: 'Du kannst deine eigene Rolle nicht ändern.',
  cannotChangeAdmin: 'Admins werden mit dem Admin-Befehl (npm run admin) ernannt und abberufen.',
  userNotFound: 'Diesen Benutzer gibt es nicht.',
  tagNotWaiting: 'Dieser Tag wartet nicht auf Freigabe.',
  suspendedUntil: (p) => `Dieses Konto ist bis ${germanDate(p.date!)} gesperrt. Wir haben dir die Gründe per E-Mail geschickt.`,
  suspendedForGood: 'Dieses Konto ist gesperrt. Wir haben dir die Gründe per E-Mail geschickt.',
  hiddenByModerators: 'Von Moderatoren ausgeblendet',
} satisfies Record<keyof typeof MODERATION_MESSAGES, GermanText>;

/** The catalogue filters' messages (shared/src/schemas/tonie.ts): by text, so a new key shows up in the test. */
const CATALOGUE_FILTER_DE = {
  language: 'Die Sprache muss ein Sprachcode wie de-DE oder en-GB sein',
  tooManyLanguages: `Filtere nach höchstens ${LANGUAGE_FILTER_MAX} Sprachen`,
  age: `Das Alter muss eine ganze Zahl von 0 bis ${AGE_FILTER_MAX} sein`,
  series: 'Der Name der Serie darf höchstens 300 Zeichen haben',
  seriesEmpty: 'Der Name der Serie darf nicht leer sein',
  addedNeedsShelf: 'Nach dem Datum des Hinzufügens lässt sich nur innerhalb eines Regals sortieren',
  signInForShelf: 'Bitte melde dich an, um nach deinen Regalen zu filtern',
  shelf: 'Das Regal (shelf) muss own, wishlist, favourites oder none sein',
} satisfies Record<keyof typeof CATALOGUE_FILTER_MESSAGES, GermanText>;

const SHELF_DE = {
  shelf: 'Das Regal (shelf) muss own, wishlist oder favourites sein',
  format: 'Das Format muss csv oder json sein',
  tooManyIds: `Frag nach höchstens ${SHELF_STATES_MAX_IDS} Tonies auf einmal`,
  importEmpty: 'Die Datei enthält keine Artikelnummern.',
  importTooLarge: `Die Datei ist zu groß: höchstens ${de(SHELF_IMPORT_MAX_CHARS)} Zeichen`,
  importUnreadable: 'Die Datei ließ sich nicht als CSV lesen.',
  importTooManyCodes: 'Die Datei enthält zu viele Artikelnummern: höchstens 10.000 auf einmal',
  shareNotFound: 'Dieses geteilte Regal gibt es nicht (mehr).',
  notShared: 'Dieses Regal wird nicht geteilt.',
  updateFailed: 'Deine Regale konnten nicht geändert werden. Bitte versuch es noch einmal.',
  linkCopied: 'Link kopiert',
} satisfies Record<keyof typeof SHELF_MESSAGES, GermanText>;

const PROFILE_DE = {
  notFound: 'Diesen Benutzer gibt es nicht.',
  username: 'Der Benutzername muss 1 bis 64 Zeichen haben',
  reviewsHidden: 'Diese Person zeigt ihre Rezensionen nicht öffentlich.',
  shelfPrivate: 'Dieses Regal ist nicht öffentlich.',
  settingsSaved: 'Profileinstellungen gespeichert',
  settingsFailed: 'Die Profileinstellungen konnten nicht gespeichert werden. Bitte versuch es noch einmal.',
} satisfies Record<keyof typeof PROFILE_MESSAGES, GermanText>;

const SHARED: MessageEntry[] = [
  ...group('text', TEXT_MESSAGES, TEXT_DE),
  ...group('tag', TAG_MESSAGES, TAG_DE),
  ...templates('number', {
    wholeNumber: { en: '{name:word} must be a whole number of at least 1', de: '{name} muss eine ganze Zahl ab 1 sein' },
    atMost: { en: '{name:word} must be at most {max:number}', de: (p) => `${p.name} darf höchstens ${germanNumber(p.max!)} sein` },
  }),
  // The yes/no fields of shelf.ts (on, enabled), rating.ts (helpful) and profile.ts (showReviews).
  ...templates('boolean', {
    trueOrFalse: { en: '{field:word} must be true or false', de: '{field} muss true oder false sein' },
  }),
  ...group('auth', AUTH_MESSAGES, AUTH_DE),
  ...group('account', ACCOUNT_MESSAGES, ACCOUNT_DE),
  ...group('audio', AUDIO_MESSAGES, AUDIO_DE),
  ...group('rating', RATING_MESSAGES, RATING_DE),
  ...group('moderation', MODERATION_MESSAGES, MODERATION_DE),
  ...group('catalogue', CATALOGUE_FILTER_MESSAGES, CATALOGUE_FILTER_DE),
  ...group('set', SET_MESSAGES, SET_DE),
  ...group('shelf', SHELF_MESSAGES, SHELF_DE),
  ...group('profile', PROFILE_MESSAGES, PROFILE_DE),
  // overBudgetMessage() of shared/src/schemas/set.ts.
  ...templates('set', {
    overBudget: {
      en: 'This chapter would take the set past {minutes:number} minutes ({clock})',
      de: 'Mit diesem Kapitel wäre die Playlist länger als {minutes} Minuten ({clock})',
    },
  }),
  // Literal messages of the catalogue's schema and service (tonie.ts, catalogue/service.ts).
  ...templates('catalogue', {
    sort: { en: 'sort must be {values}', de: (p) => `Die Sortierung (sort) muss ${p.values!.replace(/ or /g, ' oder ')} sein` },
    category: { en: 'category must be at most {max:number} characters', de: 'Die Kategorie darf höchstens {max} Zeichen haben' },
    tonieId: { en: 'The Tonie id must be a whole number', de: 'Die Nummer des Tonies muss eine ganze Zahl sein' },
    quickSearchTooShort: { en: 'Type at least {n:number} characters', de: (p) => `Gib mindestens ${germanCount(p.n!, 'Zeichen', 'Zeichen')} ein` },
    tonieNotFound: { en: 'This Tonie does not exist (any more).', de: 'Diesen Tonie gibt es nicht (mehr).' },
    seriesNotFound: { en: 'No Tonie belongs to this series.', de: 'Zu dieser Serie gehört kein Tonie.' },
    searchEmpty: { en: 'q: Enter something to search for', de: 'Gib einen Suchbegriff ein' },
  }),
];

// ------------------------------------------------------------------------------------------------
// The server's own messages (server/src: errors.ts, http/*, uploads/*, auth/throttle.ts, ...)
// ------------------------------------------------------------------------------------------------

/** The English of server messages, by group; their German beside it. */
export const SERVER_MESSAGE_TEMPLATES = {
  error: {
    internal: { en: 'Something went wrong on our side. Please try again later.', de: 'Bei uns ist etwas schiefgegangen. Bitte versuch es später noch einmal.' },
    unavailable: {
      en: 'TonieShelf is briefly unavailable (its database cannot be reached). Please try again in a few seconds.',
      de: 'TonieShelf ist kurz nicht erreichbar (die Datenbank antwortet nicht). Bitte versuch es in ein paar Sekunden noch einmal.',
    },
    outOfSpace: { en: 'The server is out of storage space. Please try again later.', de: 'Auf dem Server ist kein Speicherplatz mehr frei. Bitte versuch es später noch einmal.' },
  },
  http: {
    unsupportedType: { en: 'Unsupported content type.', de: 'Dieser Inhaltstyp wird nicht unterstützt.' },
    bodyTooLarge: { en: 'The request body is too large.', de: 'Die Anfrage ist zu groß.' },
    emptyJson: { en: 'The JSON body is empty.', de: 'Die JSON-Daten der Anfrage sind leer.' },
    invalidJson: { en: 'The body is not valid JSON.', de: 'Die Anfrage enthält kein gültiges JSON.' },
    badRequest: { en: 'Bad request.', de: 'Ungültige Anfrage.' },
    noEndpoint: { en: 'No such endpoint: {method} {path}', de: 'Diesen Endpunkt gibt es nicht: {method} {path}' },
    foreignOrigin: {
      en: 'This request did not come from a TonieShelf page, so it was refused.',
      de: 'Diese Anfrage kam nicht von einer TonieShelf-Seite und wurde deshalb abgelehnt.',
    },
    coverNotFound: { en: 'Cover not found.', de: 'Cover nicht gefunden.' },
    toolsOnly: { en: "This is for the server's own tools.", de: 'Das ist nur für die Werkzeuge des Servers.' },
  },
  file: {
    notFound: { en: 'No such file.', de: 'Diese Datei gibt es nicht.' },
    loginRequired: { en: 'Please log in to play or download audio files.', de: 'Bitte melde dich an, um Audiodateien abzuspielen oder herunterzuladen.' },
    badRange: { en: 'The requested range is not satisfiable.', de: 'Der angefragte Bereich der Datei existiert nicht.' },
  },
  upload: {
    notSignedIn: { en: 'Please log in to upload files.', de: 'Bitte melde dich an, um Dateien hochzuladen.' },
    notMultipart: { en: 'Send the file as multipart/form-data.', de: 'Schick die Datei als multipart/form-data.' },
    noFile: { en: 'Please select a file to upload.', de: 'Bitte wähle eine Datei zum Hochladen aus.' },
    oneFile: { en: 'Send one file per upload.', de: 'Schick pro Upload nur eine Datei.' },
    tooManyFields: { en: 'Too many form fields: send the file on its own.', de: 'Zu viele Formularfelder: Schick die Datei allein.' },
    emptyFile: { en: 'The file is empty.', de: 'Die Datei ist leer.' },
    incomplete: {
      en: 'The upload was interrupted before the whole file arrived. Please try again.',
      de: 'Das Hochladen wurde unterbrochen, bevor die ganze Datei angekommen ist. Bitte versuch es noch einmal.',
    },
    unreadableAudio: {
      en: 'The audio file could not be read. It may be damaged or incomplete.',
      de: 'Die Audiodatei konnte nicht gelesen werden. Vielleicht ist sie beschädigt oder unvollständig.',
    },
    badVariant: { en: 'variant must be upload or quick', de: 'variant muss upload oder quick sein' },
    stalled: {
      en: 'The upload stalled: nothing arrived for {seconds:number} seconds. Please try again.',
      de: (p) => `Das Hochladen ist hängen geblieben: ${germanCount(p.seconds!, 'Sekunde', 'Sekunden')} lang kam nichts an. Bitte versuch es noch einmal.`,
    },
    audioTooLarge: { en: 'The audio file is larger than {mb:number} MB.', de: (p) => `Die Audiodatei ist größer als ${germanNumber(p.mb!)} MB.` },
    coverTooLarge: { en: 'The cover image is larger than {mb:number} MB.', de: (p) => `Das Coverbild ist größer als ${germanNumber(p.mb!)} MB.` },
    mp3OrWav: { en: 'Please upload MP3 or WAV audio files only', de: 'Bitte lade nur MP3- oder WAV-Audiodateien hoch' },
    mp3WavOrM4a: { en: 'Please upload MP3, WAV or M4A audio files only', de: 'Bitte lade nur MP3-, WAV- oder M4A-Audiodateien hoch' },
    jpgOrPng: { en: 'Please upload JPG or PNG images only', de: 'Bitte lade nur JPG- oder PNG-Bilder hoch' },
  },
  quota: {
    stored: {
      en: 'Your storage is full: you keep {used} of {limit}, and this upload does not fit. Delete audio files you no longer need to make room.',
      de: (p) =>
        `Dein Speicherplatz ist voll: Du nutzt ${germanSize(p.used!)} von ${germanSize(p.limit!)}, und dieser Upload passt nicht mehr hinein. Lösch Audiodateien, die du nicht mehr brauchst, um Platz zu schaffen.`,
    },
    pending: {
      en: 'You have {used} of uploads not yet saved to an audio file (at most {limit}), and this upload does not fit. Save them to an audio file first; unsaved uploads are removed after an hour.',
      de: (p) =>
        `Du hast ${germanSize(p.used!)} hochgeladen, aber noch nicht als Audiodatei gespeichert (höchstens ${germanSize(p.limit!)}), und dieser Upload passt nicht mehr dazu. Speichere sie zuerst als Audiodatei; nicht gespeicherte Uploads werden nach einer Stunde entfernt.`,
    },
    perHour: {
      en: 'You have uploaded {count:number} files within the last hour, the most allowed. Please try again in {minutes:number} minute{s}.',
      de: (p) => `Du hast in der letzten Stunde ${germanNumber(p.count!)} Dateien hochgeladen, mehr geht nicht. ${tryAgainIn(`${p.minutes!} minute${p.s!}`)}`,
    },
    inFlight: {
      en: 'You already have {count:number} upload{s} in progress. Please wait until one has finished.',
      de: (p) => `Bei dir ${p.count === '1' ? 'läuft' : 'laufen'} schon ${germanCount(p.count!, 'Upload', 'Uploads')}. Bitte warte, bis einer fertig ist.`,
    },
  },
  setDownload: {
    nothingToDownload: { en: 'This set has no chapters you can download.', de: 'Diese Playlist hat keine Kapitel, die du herunterladen kannst.' },
  },
  feed: {
    notFound: { en: 'No such feed.', de: 'Diesen Feed gibt es nicht.' },
  },
  throttle: {
    tooManyAttempts: {
      en: 'Too many sign-in attempts. Please wait {seconds:number} second{s} and try again.',
      de: (p) => `Zu viele Anmeldeversuche. Bitte warte ${germanCount(p.seconds!, 'Sekunde', 'Sekunden')} und versuch es dann noch einmal.`,
    },
  },
} as const satisfies Record<string, Record<string, TemplateMessage>>;

/** Every message of the catalogue. */
export const MESSAGE_CATALOGUE: readonly MessageEntry[] = [...SHARED, ...Object.entries(SERVER_MESSAGE_TEMPLATES).flatMap(([prefix, messages]) => templates(prefix, messages))];
