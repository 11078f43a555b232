// Messages by code. A rule names a message by its code ('auth.emailTaken', the *_MESSAGES objects
// of shared/src/values and the server hold them) with the params of its variable parts; the text
// is made at the edge (the server's answers and mails, the browser's forms and toasts) from
// (code, params) in the reader's language. The texts live in ./texts, English and German side by
// side per code; nothing here or elsewhere looks a message up by its text.
import type { Language } from '../languages';
import { messageRef, type Message, type MessageRef } from './message-key';
import { formatterFor, type MessageEntry, type MessageParams, type NoParams, type TextFn } from './message-format';
import { ACCOUNT_TEXTS } from './texts/account';
import { AUDIO_TEXTS } from './texts/audio';
import { AUTH_TEXTS } from './texts/auth';
import { CATALOGUE_TEXTS } from './texts/catalogue';
import { BOOLEAN_TEXTS, NUMBER_TEXTS, TAG_TEXTS, TEXT_TEXTS } from './texts/common';
import { MODERATION_TEXTS } from './texts/moderation';
import { PROFILE_TEXTS } from './texts/profile';
import { REVIEW_TEXTS } from './texts/review';
import { ADMIN_TEXTS, ERROR_TEXTS, FEED_TEXTS, FILE_TEXTS, HTTP_TEXTS, QUOTA_TEXTS, SET_DOWNLOAD_TEXTS, THROTTLE_TEXTS, UPLOAD_TEXTS } from './texts/server';
import { SET_TEXTS } from './texts/set';
import { SHELF_TEXTS } from './texts/shelf';

export type { MessageParams } from './message-format';
export type { Message, MessageRef } from './message-key';

/** Every message by group: the code of `MESSAGE_TEXTS.auth.emailTaken` is 'auth.emailTaken'. */
export const MESSAGE_TEXTS = {
  text: TEXT_TEXTS,
  tag: TAG_TEXTS,
  number: NUMBER_TEXTS,
  boolean: BOOLEAN_TEXTS,
  auth: AUTH_TEXTS,
  account: ACCOUNT_TEXTS,
  audio: AUDIO_TEXTS,
  review: REVIEW_TEXTS,
  moderation: MODERATION_TEXTS,
  catalogue: CATALOGUE_TEXTS,
  set: SET_TEXTS,
  shelf: SHELF_TEXTS,
  profile: PROFILE_TEXTS,
  error: ERROR_TEXTS,
  http: HTTP_TEXTS,
  file: FILE_TEXTS,
  upload: UPLOAD_TEXTS,
  quota: QUOTA_TEXTS,
  setDownload: SET_DOWNLOAD_TEXTS,
  feed: FEED_TEXTS,
  throttle: THROTTLE_TEXTS,
  admin: ADMIN_TEXTS,
} as const satisfies Record<string, Record<string, MessageEntry>>;

type Groups = typeof MESSAGE_TEXTS;
type Group = keyof Groups & string;

/** A message's stable code, '<group>.<key>': only codes that have texts type-check. */
export type MessageCode = { [G in Group]: `${G}.${keyof Groups[G] & string}` }[Group];

type EntryOf<C extends MessageCode> = C extends `${infer G extends Group}.${infer K}` ? (K extends keyof Groups[G] ? Groups[G][K] : never) : never;

/** The params a code's texts take (none for a plain text). */
export type ParamsOf<C extends MessageCode> = EntryOf<C> extends { readonly en: TextFn<infer P> } ? P : NoParams;

function entryOf(code: string): MessageEntry | undefined {
  const dot = code.indexOf('.');
  if (dot < 0) return undefined;
  const group: Record<string, MessageEntry> | undefined = (MESSAGE_TEXTS as Record<string, Record<string, MessageEntry>>)[code.slice(0, dot)];
  const key = code.slice(dot + 1);
  return group && Object.hasOwn(group, key) ? group[key] : undefined;
}

/** Whether a text is a code that has texts. */
export function isMessageCode(value: unknown): value is MessageCode {
  return typeof value === 'string' && entryOf(value) !== undefined;
}

/** The message's text in `language`, its variable parts formatted for it; an unknown code as it is. */
export function formatMessage(msg: Message, language: Language): string {
  const { code, params } = messageRef(msg);
  const entry = entryOf(code);
  if (!entry) return code;
  const text = entry[language];
  return typeof text === 'string' ? text : (text as TextFn<MessageParams>)(params ?? {}, formatterFor(language));
}

/** The message a key stands for, or null when the text is not a key of a known code (zod's own English, say). */
export function messageOfKey(key: string): MessageRef | null {
  const brace = key.indexOf('{');
  const code = brace < 0 ? key : key.slice(0, brace);
  if (!isMessageCode(code)) return null;
  if (brace < 0) return { code };
  try {
    const params: unknown = JSON.parse(key.slice(brace));
    return params && typeof params === 'object' && !Array.isArray(params) ? { code, params: params as MessageParams } : null;
  } catch {
    return null;
  }
}

/** A text that may be a message key, in `language`: a key's message formatted, anything else as it is. */
export function formatKey(text: string, language: Language): string {
  const found = messageOfKey(text);
  return found ? formatMessage(found, language) : text;
}
