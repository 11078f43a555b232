// Reading an account refusal: which link problem it is, why a request was refused, and the
// throttle's wait filled in. The server answers in the interface language, so a refusal is
// recognised by its English text or by that text in the interface language.
import { TRPCClientError } from '@trpc/client';
import { translateMessage } from '@tonieshelf/shared/i18n/messages';
import type { Language } from '@tonieshelf/shared/languages';
import { ACCOUNT_MESSAGES, REFUSAL_REASONS } from '@tonieshelf/shared/values/account';
import { currentLanguage } from '../i18n/i18n';
import { fieldErrors, serverMessage } from './server-errors';
import { useWaitTexts } from './wait-texts';

const LINK_MESSAGES: readonly string[] = [ACCOUNT_MESSAGES.linkExpired, ACCOUNT_MESSAGES.linkUsed, ACCOUNT_MESSAGES.linkInvalid];

/** A shared English message (ACCOUNT_MESSAGES, MODERATION_MESSAGES, …) in the interface language. */
export function localMessage(message: string, language: Language = currentLanguage()): string {
  return translateMessage(message, language);
}

/** Whether a message the server sent is `english` (as it is, or in the interface language). */
export function isMessage(received: string | null | undefined, english: string): boolean {
  if (!received) return false;
  return received === english || received === localMessage(english);
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

/** '45 seconds', '1 minute', '12 minutes', '2 hours' (in the interface language). */
function formatWait(seconds: number): string {
  const wait = useWaitTexts.get();
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return wait.seconds(s);
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return wait.minutes(minutes);
  return wait.hours(Math.ceil(minutes / 60));
}

/**
 * The server's message with a throttle's '{wait}' filled in from its retryAfter (in case the
 * message arrives as the template), or null when the server gave none.
 */
export function accountErrorMessage(error: unknown): string | null {
  const message = serverMessage(error);
  if (!message?.includes('{wait}')) return message;
  const retryAfter = dataOf(error)?.retryAfter;
  return message.replace('{wait}', typeof retryAfter === 'number' ? formatWait(retryAfter) : useWaitTexts.get().unknown);
}

/** A reset or verification link that is expired, used, or not a link of ours: its message. */
export function linkProblem(error: unknown): string | null {
  const message = serverMessage(error);
  if (message && LINK_MESSAGES.some((link) => isMessage(message, link))) return message;
  const token = fieldErrors(error).token;
  return token ?? null;
}
