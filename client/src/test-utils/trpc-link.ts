// A tRPC link for component tests: every call is answered by the test's own handler for that
// procedure path ('review.create', 'auth.me', ...), with no network and no server. Each call is
// recorded so a test can check what was sent.
import { TRPCClientError } from '@trpc/client';
import type { TRPCLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import type { AppRouter } from '@tonieshelf/server/router';
import type { Message } from '@tonieshelf/shared/i18n/message-key';
import { formatMessage, isMessageCode } from '@tonieshelf/shared/i18n/messages';
import type { Language } from '@tonieshelf/shared/languages';

/** Answers one procedure: returns (or resolves to) its output, or throws trpcError(...). */
export type TrpcHandler = (input: unknown) => unknown;
export type TrpcHandlers = Record<string, TrpcHandler>;

export interface TrpcCall {
  path: string;
  type: string;
  input: unknown;
}

/**
 * An error as the server sends it: `data.code` ('CONFLICT', 'NOT_FOUND', ...) and `data.httpStatus`;
 * a message code (MODERATION_MESSAGES.itemNotFound) comes as the server sends it, its text in
 * `language` with `data.messageCode`.
 */
export function trpcError(code: string, httpStatus: number, message: Message | string, language: Language = 'en'): TRPCClientError<AppRouter> {
  const ref = typeof message !== 'string' ? message : isMessageCode(message) ? { code: message } : null;
  const text = ref ? formatMessage(ref, language) : (message as string);
  const said = ref ? { messageCode: ref.code, messageParams: ref.params ?? null } : {};
  return TRPCClientError.from({ error: { message: text, code: -32000, data: { code, httpStatus, ...said } } });
}

export function handlerLink(handlers: TrpcHandlers, calls: TrpcCall[]): TRPCLink<AppRouter> {
  return () =>
    ({ op }) =>
      observable((observer) => {
        calls.push({ path: op.path, type: op.type, input: op.input });
        const handler = handlers[op.path];
        Promise.resolve()
          .then(() => {
            if (!handler) throw trpcError('NOT_FOUND', 404, `No test handler for ${op.path}`);
            return handler(op.input);
          })
          .then((data) => {
            observer.next({ result: { type: 'data', data } });
            observer.complete();
          })
          .catch((cause: unknown) => {
            observer.error(cause instanceof TRPCClientError ? cause : TRPCClientError.from(cause instanceof Error ? cause : new Error(String(cause))));
          });
        return () => undefined;
      });
}
