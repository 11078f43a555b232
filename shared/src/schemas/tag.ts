import { z } from 'zod';

export const TAG_NAME_MAX = 40;

/** The tag list response of SPEC §3: an object with a tags array of strings. */
export const tagListSchema = z.object({ tags: z.array(z.string()) });
export type TagList = z.infer<typeof tagListSchema>;

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
