// The server's own messages: its failures, HTTP refusals, stored files, uploads and their quota,
// set downloads, feeds and the sign-in throttle. English and German side by side, by key; the code
// of each is '<group>.<key>' ('error.internal', 'upload.stalled', ...).
import { MB } from '../../values/common';
import { type MessageEntry, withParams } from '../message-format';

export const ERROR_TEXTS = {
  /** What a 5xx answer shows: never a stack, SQL or driver detail. */
  internal: {
    en: 'Something went wrong on our side. Please try again later.',
    de: 'Bei uns ist etwas schiefgegangen. Bitte versuch es später noch einmal.',
  },
  /** A 503 while the database cannot be reached. */
  unavailable: {
    en: 'TonieShelf is briefly unavailable (its database cannot be reached). Please try again in a few seconds.',
    de: 'TonieShelf ist kurz nicht erreichbar (die Datenbank antwortet nicht). Bitte versuch es in ein paar Sekunden noch einmal.',
  },
  outOfSpace: {
    en: 'The server is out of storage space. Please try again later.',
    de: 'Auf dem Server ist kein Speicherplatz mehr frei. Bitte versuch es später noch einmal.',
  },
} as const satisfies Record<string, MessageEntry>;

export const HTTP_TEXTS = {
  unsupportedType: { en: 'Unsupported content type.', de: 'Dieser Inhaltstyp wird nicht unterstützt.' },
  bodyTooLarge: { en: 'The request body is too large.', de: 'Die Anfrage ist zu groß.' },
  emptyJson: { en: 'The JSON body is empty.', de: 'Die JSON-Daten der Anfrage sind leer.' },
  invalidJson: { en: 'The body is not valid JSON.', de: 'Die Anfrage enthält kein gültiges JSON.' },
  badRequest: { en: 'Bad request.', de: 'Ungültige Anfrage.' },
  methodNotAllowed: withParams<{ method: string }>(
    (p) => `This site does not answer ${p.method} requests.`,
    (p) => `Auf ${p.method}-Anfragen antwortet diese Seite nicht.`,
  ),
  /** A request whose headers or body did not arrive in time (REQUEST_TIMEOUT_SECONDS). */
  requestTimeout: {
    en: 'The request arrived too slowly and was cut off. Please try again.',
    de: 'Die Anfrage kam zu langsam an und wurde abgebrochen. Bitte versuch es noch einmal.',
  },
  noEndpoint: withParams<{ method: string; path: string }>(
    (p) => `No such endpoint: ${p.method} ${p.path}`,
    (p) => `Diesen Endpunkt gibt es nicht: ${p.method} ${p.path}`,
  ),
  /** A tRPC call of a procedure the router does not have (tRPC's own words in English). */
  noProcedure: withParams<{ path: string }>(
    (p) => `No procedure found on path "${p.path}"`,
    (p) => `Diese Prozedur gibt es nicht: "${p.path}"`,
  ),
  foreignOrigin: {
    en: 'This request did not come from a TonieShelf page, so it was refused.',
    de: 'Diese Anfrage kam nicht von einer TonieShelf-Seite und wurde deshalb abgelehnt.',
  },
  coverNotFound: { en: 'Cover not found.', de: 'Cover nicht gefunden.' },
  toolsOnly: { en: "This is for the server's own tools.", de: 'Das ist nur für die Werkzeuge des Servers.' },
  /** A catalogue file the import cannot read; the detail says why (in English: it names the file's parts). */
  importFormat: withParams<{ detail: string }>(
    (p) => `${p.detail}`,
    (p) => `Diese Datei lässt sich nicht importieren: ${p.detail}`,
  ),
} as const satisfies Record<string, MessageEntry>;

/** `npm run admin`'s refusals (the command and the server's internal route). */
export const ADMIN_TEXTS = {
  emailExpected: { en: 'expected the email address of an account', de: 'Erwartet wird die E-Mail-Adresse eines Kontos' },
  roleExpected: { en: 'expected { email, role: admin | moderator | user }', de: 'Erwartet wird { email, role: admin | moderator | user }' },
  noAccount: withParams<{ email: string }>(
    (p) => `there is no account with the email address ${p.email}`,
    (p) => `Es gibt kein Konto mit der E-Mail-Adresse ${p.email}`,
  ),
} as const satisfies Record<string, MessageEntry>;

export const FILE_TEXTS = {
  notFound: { en: 'No such file.', de: 'Diese Datei gibt es nicht.' },
  loginRequired: { en: 'Please log in to play or download audio files.', de: 'Bitte melde dich an, um Audiodateien abzuspielen oder herunterzuladen.' },
  badRange: { en: 'The requested range is not satisfiable.', de: 'Der angefragte Bereich der Datei existiert nicht.' },
} as const satisfies Record<string, MessageEntry>;

export const UPLOAD_TEXTS = {
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
  notStored: {
    en: 'The file could not be stored just now. Please try again in a few seconds.',
    de: 'Die Datei konnte gerade nicht gespeichert werden. Bitte versuch es in ein paar Sekunden noch einmal.',
  },
  stalled: withParams<{ seconds: number }>(
    (p) => `The upload stalled: nothing arrived for ${p.seconds} seconds. Please try again.`,
    (p, f) => `Das Hochladen ist hängen geblieben: ${f.plural(p.seconds, { one: '# Sekunde', other: '# Sekunden' })} lang kam nichts an. Bitte versuch es noch einmal.`,
  ),
  audioTooLarge: withParams<{ mb: number }>(
    (p) => `The audio file is larger than ${p.mb} MB.`,
    (p) => `Die Audiodatei ist größer als ${p.mb} MB.`,
  ),
  coverTooLarge: withParams<{ mb: number }>(
    (p) => `The cover image is larger than ${p.mb} MB.`,
    (p) => `Das Coverbild ist größer als ${p.mb} MB.`,
  ),
  mp3OrWav: { en: 'Please upload MP3 or WAV audio files only', de: 'Bitte lade nur MP3- oder WAV-Audiodateien hoch' },
  mp3WavOrM4a: { en: 'Please upload MP3, WAV or M4A audio files only', de: 'Bitte lade nur MP3-, WAV- oder M4A-Audiodateien hoch' },
  jpgOrPng: { en: 'Please upload JPG or PNG images only', de: 'Bitte lade nur JPG- oder PNG-Bilder hoch' },
} as const satisfies Record<string, MessageEntry>;

/** Whole megabytes of a byte limit: '500 MB'. */
const wholeMb = (bytes: number) => `${Math.floor(bytes / MB)} MB`;

export const QUOTA_TEXTS = {
  stored: withParams<{ limit: number; used: number }>(
    (p, f) => `Your storage is full: you keep ${f.size(p.used)} of ${wholeMb(p.limit)}, and this upload does not fit. Delete audio files you no longer need to make room.`,
    (p, f) =>
      `Dein Speicherplatz ist voll: Du nutzt ${f.size(p.used)} von ${wholeMb(p.limit)}, und dieser Upload passt nicht mehr hinein. Lösch Audiodateien, die du nicht mehr brauchst, um Platz zu schaffen.`,
  ),
  pending: withParams<{ limit: number; used: number }>(
    (p, f) =>
      `You have ${f.size(p.used)} of uploads not yet saved to an audio file (at most ${wholeMb(p.limit)}), and this upload does not fit. Save them to an audio file first; unsaved uploads are removed after an hour.`,
    (p, f) =>
      `Du hast ${f.size(p.used)} hochgeladen, aber noch nicht als Audiodatei gespeichert (höchstens ${wholeMb(p.limit)}), und dieser Upload passt nicht mehr dazu. Speichere sie zuerst als Audiodatei; nicht gespeicherte Uploads werden nach einer Stunde entfernt.`,
  ),
  perHour: withParams<{ count: number; minutes: number }>(
    (p, f) => `You have uploaded ${p.count} files within the last hour, the most allowed. Please try again in ${f.plural(p.minutes, { one: '# minute', other: '# minutes' })}.`,
    (p, f) =>
      `Du hast in der letzten Stunde ${p.count} Dateien hochgeladen, mehr geht nicht. Bitte versuch es in ${f.plural(p.minutes, { one: '# Minute', other: '# Minuten' })} noch einmal.`,
  ),
  inFlight: withParams<{ count: number }>(
    (p, f) => `You already have ${f.plural(p.count, { one: '# upload', other: '# uploads' })} in progress. Please wait until one has finished.`,
    (p, f) => `Bei dir ${f.plural(p.count, { one: 'läuft schon # Upload', other: 'laufen schon # Uploads' })}. Bitte warte, bis einer fertig ist.`,
  ),
} as const satisfies Record<string, MessageEntry>;

export const SET_DOWNLOAD_TEXTS = {
  nothingToDownload: { en: 'This set has no chapters you can download.', de: 'Diese Playlist hat keine Kapitel, die du herunterladen kannst.' },
} as const satisfies Record<string, MessageEntry>;

export const FEED_TEXTS = {
  notFound: { en: 'No such feed.', de: 'Diesen Feed gibt es nicht.' },
} as const satisfies Record<string, MessageEntry>;

export const THROTTLE_TEXTS = {
  tooManyAttempts: withParams<{ seconds: number }>(
    (p, f) => `Too many sign-in attempts. Please wait ${f.plural(p.seconds, { one: '# second', other: '# seconds' })} and try again.`,
    (p, f) => `Zu viele Anmeldeversuche. Bitte warte ${f.plural(p.seconds, { one: '# Sekunde', other: '# Sekunden' })} und versuch es dann noch einmal.`,
  ),
} as const satisfies Record<string, MessageEntry>;
