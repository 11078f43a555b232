// Creative-Tonie sets: a playlist of audio files for one Creative Tonie (at most 99 chapters and
// 90 minutes), with the waveform and loudness the server measured of each chapter.
import { z } from 'zod';
import { CATALOGUE_MAX_PAGE_SIZE } from '../values/tonie';
import { CREATIVE_TONIE_MAX_CHAPTERS } from '../values/common';
import { SETS_PAGE_SIZE, SET_SORTS, SET_MESSAGES } from '../values/set';
import { TITLE_MIN_LENGTH, AUDIO_DESCRIPTION_MAX, AUDIO_TITLE_MAX } from '../values/audio';
import { audioAnalysisSchema, audioIdSchema, audioStatusSchema, audioTagsSchema, createAudioInputSchema, licenceSchema } from './audio';
import { positiveInt, searchTextSchema, tagFilterSchema, text } from './common';

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

/**
 * The user's uploads (POST /api/uploads/audio) become their draft audio files under one licence
 * and then chapters at the end of the set, in natural file-name order; each upload is answered
 * on its own (addUploadsResultSchema). `title` is the audio file's title.
 */
export const addUploadsInputSchema = createAudioInputSchema.pick({ licence: true, rightsConfirmed: true }).extend({
  id: setIdSchema,
  uploads: z
    .array(createAudioInputSchema.pick({ filePath: true, title: true }), { error: SET_MESSAGES.noChapters })
    .min(1, { error: SET_MESSAGES.noChapters })
    .max(CREATIVE_TONIE_MAX_CHAPTERS, { error: SET_MESSAGES.tooManyChapters }),
});
export type AddUploadsInput = z.input<typeof addUploadsInputSchema>;
export type AddUploads = z.output<typeof addUploadsInputSchema>;

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
  /**
   * The chapters the viewer gets (plays, downloads) and their seconds: for others the available
   * chapters; for the owner also their drafts, never what moderators hid (docs/sets.md).
   */
  chapterCount: z.number().int(),
  /** Seconds. */
  totalDuration: z.number(),
  /** Only for the owner: chapters of their own files that moderators hid (shown marked, not counted); else 0. */
  hiddenChapterCount: z.number().int(),
  /** Only for the owner: other people's chapters no longer available (shown marked, not counted); else 0. */
  unavailableChapterCount: z.number().int(),
  likeCount: z.number().int(),
  downloadCount: z.number().int(),
  hasLiked: z.boolean(),
  userId: z.string(),
  userProfile: profileSchema,
  createdAt: z.string(),
  publishedAt: z.string().nullable(),
  /** The chapters' licences, each once, most used first (the set's licence summary). */
  licences: z.array(licenceSchema),
  /** Over 99 chapters or 90 minutes: cannot be published (the owner's budget counts every chapter the set holds). */
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
   * hidden by moderators (the owner's own file too) or no longer published: it is left out of
   * downloads, feeds, counts and what others see.
   */
  available: z.boolean(),
  /** The set owner's own file that moderators hid (only its owner sees the chapter, marked). */
  hiddenByModerators: z.boolean(),
  /** The decision (statement of reasons) that hid it, for its owner; else null. */
  decisionId: z.number().int().nullable(),
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

/**
 * What became of one upload of addUploads: a chapter at `position`, or refused with the reason
 * (in the request's language, with its code); a refused upload with an `audioFileId` was saved
 * and is kept among the user's audio files as a draft.
 */
export const uploadOutcomeSchema = z.discriminatedUnion('outcome', [
  z.object({ filePath: z.string(), outcome: z.literal('added'), audioFileId: z.number().int(), position: z.number().int() }),
  z.object({ filePath: z.string(), outcome: z.literal('refused'), audioFileId: z.number().int().nullable(), message: z.string(), messageCode: z.string().nullable() }),
]);
export type UploadOutcome = z.infer<typeof uploadOutcomeSchema>;

/** The set as it is now, and every upload's outcome in chapter order. */
export const addUploadsResultSchema = z.object({ set: setDetailSchema, uploads: z.array(uploadOutcomeSchema) });
export type AddUploadsResult = z.infer<typeof addUploadsResultSchema>;
