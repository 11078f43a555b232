// Naming a message: a code with the params of its variable parts, and the key a zod issue carries
// it as. Without the texts (messages.ts has them), so schemas and rules that only name messages
// load no text.
import type { MessageCode, ParamsOf } from './messages';
import type { MessageParams, NoParams } from './message-format';

export type ParamArgs<C extends MessageCode> = keyof ParamsOf<C> extends never ? [params?: NoParams] : [params: ParamsOf<C>];

/** A message: its code and the params of its variable parts. */
export interface MessageRef<C extends MessageCode = MessageCode> {
  readonly code: C;
  readonly params?: MessageParams;
}

/** What a rule raises: a code alone, or a code with params. */
export type Message = MessageCode | MessageRef;

/** A code with the params its texts need: message(QUOTA_MESSAGES.inFlight, { count: 2 }). */
export function message<C extends MessageCode>(code: C, ...[params]: ParamArgs<C>): MessageRef<C> {
  return params && Object.keys(params).length > 0 ? { code, params } : { code };
}

/** A message as a reference (a code alone has no params). */
export function messageRef(msg: Message): MessageRef {
  return typeof msg === 'string' ? { code: msg } : msg;
}

/**
 * A message as a zod issue carries it (its `error` is a text): the code, with the params as JSON
 * after it when there are any, e.g. 'number.atMost{"name":"pageSize","max":100}'.
 */
export function messageKey<C extends MessageCode>(code: C, ...params: ParamArgs<C>): string {
  return keyOf(message(code, ...params));
}

/** The key of a message (see messageKey). */
export function keyOf(msg: Message): string {
  const { code, params } = messageRef(msg);
  return params && Object.keys(params).length > 0 ? `${code}${JSON.stringify(params)}` : code;
}
