// The pieces of the message catalogue: an entry (a code, the English text or template, the German
// text or a function of the template's parts) and the German forms of the parts English messages
// carry (numbers, sizes, waits, dates), so a German message reads as German throughout.

/** The parts a template matched, by placeholder name (as they appear in the English message). */
export type MessageParams = Readonly<Record<string, string>>;

/** German: a text (with the English template's {placeholders}, filled as they are) or a function of the parts. */
export type GermanText = string | ((params: MessageParams) => string);

export interface MessageEntry {
  /** Stable: '<group>.<key>', e.g. 'auth.invalidCredentials'. Clients may act on it. */
  code: string;
  /**
   * The English message word for word, or a template of it: `{name}` stands for any text,
   * `{name:number}` for a number ('5', '5,000', '2.5'), `{name:word}` for a parameter name
   * ('page', 'pageSize').
   */
  en: string;
  de: GermanText;
}

/** English and German of a message whose English is made by a function (sizes, counts, names). */
export interface TemplateMessage {
  en: string;
  de: GermanText;
}

/** '5,000' -> '5.000', '2.5' -> '2,5': an English number as German writes it. */
export function germanNumber(value: string): string {
  return value.replace(/[.,]/g, (c) => (c === ',' ? '.' : ','));
}

/** '2.5 MB' -> '2,5 MB' (formatFileSize's and the limits' sizes). */
export function germanSize(value: string): string {
  return value.replace(/\d[\d.,]*/g, germanNumber);
}

const UNITS: Record<string, [string, string]> = {
  second: ['Sekunde', 'Sekunden'],
  minute: ['Minute', 'Minuten'],
  hour: ['Stunde', 'Stunden'],
  day: ['Tag', 'Tagen'],
};

/** waitText's '45 seconds', '1 minute', '3 hours' -> '45 Sekunden', '1 Minute', '3 Stunden' (after 'in'). */
export function germanWait(value: string): string {
  const m = /^(\d+) (second|minute|hour|day)s?$/.exec(value.trim());
  if (!m) return value;
  const n = Number(m[1]);
  const [one, many] = UNITS[m[2]!]!;
  return `${n} ${n === 1 ? one : many}`;
}

/** '2026-03-07' -> '7.3.2026' (the short German date); anything else as it is. */
export function germanDate(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value.trim());
  return m ? `${Number(m[3])}.${Number(m[2])}.${m[1]}` : value;
}

/** 'second' or 'seconds' after a count, in German: 1 Sekunde, 2 Sekunden. */
export function germanCount(count: string, one: string, many: string): string {
  return `${germanNumber(count)} ${count === '1' ? one : many}`;
}
