// One error type for the domain. Each code maps to a tRPC code and so to one HTTP status; the
// tRPC error formatter and the REST shims both read this map, so every path answers alike.
import { TRPCError } from '@trpc/server';
import { localizeIssue } from '@tonieshelf/shared/i18n/issues';
import { localizeMessage } from '@tonieshelf/shared/i18n/messages';
import { DEFAULT_LANGUAGE, type Language } from '@tonieshelf/shared/languages';
import { ZodError, z } from 'zod';

const APP_ERROR_CODES = {
  BAD_REQUEST: 'BAD_REQUEST',
  UNAUTHORIZED: 'UNAUTHORIZED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  TOO_MANY_REQUESTS: 'TOO_MANY_REQUESTS',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<string, TRPCError['code']>;

type AppErrorCode = keyof typeof APP_ERROR_CODES;

export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  /** Seconds to wait before trying again (TOO_MANY_REQUESTS, SERVICE_UNAVAILABLE). */
  readonly retryAfter: number | undefined;
  /** The input field the refusal is about, so a form can show it there. */
  readonly field: string | undefined;
  /** Why, in a word the client can act on (e.g. EMAIL_UNVERIFIED: offer to send the link again). */
  readonly reason: string | undefined;

  constructor(code: AppErrorCode, message: string, options: { cause?: unknown; retryAfter?: number; field?: string; reason?: string } = {}) {
    super({ code: APP_ERROR_CODES[code], message, cause: options.cause });
    this.name = 'AppError';
    this.appCode = code;
    this.retryAfter = options.retryAfter;
    this.field = options.field;
    this.reason = options.reason;
  }
}

/**
 * Field messages of a refusal in `language`: a failed input's, or the one field an AppError
 * names; else null.
 */
export function errorFields(err: unknown, language: Language = DEFAULT_LANGUAGE): Record<string, string[] | undefined> | null {
  const cause = err instanceof Error ? err.cause : undefined;
  if (err instanceof ZodError || cause instanceof ZodError) {
    return z.flattenError(err instanceof ZodError ? err : (cause as ZodError), (issue) => localizeIssue(issue, language).message).fieldErrors;
  }
  if (err instanceof AppError && err.field) return { [err.field]: [localizeMessage(err.message, language).message] };
  return null;
}

/** The server's own failures (their German is in shared/src/i18n's catalogue, as 'error.<key>'). */
export const ERROR_MESSAGES = {
  /** What a 5xx answer shows: never a stack, SQL or driver detail. */
  internal: 'Something went wrong on our side. Please try again later.',
  /** A 503 while the database cannot be reached. */
  unavailable: 'TonieShelf is briefly unavailable (its database cannot be reached). Please try again in a few seconds.',
} as const;

/** The message a 5xx answer shows: never a stack, SQL or driver detail. */
export const INTERNAL_ERROR_MESSAGE = ERROR_MESSAGES.internal;

/** The message of a 503 while the database cannot be reached. */
export const UNAVAILABLE_MESSAGE = ERROR_MESSAGES.unavailable;

/** Seconds a client is asked to wait before trying again while the database is down. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 3;

/** The answer to a request that found the database unreachable: 503 with Retry-After. */
export function serviceUnavailable(cause?: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', UNAVAILABLE_MESSAGE, { cause, retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS });
}

/** One readable sentence for a failed validation in `language`: the first problems, with their fields. */
function validationMessage(error: ZodError, language: Language = DEFAULT_LANGUAGE): string {
  return error.issues
    .slice(0, 3)
    .map((issue) => {
      const message = localizeIssue(issue, language).message;
      return issue.path.length ? `${issue.path.join('.')}: ${message}` : message;
    })
    .join('; ');
}

/** An answer's message in `language` and its code: a failed validation's (the first problem's code), or a message's. */
export function localizedAnswer(message: string, zodError: ZodError | null, language: Language): { message: string; messageCode: string | null } {
  if (zodError) {
    const first = zodError.issues[0];
    return { message: validationMessage(zodError, language), messageCode: first ? localizeIssue(first, language).code : null };
  }
  const localized = localizeMessage(message, language);
  return { message: localized.message, messageCode: localized.code };
}
