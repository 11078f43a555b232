// Plain values shared by the domains: number, text and tag messages, tag names.
// Without zod, so that a page can use them without loading the schemas: schemas/common.ts
// re-exports them (import from either).
import type { MessageCode } from '../i18n/messages';

/** Refusals of a numeric parameter, named by the parameter ('page', 'pageSize'). */
export const NUMBER_MESSAGES = {
  wholeNumber: 'number.wholeNumber',
  atMost: 'number.atMost',
} as const satisfies Record<string, MessageCode>;
/** Refusals of a yes/no parameter, named by the parameter ('helpful', 'enabled'). */
export const BOOLEAN_MESSAGES = {
  trueOrFalse: 'boolean.trueOrFalse',
} as const satisfies Record<string, MessageCode>;
export const TEXT_MESSAGES = {
  nul: 'text.nul',
} as const satisfies Record<string, MessageCode>;
export const TAG_MESSAGES = {
  tagTooLong: 'tag.tagTooLong',
  tagComma: 'tag.tagComma',
  tooManyFilterTags: 'tag.tooManyFilterTags',
  searchTooLong: 'tag.searchTooLong',
} as const satisfies Record<string, MessageCode>;

/** Drops empty names and later duplicates that differ only in case; the first spelling wins. */
export function uniqueTagNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const name of names) {
    const key = name.toLowerCase();
    if (name && !seen.has(key)) {
      seen.add(key);
      out.push(name);
    }
  }
  return out;
}
