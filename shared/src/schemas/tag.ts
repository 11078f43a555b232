import { z } from 'zod';

export const TAG_NAME_MAX = 40;

/** The tag list response of SPEC §3: an object with a tags array of strings. */
export const tagListSchema = z.object({ tags: z.array(z.string()) });
export type TagList = z.infer<typeof tagListSchema>;
