// One error type for the domain. Each code maps to a tRPC code and so to one HTTP status; the
// tRPC error formatter and the REST shims both read this map, so every path answers alike.
import { TRPCError } from '@trpc/server';
import { localizeIssue } from '@tonieshelf/shared/i18n/issues';
import { keyOf, message, messageRef, type Message, type MessageRef } from '@tonieshelf/shared/i18n/message-key';
import { formatMessage, type MessageCode, type MessageParams } from '@tonieshelf/shared/i18n/messages';
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
  TIMEOUT: 'TIMEOUT',
  INTERNAL: 'INTERNAL_SERVER_ERROR',
  SERVICE_UNAVAILABLE: 'SERVICE_UNAVAILABLE',
} as const satisfies Record<string, TRPCError['code']>;

type AppErrorCode = keyof typeof APP_ERROR_CODES;

/** tRPC's own refusals (not ours): a procedure it does not have, anything else it refuses. */
const TRPC_REFUSALS = { noProcedure: 'http.noProcedure', badRequest: 'http.badRequest' } as const satisfies Record<string, MessageCode>;

export class AppError extends TRPCError {
  readonly appCode: AppErrorCode;
  /** What to tell the user: a message code and the params of its variable parts. */
  readonly messageRef: MessageRef;
  /** Seconds to wait before trying again (TOO_MANY_REQUESTS, SERVICE_UNAVAILABLE). */
  readonly retryAfter: number | undefined;
  /** The input field the refusal is about, so a form can show it there. */
  readonly field: string | undefined;
  /** Why, in a word the client can act on (e.g. EMAIL_UNVERIFIED: offer to send the link again). */
  readonly reason: string | undefined;

  /** `message` is a code (AUTH_MESSAGES.emailTaken) or a code with params (message(code, params)); its text is made at the edge. */
  constructor(code: AppErrorCode, message: Message, options: { cause?: unknown; retryAfter?: number; field?: string; reason?: string } = {}) {
    // The key (the code, with its params) as the error's message: what logs and tests see.
    super({ code: APP_ERROR_CODES[code], message: keyOf(message), cause: options.cause });
    this.name = 'AppError';
    this.appCode = code;
    this.messageRef = messageRef(message);
    this.retryAfter = options.retryAfter;
    this.field = options.field;
    this.reason = options.reason;
  }
}

/** The text of a failed validation's issue in `language`, `input` the whole input when known. */
function issueText(issue: ZodError['issues'][number], language: Language, input?: unknown): string {
  return localizeIssue(issue, language, input).message;
}

/**
 * Field messages of a refusal in `language`: a failed input's, or the one field an AppError
 * names; else null.
 */
export function errorFields(err: unknown, language: Language = DEFAULT_LANGUAGE, input?: unknown): Record<string, string[] | undefined> | null {
  const cause = err instanceof Error ? err.cause : undefined;
  if (err instanceof ZodError || cause instanceof ZodError) {
    return z.flattenError(err instanceof ZodError ? err : (cause as ZodError), (issue) => issueText(issue, language, input)).fieldErrors;
  }
  if (err instanceof AppError && err.field) return { [err.field]: [formatMessage(err.messageRef, language)] };
  return null;
}

/** The server's own failures (their texts: shared/src/i18n/texts/server.ts). */
export const ERROR_MESSAGES = {
  /** What a 5xx answer shows: never a stack, SQL or driver detail. */
  internal: 'error.internal',
  /** A 503 while the database cannot be reached. */
  unavailable: 'error.unavailable',
  /** Under the disk reserve, or a write that found the disk full (507). */
  outOfSpace: 'error.outOfSpace',
} as const satisfies Record<string, MessageCode>;

/** Seconds a client is asked to wait before trying again while the database is down. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 3;

/** The answer to a request that found the database unreachable: 503 with Retry-After. */
export function serviceUnavailable(cause?: unknown): AppError {
  return new AppError('SERVICE_UNAVAILABLE', ERROR_MESSAGES.unavailable, { cause, retryAfter: UNAVAILABLE_RETRY_AFTER_SECONDS });
}

/** An answer's text in `language`, its code and (when it has variable parts) their params. */
export interface LocalizedAnswer {
  message: string;
  messageCode: string;
  messageParams?: MessageParams;
}

/** A message in `language`, as an answer carries it. */
export function answerOf(msg: Message, language: Language): LocalizedAnswer {
  const ref = messageRef(msg);
  return { message: formatMessage(ref, language), messageCode: ref.code, ...(ref.params ? { messageParams: ref.params } : {}) };
}

/** One readable sentence for a failed validation in `language`: the first problems, with their fields; the first problem's code. */
function validationAnswer(error: ZodError, language: Language, input?: unknown): LocalizedAnswer {
  const issues = error.issues.slice(0, 3).map((issue) => ({ issue, localized: localizeIssue(issue, language, input) }));
  const message = issues.map(({ issue, localized }) => (issue.path.length ? `${issue.path.join('.')}: ${localized.message}` : localized.message)).join('; ');
  const first = issues[0]?.localized;
  return { message, messageCode: first?.code ?? TRPC_REFUSALS.badRequest, ...(first?.params ? { messageParams: first.params } : {}) };
}

/**
 * The answer to a refusal (a 4xx: an AppError, a failed validation, or tRPC's own refusal) in
 * `language`. `input` is the validated input when known; `path` the procedure tRPC could not find.
 */
export function refusalAnswer(err: TRPCError, language: Language, options: { input?: unknown; path?: string } = {}): LocalizedAnswer {
  if (err instanceof AppError) return answerOf(err.messageRef, language);
  if (err.cause instanceof ZodError) return validationAnswer(err.cause, language, options.input);
  // tRPC's own refusals (a procedure it does not have, a body it cannot parse, ...).
  if (err.code === 'NOT_FOUND' && options.path !== undefined) return answerOf(message(TRPC_REFUSALS.noProcedure, { path: options.path }), language);
  return answerOf(TRPC_REFUSALS.badRequest, language);
}

/** The answer to a failed validation outside tRPC (a ZodError thrown by a route). */
export function validationRefusal(error: ZodError, language: Language): LocalizedAnswer {
  return validationAnswer(error, language);
}
