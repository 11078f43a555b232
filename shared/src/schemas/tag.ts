import { z } from 'zod';

/** The tag list response of SPEC §3: an object with a tags array of strings. */
export const tagListSchema = z.object({ tags: z.array(z.string()) });
export type TagList = z.infer<typeof tagListSchema>;

/**
 * The kinds of catalogue tags, in the order the filter shows them: a series' name, an age
 * ('Ages 3+'), a language ('German'), a topic from reviews (an approved review tag), other.
 */
export const TAG_GROUP_KINDS = ['series', 'age', 'language', 'topic', 'other'] as const;
export type TagGroupKind = (typeof TAG_GROUP_KINDS)[number];

/** The catalogue tags in groups, each tag with how many Tonies carry it; empty groups left out. */
export const tagGroupsSchema = z.object({
  groups: z.array(
    z.object({
      kind: z.enum(TAG_GROUP_KINDS),
      tags: z.array(z.object({ name: z.string(), count: z.number().int() })),
    }),
  ),
});
export type TagGroups = z.infer<typeof tagGroupsSchema>;
