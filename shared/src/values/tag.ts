// Catalogue tags' plain values: the kinds of tag groups.
// Without zod, so that a page can use them without loading the schemas: schemas/tag.ts
// re-exports them (import from either).

/**
 * The kinds of catalogue tags, in the order the filter shows them: a series' name, an age
 * ('Ages 3+'), a language ('German'), a topic from reviews (an approved review tag), other.
 */
export const TAG_GROUP_KINDS = ['series', 'age', 'language', 'topic', 'other'] as const;
export type TagGroupKind = (typeof TAG_GROUP_KINDS)[number];
