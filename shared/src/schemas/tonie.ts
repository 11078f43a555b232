// Catalogue schemas (SPEC §3 Tonie, §5 catalogue address, §7 tonie endpoints).
import { z } from 'zod';
import { CATALOGUE_MAX_PAGE_SIZE, CATALOGUE_PAGE_SIZE, CATALOGUE_SORTS } from '../constants';
import { TAG_NAME_MAX, uniqueTagNames } from './tag';

export const SEARCH_MAX_LENGTH = 200;
export const TAG_FILTER_MAX = 20;

const positiveInt = (name: string, max?: number) => {
  let schema = z.coerce
    .number({ error: `${name} must be a whole number of at least 1` })
    .int({ error: `${name} must be a whole number of at least 1` })
    .min(1, { error: `${name} must be a whole number of at least 1` });
  if (max) schema = schema.max(max, { error: `${name} must be at most ${max}` });
  return schema;
};

/** Tags as an array or a comma-separated list; trimmed, empty ones dropped, duplicates folded. */
export const tagFilterSchema = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')))
  .pipe(
    z
      .array(z.string().trim().max(TAG_NAME_MAX, { error: `A tag has at most ${TAG_NAME_MAX} characters` }))
      .transform(uniqueTagNames)
      .pipe(z.array(z.string()).max(TAG_FILTER_MAX, { error: `Filter by at most ${TAG_FILTER_MAX} tags` })),
  );

export const tonieSortSchema = z.enum(CATALOGUE_SORTS, { error: 'sort must be newest, highest, lowest or az' });

export const tonieListInputSchema = z.object({
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize', CATALOGUE_MAX_PAGE_SIZE).default(CATALOGUE_PAGE_SIZE),
  tags: tagFilterSchema.optional(),
  sort: tonieSortSchema.default('newest'),
  category: z.string().trim().max(64, { error: 'category must be at most 64 characters' }).optional(),
  search: z.string().trim().max(SEARCH_MAX_LENGTH, { error: `The search has at most ${SEARCH_MAX_LENGTH} characters` }).optional(),
});
export type TonieListInput = z.input<typeof tonieListInputSchema>;
export type TonieListQuery = z.output<typeof tonieListInputSchema>;

export const tonieIdSchema = z.coerce
  .number({ error: 'The Tonie id must be a whole number' })
  .int({ error: 'The Tonie id must be a whole number' })
  .min(1, { error: 'The Tonie id must be a whole number' })
  .max(2_147_483_647, { error: 'The Tonie id must be a whole number' });

export const quickSearchInputSchema = z.object({
  q: z
    .string()
    .trim()
    .min(2, { error: 'Type at least 2 characters' })
    .max(SEARCH_MAX_LENGTH, { error: `The search has at most ${SEARCH_MAX_LENGTH} characters` }),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

/** A Tonie as lists show it (SPEC §3 minus the HTML fields). */
export const tonieSummarySchema = z.object({
  id: z.number().int(),
  article: z.string(),
  name: z.string(),
  series: z.string().nullable(),
  image: z.string().nullable(),
  category: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  runtime: z.number().nullable(),
  language: z.string().nullable(),
  songCount: z.number().int(),
  releaseDate: z.string().nullable(),
  ageRange: z.string().nullable(),
  tags: z.array(z.string()),
  averageRating: z.number(),
  totalRatings: z.number().int(),
});
export type TonieSummary = z.infer<typeof tonieSummarySchema>;

/** A Tonie with every SPEC §3 field; HTML fields are sanitised by the server. */
export const tonieSchema = tonieSummarySchema.extend({
  html_description: z.string().nullable(),
  html_tracklist: z.string().nullable(),
});
export type Tonie = z.infer<typeof tonieSchema>;

export const tonieListSchema = z.object({ tonies: z.array(tonieSummarySchema), totalCount: z.number().int() });
export type TonieList = z.infer<typeof tonieListSchema>;

export const quickSearchResultSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable(), category: z.string() }),
);
export type QuickSearchResult = z.infer<typeof quickSearchResultSchema>;

export const categoryCountsSchema = z.array(z.object({ category: z.string(), count: z.number().int() }));
export type CategoryCounts = z.infer<typeof categoryCountsSchema>;
