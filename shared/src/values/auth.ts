// Sign-in's plain values: messages, length limits, factor types.
// Without zod, so that a page can use them without loading the schemas: schemas/auth.ts
// re-exports them (import from either).
import { PHONE_CODE_TTL_MINUTES } from '../constants';

export const AUTH_MESSAGES = {
  codeExpiresIn: `It expires in ${PHONE_CODE_TTL_MINUTES} minutes.`,
  invalidEmail: 'Please enter a valid email address',
  passwordTooShort: 'Password must be at least 6 characters',
  firstNameTooShort: 'First name must be at least 2 characters',
  lastNameTooShort: 'Last name must be at least 2 characters',
  confirmPassword: 'Please confirm your password',
  passwordsDontMatch: "Passwords don't match",
  passwordTooLong: 'Password must be at most 256 characters',
  nameTooLong: 'Name must be at most 100 characters',
  emailTooLong: 'Email must be at most 254 characters',
  commonPassword: 'This password is too common. Please choose one that is harder to guess.',
  usernameInvalid: 'Username must be 3 to 32 letters, digits, dots, hyphens or underscores',
  codeInvalid: 'Enter the 6-digit code',
  codeOrRecoveryCode: 'Enter a current 6-digit code or one of your recovery codes',
  invalidCredentials: 'Invalid email or password.',
  emailTaken: 'An account with this email already exists. Please sign in instead.',
  usernameTaken: 'This username is already taken. Please choose another.',
  wrongCode: 'That code is not correct. Please try again.',
  codeExpired: 'That code has expired. Please request a new one.',
  tooManyTries: 'Too many wrong codes. Please request a new one.',
  secondFactorRequired: 'Enter the code from your authenticator to finish signing in.',
  signInRequired: 'Please sign in to continue.',
  wrongCurrentPassword: 'Your current password is not correct.',
  useSignOut: 'Use Sign Out to end this session.',
  unknownSession: 'Unknown session.',
  unknownFactor: 'Unknown factor.',
  unknownChallenge: 'Unknown challenge. Please request a new code.',
  codeAlreadyUsed: 'That code was already used. Please request a new one.',
  totpStepUsed: 'That code was already used. Wait for the next code and try again.',
  recoveryCodeInvalid: 'That recovery code is not valid or was already used.',
  removalCodeInvalid: 'That code is not correct. Enter a current code or one of your recovery codes.',
  tooManyFactors: 'You have reached the limit of 10 second factors. Remove one first.',
  addFactorFirst: 'Add a second factor first: recovery codes stand in for it.',
  requestPhoneCode: 'Request a code to your phone first.',
  phoneSetupInProgress: 'A phone is being added to this account right now. Please try again.',
  recoveryCodeFormat: 'Enter one of your recovery codes, e.g. abcde-fghij',
  phoneFormat: 'Enter the phone number in international format, e.g. +44 7700 900123',
  factorIdInvalid: 'Unknown factor',
  challengeIdInvalid: 'Unknown challenge',
  sessionIdInvalid: 'Unknown session',
  tooManyAccounts: 'Too many new accounts were made from your network. Please try again in {wait}.',
} as const;

export const PASSWORD_MAX_LENGTH = 256;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
// Second factors, in the shapes of SPEC §7 (snake_case on the wire).
export const FACTOR_TYPES = ['totp', 'phone'] as const;
