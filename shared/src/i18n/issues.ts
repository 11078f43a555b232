// A failed validation's issue in the user's language. Our schemas give every issue a message key
// (a code, with params where it has variable parts: messages.ts), formatted by its code. An issue
// without one (an input no schema gives a message of its own: a wrong type, an unknown key) keeps
// zod's own wording, in German through zod's German locale, with the code 'validation.<issue code>'.
import type { core } from 'zod';
import { de as zodGerman } from 'zod/locales';
import type { Language } from '../languages';
import { formatMessage, messageOfKey, type MessageParams } from './messages';

type Issue = core.$ZodIssue;
type RawIssue = Parameters<ReturnType<typeof zodGerman>['localeError']>[0];

let german: ReturnType<typeof zodGerman> | null = null;

/** The value at an issue's path of the whole input (zod does not keep it on the issue). */
function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

export interface LocalizedIssue {
  message: string;
  code: string;
  params?: MessageParams;
}

/**
 * The issue's message in `language` and its code. `input` is the whole input that was validated,
 * when the caller has it: zod's German names the type it received.
 */
export function localizeIssue(issue: Issue, language: Language, input?: unknown): LocalizedIssue {
  const ours = messageOfKey(issue.message);
  if (ours) return { message: formatMessage(ours, language), code: ours.code, ...(ours.params ? { params: ours.params } : {}) };
  const code = `validation.${issue.code}`;
  if (language === 'en') return { message: issue.message, code };
  german ??= zodGerman();
  const text = german.localeError({ ...issue, input: valueAt(input, issue.path) } as unknown as RawIssue);
  const message = typeof text === 'string' ? text : text?.message;
  return { message: message ?? issue.message, code };
}
