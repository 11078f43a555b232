import { z } from 'zod';

/** The tag list response of SPEC §3: an object with a tags array of strings. */
export const tagListSchema = z.object({ tags: z.array(z.string()) });
export type TagList = z.infer<typeof tagListSchema>;
