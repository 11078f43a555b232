import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { LANGUAGES } from '../languages';
import { registerInputSchema } from '../schemas/auth';
import { positiveInt } from '../schemas/common';
import { ACCOUNT_MESSAGES } from '../values/account';
import { AUDIO_MESSAGES } from '../values/audio';
import { AUTH_MESSAGES } from '../values/auth';
import { BOOLEAN_MESSAGES, NUMBER_MESSAGES, TAG_MESSAGES, TEXT_MESSAGES } from '../values/common';
import { MODERATION_MESSAGES } from '../values/moderation';
import { PROFILE_MESSAGES } from '../values/profile';
import { REVIEW_MESSAGES } from '../values/review';
import { overBudgetMessage, SET_MESSAGES } from '../values/set';
import { SHELF_MESSAGES } from '../values/shelf';
import { CATALOGUE_FILTER_MESSAGES, CATALOGUE_MESSAGES } from '../values/tonie';
import { localizeIssue } from './issues';
import { keyOf, message, messageKey } from './message-key';
import { formatMessage, isMessageCode, MESSAGE_TEXTS, messageOfKey } from './messages';
import { languageFromAcceptLanguage, requestLanguageOf } from './request-language';

/** The shared code objects: every code in them has texts. */
const SHARED_OBJECTS: Record<string, Record<string, string>> = {
  TEXT_MESSAGES,
  TAG_MESSAGES,
  NUMBER_MESSAGES,
  BOOLEAN_MESSAGES,
  AUTH_MESSAGES,
  ACCOUNT_MESSAGES,
  AUDIO_MESSAGES,
  REVIEW_MESSAGES,
  MODERATION_MESSAGES,
  CATALOGUE_FILTER_MESSAGES,
  CATALOGUE_MESSAGES,
  SET_MESSAGES,
  SHELF_MESSAGES,
  PROFILE_MESSAGES,
};

/** Params for any text: every param reads as 1 (a count, a name, a reference alike). */
const ANY_PARAMS = new Proxy({}, { get: () => 1 });

/** Texts whose German is the English on purpose (parameter values a client sends). */
const SAME_IN_GERMAN = new Set(['audio.sortBy', 'audio.likedSortBy']);

describe('the texts', () => {
  const entries = Object.entries(MESSAGE_TEXTS).flatMap(([group, texts]) => Object.entries(texts).map(([key, entry]) => [`${group}.${key}`, entry] as const));

  it('every code has English and German of its own: not empty, nothing left unfilled', () => {
    expect(entries.length).toBeGreaterThan(250);
    const problems: string[] = [];
    for (const [code, entry] of entries) {
      for (const language of LANGUAGES) {
        if (!(language in entry)) problems.push(`${code}: no ${language}`);
        const text = formatMessage({ code: code as never, params: ANY_PARAMS }, language);
        if (!text.trim() || /undefined|NaN|\{\w+\}/.test(text)) problems.push(`${code} (${language}): ${text}`);
      }
      if (!SAME_IN_GERMAN.has(code) && formatMessage({ code: code as never, params: ANY_PARAMS }, 'de') === formatMessage({ code: code as never, params: ANY_PARAMS }, 'en')) {
        problems.push(`${code}: the German is the English`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every code of the shared code objects is its own key and has texts', () => {
    const problems: string[] = [];
    for (const [name, codes] of Object.entries(SHARED_OBJECTS)) {
      for (const [key, code] of Object.entries(codes)) {
        if (!isMessageCode(code)) problems.push(`${name}.${key}: ${code} has no texts`);
        else if (code.split('.')[1] !== key) problems.push(`${name}.${key}: ${code} is another key's code`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('a code without texts is not a code: formatted as it is, never matched by its words', () => {
    expect(isMessageCode('auth.noSuchMessage')).toBe(false);
    expect(formatMessage('auth.noSuchMessage' as never, 'de')).toBe('auth.noSuchMessage');
    expect(messageOfKey(formatMessage(AUTH_MESSAGES.invalidCredentials, 'en'))).toBeNull();
  });
});

describe('formatting by language', () => {
  it('plain texts: English word for word, German', () => {
    expect(formatMessage(AUTH_MESSAGES.invalidCredentials, 'en')).toBe('Invalid email or password.');
    expect(formatMessage(AUTH_MESSAGES.invalidCredentials, 'de')).toBe('E-Mail-Adresse oder Passwort ist falsch.');
  });

  it('limits in the language’s number format', () => {
    expect(formatMessage(AUDIO_MESSAGES.descriptionTooLong, 'en')).toBe('The description has at most 5,000 characters');
    expect(formatMessage(AUDIO_MESSAGES.descriptionTooLong, 'de')).toBe('Die Beschreibung hat höchstens 5.000 Zeichen');
    expect(formatMessage(message(NUMBER_MESSAGES.atMost, { name: 'pageSize', max: 1000 }), 'en')).toBe('pageSize must be at most 1000');
    expect(formatMessage(message(NUMBER_MESSAGES.atMost, { name: 'pageSize', max: 1000 }), 'de')).toBe('pageSize darf höchstens 1000 sein');
    expect(formatMessage(message(NUMBER_MESSAGES.wholeNumber, { name: 'page' }), 'de')).toBe('page muss eine ganze Zahl ab 1 sein');
  });

  it('waits in the largest unit that fits, by each language’s plural rules', () => {
    const wait = (seconds: number, language: 'en' | 'de') => formatMessage(message(MODERATION_MESSAGES.tooManyReports, { seconds }), language);
    expect(wait(1, 'en')).toBe('Too many reports were sent from here. Please try again in 1 second.');
    expect(wait(45, 'en')).toBe('Too many reports were sent from here. Please try again in 45 seconds.');
    expect(wait(60, 'en')).toBe('Too many reports were sent from here. Please try again in 1 minute.');
    expect(wait(61, 'en')).toBe('Too many reports were sent from here. Please try again in 2 minutes.');
    expect(wait(7200, 'en')).toBe('Too many reports were sent from here. Please try again in 2 hours.');
    expect(wait(1, 'de')).toBe('Von hier wurden zu viele Meldungen geschickt. Bitte versuch es in 1 Sekunde noch einmal.');
    expect(wait(45, 'de')).toBe('Von hier wurden zu viele Meldungen geschickt. Bitte versuch es in 45 Sekunden noch einmal.');
    expect(wait(3600, 'de')).toBe('Von hier wurden zu viele Meldungen geschickt. Bitte versuch es in 1 Stunde noch einmal.');
    expect(formatMessage(message(ACCOUNT_MESSAGES.tooManyResetRequests, { seconds: 180 }), 'de')).toBe(
      'Es wurden zu viele Links zum Zurücksetzen angefordert. Bitte versuch es in 3 Minuten noch einmal.',
    );
  });

  it('dates and references', () => {
    const until = message(MODERATION_MESSAGES.suspendedUntil, { day: '2030-01-31' });
    expect(formatMessage(until, 'en')).toBe('This account is suspended until 2030-01-31. We emailed you the reasons.');
    expect(formatMessage(until, 'de')).toBe('Dieses Konto ist bis 31.1.2030 gesperrt. Wir haben dir die Gründe per E-Mail geschickt.');
    expect(formatMessage(message(MODERATION_MESSAGES.reportReceived, { reference: 'TS-7KQ2-M9XD' }), 'de')).toBe(
      'Danke! Wir haben deine Meldung erhalten. Deine Vorgangsnummer ist TS-7KQ2-M9XD.',
    );
  });

  it('the set budget refusal with its clock', () => {
    expect(formatMessage(overBudgetMessage(5000, 534), 'en')).toBe('This chapter would take the set past 90 minutes (92:14)');
    expect(formatMessage(overBudgetMessage(5000, 534), 'de')).toBe('Mit diesem Kapitel wäre die Playlist länger als 90 Minuten (92:14)');
  });
});

describe('message keys (how a zod issue carries a message)', () => {
  it('a code alone, or the code with its params; read back by the code', () => {
    expect(messageKey(AUTH_MESSAGES.invalidEmail)).toBe('auth.invalidEmail');
    const key = messageKey(NUMBER_MESSAGES.atMost, { name: 'pageSize', max: 50 });
    expect(key).toBe('number.atMost{"name":"pageSize","max":50}');
    expect(messageOfKey(key)).toEqual({ code: 'number.atMost', params: { name: 'pageSize', max: 50 } });
    expect(messageOfKey(keyOf(AUTH_MESSAGES.invalidEmail))).toEqual({ code: 'auth.invalidEmail' });
    expect(messageOfKey('number.atMost{not json')).toBeNull();
    expect(messageOfKey('Too small: expected string to have >=1 characters')).toBeNull();
  });
});

describe('validation issues', () => {
  it('our schema messages by their code; zod’s own through its German locale, naming what it received', () => {
    const result = registerInputSchema.safeParse({ firstName: 'M', lastName: 'Muster', email: 'x', password: 'secret-password', confirmPassword: 'secret-password' });
    const firstName = result.error!.issues.find((i) => i.path[0] === 'firstName')!;
    expect(localizeIssue(firstName, 'de')).toEqual({ message: 'Der Vorname muss mindestens 2 Zeichen lang sein', code: 'auth.firstNameTooShort' });
    expect(localizeIssue(firstName, 'en')).toEqual({ message: 'First name must be at least 2 characters', code: 'auth.firstNameTooShort' });

    const pageSize = positiveInt('pageSize', 50).safeParse(60).error!.issues[0]!;
    expect(localizeIssue(pageSize, 'de')).toEqual({ message: 'pageSize darf höchstens 50 sein', code: 'number.atMost', params: { name: 'pageSize', max: 50 } });

    const input = { n: 'x', extra: 1 };
    const plain = z.strictObject({ n: z.number() }).safeParse(input).error!.issues;
    const wrongType = plain.find((i) => i.code === 'invalid_type')!;
    expect(localizeIssue(wrongType, 'en', input)).toEqual({ message: wrongType.message, code: 'validation.invalid_type' });
    expect(localizeIssue(wrongType, 'de', input).message).toBe('Ungültige Eingabe: erwartet Zahl, erhalten string');
    expect(localizeIssue(plain.find((i) => i.code === 'unrecognized_keys')!, 'de').message).toMatch(/^Unbekannter Schlüssel/);
  });
});

describe('the request language', () => {
  it('Accept-Language: the first supported language by q, ties in order; none -> null', () => {
    expect(languageFromAcceptLanguage('de-DE,de;q=0.9,en;q=0.8')).toBe('de');
    expect(languageFromAcceptLanguage('en-US,en;q=0.9,de;q=0.8')).toBe('en');
    expect(languageFromAcceptLanguage('fr-FR, fr;q=0.9, de;q=0.7, en;q=0.5')).toBe('de');
    expect(languageFromAcceptLanguage('en;q=0.3, de-AT;q=0.6')).toBe('de');
    expect(languageFromAcceptLanguage('de;q=0, en')).toBe('en');
    expect(languageFromAcceptLanguage('DE_ch')).toBe('de');
    expect(languageFromAcceptLanguage('fr, it;q=0.5')).toBeNull();
    expect(languageFromAcceptLanguage('*')).toBeNull();
    expect(languageFromAcceptLanguage('')).toBeNull();
    expect(languageFromAcceptLanguage(undefined)).toBeNull();
    expect(languageFromAcceptLanguage('de;q=abc, en;q=0.1')).toBe('en');
  });

  it('the cookie first, then Accept-Language, then English', () => {
    expect(requestLanguageOf({ cookie: 'en', acceptLanguage: 'de' })).toBe('en');
    expect(requestLanguageOf({ cookie: 'de-DE', acceptLanguage: 'en' })).toBe('de');
    expect(requestLanguageOf({ cookie: 'fr', acceptLanguage: 'de' })).toBe('de');
    expect(requestLanguageOf({ acceptLanguage: 'fr' })).toBe('en');
    expect(requestLanguageOf({})).toBe('en');
  });
});
