// The server's own code objects against the texts (shared/src/i18n/texts): every code names a
// text with English and German, and the messages the server makes with params read in German.
// No database.
import { MB } from '@tonieshelf/shared/values/common';
import { message } from '@tonieshelf/shared/i18n/message-key';
import { formatMessage, isMessageCode } from '@tonieshelf/shared/i18n/messages';
import { describe, expect, it } from 'vitest';
import { ADMIN_MESSAGES } from '../src/moderation/service';
import { THROTTLE_MESSAGES } from '../src/auth/throttle';
import { AppError, ERROR_MESSAGES } from '../src/errors';
import { HTTP_MESSAGES, toHttpError } from '../src/http/errors';
import { FEED_MESSAGES } from '../src/http/feeds';
import { FILE_MESSAGES } from '../src/http/files';
import { SET_DOWNLOAD_MESSAGES } from '../src/http/set-download';
import { QUOTA_MESSAGES } from '../src/uploads/quota';
import { UPLOAD_MESSAGES, UPLOAD_RULES } from '../src/uploads/rules';

/** The server's code objects by the group their codes belong to. */
const SERVER_OBJECTS: Record<string, Record<string, string>> = {
  error: ERROR_MESSAGES,
  http: HTTP_MESSAGES,
  file: FILE_MESSAGES,
  upload: UPLOAD_MESSAGES,
  quota: QUOTA_MESSAGES,
  throttle: THROTTLE_MESSAGES,
  setDownload: SET_DOWNLOAD_MESSAGES,
  feed: FEED_MESSAGES,
  admin: ADMIN_MESSAGES,
};

describe('server messages by code', () => {
  it('every code of the server objects is its group’s own key and has texts', () => {
    const problems: string[] = [];
    for (const [group, codes] of Object.entries(SERVER_OBJECTS)) {
      for (const [key, code] of Object.entries(codes)) {
        if (code !== `${group}.${key}`) problems.push(`${group}.${key} is ${code}`);
        if (!isMessageCode(code)) problems.push(`${code} has no texts`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('the upload rules, the quota and the throttle read in German with their figures', () => {
    expect(formatMessage(UPLOAD_RULES.upload.tooLarge, 'en')).toBe('The audio file is larger than 50 MB.');
    expect(formatMessage(UPLOAD_RULES.upload.tooLarge, 'de')).toBe('Die Audiodatei ist größer als 50 MB.');
    expect(formatMessage(UPLOAD_RULES.cover.wrongType, 'de')).toBe('Bitte lade nur JPG- oder PNG-Bilder hoch');
    const stored = message(QUOTA_MESSAGES.stored, { limit: 500 * MB, used: 12.5 * MB });
    expect(formatMessage(stored, 'en')).toBe('Your storage is full: you keep 12.5 MB of 500 MB, and this upload does not fit. Delete audio files you no longer need to make room.');
    expect(formatMessage(stored, 'de')).toBe(
      'Dein Speicherplatz ist voll: Du nutzt 12,5 MB von 500 MB, und dieser Upload passt nicht mehr hinein. Lösch Audiodateien, die du nicht mehr brauchst, um Platz zu schaffen.',
    );
    expect(formatMessage(message(QUOTA_MESSAGES.inFlight, { count: 1 }), 'en')).toBe('You already have 1 upload in progress. Please wait until one has finished.');
    expect(formatMessage(message(QUOTA_MESSAGES.inFlight, { count: 3 }), 'en')).toBe('You already have 3 uploads in progress. Please wait until one has finished.');
    expect(formatMessage(message(QUOTA_MESSAGES.inFlight, { count: 1 }), 'de')).toBe('Bei dir läuft schon 1 Upload. Bitte warte, bis einer fertig ist.');
    expect(formatMessage(message(QUOTA_MESSAGES.inFlight, { count: 3 }), 'de')).toBe('Bei dir laufen schon 3 Uploads. Bitte warte, bis einer fertig ist.');
    expect(formatMessage(message(QUOTA_MESSAGES.perHour, { count: 30, minutes: 1 }), 'en')).toBe(
      'You have uploaded 30 files within the last hour, the most allowed. Please try again in 1 minute.',
    );
    expect(formatMessage(message(THROTTLE_MESSAGES.tooManyAttempts, { seconds: 1 }), 'en')).toBe('Too many sign-in attempts. Please wait 1 second and try again.');
    expect(formatMessage(message(THROTTLE_MESSAGES.tooManyAttempts, { seconds: 1 }), 'de')).toBe(
      'Zu viele Anmeldeversuche. Bitte warte 1 Sekunde und versuch es dann noch einmal.',
    );
    expect(formatMessage(message(UPLOAD_MESSAGES.stalled, { seconds: 30 }), 'de')).toBe(
      'Das Hochladen ist hängen geblieben: 30 Sekunden lang kam nichts an. Bitte versuch es noch einmal.',
    );
  });

  it('an answer carries the code and the params, its text made in the language asked for', () => {
    const refusal = new AppError('TOO_MANY_REQUESTS', message(QUOTA_MESSAGES.inFlight, { count: 2 }), { retryAfter: 10 });
    expect(refusal.message).toBe('quota.inFlight{"count":2}');
    const de = toHttpError(refusal, 'de');
    expect(de.status).toBe(429);
    expect(de.body).toMatchObject({ message: 'Bei dir laufen schon 2 Uploads. Bitte warte, bis einer fertig ist.', messageCode: 'quota.inFlight', messageParams: { count: 2 } });
    expect(toHttpError(refusal, 'en').body.message).toBe('You already have 2 uploads in progress. Please wait until one has finished.');
    expect(toHttpError(new Error('boom'), 'de').body).toMatchObject({
      statusCode: 500,
      messageCode: 'error.internal',
      message: 'Bei uns ist etwas schiefgegangen. Bitte versuch es später noch einmal.',
    });
  });
});
