// Reading the server's answer out of a failed tRPC call: its readable message (made by the server
// in the interface language), the message's code (what the client acts on), the field messages of
// a failed input, the tRPC code.
import { TRPCClientError } from '@trpc/client';
import type { AppRouter } from '@tonieshelf/server/router';

type ClientError = TRPCClientError<AppRouter>;

function asClientError(error: unknown): ClientError | null {
  return error instanceof TRPCClientError ? (error as ClientError) : null;
}

/**
 * The server's own message, or null when the server gave none (no connection, a proxy's HTML
 * error page): callers then show their fallback text.
 */
export function serverMessage(error: unknown): string | null {
  const e = asClientError(error);
  if (!e?.data) return null;
  return e.message.trim() || null;
}

/** The code of the server's message, e.g. 'auth.emailTaken': what the client acts on, never the text. */
export function messageCode(error: unknown): string | null {
  const code: unknown = asClientError(error)?.data?.messageCode;
  return typeof code === 'string' && code ? code : null;
}

/** The tRPC error code of a server answer, e.g. 'UNAUTHORIZED'. */
export function errorCode(error: unknown): string | null {
  return asClientError(error)?.data?.code ?? null;
}

/** Field messages of a failed input, first message per field: { password: '...' }. */
export function fieldErrors(error: unknown): Record<string, string> {
  const raw = asClientError(error)?.data?.fieldErrors as Record<string, string[] | undefined> | null | undefined;
  const out: Record<string, string> = {};
  if (!raw) return out;
  for (const [field, messages] of Object.entries(raw)) {
    const first = messages?.[0];
    if (first) out[field] = first;
  }
  return out;
}
