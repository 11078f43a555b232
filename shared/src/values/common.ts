// Plain values shared by the domains: number, text and tag messages, tag names.
// Without zod, so that a page can use them without loading the schemas: schemas/common.ts
// re-exports them (import from either).
import { SEARCH_MAX_LENGTH, TAG_FILTER_MAX, TAG_NAME_MAX } from '../constants';

/** Refusals of a numeric parameter, named by the parameter ('page', 'pageSize'). */
export const NUMBER_MESSAGES = {
  wholeNumber: (name: string) => `${name} must be a whole number of at least 1`,
  atMost: (name: string, max: number) => `${name} must be at most ${max}`,
} as const;
export const TEXT_MESSAGES = {
  nul: 'Remove the invisible NUL character (U+0000) from this text',
} as const;
export const TAG_MESSAGES = {
  tagTooLong: `A tag has at most ${TAG_NAME_MAX} characters`,
  tagComma: 'A tag cannot contain a comma',
  tooManyFilterTags: `Filter by at most ${TAG_FILTER_MAX} tags`,
  searchTooLong: `The search has at most ${SEARCH_MAX_LENGTH} characters`,
} as const;

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
