// Business constants and limits of SPEC §9 and PRODUCT.md, shared by server and client.

export const PRODUCT_NAME = 'TonieShelf';

export const CATALOGUE_PAGE_SIZE = 12;
export const CATALOGUE_MAX_PAGE_SIZE = 100;
export const DISCOVER_PAGE_SIZE = 12;
export const LIKED_PAGE_SIZE = 12;
export const OLDER_AUDIO_PAGE_SIZE = 9;
export const AUDIO_PAGINATION_BUTTONS = 5;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_MAX_LENGTH = 5000;
export const REVIEW_PLACEHOLDERS = 3;

export const CARD_DESCRIPTION_PREVIEW = 150;
export const CARD_VISIBLE_TAGS = 3;
export const TAG_NAME_MAX = 40;
export const REVIEW_TAGS_MAX = 10;
export const TAG_FILTER_MAX = 20;
export const SEARCH_MAX_LENGTH = 200;
export const AUDIO_MAX_TAGS = 8;
export const AUDIO_TAG_SUGGESTIONS = 5;
export const OLDER_AUDIO_TAG_CHIPS = 5;
export const CATALOGUE_TAG_LIST_HEIGHT = 250;
export const DISCOVER_TAG_LIST_HEIGHT = 300;

export const TAG_LIST_CACHE_MS = 5 * 60 * 1000;
export const LIST_FRESH_MS = 60 * 1000;
export const CATALOGUE_SEARCH_DEBOUNCE_MS = 300;
export const HEADER_SEARCH_DEBOUNCE_MS = 1000;
export const QUICK_SEARCH_MIN_LENGTH = 2;
export const TAG_ANALYTICS_MIN_LENGTH = 3;

export const PASSWORD_MIN_LENGTH = 6;
/** How long a texted second-step code works. */
export const PHONE_CODE_TTL_MINUTES = 5;
export const NAME_MIN_LENGTH = 2;
export const TITLE_MIN_LENGTH = 3;

export const MB = 1024 * 1024;
export const UPLOAD_AUDIO_MAX_BYTES = 50 * MB;
export const QUICK_UPLOAD_MAX_BYTES = 20 * MB;
export const COVER_MAX_BYTES = 5 * MB;
export const CREATIVE_TONIE_MAX_SECONDS = 90 * 60;
/** A Creative Tonie holds at most 99 chapters (and CREATIVE_TONIE_MAX_SECONDS of audio). */
export const CREATIVE_TONIE_MAX_CHAPTERS = 99;
/** /sets and /sets/mine: sets per page. */
export const SETS_PAGE_SIZE = 12;
/** Every user's shelves of Tonies (own and wishlist exclude each other; favourites combine with either). */
export const SHELVES = ['own', 'wishlist', 'favourites'] as const;
export type ShelfName = (typeof SHELVES)[number];
/** The catalogue's shelf filter: Tonies on one of my shelves, or on none of them. */
export const SHELF_FILTERS = [...SHELVES, 'none'] as const;
export type ShelfFilter = (typeof SHELF_FILTERS)[number];
/** shelf.states answers for at most this many Tonies (a catalogue page at its largest). */
export const SHELF_STATES_MAX_IDS = 100;
/** A shelf import's CSV text has at most this many characters (about 30,000 article codes). */
export const SHELF_IMPORT_MAX_CHARS = 512 * 1024;
/** Reviews per page on a profile. */
export const PROFILE_REVIEWS_PAGE_SIZE = 10;
/** Audio files, sets or shelf Tonies per page on a profile. */
export const PROFILE_ITEMS_PAGE_SIZE = 12;
/** How many peaks a stored waveform has (one byte each, 0..255). */
export const WAVEFORM_PEAKS = 400;
/** A chapter is flagged as much quieter or louder than its set beyond this many LU from the set's median. */
export const LOUDNESS_HINT_LU = 3;

export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_MAX_WIDTH = 420;

/** Catalogue sort keys (SPEC §2 'Sort By'), with their labels. */
export const CATALOGUE_SORTS = ['newest', 'highest', 'lowest', 'az', 'relevance', 'episode'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
/**
 * 'relevance' (the default while searching) and 'episode' (the default on a series' page) are
 * ours; the other four are SPEC §2's.
 */
export const CATALOGUE_SORT_LABELS: Record<CatalogueSort, string> = {
  newest: 'Newest First',
  highest: 'Highest Rated',
  lowest: 'Lowest Rated',
  az: 'A to Z',
  relevance: 'Best Match',
  episode: 'Episode Order',
};

/** The catalogue's language filter takes at most this many languages (BCP 47 tags, e.g. 'de-DE'). */
export const LANGUAGE_FILTER_MAX = 10;
/** 'Suits a child of N': N from 0 to this. */
export const AGE_FILTER_MAX = 18;
/** How many close matches 'Did you mean' offers when a search finds nothing. */
export const SEARCH_SUGGESTIONS_MAX = 5;

/** Discover sort keys, with their labels. */
export const AUDIO_SORTS = ['recent', 'popular', 'downloads', 'az', 'za'] as const;
export type AudioSort = (typeof AUDIO_SORTS)[number];
export const AUDIO_SORT_LABELS: Record<AudioSort, string> = {
  recent: 'Most Recent',
  popular: 'Most Popular',
  downloads: 'Most Downloads',
  az: 'Name A-Z',
  za: 'Name Z-A',
};

/** The readable catalogue categories the importer and the demo catalogue use. */
export const TONIE_CATEGORIES = ['Audio Play', 'Audio Book', 'Music', 'Songs', 'Knowledge', 'Creative Tonie', 'Other'] as const;
export type TonieCategory = (typeof TONIE_CATEGORIES)[number];
