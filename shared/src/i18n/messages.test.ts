import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCOUNT_MESSAGES } from '../values/account';
import { AUDIO_MESSAGES } from '../values/audio';
import { registerInputSchema } from '../schemas/auth';
import { AUTH_MESSAGES } from '../values/auth';
import { NUMBER_MESSAGES, TAG_MESSAGES, TEXT_MESSAGES } from '../values/common';
import { MODERATION_MESSAGES } from '../values/moderation';
import { RATING_MESSAGES } from '../values/review';
import { overBudgetMessage, SET_MESSAGES } from '../values/set';
import { CATALOGUE_FILTER_MESSAGES } from '../values/tonie';
import { MESSAGE_CATALOGUE } from './catalogue';
import { localizeIssue } from './issues';
import { germanOf, localizeMessage, messageCodeOf, placeholdersOf, translateMessage } from './messages';
import { germanDate, germanSize, germanWait } from './message-format';
import { languageFromAcceptLanguage, requestLanguageOf } from './request-language';

/** The shared message objects: every message in them has a code '<prefix>.<key>' and German. */
const SHARED_OBJECTS: [string, Record<string, string>][] = [
  ['text', TEXT_MESSAGES],
  ['tag', TAG_MESSAGES],
  ['auth', AUTH_MESSAGES],
  ['account', ACCOUNT_MESSAGES],
  ['audio', AUDIO_MESSAGES],
  ['rating', RATING_MESSAGES],
  ['moderation', MODERATION_MESSAGES],
  ['catalogue', CATALOGUE_FILTER_MESSAGES],
  ['set', SET_MESSAGES],
];

describe('the catalogue', () => {
  it('every message of the shared objects has its code and a German text of its own', () => {
    const missing: string[] = [];
    for (const [prefix, messages] of SHARED_OBJECTS) {
      for (const [key, english] of Object.entries(messages)) {
        const code = messageCodeOf(english);
        // The same English in two objects shares one text: its code is the first object's.
        if (code === null) missing.push(`${prefix}.${key}: ${english}`);
        else expect(localizeMessage(english, 'de').message, `${prefix}.${key}`).not.toBe('');
      }
    }
    expect(missing).toEqual([]);
  });

  it('every entry has German: not empty, not the English, with no placeholder the English lacks; codes are unique', () => {
    const codes = new Set<string>();
    for (const entry of MESSAGE_CATALOGUE) {
      expect(codes.has(entry.code), `duplicate code ${entry.code}`).toBe(false);
      codes.add(entry.code);
      const sample = Object.fromEntries(placeholdersOf(entry.en).map((name) => [name, '1']));
      const german = germanOf(entry, sample);
      expect(german.trim(), entry.code).not.toBe('');
      if (!['audio.sortBy', 'audio.likedSortBy'].includes(entry.code)) expect(german, entry.code).not.toBe(entry.en);
      if (typeof entry.de === 'string') {
        const english = new Set(placeholdersOf(entry.en));
        for (const name of placeholdersOf(entry.de)) expect(english.has(name), `${entry.code}: {${name}}`).toBe(true);
      }
      expect(german, `${entry.code} leaves a placeholder unfilled`).not.toMatch(/\{\w+(:\w+)?\}/);
    }
  });

  it('an English message with its parts -> the German template filled in, the code by the template', () => {
    expect(translateMessage(NUMBER_MESSAGES.wholeNumber('page'), 'de')).toBe('page muss eine ganze Zahl ab 1 sein');
    expect(messageCodeOf(NUMBER_MESSAGES.wholeNumber('pageSize'))).toBe('number.wholeNumber');
    expect(translateMessage(NUMBER_MESSAGES.atMost('pageSize', 1000), 'de')).toBe('pageSize darf höchstens 1000 sein');
    expect(translateMessage(ACCOUNT_MESSAGES.tooManyResetRequests.replace('{wait}', '1 minute'), 'de')).toBe(
      'Es wurden zu viele Links zum Zurücksetzen angefordert. Bitte versuch es in 1 Minute noch einmal.',
    );
    expect(translateMessage(MODERATION_MESSAGES.suspendedUntil.replace('{date}', '2030-01-31'), 'de')).toBe(
      'Dieses Konto ist bis 31.1.2030 gesperrt. Wir haben dir die Gründe per E-Mail geschickt.',
    );
    expect(translateMessage(MODERATION_MESSAGES.reportReceived.replace('{reference}', 'TS-7KQ2-M9XD'), 'de')).toBe(
      'Danke! Wir haben deine Meldung erhalten. Deine Vorgangsnummer ist TS-7KQ2-M9XD.',
    );
    // A fixed message that a template would also match keeps its own entry.
    expect(messageCodeOf(AUDIO_MESSAGES.titleTooLong)).toBe('audio.titleTooLong');
  });

  it('English stays as it is; an unknown message stays as it is with no code', () => {
    expect(translateMessage(AUTH_MESSAGES.invalidCredentials, 'en')).toBe(AUTH_MESSAGES.invalidCredentials);
    expect(localizeMessage(AUTH_MESSAGES.invalidCredentials, 'en')).toEqual({ message: AUTH_MESSAGES.invalidCredentials, code: 'auth.invalidCredentials' });
    expect(localizeMessage('Something nobody wrote', 'de')).toEqual({ message: 'Something nobody wrote', code: null });
  });

  it('the parts in German: sizes, waits, dates', () => {
    expect(germanSize('12.5 MB')).toBe('12,5 MB');
    expect(germanSize('1,024.5 MB')).toBe('1.024,5 MB');
    expect(germanWait('1 second')).toBe('1 Sekunde');
    expect(germanWait('45 seconds')).toBe('45 Sekunden');
    expect(germanWait('3 hours')).toBe('3 Stunden');
    expect(germanWait('soon')).toBe('soon');
    expect(germanDate('2026-03-07')).toBe('7.3.2026');
  });
});

describe('validation issues', () => {
  it("our schema messages through the catalogue; zod's own English through its German locale", () => {
    const result = registerInputSchema.safeParse({ firstName: 'M', lastName: 'Muster', email: 'x', password: 'secret-password', confirmPassword: 'secret-password' });
    const issues = result.error!.issues;
    const firstName = issues.find((i) => i.path[0] === 'firstName')!;
    expect(localizeIssue(firstName, 'de')).toEqual({ message: 'Der Vorname muss mindestens 2 Zeichen lang sein', code: 'auth.firstNameTooShort' });
    const plain = z.strictObject({ n: z.number() }).safeParse({ n: 'x', extra: 1 }).error!.issues;
    const wrongType = plain.find((i) => i.code === 'invalid_type')!;
    expect(localizeIssue(wrongType, 'en')).toEqual({ message: wrongType.message, code: 'validation.invalid_type' });
    expect(localizeIssue(wrongType, 'de').message).toMatch(/^Ungültige Eingabe/);
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

describe('the set budget refusal', () => {
  it('is translated with its figures', () => {
    const english = overBudgetMessage(5000, 534);
    expect(english).toBe('This chapter would take the set past 90 minutes (92:14)');
    expect(localizeMessage(english, 'de').message).toBe('Mit diesem Kapitel wäre die Playlist länger als 90 Minuten (92:14)');
  });
});
