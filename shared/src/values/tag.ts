// Tags' plain values: the kinds of catalogue tag groups, tag lists' freshness, tag analytics.
// Without zod, so that a page can load them without the schemas.

/** How long a fetched tag list (catalogue, review and audio tags) counts as fresh in the browser. */
export const TAG_LIST_CACHE_MS = 5 * 60 * 1000;
/** The tag filter reports a search to analytics from this many characters on (SPEC §5). */
export const TAG_ANALYTICS_MIN_LENGTH = 3;

/**
 * The kinds of catalogue tags, in the order the filter shows them: a series' name, an age
 * ('Ages 3+'), a language ('German'), a topic from reviews (an approved review tag), other.
 */
export const TAG_GROUP_KINDS = ['series', 'age', 'language', 'topic', 'other'] as const;
export type TagGroupKind = (typeof TAG_GROUP_KINDS)[number];
