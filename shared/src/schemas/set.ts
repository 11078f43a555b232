// Creative-Tonie sets: a playlist of audio files for one Creative Tonie (at most 99 chapters and
// 90 minutes), with the waveform and loudness the server measured of each chapter.
import { z } from 'zod';
import { CATALOGUE_MAX_PAGE_SIZE, CREATIVE_TONIE_MAX_CHAPTERS, CREATIVE_TONIE_MAX_SECONDS, SETS_PAGE_SIZE, TITLE_MIN_LENGTH } from '../constants';
import { formatClock } from '../format';
import { audioAnalysisSchema, audioIdSchema, audioStatusSchema, audioTagsSchema, licenceSchema, AUDIO_DESCRIPTION_MAX, AUDIO_TITLE_MAX } from './audio';
import { positiveInt, searchTextSchema, tagFilterSchema, text } from './common';
import { LICENCES, type Licence } from './moderation';

export const SET_SORTS = ['recent', 'popular'] as const;
export type SetSort = (typeof SET_SORTS)[number];
export const SET_SORT_LABELS: Record<SetSort, string> = { recent: 'Most Recent', popular: 'Most Popular' };

/** Licences under which a file may be put into someone else's set and into podcast feeds (redistribution allowed). */
export const SHAREABLE_LICENCES = LICENCES.filter((l) => l !== 'all-rights-reserved') as readonly Licence[];
export function isShareableLicence(licence: Licence): boolean {
  return licence !== 'all-rights-reserved';
}

/** The server's refusals and the set screens' toasts. */
export const SET_MESSAGES = {
  titleTooShort: `Title must be at least ${TITLE_MIN_LENGTH} characters`,
  titleTooLong: `Title must be at most ${AUDIO_TITLE_MAX} characters`,
  descriptionTooLong: `The description has at most ${AUDIO_DESCRIPTION_MAX.toLocaleString('en-US')} characters`,
  sortBy: 'sortBy must be recent or popular',
  invalidId: 'The set id must be a whole number',
  notFound: 'This set does not exist (any more).',
  notOwner: 'Only the owner can change this set.',
  chapterIds: 'Choose the audio files to add as a list of ids',
  noChapters: 'Choose at least one audio file to add',
  duplicateChapter: 'This audio file is already a chapter of the set.',
  chapterNotAvailable: 'This audio file cannot be added: it is not published or its licence does not allow sharing.',
  chapterNotFound: 'This audio file is not a chapter of the set.',
  orderMismatch: 'The new order must list every chapter of the set exactly once.',
  tooManyChapters: `A Creative Tonie holds at most ${CREATIVE_TONIE_MAX_CHAPTERS} chapters.`,
  overBudgetToPublish: `A set over ${CREATIVE_TONIE_MAX_SECONDS / 60} minutes or ${CREATIVE_TONIE_MAX_CHAPTERS} chapters cannot be published.`,
  emptyToPublish: 'Add at least one chapter before publishing the set.',
  unknownDuration: 'This audio file has no known duration, so it cannot be added to a set.',
  loginToDownload: 'Please log in to download sets',
  loginToLike: 'Please log in to like sets',
  // Toasts.
  created: 'Set created',
  updated: 'Set updated',
  published: 'Set published',
  deleted: 'Set deleted',
  createFailed: 'Failed to create the set. Please try again.',
  updateFailed: 'Failed to update the set. Please try again.',
  deleteFailed: 'Failed to delete the set. Please try again.',
} as const;

/**
 * 'This chapter would take the set past 90 minutes (92:14)': adding `addedSeconds` to a set of
 * `currentSeconds`. The server's refusal and the editor's warning (the same words).
 */
export function overBudgetMessage(currentSeconds: number, addedSeconds: number): string {
  return `This chapter would take the set past ${CREATIVE_TONIE_MAX_SECONDS / 60} minutes (${formatClock(currentSeconds + addedSeconds)})`;
}

/** Whether a set of this many chapters and seconds fits a Creative Tonie. */
export function fitsCreativeTonie(chapters: number, seconds: number): boolean {
  return chapters <= CREATIVE_TONIE_MAX_CHAPTERS && seconds <= CREATIVE_TONIE_MAX_SECONDS;
}

export const setIdSchema = z.coerce
  .number({ error: SET_MESSAGES.invalidId })
  .int({ error: SET_MESSAGES.invalidId })
  .min(1, { error: SET_MESSAGES.invalidId })
  .max(2_147_483_647, { error: SET_MESSAGES.invalidId });
export const setIdInputSchema = z.object({ id: setIdSchema });
export type SetIdInput = z.input<typeof setIdInputSchema>;

export const setSortSchema = z.enum(SET_SORTS, { error: SET_MESSAGES.sortBy });

/** /sets: published sets, every search word matching title or description, having ALL the tags. */
export const setListInputSchema = z.object({
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize', CATALOGUE_MAX_PAGE_SIZE).default(SETS_PAGE_SIZE),
  sortBy: setSortSchema.default('recent'),
  tags: tagFilterSchema.optional(),
  search: searchTextSchema.optional(),
});
export type SetListInput = z.input<typeof setListInputSchema>;
export type SetListQuery = z.output<typeof setListInputSchema>;

/** /sets/mine: the signed-in user's sets (drafts too), most recently changed first. */
export const mySetsInputSchema = z.object({
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize', CATALOGUE_MAX_PAGE_SIZE).default(SETS_PAGE_SIZE),
  search: searchTextSchema.optional(),
});
export type MySetsInput = z.input<typeof mySetsInputSchema>;
export type MySetsQuery = z.output<typeof mySetsInputSchema>;

const titleSchema = text({ error: SET_MESSAGES.titleTooShort })
  .trim()
  .min(TITLE_MIN_LENGTH, { error: SET_MESSAGES.titleTooShort })
  .max(AUDIO_TITLE_MAX, { error: SET_MESSAGES.titleTooLong });

const descriptionSchema = text()
  .trim()
  .max(AUDIO_DESCRIPTION_MAX, { error: SET_MESSAGES.descriptionTooLong })
  .nullish()
  .transform((v) => (v ? v : null));

/** A list of audio file ids (1..99 of them, no repeats). */
const chapterIdsSchema = z
  .array(audioIdSchema, { error: SET_MESSAGES.chapterIds })
  .min(1, { error: SET_MESSAGES.noChapters })
  .max(CREATIVE_TONIE_MAX_CHAPTERS, { error: SET_MESSAGES.tooManyChapters });

/** A new set (always a draft, possibly with its first chapters, in this order). */
export const createSetInputSchema = z.object({
  title: titleSchema,
  description: descriptionSchema,
  tags: audioTagsSchema.default([]),
  /** A pending cover upload of the user (POST /api/uploads/cover); an unusable one is ignored. */
  coverPath: text().trim().max(1000).nullish(),
  audioFileIds: chapterIdsSchema.optional(),
});
export type CreateSetInput = z.input<typeof createSetInputSchema>;
export type CreateSet = z.output<typeof createSetInputSchema>;

/**
 * Changes to the owner's set. `status: 'published'` publishes it (refused over budget or empty;
 * the owner's draft chapters are published with it); 'draft' takes it back.
 */
export const updateSetInputSchema = z.object({
  id: setIdSchema,
  title: titleSchema.optional(),
  description: text()
    .trim()
    .max(AUDIO_DESCRIPTION_MAX, { error: SET_MESSAGES.descriptionTooLong })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null)),
  tags: audioTagsSchema.optional(),
  coverPath: text().trim().max(1000).nullish(),
  status: audioStatusSchema.optional(),
});
export type UpdateSetInput = z.input<typeof updateSetInputSchema>;
export type UpdateSet = z.output<typeof updateSetInputSchema>;

/** Appends chapters, in this order; all or none (the budget is checked for the whole batch, chapter by chapter). */
export const addChaptersInputSchema = z.object({ id: setIdSchema, audioFileIds: chapterIdsSchema });
export type AddChaptersInput = z.input<typeof addChaptersInputSchema>;

export const removeChapterInputSchema = z.object({ id: setIdSchema, audioFileId: audioIdSchema });
export type RemoveChapterInput = z.input<typeof removeChapterInputSchema>;

/** The whole new order: every chapter's audio file id exactly once. */
export const reorderChaptersInputSchema = z.object({ id: setIdSchema, audioFileIds: chapterIdsSchema });
export type ReorderChaptersInput = z.input<typeof reorderChaptersInputSchema>;

const profileSchema = z.object({ firstName: z.string(), lastName: z.string(), username: z.string() });

/** A set as cards and lists show it. */
export const setSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  tags: z.array(z.string()),
  status: audioStatusSchema,
  /** `/files/{cover path}`, or null without a cover. */
  coverImage: z.string().nullable(),
  chapterCount: z.number().int(),
  /** Seconds. */
  totalDuration: z.number(),
  likeCount: z.number().int(),
  downloadCount: z.number().int(),
  hasLiked: z.boolean(),
  userId: z.string(),
  userProfile: profileSchema,
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  /** The chapters' licences, each once, most used first (the set's licence summary). */
  licences: z.array(licenceSchema),
  /** Over 99 chapters or 90 minutes: cannot be published. */
  overBudget: z.boolean(),
  /** Hidden by moderators or its owner is suspended (only the owner and staff see it). */
  hiddenByModerators: z.boolean(),
  /** The decision (statement of reasons) that hid it, for its owner and moderators; else null. */
  decisionId: z.number().int().nullable(),
});
export type SetSummary = z.infer<typeof setSummarySchema>;

export const setListSchema = z.object({ sets: z.array(setSummarySchema), totalCount: z.number().int() });
export type SetList = z.infer<typeof setListSchema>;

/** A chapter of a set, as the viewer may see it. */
export const setChapterSchema = z.object({
  audioFileId: z.number().int(),
  /** 1..n. */
  position: z.number().int(),
  title: z.string(),
  /** Seconds. */
  duration: z.number().nullable(),
  /** `/files/{path}` to play it; null for anonymous viewers and for unavailable chapters. */
  fileUrl: z.string().nullable(),
  mimeType: z.string(),
  licence: licenceSchema,
  userId: z.string(),
  userProfile: profileSchema,
  analysis: audioAnalysisSchema,
  loudnessLufs: z.number().nullable(),
  peakDbfs: z.number().nullable(),
  /**
   * 'quieter' / 'louder': more than LOUDNESS_HINT_LU from the median loudness of the set's
   * chapters; null when it is not (or loudness is unknown).
   */
  loudnessHint: z.enum(['quieter', 'louder']).nullable(),
  /**
   * False (only the set's owner sees such a chapter) when its file is a draft of someone else,
   * hidden by moderators or no longer published: it is left out of downloads, feeds and what
   * others see.
   */
  available: z.boolean(),
});
export type SetChapter = z.infer<typeof setChapterSchema>;

/** A chapter that left the set because its audio file was deleted: told to the owner. */
export const setNoticeSchema = z.object({ id: z.number().int(), audioTitle: z.string(), createdAt: z.string() });
export type SetNotice = z.infer<typeof setNoticeSchema>;

/** The set page: the summary, its chapters in order, and (for the owner) what changed. */
export const setDetailSchema = setSummarySchema.extend({
  chapters: z.array(setChapterSchema),
  /** Only for the owner: chapters removed because their audio was deleted; else []. */
  notices: z.array(setNoticeSchema),
  /** The set's podcast feed (RSS) for a published, visible set; null otherwise. */
  feedUrl: z.string().nullable(),
  /** GET this (signed in) to download the set as one ZIP; null when there is nothing to download. */
  downloadUrl: z.string().nullable(),
  /** Chapters the feed leaves out (their licence does not allow redistribution). */
  chaptersNotInFeed: z.number().int(),
});
export type SetDetail = z.infer<typeof setDetailSchema>;

export const setLikeResultSchema = z.object({ liked: z.boolean() });
export const setDeleteResultSchema = z.object({ ok: z.literal(true), id: z.number().int() });

/** Where the set pages live. */
export const setPath = (id: number) => `/sets/${id}`;
export const setEditPath = (id: number) => `/sets/${id}/edit`;
/** GET: the set's ZIP (signed in; counts one download when it has been sent whole). */
export const setDownloadPath = (id: number) => `/api/sets/${id}/download`;
