// Schema pieces used by more than one domain: whole-number paging parameters, search text, tag
// names (one rule for catalogue, review and audio tags) and the tag filter of list queries.
import './zod-config';
import { z } from 'zod';
import { SEARCH_MAX_LENGTH, TAG_FILTER_MAX, TAG_NAME_MAX, BOOLEAN_MESSAGES, NUMBER_MESSAGES, TEXT_MESSAGES, TAG_MESSAGES, uniqueTagNames } from '../values/common';
import { messageKey } from '../i18n/message-key';

/** A whole number of at least 1 (and at most `max`), from a number or a query-string text. */
export const positiveInt = (name: string, max?: number) => {
  const wholeNumber = messageKey(NUMBER_MESSAGES.wholeNumber, { name });
  let schema = z.coerce.number({ error: wholeNumber }).int({ error: wholeNumber }).min(1, { error: wholeNumber });
  if (max) schema = schema.max(max, { error: messageKey(NUMBER_MESSAGES.atMost, { name, max }) });
  return schema;
};

/** A yes/no field, its refusal named by the field ('helpful must be true or false'). */
export const yesNo = (field: string) => z.boolean({ error: messageKey(BOOLEAN_MESSAGES.trueOrFalse, { field }) });

/**
 * Every text input starts here instead of z.string(): a string without the NUL character, which
 * PostgreSQL cannot store (and no one types). Chain trim, min, max, regex... as on z.string().
 */
export const text = (params?: Parameters<typeof z.string>[0]) => z.string(params).refine((v) => !v.includes('\u0000'), { error: TEXT_MESSAGES.nul, abort: true });

/** The search text of a list query: trimmed, at most SEARCH_MAX_LENGTH characters. */
export const searchTextSchema = text().trim().max(SEARCH_MAX_LENGTH, { error: TAG_MESSAGES.searchTooLong });

/** Tags as an array or a comma-separated list; trimmed, empty ones dropped, duplicates folded. */
export const tagFilterSchema = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')))
  .pipe(
    z
      .array(text().trim().max(TAG_NAME_MAX, { error: TAG_MESSAGES.tagTooLong }))
      .transform(uniqueTagNames)
      .pipe(z.array(z.string()).max(TAG_FILTER_MAX, { error: TAG_MESSAGES.tooManyFilterTags })),
  );
