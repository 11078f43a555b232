// Catalogue schemas (SPEC §3 Tonie, §5 catalogue address, §7 tonie endpoints).
import { z } from 'zod';
import { canonicalLanguageTag } from '../languages';
import {
  AGE_FILTER_MAX,
  CATALOGUE_MAX_PAGE_SIZE,
  CATALOGUE_PAGE_SIZE,
  LANGUAGE_FILTER_MAX,
  QUICK_SEARCH_MIN_LENGTH,
  CATALOGUE_FILTER_MESSAGES,
  CATALOGUE_MESSAGES,
  TONIE_LIST_SORTS,
} from '../values/tonie';
import { SEARCH_MAX_LENGTH, TAG_MESSAGES } from '../values/common';
import { SHELF_FILTERS } from '../values/shelf';
import { positiveInt, searchTextSchema, tagFilterSchema, text } from './common';

/** A catalogue language as the importer stores it: 'de-DE', 'en-GB', 'fr' ... */
const languageTagSchema = text()
  .refine((tag) => canonicalLanguageTag(tag) !== null, { error: CATALOGUE_FILTER_MESSAGES.language })
  .transform((tag) => canonicalLanguageTag(tag)!);

/** Languages as an array or a comma-separated list; duplicates dropped. */
export const languageFilterSchema = z
  .union([text(), z.array(text())])
  .transform((v) => (Array.isArray(v) ? v : v.split(',')).map((t) => t.trim()).filter(Boolean))
  .pipe(z.array(languageTagSchema).max(LANGUAGE_FILTER_MAX, { error: CATALOGUE_FILTER_MESSAGES.tooManyLanguages }))
  .transform((tags) => [...new Set(tags)]);

/** 'Suits a child of N' (0 to AGE_FILTER_MAX); an address's text must be written plainly ('4'), an empty value counts as absent. */
const ageFilterSchema = z
  .preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : /^\d{1,2}$/.test(v.trim()) ? Number(v.trim()) : v) : v),
    z
      .number({ error: CATALOGUE_FILTER_MESSAGES.age })
      .int({ error: CATALOGUE_FILTER_MESSAGES.age })
      .min(0, { error: CATALOGUE_FILTER_MESSAGES.age })
      .max(AGE_FILTER_MAX, { error: CATALOGUE_FILTER_MESSAGES.age })
      .optional(),
  )
  .optional();

/** The list's language and age filters, which the category buttons' counts follow (tonie.categories). */
export const categoryCountsInputSchema = z.object({ languages: languageFilterSchema.optional(), age: ageFilterSchema }).optional();
export type CategoryCountsInput = z.input<typeof categoryCountsInputSchema>;

/** A series' name as the list's filter and the series page take it. */
export const seriesNameSchema = text().trim().min(1, { error: CATALOGUE_FILTER_MESSAGES.seriesEmpty }).max(300, { error: CATALOGUE_FILTER_MESSAGES.series });

export const tonieListInputSchema = z
  .object({
    page: positiveInt('page').default(1),
    pageSize: positiveInt('pageSize', CATALOGUE_MAX_PAGE_SIZE).default(CATALOGUE_PAGE_SIZE),
    tags: tagFilterSchema.optional(),
    /** Absent: 'added' within a shelf, 'relevance' while searching, 'episode' on a series' page, else 'newest'. */
    sort: z.enum(TONIE_LIST_SORTS, { error: CATALOGUE_MESSAGES.sort }).optional(),
    category: text().trim().max(64, { error: CATALOGUE_MESSAGES.category }).optional(),
    search: searchTextSchema.optional(),
    /** Tonies in any of these languages. */
    languages: languageFilterSchema.optional(),
    /** 'Suits a child of N': Tonies whose minimum age is at most N. */
    age: ageFilterSchema,
    /** One series' episodes (the series page). */
    series: seriesNameSchema.optional(),
    /**
     * The signed-in user's shelves (UNAUTHORIZED signed out): Tonies on that shelf, or 'none' for
     * Tonies on none of them. Such a list is the viewer's own and is never cached.
     */
    shelf: z.enum(SHELF_FILTERS, { error: CATALOGUE_FILTER_MESSAGES.shelf }).optional(),
  })
  .refine((q) => q.sort !== 'added' || (q.shelf !== undefined && q.shelf !== 'none'), { error: CATALOGUE_FILTER_MESSAGES.addedNeedsShelf, path: ['sort'] });
export type TonieListInput = z.input<typeof tonieListInputSchema>;
export type TonieListQuery = z.output<typeof tonieListInputSchema>;

export const tonieIdSchema = z.coerce
  .number({ error: CATALOGUE_MESSAGES.tonieId })
  .int({ error: CATALOGUE_MESSAGES.tonieId })
  .min(1, { error: CATALOGUE_MESSAGES.tonieId })
  .max(2_147_483_647, { error: CATALOGUE_MESSAGES.tonieId });

export const quickSearchInputSchema = z.object({
  q: text().trim().min(QUICK_SEARCH_MIN_LENGTH, { error: CATALOGUE_MESSAGES.quickSearchTooShort }).max(SEARCH_MAX_LENGTH, { error: TAG_MESSAGES.searchTooLong }),
  limit: z.coerce.number().int().min(1).max(20).default(8),
});

/** A Tonie as lists show it (SPEC §3 minus the HTML fields). */
export const tonieSummarySchema = z.object({
  id: z.number().int(),
  article: z.string(),
  name: z.string(),
  series: z.string().nullable(),
  episode: z.string().nullable(),
  /** The youngest age the Tonie suits, from the imported age; null when unknown. */
  ageMin: z.number().int().nullable(),
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

export const tonieListSchema = z.object({
  tonies: z.array(tonieSummarySchema),
  totalCount: z.number().int(),
  /** When a search finds nothing: close matches ('Did you mean'), best first; else empty. */
  suggestions: z.array(z.string()).default([]),
});
export type TonieList = z.infer<typeof tonieListSchema>;

export const quickSearchResultSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    image: z.string().nullable(),
    category: z.string(),
    series: z.string().nullable(),
    episode: z.string().nullable(),
    language: z.string().nullable(),
  }),
);
export type QuickSearchResult = z.infer<typeof quickSearchResultSchema>;

export const categoryCountsSchema = z.array(z.object({ category: z.string(), count: z.number().int() }));
export type CategoryCounts = z.infer<typeof categoryCountsSchema>;

/** The language filter's choices with how many Tonies each has (the whole catalogue). */
export const languageCountsSchema = z.array(z.object({ language: z.string(), count: z.number().int() }));
export type LanguageCounts = z.infer<typeof languageCountsSchema>;

/** A series' page header: its name, episodes and rating over all episodes. */
export const seriesSummarySchema = z.object({
  series: z.string(),
  episodeCount: z.number().int(),
  averageRating: z.number(),
  totalRatings: z.number().int(),
  languages: z.array(z.string()),
});
export type SeriesSummary = z.infer<typeof seriesSummarySchema>;
