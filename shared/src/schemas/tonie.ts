import { z } from 'zod';

export const categoryCountsSchema = z.array(z.object({ category: z.string(), count: z.number().int() }));
export type CategoryCounts = z.infer<typeof categoryCountsSchema>;
