// Accounts' messages: links, email changes, leaving, and their toasts.
// English (SPEC.md's texts word for word) and German side by side, by key; the code of each is
// 'account.<key>'.
import { type MessageEntry, withParams } from '../message-format';

export const ACCOUNT_TEXTS = {
  resetLinkSent: {
    en: 'If an account exists for this address, we sent a link.',
    de: 'Falls es zu dieser Adresse ein Konto gibt, haben wir dir einen Link geschickt.',
  },
  passwordReset: {
    en: 'Your password was changed. Other sessions were signed out.',
    de: 'Dein Passwort wurde geändert. Deine anderen Sitzungen wurden abgemeldet.',
  },
  linkExpired: {
    en: 'This link has expired. Please request a new one.',
    de: 'Dieser Link ist abgelaufen. Bitte fordere einen neuen an.',
  },
  linkUsed: {
    en: 'This link was already used. Please request a new one.',
    de: 'Dieser Link wurde schon benutzt. Bitte fordere einen neuen an.',
  },
  linkInvalid: {
    en: 'This link is not valid. Check that you opened the whole link from the email, or request a new one.',
    de: 'Dieser Link ist ungültig. Prüf, ob du den ganzen Link aus der E-Mail geöffnet hast, oder fordere einen neuen an.',
  },
  emailVerified: {
    en: 'Your email address is verified.',
    de: 'Deine E-Mail-Adresse ist bestätigt.',
  },
  verificationSent: {
    en: 'We sent a new verification link. It may take a minute to arrive.',
    de: 'Wir haben dir einen neuen Bestätigungslink geschickt. Es kann eine Minute dauern, bis er ankommt.',
  },
  alreadyVerified: {
    en: 'Your email address is already verified.',
    de: 'Deine E-Mail-Adresse ist schon bestätigt.',
  },
  emailUnverified: {
    en: 'Please verify your email address before publishing audio. Open the link we emailed you, or send the link again.',
    de: 'Bitte bestätige deine E-Mail-Adresse, bevor du Audiodateien veröffentlichst. Öffne den Link aus unserer E-Mail oder lass ihn dir noch einmal schicken.',
  },
  emailChangeSent: {
    en: 'We sent a link to your new address. Your email changes when you open it.',
    de: 'Wir haben einen Link an deine neue Adresse geschickt. Deine E-Mail-Adresse ändert sich, sobald du ihn öffnest.',
  },
  emailChanged: {
    en: 'Your email address was changed.',
    de: 'Deine E-Mail-Adresse wurde geändert.',
  },
  sameEmail: {
    en: 'This is already your email address.',
    de: 'Das ist schon deine E-Mail-Adresse.',
  },
  wrongPassword: {
    en: 'Your password is not correct.',
    de: 'Dein Passwort stimmt nicht.',
  },
  codeRequired: {
    en: 'Enter a current code from your second factor or one of your recovery codes.',
    de: 'Gib einen aktuellen Code deines zweiten Faktors oder einen deiner Wiederherstellungscodes ein.',
  },
  accountDeleted: {
    en: 'Your account was deleted. Goodbye, and thank you for sharing.',
    de: 'Dein Konto wurde gelöscht. Mach’s gut, und danke fürs Teilen.',
  },
  tooManyResetRequests: withParams<{ seconds: number }>(
    (p, f) => `Too many reset links were requested. Please try again in ${f.wait(p.seconds)}.`,
    (p, f) => `Es wurden zu viele Links zum Zurücksetzen angefordert. Bitte versuch es in ${f.wait(p.seconds)} noch einmal.`,
  ),
  tooManyVerificationMails: withParams<{ seconds: number }>(
    (p, f) => `Too many verification links were requested. Please try again in ${f.wait(p.seconds)}.`,
    (p, f) => `Es wurden zu viele Bestätigungslinks angefordert. Bitte versuch es in ${f.wait(p.seconds)} noch einmal.`,
  ),
  mailNotSent: {
    en: 'We could not send the email just now. Please try again in a few minutes.',
    de: 'Wir konnten die E-Mail gerade nicht senden. Bitte versuch es in ein paar Minuten noch einmal.',
  },
  keepReviewsRequired: {
    en: 'Choose whether to keep your reviews',
    de: 'Wähle, ob deine Rezensionen bleiben sollen',
  },
} as const satisfies Record<string, MessageEntry>;
