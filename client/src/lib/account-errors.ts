// Reading an account refusal: which link problem it is, why a request was refused. The server
// answers in the interface language with the message's code; a refusal is recognised by its code.
import { TRPCClientError } from '@trpc/client';
import type { Message } from '@tonieshelf/shared/i18n/message-key';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';
import type { Language } from '@tonieshelf/shared/languages';
import { ACCOUNT_MESSAGES, REFUSAL_REASONS } from '@tonieshelf/shared/values/account';
import { currentLanguage } from '../i18n/i18n';
import { fieldErrors, messageCode, serverMessage } from './server-errors';

const LINK_MESSAGES: readonly string[] = [ACCOUNT_MESSAGES.linkExpired, ACCOUNT_MESSAGES.linkUsed, ACCOUNT_MESSAGES.linkInvalid];

/** A shared message (ACCOUNT_MESSAGES, MODERATION_MESSAGES, …) in the interface language. */
export function localMessage(message: Message, language: Language = currentLanguage()): string {
  return formatMessage(message, language);
}

/** Whether the server refused with one of `codes` (its message's code). */
export function hasMessageCode(error: unknown, ...codes: readonly string[]): boolean {
  const code = messageCode(error);
  return code !== null && codes.includes(code);
}

interface ErrorData {
  reason?: string | null;
  retryAfter?: number | null;
  httpStatus?: number;
}

function dataOf(error: unknown): ErrorData | null {
  if (!(error instanceof TRPCClientError)) return null;
  const data: unknown = error.data;
  return data && typeof data === 'object' ? (data as ErrorData) : null;
}

/** The refusal's reason (e.g. 'EMAIL_UNVERIFIED'), from a tRPC error or an error carrying `reason`. */
export function refusalReason(error: unknown): string | null {
  const fromTrpc = dataOf(error)?.reason;
  if (typeof fromTrpc === 'string' && fromTrpc) return fromTrpc;
  if (error && typeof error === 'object' && 'reason' in error) {
    const reason = (error as { reason?: unknown }).reason;
    if (typeof reason === 'string' && reason) return reason;
  }
  return null;
}

/** Publishing was refused because the account's address is not verified yet. */
export function isEmailUnverified(error: unknown): boolean {
  return refusalReason(error) === REFUSAL_REASONS.emailUnverified;
}

/** The seconds a throttled request is asked to wait, when the server said. */
export function retryAfterOf(error: unknown): number | null {
  const seconds = dataOf(error)?.retryAfter;
  return typeof seconds === 'number' ? seconds : null;
}

/** The server's message (in the interface language), or null when the server gave none. */
export function accountErrorMessage(error: unknown): string | null {
  return serverMessage(error);
}

/** A reset or verification link that is expired, used, or not a link of ours: its message. */
export function linkProblem(error: unknown): string | null {
  const message = serverMessage(error);
  if (message && hasMessageCode(error, ...LINK_MESSAGES)) return message;
  const token = fieldErrors(error).token;
  return token ?? null;
}
