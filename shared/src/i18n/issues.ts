// A failed validation's issue in the user's language: our own messages through the catalogue;
// zod's built-in English ('Too small: expected string to have >=1 characters', for inputs no
// schema gives a message of its own) through zod's German locale, with the code
// 'validation.<issue code>'.
import type { core } from 'zod';
import { de as zodGerman, en as zodEnglish } from 'zod/locales';
import type { Language } from '../languages';
import { localizeMessage } from './messages';

type Issue = core.$ZodIssue;
type RawIssue = Parameters<ReturnType<typeof zodEnglish>['localeError']>[0];

let locales: { en: ReturnType<typeof zodEnglish>; de: ReturnType<typeof zodGerman> } | null = null;
const zodLocales = () => (locales ??= { en: zodEnglish(), de: zodGerman() });

/** A stand-in for the input zod reported as 'received <type>' (the issue no longer holds it). */
const RECEIVED: Record<string, unknown> = {
  string: '',
  number: 0,
  boolean: false,
  undefined: undefined,
  null: null,
  array: [],
  object: {},
  bigint: 0n,
  date: new Date(0),
  nan: Number.NaN,
};

function asRaw(issue: Issue): RawIssue {
  const received = issue.code === 'invalid_type' ? /received (\w+)$/.exec(issue.message)?.[1] : undefined;
  const raw = { ...issue, input: received !== undefined && received in RECEIVED ? RECEIVED[received] : undefined };
  return raw as unknown as RawIssue;
}

/** zod's own English for the issue, when that is what it carries. */
function isZodDefault(issue: Issue): boolean {
  const text = zodLocales().en.localeError(asRaw(issue));
  const message = typeof text === 'string' ? text : text?.message;
  return message === issue.message;
}

/** The issue's message in `language`, and its code (null when neither ours nor zod's). */
export function localizeIssue(issue: Issue, language: Language): { message: string; code: string | null } {
  const ours = localizeMessage(issue.message, language);
  if (ours.code) return ours;
  if (!isZodDefault(issue)) return ours;
  const code = `validation.${issue.code}`;
  if (language === 'en') return { message: issue.message, code };
  const text = zodLocales().de.localeError(asRaw(issue));
  const message = typeof text === 'string' ? text : text?.message;
  return { message: message ?? issue.message, code };
}
