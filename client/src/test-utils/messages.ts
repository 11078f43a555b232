// A message's text as the server sends it (English, or German) or the client shows it, by code.
import type { Message } from '@tonieshelf/shared/i18n/message-key';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';

export const en = (msg: Message): string => formatMessage(msg, 'en');
export const de = (msg: Message): string => formatMessage(msg, 'de');
