// The texts of the account pages: password reset, verified addresses, changing the address,
// "Download my data" and "Delete my account". The server's answers (ACCOUNT_MESSAGES) come from
// shared/src/values/account.ts; the client's own words are here, in one place, so that a
// translation has one file to start from. German (useAccountTexts) has the same keys.
import { RESET_LINK_TTL_MINUTES } from '@tonieshelf/shared/values/account';
import { defineTexts } from '../../i18n/texts';

const resetLinkLifetime = RESET_LINK_TTL_MINUTES === 60 ? '1 hour' : `${RESET_LINK_TTL_MINUTES} minutes`;

export const ACCOUNT_TEXTS = {
  // Menu and page
  account: 'Account',
  accountSubtitle: (username: string, email: string) => `Signed in as ${username} (${email})`,
  securityLinkText: 'Second factors, recovery codes, active sessions and your password are on',
  securityLink: 'Account security',

  // Forgot password
  forgotPasswordLink: 'Forgot password?',
  forgotTitle: 'Reset your password',
  forgotIntro: `Enter the email address of your account and we will send you a link to set a new password. The link works once, for ${resetLinkLifetime}.`,
  email: 'Email',
  sendResetLink: 'Send reset link',
  checkInbox: 'Check your inbox',
  resetSentDetail: (email: string) =>
    `Address: ${email}. Nothing after a few minutes? Check the address, look in your spam folder, or send it again. Several mails? The link in the newest one works.`,
  sendAgain: 'Send it again',
  useAnotherAddress: 'Use another address',
  backToSignIn: 'Back to sign in',

  // Reset password
  resetTitle: 'Set a new password',
  resetIntro: 'Choose a new password for your account. Every other session of the account is signed out.',
  newPassword: 'New password',
  newPasswordHint: 'At least 6 characters. Very common passwords are not accepted.',
  confirmNewPassword: 'Confirm new password',
  setNewPassword: 'Set new password',
  linkProblemTitle: 'This link cannot be used',
  checkingLink: 'Checking the link…',
  requestNewLink: 'Request a new link',
  passwordChangedTitle: 'Password changed',
  secondStepAfterReset: 'Your password was changed. To finish signing in, enter a code of your second factor.',

  // Verify email
  verifyTitle: 'Verify your email address',
  verifying: 'Verifying your email address…',
  verifiedTitle: 'Email address verified',
  verifiedText: (email: string) => `${email} is verified. You can now publish audio for the community.`,
  goToAccount: 'Go to your account',
  uploadAudio: 'Upload audio',
  signInForNewLink: 'Sign in to send a new link',

  // Email card
  emailTitle: 'Email address',
  emailIntro: 'Where we send password reset links and notes about your account.',
  verified: 'Verified',
  notVerified: 'Not verified',
  unverifiedText: 'Open the link we emailed you to verify this address. Until then you can browse, rate and review, but not publish audio.',
  sendLinkAgain: 'Send the link again',
  pendingTitle: 'Waiting for your new address',
  pendingText: (pending: string, current: string) => `We sent a link to ${pending}. Your email changes when you open it; until then it stays ${current}.`,
  changeEmailTitle: 'Change email address',
  changeEmailIntro: 'We send a link to the new address and your email changes when you open it. Your current address is told about the change.',
  newEmail: 'New email address',
  currentPassword: 'Current password',
  enterPassword: 'Please enter your password',
  changeEmail: 'Change email',
  emailLoadFailed: 'Could not load your email address',
  emailLoading: 'Loading your email address',

  // Export
  exportTitle: 'Download my data',
  exportText: 'Everything TonieShelf holds about you in one JSON file: your account, ratings and reviews, audio files (their details and where to fetch them) and likes.',
  exportButton: 'Download my data',

  // Delete
  deleteTitle: 'Delete my account',
  deleteText: 'Removes your account for good: you are signed out everywhere, and your second factors, likes and audio files are deleted. You choose what happens to your reviews.',
  deleteButton: 'Delete my account…',
  deleteModalTitle: 'Delete your account?',
  deleteWarningTitle: 'This cannot be undone',
  deleteWarning: (email: string) =>
    `The account ${email}, all its sessions, second factors and likes, and all your audio files (drafts and published) are deleted at once. We cannot restore them.`,
  reviewsLabel: 'Your ratings and reviews',
  keepReviews: "Keep them, shown as 'Anonymous'",
  keepReviewsHint: 'Other families can still read them, without your name.',
  deleteReviews: 'Delete them too',
  deleteReviewsHint: 'They disappear from every Tonie.',
  chooseReviews: 'Choose whether to keep your reviews',
  password: 'Your password',
  codeLabel: 'Code or recovery code',
  codePlaceholder: '123456 or abcde-fghij',
  codeHintTotp: 'Your account uses two-factor authentication: enter the current code from your authenticator app, or one of your recovery codes.',
  codeHintPhone: 'Your account uses two-factor authentication: send a code to your phone and enter it, or enter one of your recovery codes.',
  codeHintBoth: 'Your account uses two-factor authentication: enter the current code from your authenticator app, a code sent to your phone, or one of your recovery codes.',
  checkingFactors: 'Checking your second factors…',
  sendPhoneCode: (phone: string) => `Send a code to ${phone}`,
  sendNewPhoneCode: 'Send a new code',
  phoneCodeSent: (phone: string) => `Sent to ${phone}.`,
  keepAccount: 'Keep my account',
  confirmDelete: 'Delete my account for good',
  accountDeletedTitle: 'Account deleted',
  deleteFailedTitle: 'Could not delete the account',

  // Unverified notice (upload page)
  unverifiedNoticeTitle: 'Verify your email address',
  unverifiedNoticeLead: 'Verify your email address to publish.',
  unverifiedNotice: 'Open the link we emailed you. Drafts can be saved meanwhile.',
  dismiss: 'Dismiss',

  // Shared bits
  emailPlaceholder: 'you@example.com',
  yourPhone: 'your phone',
  genericError: 'Something went wrong. Please try again.',

  /** Toasts of the account actions. */
  toasts: {
    linkSentTitle: 'Verification link sent',
    linkNotSentTitle: 'Could not send the link',
    alreadyVerifiedTitle: 'Already verified',
    emailChangeTitle: 'Check your new address',
    emailChangeFailedTitle: 'Could not change the email address',
    resetRequestFailedTitle: 'Could not send the link',
  },
} as const;

/** Toasts of the account actions. */
export const ACCOUNT_TOASTS = ACCOUNT_TEXTS.toasts;

const resetLinkLifetimeDe = RESET_LINK_TTL_MINUTES === 60 ? 'eine Stunde' : `${RESET_LINK_TTL_MINUTES} Minuten`;

export const useAccountTexts = defineTexts('account', ACCOUNT_TEXTS, {
  account: 'Konto',
  accountSubtitle: (username: string, email: string) => `Angemeldet als ${username} (${email})`,
  securityLinkText: 'Zweite Faktoren, Wiederherstellungscodes, aktive Sitzungen und dein Passwort findest du unter',
  securityLink: 'Kontosicherheit',

  forgotPasswordLink: 'Passwort vergessen?',
  forgotTitle: 'Passwort zurücksetzen',
  forgotIntro: `Gib die E-Mail-Adresse deines Kontos ein. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegen kannst. Der Link funktioniert einmal und ist ${resetLinkLifetimeDe} gültig.`,
  email: 'E-Mail',
  sendResetLink: 'Link zum Zurücksetzen senden',
  checkInbox: 'Schau in dein Postfach',
  resetSentDetail: (email: string) =>
    `Adresse: ${email}. Nach ein paar Minuten noch nichts da? Prüf die Adresse, schau in deinen Spam-Ordner oder schick den Link noch einmal. Mehrere Mails? Der Link in der neuesten funktioniert.`,
  sendAgain: 'Noch einmal senden',
  useAnotherAddress: 'Andere Adresse verwenden',
  backToSignIn: 'Zurück zur Anmeldung',

  resetTitle: 'Neues Passwort festlegen',
  resetIntro: 'Wähle ein neues Passwort für dein Konto. Alle anderen Sitzungen deines Kontos werden abgemeldet.',
  newPassword: 'Neues Passwort',
  newPasswordHint: 'Mindestens 6 Zeichen. Sehr häufige Passwörter sind nicht erlaubt.',
  confirmNewPassword: 'Neues Passwort bestätigen',
  setNewPassword: 'Neues Passwort speichern',
  linkProblemTitle: 'Dieser Link funktioniert nicht',
  checkingLink: 'Der Link wird geprüft …',
  requestNewLink: 'Neuen Link anfordern',
  passwordChangedTitle: 'Passwort geändert',
  secondStepAfterReset: 'Dein Passwort wurde geändert. Gib zum Anmelden noch einen Code deines zweiten Faktors ein.',

  verifyTitle: 'E-Mail-Adresse bestätigen',
  verifying: 'Deine E-Mail-Adresse wird bestätigt …',
  verifiedTitle: 'E-Mail-Adresse bestätigt',
  verifiedText: (email: string) => `${email} ist bestätigt. Jetzt kannst du Audios für die Community veröffentlichen.`,
  goToAccount: 'Zu deinem Konto',
  uploadAudio: 'Audio hochladen',
  signInForNewLink: 'Anmelden und neuen Link anfordern',

  emailTitle: 'E-Mail-Adresse',
  emailIntro: 'Hierhin schicken wir Links zum Zurücksetzen des Passworts und Hinweise zu deinem Konto.',
  verified: 'Bestätigt',
  notVerified: 'Nicht bestätigt',
  unverifiedText:
    'Öffne den Link aus unserer E-Mail, um diese Adresse zu bestätigen. Bis dahin kannst du stöbern, bewerten und Rezensionen schreiben, aber noch keine Audios veröffentlichen.',
  sendLinkAgain: 'Link erneut senden',
  pendingTitle: 'Deine neue Adresse wartet auf Bestätigung',
  pendingText: (pending: string, current: string) =>
    `Wir haben einen Link an ${pending} geschickt. Sobald du ihn öffnest, ändert sich deine E-Mail-Adresse; bis dahin bleibt es ${current}.`,
  changeEmailTitle: 'E-Mail-Adresse ändern',
  changeEmailIntro:
    'Wir schicken einen Link an die neue Adresse. Sobald du ihn öffnest, ändert sich deine E-Mail-Adresse. Deine bisherige Adresse bekommt einen Hinweis auf die Änderung.',
  newEmail: 'Neue E-Mail-Adresse',
  currentPassword: 'Aktuelles Passwort',
  enterPassword: 'Bitte gib dein Passwort ein',
  changeEmail: 'E-Mail-Adresse ändern',
  emailLoadFailed: 'Deine E-Mail-Adresse konnte nicht geladen werden',
  emailLoading: 'Deine E-Mail-Adresse wird geladen',

  exportTitle: 'Meine Daten herunterladen',
  exportText:
    'Alles, was TonieShelf über dich gespeichert hat, in einer JSON-Datei: dein Konto, deine Bewertungen und Rezensionen, deine Audiodateien (ihre Angaben und wo du sie abrufen kannst) und deine Merkliste.',
  exportButton: 'Meine Daten herunterladen',

  deleteTitle: 'Mein Konto löschen',
  deleteText:
    'Entfernt dein Konto endgültig: Du wirst überall abgemeldet, und deine zweiten Faktoren, deine Merkliste und deine Audiodateien werden gelöscht. Was mit deinen Rezensionen passiert, entscheidest du.',
  deleteButton: 'Mein Konto löschen …',
  deleteModalTitle: 'Konto wirklich löschen?',
  deleteWarningTitle: 'Das lässt sich nicht rückgängig machen',
  deleteWarning: (email: string) =>
    `Das Konto ${email} mit allen Sitzungen, zweiten Faktoren und der Merkliste sowie alle deine Audiodateien (Entwürfe und veröffentlichte) werden sofort gelöscht. Wir können sie nicht wiederherstellen.`,
  reviewsLabel: 'Deine Bewertungen und Rezensionen',
  keepReviews: 'Behalten, als „Anonym“ angezeigt',
  keepReviewsHint: 'Andere Familien können sie weiter lesen, nur ohne deinen Namen.',
  deleteReviews: 'Ebenfalls löschen',
  deleteReviewsHint: 'Sie verschwinden bei allen Tonies.',
  chooseReviews: 'Bitte wähle, ob deine Rezensionen bleiben sollen',
  password: 'Dein Passwort',
  codeLabel: 'Code oder Wiederherstellungscode',
  codePlaceholder: '123456 oder abcde-fghij',
  codeHintTotp: 'Dein Konto ist mit Zwei-Faktor-Authentifizierung geschützt: Gib den aktuellen Code aus deiner Authenticator-App oder einen deiner Wiederherstellungscodes ein.',
  codeHintPhone:
    'Dein Konto ist mit Zwei-Faktor-Authentifizierung geschützt: Lass dir einen Code aufs Handy schicken und gib ihn ein, oder nutze einen deiner Wiederherstellungscodes.',
  codeHintBoth:
    'Dein Konto ist mit Zwei-Faktor-Authentifizierung geschützt: Gib den aktuellen Code aus deiner Authenticator-App, einen Code per SMS oder einen deiner Wiederherstellungscodes ein.',
  checkingFactors: 'Deine zweiten Faktoren werden geprüft …',
  sendPhoneCode: (phone: string) => `Code an ${phone} senden`,
  sendNewPhoneCode: 'Neuen Code senden',
  phoneCodeSent: (phone: string) => `An ${phone} gesendet.`,
  keepAccount: 'Konto behalten',
  confirmDelete: 'Mein Konto endgültig löschen',
  accountDeletedTitle: 'Konto gelöscht',
  deleteFailedTitle: 'Das Konto konnte nicht gelöscht werden',

  unverifiedNoticeTitle: 'Bestätige deine E-Mail-Adresse',
  unverifiedNoticeLead: 'Bestätige deine E-Mail-Adresse, um zu veröffentlichen.',
  unverifiedNotice: 'Öffne den Link aus unserer E-Mail. Entwürfe kannst du schon jetzt speichern.',
  dismiss: 'Schließen',

  emailPlaceholder: 'du@beispiel.de',
  yourPhone: 'dein Handy',
  genericError: 'Da ist etwas schiefgegangen. Bitte versuch es noch einmal.',

  toasts: {
    linkSentTitle: 'Bestätigungslink gesendet',
    linkNotSentTitle: 'Der Link konnte nicht gesendet werden',
    alreadyVerifiedTitle: 'Schon bestätigt',
    emailChangeTitle: 'Schau in dein neues Postfach',
    emailChangeFailedTitle: 'Die E-Mail-Adresse konnte nicht geändert werden',
    resetRequestFailedTitle: 'Der Link konnte nicht gesendet werden',
  },
});
