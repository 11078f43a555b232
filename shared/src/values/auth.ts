// Sign-in's plain values: messages, length limits, factor types, the phone code's lifetime.
// Without zod, so that a page can load them without the schemas.
import type { MessageCode } from '../i18n/messages';

export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;
/** How long a texted second-step code works. */
export const PHONE_CODE_TTL_MINUTES = 5;

export const AUTH_MESSAGES = {
  codeExpiresIn: 'auth.codeExpiresIn',
  invalidEmail: 'auth.invalidEmail',
  passwordTooShort: 'auth.passwordTooShort',
  firstNameTooShort: 'auth.firstNameTooShort',
  lastNameTooShort: 'auth.lastNameTooShort',
  confirmPassword: 'auth.confirmPassword',
  passwordsDontMatch: 'auth.passwordsDontMatch',
  passwordTooLong: 'auth.passwordTooLong',
  nameTooLong: 'auth.nameTooLong',
  emailTooLong: 'auth.emailTooLong',
  commonPassword: 'auth.commonPassword',
  usernameInvalid: 'auth.usernameInvalid',
  codeInvalid: 'auth.codeInvalid',
  codeOrRecoveryCode: 'auth.codeOrRecoveryCode',
  invalidCredentials: 'auth.invalidCredentials',
  emailTaken: 'auth.emailTaken',
  usernameTaken: 'auth.usernameTaken',
  wrongCode: 'auth.wrongCode',
  codeExpired: 'auth.codeExpired',
  tooManyTries: 'auth.tooManyTries',
  secondFactorRequired: 'auth.secondFactorRequired',
  signInRequired: 'auth.signInRequired',
  wrongCurrentPassword: 'auth.wrongCurrentPassword',
  useSignOut: 'auth.useSignOut',
  unknownSession: 'auth.unknownSession',
  unknownFactor: 'auth.unknownFactor',
  unknownChallenge: 'auth.unknownChallenge',
  codeAlreadyUsed: 'auth.codeAlreadyUsed',
  totpStepUsed: 'auth.totpStepUsed',
  recoveryCodeInvalid: 'auth.recoveryCodeInvalid',
  removalCodeInvalid: 'auth.removalCodeInvalid',
  tooManyFactors: 'auth.tooManyFactors',
  addFactorFirst: 'auth.addFactorFirst',
  requestPhoneCode: 'auth.requestPhoneCode',
  phoneSetupInProgress: 'auth.phoneSetupInProgress',
  recoveryCodeFormat: 'auth.recoveryCodeFormat',
  phoneFormat: 'auth.phoneFormat',
  factorIdInvalid: 'auth.factorIdInvalid',
  challengeIdInvalid: 'auth.challengeIdInvalid',
  sessionIdInvalid: 'auth.sessionIdInvalid',
  phoneCodeCooldown: 'auth.phoneCodeCooldown',
  tooManyPhoneCodes: 'auth.tooManyPhoneCodes',
  tooManyAccounts: 'auth.tooManyAccounts',
} as const satisfies Record<string, MessageCode>;

export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
// Second factors, in the shapes of SPEC §7 (snake_case on the wire).
export const FACTOR_TYPES = ['totp', 'phone'] as const;
/** A second factor's own name ('Tablet') has at most this many characters. */
export const FACTOR_NAME_MAX = 100;
