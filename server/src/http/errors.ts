// Turns any thrown error into an HTTP status and a JSON body. Used by the Fastify error handler
// and by the /api shims, so REST and tRPC answer a failure alike. The message and field messages
// are in the request's language, with the message's code (messageCode, null when unknown).
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { localizeMessage } from '@tonieshelf/shared/i18n/messages';
import { DEFAULT_LANGUAGE, type Language } from '@tonieshelf/shared/languages';
import type { FastifyInstance } from 'fastify';
import { ZodError } from 'zod';
import { isOutOfSpace, OUT_OF_SPACE_MESSAGE } from '../storage/disk-space';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, errorFields, INTERNAL_ERROR_MESSAGE, localizedAnswer, serviceUnavailable } from '../errors';
import { requestLanguage } from './context';

interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  /** The message's code in the catalogue (shared/src/i18n), e.g. 'auth.invalidCredentials'; null when unknown. */
  messageCode: string | null;
  fieldErrors?: Record<string, string[] | undefined>;
  /** Why, in a word the client can act on (AppError's reason). */
  reason?: string;
}

/** Messages of refusals Fastify itself raises (their German is in the catalogue, 'http.<key>'). */
export const HTTP_MESSAGES = {
  unsupportedType: 'Unsupported content type.',
  bodyTooLarge: 'The request body is too large.',
  emptyJson: 'The JSON body is empty.',
  invalidJson: 'The body is not valid JSON.',
  badRequest: 'Bad request.',
} as const;

interface HttpError {
  status: number;
  body: ErrorBody;
  retryAfter?: number;
}

const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: HTTP_MESSAGES.unsupportedType },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: HTTP_MESSAGES.bodyTooLarge },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: HTTP_MESSAGES.emptyJson },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: HTTP_MESSAGES.invalidJson },
};

/** A message in `language` with its code, as an error body carries them. */
function said(message: string, language: Language): { message: string; messageCode: string | null } {
  const localized = localizeMessage(message, language);
  return { message: localized.message, messageCode: localized.code };
}

/** The status and body of any thrown error, its messages in `language` (the request's: requestLanguage). */
export function toHttpError(err: unknown, language: Language = DEFAULT_LANGUAGE): HttpError {
  // Under the disk reserve, or a write that found the disk full: 507 (tRPC has no such code).
  if (isOutOfSpace(err)) return { status: 507, body: { statusCode: 507, error: 'INSUFFICIENT_STORAGE', ...said(OUT_OF_SPACE_MESSAGE, language) } };
  // The database is down or restarting: 503 with Retry-After, whatever path the error took.
  if (!(err instanceof AppError) && isDatabaseUnavailable(err)) return toHttpError(serviceUnavailable(err), language);
  if (err instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(err);
    if (err instanceof AppError && err.appCode === 'SERVICE_UNAVAILABLE') return unavailable(err, language);
    if (status >= 500) return internal(language);
    const zodError = err.cause instanceof ZodError ? err.cause : null;
    const fieldErrors = errorFields(err, language);
    return {
      status,
      body: {
        statusCode: status,
        error: err.code,
        ...localizedAnswer(err.message, zodError, language),
        ...(fieldErrors ? { fieldErrors } : {}),
        ...(err instanceof AppError && err.reason ? { reason: err.reason } : {}),
      },
      ...(err instanceof AppError && err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
    };
  }
  if (err instanceof ZodError) {
    return {
      status: 400,
      body: {
        statusCode: 400,
        error: 'BAD_REQUEST',
        ...localizedAnswer('', err, language),
        fieldErrors: errorFields(err, language) ?? {},
      },
    };
  }
  const e = err as { code?: string; statusCode?: number; validation?: unknown; message?: string };
  const known = e.code ? FASTIFY_CODES[e.code] : undefined;
  if (known) return clientError(known.status, known.message, language);
  // Other client errors raised by Fastify itself (4xx with a safe message).
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return clientError(e.statusCode, e.message || HTTP_MESSAGES.badRequest, language);
  }
  return internal(language);
}

function clientError(status: number, message: string, language: Language): HttpError {
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
  return { status, body: { statusCode: status, error, ...said(message, language) } };
}

function unavailable(err: AppError, language: Language): HttpError {
  return {
    status: 503,
    body: { statusCode: 503, error: 'SERVICE_UNAVAILABLE', ...said(err.message, language) },
    ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
  };
}

function internal(language: Language): HttpError {
  return { status: 500, body: { statusCode: 500, error: 'INTERNAL_SERVER_ERROR', ...said(INTERNAL_ERROR_MESSAGE, language) } };
}

/**
 * Error bodies a route sends itself ({ statusCode, error, message }: a stored file's 401/404,
 * the origin check's 403, an unknown endpoint's 404) in the request's language, with their
 * messageCode, as the error handler's answers are. Bodies that already carry messageCode pass.
 */
export function registerLocalizedErrorBodies(app: FastifyInstance): void {
  app.addHook('preSerialization', (req, _reply, payload, done) => {
    if (!isPlainErrorBody(payload)) return done(null, payload);
    const language = requestLanguage(req);
    const fieldErrors = payload.fieldErrors;
    done(null, {
      ...payload,
      ...said(payload.message, language),
      ...(fieldErrors && typeof fieldErrors === 'object'
        ? {
            fieldErrors: Object.fromEntries(
              Object.entries(fieldErrors).map(([k, v]) => [k, Array.isArray(v) ? v.map((m) => (typeof m === 'string' ? said(m, language).message : m)) : v]),
            ),
          }
        : {}),
    });
  });
}

function isPlainErrorBody(payload: unknown): payload is { statusCode: number; message: string; fieldErrors?: Record<string, unknown> } {
  if (!payload || typeof payload !== 'object' || Array.isArray(payload)) return false;
  const body = payload as Record<string, unknown>;
  return typeof body.statusCode === 'number' && body.statusCode >= 400 && typeof body.message === 'string' && typeof body.error === 'string' && !('messageCode' in body);
}
