// Turns any thrown error into an HTTP status and a JSON body. Used by the Fastify error handler
// and by the /api shims, so REST and tRPC answer a failure alike. The message and field messages
// are made from the error's message code in the request's language; the body carries the code
// (messageCode) and, when the message has variable parts, their params (messageParams).
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Message } from '@tonieshelf/shared/i18n/message-key';
import { formatMessage, isMessageCode, type MessageCode, type MessageParams } from '@tonieshelf/shared/i18n/messages';
import { DEFAULT_LANGUAGE, type Language } from '@tonieshelf/shared/languages';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isOutOfSpace } from '../storage/disk-space';
import { isDatabaseUnavailable } from '../db/unavailable';
import { answerOf, AppError, ERROR_MESSAGES, errorFields, refusalAnswer, serviceUnavailable, validationRefusal, type LocalizedAnswer } from '../errors';
import { requestLanguage } from './context';

interface ErrorBody extends LocalizedAnswer {
  statusCode: number;
  error: string;
  fieldErrors?: Record<string, string[] | undefined>;
  /** Why, in a word the client can act on (AppError's reason). */
  reason?: string;
}

/** Messages of refusals Fastify itself raises (texts: shared/src/i18n/texts/server.ts). */
export const HTTP_MESSAGES = {
  unsupportedType: 'http.unsupportedType',
  bodyTooLarge: 'http.bodyTooLarge',
  emptyJson: 'http.emptyJson',
  invalidJson: 'http.invalidJson',
  badRequest: 'http.badRequest',
  methodNotAllowed: 'http.methodNotAllowed',
  requestTimeout: 'http.requestTimeout',
  noEndpoint: 'http.noEndpoint',
  foreignOrigin: 'http.foreignOrigin',
  coverNotFound: 'http.coverNotFound',
  toolsOnly: 'http.toolsOnly',
  importFormat: 'http.importFormat',
} as const satisfies Record<string, MessageCode>;

interface HttpError {
  status: number;
  body: ErrorBody;
  retryAfter?: number;
}

const FASTIFY_CODES: Record<string, { status: number; message: MessageCode }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: HTTP_MESSAGES.unsupportedType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: HTTP_MESSAGES.bodyTooLarge },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: HTTP_MESSAGES.emptyJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: HTTP_MESSAGES.invalidJson },
};

/** The status and body of any thrown error, its messages in `language` (the request's: requestLanguage). */
export function toHttpError(err: unknown, language: Language = DEFAULT_LANGUAGE): HttpError {
  // Under the disk reserve, or a write that found the disk full: 507 (tRPC has no such code).
  if (isOutOfSpace(err)) return { status: 507, body: { statusCode: 507, error: 'INSUFFICIENT_STORAGE', ...answerOf(ERROR_MESSAGES.outOfSpace, language) } };
  // The database is down or restarting: 503 with Retry-After, whatever path the error took.
  if (!(err instanceof AppError) && isDatabaseUnavailable(err)) return toHttpError(serviceUnavailable(err), language);
  if (err instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(err);
    if (err instanceof AppError && err.appCode === 'SERVICE_UNAVAILABLE') return unavailable(err, language);
    if (status >= 500) return internal(language);
    const fieldErrors = errorFields(err, language);
    return {
      status,
      body: {
        statusCode: status,
        error: err.code,
        ...refusalAnswer(err, language),
        ...(fieldErrors ? { fieldErrors } : {}),
        ...(err instanceof AppError && err.reason ? { reason: err.reason } : {}),
      },
      ...(err instanceof AppError && err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
    };
  }
  if (err instanceof ZodError) {
    return { status: 400, body: { statusCode: 400, error: 'BAD_REQUEST', ...validationRefusal(err, language), fieldErrors: errorFields(err, language) ?? {} } };
  }
  const e = err as { code?: string; statusCode?: number };
  const known = e.code ? FASTIFY_CODES[e.code] : undefined;
  if (known) return clientError(known.status, known.message, language);
  // Other client errors raised by Fastify itself (4xx): a plain refusal.
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) return clientError(e.statusCode, HTTP_MESSAGES.badRequest, language);
  return internal(language);
}

function clientError(status: number, message: MessageCode, language: Language): HttpError {
  const error =
    {
      400: 'BAD_REQUEST',
      401: 'UNAUTHORIZED',
      403: 'FORBIDDEN',
      404: 'NOT_FOUND',
      409: 'CONFLICT',
      408: 'TIMEOUT',
      413: 'PAYLOAD_TOO_LARGE',
      415: 'UNSUPPORTED_MEDIA_TYPE',
      429: 'TOO_MANY_REQUESTS',
    }[status] ?? 'BAD_REQUEST';
  return { status, body: { statusCode: status, error, ...answerOf(message, language) } };
}

function unavailable(err: AppError, language: Language): HttpError {
  return {
    status: 503,
    body: { statusCode: 503, error: 'SERVICE_UNAVAILABLE', ...answerOf(err.messageRef, language) },
    ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
  };
}

function internal(language: Language): HttpError {
  return { status: 500, body: { statusCode: 500, error: 'INTERNAL_SERVER_ERROR', ...answerOf(ERROR_MESSAGES.internal, language) } };
}

/** The body of an error a route answers itself: its message is written in the request's language on the way out. */
export function errorBody(statusCode: number, error: string, msg: Message): { statusCode: number; error: string; messageCode: MessageCode; messageParams?: MessageParams } {
  const ref = typeof msg === 'string' ? { code: msg } : msg;
  return { statusCode, error, messageCode: ref.code, ...(ref.params ? { messageParams: ref.params } : {}) };
}

/**
 * Error bodies a route sends itself (errorBody: a stored file's 401/404, the origin check's 403,
 * an unknown endpoint's 404) get their message in the request's language from their code.
 */
export function registerLocalizedErrorBodies(app: FastifyInstance): void {
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    if (!isUnwrittenErrorBody(payload)) return done(null, payload);
    const { statusCode, error, messageCode, messageParams, ...rest } = payload;
    const message = formatMessage({ code: messageCode, ...(messageParams ? { params: messageParams } : {}) }, requestLanguage(req));
    done(null, { statusCode, error, message, messageCode, ...(messageParams ? { messageParams } : {}), ...rest });
  });
}

function isUnwrittenErrorBody(payload: unknown): payload is { statusCode: number; error: string; messageCode: MessageCode; messageParams?: MessageParams } {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return false;
  const body = payload as Record<string, unknown>;
  return typeof body.statusCode === 'number' && body.statusCode >= 400 && typeof body.error === 'string' && !('message' in body) && isMessageCode(body.messageCode);
}
