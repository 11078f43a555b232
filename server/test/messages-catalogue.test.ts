// The server's own message objects against the catalogue (shared/src/i18n): every message the
// server makes (called with sample values where it is a function) is found under its code
// '<group>.<key>' and has German; every server entry of the catalogue names a real message.
// No database.
import { MB } from '@tonieshelf/shared/constants';
import { SERVER_MESSAGE_TEMPLATES } from '@tonieshelf/shared/i18n/catalogue';
import { localizeMessage, messageCodeOf, translateMessage } from '@tonieshelf/shared/i18n/messages';
import { describe, expect, it } from 'vitest';
import { THROTTLE_MESSAGES } from '../src/auth/throttle';
import { waitText } from '../src/auth/rate-limit';
import { ERROR_MESSAGES } from '../src/errors';
import { HTTP_MESSAGES } from '../src/http/errors';
import { FEED_MESSAGES } from '../src/http/feeds';
import { FILE_MESSAGES } from '../src/http/files';
import { SET_DOWNLOAD_MESSAGES } from '../src/http/set-download';
import { OUT_OF_SPACE_MESSAGE } from '../src/storage/disk-space';
import { QUOTA_MESSAGES } from '../src/uploads/quota';
import { UPLOAD_MESSAGES, UPLOAD_RULES } from '../src/uploads/rules';

type Message = string | ((...args: never[]) => string);

/** Sample arguments for a message function: sizes for byte counts, small counts otherwise (1 and more, for plurals). */
const SAMPLES: Record<string, unknown[][]> = {
  'quota.stored': [
    [500 * MB, 12.5 * MB],
    [1024 * MB, 1000 * MB],
  ],
  'quota.pending': [[200 * MB, 150 * MB]],
  'quota.perHour': [
    [5, 10],
    [30, 1],
  ],
  'quota.inFlight': [[1], [3]],
  'throttle.tooManyAttempts': [[1], [180]],
  'upload.stalled': [[30]],
  'upload.audioTooLarge': [[50], [20]],
  'upload.coverTooLarge': [[5]],
};

/** The server's message objects by the catalogue group they belong to. */
const SERVER_OBJECTS: Record<string, Record<string, Message>> = {
  error: ERROR_MESSAGES,
  http: HTTP_MESSAGES,
  file: FILE_MESSAGES,
  upload: UPLOAD_MESSAGES,
  quota: QUOTA_MESSAGES,
  throttle: THROTTLE_MESSAGES,
  setDownload: SET_DOWNLOAD_MESSAGES,
  feed: FEED_MESSAGES,
};

function made(code: string, message: Message): string[] {
  if (typeof message === 'string') return [message];
  const samples = SAMPLES[code];
  if (!samples) throw new Error(`no sample arguments for ${code}`);
  return samples.map((args) => (message as (...a: unknown[]) => string)(...args));
}

describe('server messages in the catalogue', () => {
  it('every message of the server objects is found under its own code, with German', () => {
    for (const [group, messages] of Object.entries(SERVER_OBJECTS)) {
      for (const [key, message] of Object.entries(messages)) {
        for (const english of made(`${group}.${key}`, message)) {
          expect(messageCodeOf(english), english).toBe(`${group}.${key}`);
          const german = translateMessage(english, 'de');
          expect(german, english).not.toBe(english);
          expect(german).not.toMatch(/\{\w+\}|undefined/);
        }
      }
    }
  });

  it('the upload rules, the disk and the waits of the rate limits read in German', () => {
    for (const rule of Object.values(UPLOAD_RULES)) {
      expect(messageCodeOf(rule.tooLarge)).toMatch(/^upload\./);
      expect(messageCodeOf(rule.wrongType)).toMatch(/^upload\./);
    }
    expect(translateMessage(UPLOAD_RULES.upload.tooLarge, 'de')).toBe('Die Audiodatei ist größer als 50 MB.');
    expect(localizeMessage(OUT_OF_SPACE_MESSAGE, 'de').code).toBe('error.outOfSpace');
    expect(translateMessage(QUOTA_MESSAGES.stored(500 * MB, 12.5 * MB), 'de')).toBe(
      'Dein Speicherplatz ist voll: Du nutzt 12,5 MB von 500 MB, und dieser Upload passt nicht mehr hinein. Lösch Audiodateien, die du nicht mehr brauchst, um Platz zu schaffen.',
    );
    expect(translateMessage(QUOTA_MESSAGES.inFlight(1), 'de')).toBe('Bei dir läuft schon 1 Upload. Bitte warte, bis einer fertig ist.');
    expect(translateMessage(QUOTA_MESSAGES.inFlight(3), 'de')).toBe('Bei dir laufen schon 3 Uploads. Bitte warte, bis einer fertig ist.');
    expect(translateMessage(THROTTLE_MESSAGES.tooManyAttempts(1), 'de')).toBe('Zu viele Anmeldeversuche. Bitte warte 1 Sekunde und versuch es dann noch einmal.');
    for (const seconds of [1, 45, 60, 61, 3600, 7200]) {
      const english = `Too many reports were sent from here. Please try again in ${waitText(seconds)}.`;
      expect(translateMessage(english, 'de')).toMatch(/^Von hier wurden zu viele Meldungen geschickt\. Bitte versuch es in \d+ (Sekunden?|Minuten?|Stunden?) noch einmal\.$/);
    }
  });

  it('every server entry of the catalogue is a message the server makes (no stale English)', () => {
    // Groups whose English lives in files other engineers own: checked by their text elsewhere.
    for (const [group, entries] of Object.entries(SERVER_MESSAGE_TEMPLATES)) {
      const object = SERVER_OBJECTS[group];
      if (!object) continue;
      for (const key of Object.keys(entries)) {
        if (group === 'error' && key === 'outOfSpace') continue;
        if (group === 'http' && !(key in object)) continue;
        expect(Object.keys(object), `${group}.${key}`).toContain(key);
      }
    }
  });
});
