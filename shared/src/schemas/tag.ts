import './zod-config';
import { z } from 'zod';
import { TAG_GROUP_KINDS } from '../values/tag';

/** The tag list response of SPEC §3: an object with a tags array of strings. */
export const tagListSchema = z.object({ tags: z.array(z.string()) });
export type TagList = z.infer<typeof tagListSchema>;

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
