// A message's text as an answer carries it: English (no language asked for) or German.
import type { Message } from '@tonieshelf/shared/i18n/message-key';
import { formatMessage } from '@tonieshelf/shared/i18n/messages';

export const en = (msg: Message): string => formatMessage(msg, 'en');
export const de = (msg: Message): string => formatMessage(msg, 'de');
