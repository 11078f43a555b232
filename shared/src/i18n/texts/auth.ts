// Sign-in's messages: registration, passwords, second factors, sessions.
// English (SPEC.md's texts word for word) and German side by side, by key; the code of each is
// 'auth.<key>'.
import { NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH, PHONE_CODE_TTL_MINUTES, EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH } from '../../values/auth';
import { type MessageEntry, withParams } from '../message-format';

export const AUTH_TEXTS = {
  codeExpiresIn: {
    en: `It expires in ${PHONE_CODE_TTL_MINUTES} minutes.`,
    de: `Er ist ${PHONE_CODE_TTL_MINUTES} Minuten lang gültig.`,
  },
  invalidEmail: {
    en: 'Please enter a valid email address',
    de: 'Bitte gib eine gültige E-Mail-Adresse ein',
  },
  passwordTooShort: {
    en: 'Password must be at least 6 characters',
    de: `Das Passwort muss mindestens ${PASSWORD_MIN_LENGTH} Zeichen lang sein`,
  },
  firstNameTooShort: {
    en: 'First name must be at least 2 characters',
    de: `Der Vorname muss mindestens ${NAME_MIN_LENGTH} Zeichen lang sein`,
  },
  lastNameTooShort: {
    en: 'Last name must be at least 2 characters',
    de: `Der Nachname muss mindestens ${NAME_MIN_LENGTH} Zeichen lang sein`,
  },
  confirmPassword: {
    en: 'Please confirm your password',
    de: 'Bitte bestätige dein Passwort',
  },
  passwordsDontMatch: {
    en: "Passwords don't match",
    de: 'Die Passwörter stimmen nicht überein',
  },
  passwordTooLong: {
    en: 'Password must be at most 256 characters',
    de: `Das Passwort darf höchstens ${PASSWORD_MAX_LENGTH} Zeichen lang sein`,
  },
  nameTooLong: {
    en: 'Name must be at most 100 characters',
    de: `Der Name darf höchstens ${NAME_MAX_LENGTH} Zeichen lang sein`,
  },
  emailTooLong: {
    en: 'Email must be at most 254 characters',
    de: `Die E-Mail-Adresse darf höchstens ${EMAIL_MAX_LENGTH} Zeichen lang sein`,
  },
  commonPassword: {
    en: 'This password is too common. Please choose one that is harder to guess.',
    de: 'Dieses Passwort ist zu verbreitet. Bitte wähle eines, das schwerer zu erraten ist.',
  },
  usernameInvalid: {
    en: 'Username must be 3 to 32 letters, digits, dots, hyphens or underscores',
    de: 'Der Benutzername besteht aus 3 bis 32 Buchstaben, Ziffern, Punkten, Bindestrichen oder Unterstrichen',
  },
  codeInvalid: {
    en: 'Enter the 6-digit code',
    de: 'Gib den 6-stelligen Code ein',
  },
  codeOrRecoveryCode: {
    en: 'Enter a current 6-digit code or one of your recovery codes',
    de: 'Gib einen aktuellen 6-stelligen Code oder einen deiner Wiederherstellungscodes ein',
  },
  invalidCredentials: {
    en: 'Invalid email or password.',
    de: 'E-Mail-Adresse oder Passwort ist falsch.',
  },
  emailTaken: {
    en: 'An account with this email already exists. Please sign in instead.',
    de: 'Mit dieser E-Mail-Adresse gibt es schon ein Konto. Bitte melde dich stattdessen an.',
  },
  usernameTaken: {
    en: 'This username is already taken. Please choose another.',
    de: 'Dieser Benutzername ist schon vergeben. Bitte wähle einen anderen.',
  },
  wrongCode: {
    en: 'That code is not correct. Please try again.',
    de: 'Dieser Code stimmt nicht. Bitte versuch es noch einmal.',
  },
  codeExpired: {
    en: 'That code has expired. Please request a new one.',
    de: 'Dieser Code ist abgelaufen. Bitte fordere einen neuen an.',
  },
  tooManyTries: {
    en: 'Too many wrong codes. Please request a new one.',
    de: 'Zu viele falsche Codes. Bitte fordere einen neuen an.',
  },
  secondFactorRequired: {
    en: 'Enter the code from your authenticator to finish signing in.',
    de: 'Gib den Code aus deiner Authenticator-App ein, um die Anmeldung abzuschließen.',
  },
  signInRequired: {
    en: 'Please sign in to continue.',
    de: 'Bitte melde dich an, um weiterzumachen.',
  },
  wrongCurrentPassword: {
    en: 'Your current password is not correct.',
    de: 'Dein aktuelles Passwort stimmt nicht.',
  },
  useSignOut: {
    en: 'Use Sign Out to end this session.',
    de: 'Nutze „Abmelden“, um diese Sitzung zu beenden.',
  },
  unknownSession: {
    en: 'Unknown session.',
    de: 'Diese Sitzung gibt es nicht.',
  },
  unknownFactor: {
    en: 'Unknown factor.',
    de: 'Diesen zweiten Faktor gibt es nicht.',
  },
  unknownChallenge: {
    en: 'Unknown challenge. Please request a new code.',
    de: 'Diese Code-Anfrage gibt es nicht. Bitte fordere einen neuen Code an.',
  },
  codeAlreadyUsed: {
    en: 'That code was already used. Please request a new one.',
    de: 'Dieser Code wurde schon benutzt. Bitte fordere einen neuen an.',
  },
  totpStepUsed: {
    en: 'That code was already used. Wait for the next code and try again.',
    de: 'Dieser Code wurde schon benutzt. Warte auf den nächsten Code und versuch es dann noch einmal.',
  },
  recoveryCodeInvalid: {
    en: 'That recovery code is not valid or was already used.',
    de: 'Dieser Wiederherstellungscode ist ungültig oder wurde schon benutzt.',
  },
  removalCodeInvalid: {
    en: 'That code is not correct. Enter a current code or one of your recovery codes.',
    de: 'Dieser Code stimmt nicht. Gib einen aktuellen Code oder einen deiner Wiederherstellungscodes ein.',
  },
  tooManyFactors: {
    en: 'You have reached the limit of 10 second factors. Remove one first.',
    de: 'Du hast schon 10 zweite Faktoren, mehr geht nicht. Entferne zuerst einen.',
  },
  addFactorFirst: {
    en: 'Add a second factor first: recovery codes stand in for it.',
    de: 'Richte zuerst einen zweiten Faktor ein: Die Wiederherstellungscodes sind sein Ersatz.',
  },
  requestPhoneCode: {
    en: 'Request a code to your phone first.',
    de: 'Fordere zuerst einen Code an dein Telefon an.',
  },
  phoneSetupInProgress: {
    en: 'A phone is being added to this account right now. Please try again.',
    de: 'Gerade wird ein Telefon zu diesem Konto hinzugefügt. Bitte versuch es noch einmal.',
  },
  recoveryCodeFormat: {
    en: 'Enter one of your recovery codes, e.g. abcde-fghij',
    de: 'Gib einen deiner Wiederherstellungscodes ein, z. B. abcde-fghij',
  },
  phoneFormat: {
    en: 'Enter the phone number in international format, e.g. +44 7700 900123',
    de: 'Gib die Telefonnummer im internationalen Format ein, z. B. +49 151 23456789',
  },
  factorIdInvalid: {
    en: 'Unknown factor',
    de: 'Diesen zweiten Faktor gibt es nicht',
  },
  challengeIdInvalid: {
    en: 'Unknown challenge',
    de: 'Diese Code-Anfrage gibt es nicht',
  },
  sessionIdInvalid: {
    en: 'Unknown session',
    de: 'Diese Sitzung gibt es nicht',
  },
  phoneCodeCooldown: withParams<{ seconds: number }>(
    (p, f) => `Please wait ${f.wait(p.seconds)} before requesting another code.`,
    (p, f) => `Bitte warte ${f.wait(p.seconds)}, bevor du einen neuen Code anforderst.`,
  ),
  tooManyPhoneCodes: withParams<{ seconds: number }>(
    (p, f) => `Too many codes were requested. Please try again in ${f.wait(p.seconds)}.`,
    (p, f) => `Es wurden zu viele Codes angefordert. Bitte versuch es in ${f.wait(p.seconds)} noch einmal.`,
  ),
  tooManyAccounts: withParams<{ seconds: number }>(
    (p, f) => `Too many new accounts were made from your network. Please try again in ${f.wait(p.seconds)}.`,
    (p, f) => `Aus deinem Netzwerk wurden zu viele neue Konten angelegt. Bitte versuch es in ${f.wait(p.seconds)} noch einmal.`,
  ),
} as const satisfies Record<string, MessageEntry>;
