// Turns any thrown error into an HTTP status and a JSON body. Used by the Fastify error handler
// and by the /api shims, so REST and tRPC answer a failure alike.
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import { ZodError } from 'zod';
import { isOutOfSpace, OUT_OF_SPACE_MESSAGE } from '../storage/disk-space';
import { isDatabaseUnavailable } from '../db/unavailable';
import { AppError, errorFields, INTERNAL_ERROR_MESSAGE, serviceUnavailable, validationMessage } from '../errors';

interface ErrorBody {
  statusCode: number;
  error: string;
  message: string;
  fieldErrors?: Record<string, string[] | undefined>;
  /** Why, in a word the client can act on (AppError's reason). */
  reason?: string;
}

interface HttpError {
  status: number;
  body: ErrorBody;
  retryAfter?: number;
}

const FASTIFY_CODES: Record<string, { status: number; message: string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, message: 'Unsupported content type.' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, message: 'The request body is too large.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: 'The JSON body is empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: 'The body is not valid JSON.' },
};

export function toHttpError(err: unknown): HttpError {
  // Under the disk reserve, or a write that found the disk full: 507 (tRPC has no such code).
  if (isOutOfSpace(err)) return { status: 507, body: { statusCode: 507, error: 'INSUFFICIENT_STORAGE', message: OUT_OF_SPACE_MESSAGE } };
  // The database is down or restarting: 503 with Retry-After, whatever path the error took.
  if (!(err instanceof AppError) && isDatabaseUnavailable(err)) return toHttpError(serviceUnavailable(err));
  if (err instanceof TRPCError) {
    const status = getHTTPStatusCodeFromError(err);
    if (err instanceof AppError && err.appCode === 'SERVICE_UNAVAILABLE') return unavailable(err);
    if (status >= 500) return internal();
    const zodError = err.cause instanceof ZodError ? err.cause : null;
    const fieldErrors = errorFields(err);
    return {
      status,
      body: {
        statusCode: status,
        error: err.code,
        message: zodError ? validationMessage(zodError) : err.message,
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
        message: validationMessage(err),
        fieldErrors: errorFields(err) ?? {},
      },
    };
  }
  const e = err as { code?: string; statusCode?: number; validation?: unknown; message?: string };
  const known = e.code ? FASTIFY_CODES[e.code] : undefined;
  if (known) return clientError(known.status, known.message);
  // Other client errors raised by Fastify itself (4xx with a safe message).
  if (typeof e.statusCode === 'number' && e.statusCode >= 400 && e.statusCode < 500) {
    return clientError(e.statusCode, e.message || 'Bad request.');
  }
  return internal();
}

function clientError(status: number, message: string): HttpError {
  const error =
    { 400: 'BAD_REQUEST', 401: 'UNAUTHORIZED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 409: 'CONFLICT', 408: 'TIMEOUT', 413: 'PAYLOAD_TOO_LARGE', 415: 'UNSUPPORTED_MEDIA_TYPE', 429: 'TOO_MANY_REQUESTS' }[status] ??
    'BAD_REQUEST';
  return { status, body: { statusCode: status, error, message } };
}

function unavailable(err: AppError): HttpError {
  return {
    status: 503,
    body: { statusCode: 503, error: 'SERVICE_UNAVAILABLE', message: err.message },
    ...(err.retryAfter !== undefined ? { retryAfter: err.retryAfter } : {}),
  };
}

function internal(): HttpError {
  return { status: 500, body: { statusCode: 500, error: 'INTERNAL_SERVER_ERROR', message: INTERNAL_ERROR_MESSAGE } };
}
