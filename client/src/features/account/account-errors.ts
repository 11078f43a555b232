// Reading an account refusal: which link problem it is, why a request was refused, and the
// throttle's wait filled in.
import { TRPCClientError } from '@trpc/client';
import { ACCOUNT_MESSAGES, REFUSAL_REASONS } from '@tonieshelf/shared/schemas/account';
import { fieldErrors, serverMessage } from '../auth/auth-errors';

const LINK_MESSAGES: readonly string[] = [ACCOUNT_MESSAGES.linkExpired, ACCOUNT_MESSAGES.linkUsed, ACCOUNT_MESSAGES.linkInvalid];

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

/** '45 seconds', '1 minute', '12 minutes', '2 hours'. */
function formatWait(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? '' : 's'}`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/**
 * The server's message with a throttle's '{wait}' filled in from its retryAfter (in case the
 * message arrives as the template), or null when the server gave none.
 */
export function accountErrorMessage(error: unknown): string | null {
  const message = serverMessage(error);
  if (!message || !message.includes('{wait}')) return message;
  const retryAfter = dataOf(error)?.retryAfter;
  return message.replace('{wait}', typeof retryAfter === 'number' ? formatWait(retryAfter) : 'a while');
}

/** A reset or verification link that is expired, used, or not a link of ours: its message. */
export function linkProblem(error: unknown): string | null {
  const message = serverMessage(error);
  if (message && LINK_MESSAGES.includes(message)) return message;
  const token = fieldErrors(error).token;
  return token ?? null;
}
