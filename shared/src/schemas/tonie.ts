// Catalogue schemas (SPEC §3 Tonie, §5 catalogue address, §7 tonie endpoints).
import { z } from 'zod';
import { CATALOGUE_MAX_PAGE_SIZE, CATALOGUE_PAGE_SIZE, CATALOGUE_SORTS, QUICK_SEARCH_MIN_LENGTH, SEARCH_MAX_LENGTH } from '../constants';
import { positiveInt, searchTextSchema, TAG_MESSAGES, tagFilterSchema, text } from './common';

export const tonieSortSchema = z.enum(CATALOGUE_SORTS, { error: 'sort must be newest, highest, lowest or az' });

export const tonieListInputSchema = z.object({
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize', CATALOGUE_MAX_PAGE_SIZE).default(CATALOGUE_PAGE_SIZE),
  tags: tagFilterSchema.optional(),
  sort: tonieSortSchema.default('newest'),
  category: text().trim().max(64, { error: 'category must be at most 64 characters' }).optional(),
  search: searchTextSchema.optional(),
});
export type TonieListInput = z.input<typeof tonieListInputSchema>;
export type TonieListQuery = z.output<typeof tonieListInputSchema>;

export const tonieIdSchema = z.coerce
  .number({ error: 'The Tonie id must be a whole number' })
  .int({ error: 'The Tonie id must be a whole number' })
  .min(1, { error: 'The Tonie id must be a whole number' })
  .max(2_147_483_647, { error: 'The Tonie id must be a whole number' });

export const quickSearchInputSchema = z.object({
  q: text()
    .trim()
    .min(QUICK_SEARCH_MIN_LENGTH, { error: `Type at least ${QUICK_SEARCH_MIN_LENGTH} characters` })
    .max(SEARCH_MAX_LENGTH, { error: TAG_MESSAGES.searchTooLong }),
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
