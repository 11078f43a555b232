// Shared audio (SPEC §3 Audio file, §4 status and Like, §5 audio upload form, §7 audio endpoints).
import { z } from 'zod';
import {
  AUDIO_MAX_TAGS,
  AUDIO_SORTS,
  DISCOVER_PAGE_SIZE,
  LIKED_PAGE_SIZE,
  OLDER_AUDIO_PAGE_SIZE,
  TITLE_MIN_LENGTH,
  AUDIO_TITLE_MAX,
  AUDIO_DESCRIPTION_MAX,
  AUDIO_SCRIPT_MAX,
  AUDIO_MAX_PAGE_SIZE,
  AUDIO_MESSAGES,
  LIKED_SORTS,
} from '../values/audio';
import { TAG_NAME_MAX, TAG_MESSAGES, uniqueTagNames } from '../values/common';
import { positiveInt, searchTextSchema, tagFilterSchema, text } from './common';
import { LICENCES } from '../values/moderation';

export const audioIdSchema = z.coerce
  .number({ error: AUDIO_MESSAGES.invalidId })
  .int({ error: AUDIO_MESSAGES.invalidId })
  .min(1, { error: AUDIO_MESSAGES.invalidId })
  .max(2_147_483_647, { error: AUDIO_MESSAGES.invalidId });

export const audioIdInputSchema = z.object({ id: audioIdSchema });
export type AudioIdInput = z.input<typeof audioIdInputSchema>;

/** A user id as the server makes them (uuid); any hex layout is accepted, nothing else. */
export const userIdSchema = z.guid({ error: AUDIO_MESSAGES.invalidUserId }).transform((v) => v.toLowerCase());

export const audioStatusSchema = z.enum(['draft', 'published'], { error: AUDIO_MESSAGES.status });
export type AudioStatus = z.infer<typeof audioStatusSchema>;

export const audioSortSchema = z.enum(AUDIO_SORTS, { error: AUDIO_MESSAGES.sortBy });
export const licenceSchema = z.enum(LICENCES, { error: AUDIO_MESSAGES.licenceRequired });
export const likedSortSchema = z.enum(LIKED_SORTS, { error: AUDIO_MESSAGES.likedSortBy });

/** Discover: published files only; every search word must match; files having ALL the tags. */
export const audioListInputSchema = z.object({
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize', AUDIO_MAX_PAGE_SIZE).default(DISCOVER_PAGE_SIZE),
  sortBy: audioSortSchema.default('recent'),
  tags: tagFilterSchema.optional(),
  search: searchTextSchema.optional(),
  /** Only files shared under this licence. */
  licence: licenceSchema.optional(),
});
export type AudioListInput = z.input<typeof audioListInputSchema>;
export type AudioListQuery = z.output<typeof audioListInputSchema>;

/** The signed-in user's liked files. */
export const likedAudioInputSchema = z.object({
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize', AUDIO_MAX_PAGE_SIZE).default(LIKED_PAGE_SIZE),
  sortBy: likedSortSchema.default('newest'),
});
export type LikedAudioInput = z.input<typeof likedAudioInputSchema>;
export type LikedAudioQuery = z.output<typeof likedAudioInputSchema>;

export const userAudioInputSchema = z.object({ userId: userIdSchema });

/** The signed-in user's own files (drafts too), newest first: every search word must match; files having ALL the tags. */
export const myAudioInputSchema = z.object({
  page: positiveInt('page').default(1),
  pageSize: positiveInt('pageSize', AUDIO_MAX_PAGE_SIZE).default(OLDER_AUDIO_PAGE_SIZE),
  tags: tagFilterSchema.optional(),
  search: searchTextSchema.optional(),
});
export type MyAudioInput = z.input<typeof myAudioInputSchema>;
export type MyAudioQuery = z.output<typeof myAudioInputSchema>;
export type UserAudioInput = z.input<typeof userAudioInputSchema>;

/** Tags of an audio file: an array (or a comma list); trimmed, blanks dropped, duplicates folded, at most 8. */
export const audioTagsSchema = z
  .union([text().transform((s) => s.split(',')), z.array(text({ error: AUDIO_MESSAGES.tagNotText }))], {
    error: AUDIO_MESSAGES.tagNotText,
  })
  .pipe(
    z.array(
      text()
        .trim()
        .max(TAG_NAME_MAX, { error: TAG_MESSAGES.tagTooLong })
        .refine((t) => !t.includes(','), { error: TAG_MESSAGES.tagComma }),
    ),
  )
  .transform((tags) => uniqueTagNames(tags.map((t) => t.replace(/\s+/g, ' '))))
  .pipe(z.array(z.string()).max(AUDIO_MAX_TAGS, { error: AUDIO_MESSAGES.tooManyTags }));

const titleSchema = text({ error: AUDIO_MESSAGES.titleTooShort })
  .trim()
  .min(TITLE_MIN_LENGTH, { error: AUDIO_MESSAGES.titleTooShort })
  .max(AUDIO_TITLE_MAX, { error: AUDIO_MESSAGES.titleTooLong });

/** Optional text: trimmed; empty becomes null. */
const optionalText = (max: number, message: string) =>
  text()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => (v ? v : null));

/** Optional text of an update: absent keeps it; trimmed; empty or null clears it. */
const patchText = (max: number, message: string) =>
  text()
    .trim()
    .max(max, { error: message })
    .nullable()
    .optional()
    .transform((v) => (v === undefined ? undefined : v ? v : null));

/** A storage path returned by an upload route (POST /api/uploads/audio or /cover). */
const storagePathSchema = (message: string) => text({ error: message }).trim().min(1, { error: message }).max(1000, { error: message });

/**
 * A new audio file. `filePath` is the user's pending audio upload (attached once), `coverPath`
 * the user's pending cover upload (optional; an unusable one is ignored). File name, size,
 * duration and type come from the upload; the owner from the session. Any fileUrl, fileName,
 * fileSize, duration, userId or coverImage sent along is ignored.
 */
export const createAudioInputSchema = z.object({
  title: titleSchema,
  description: optionalText(AUDIO_DESCRIPTION_MAX, AUDIO_MESSAGES.descriptionTooLong),
  scriptText: optionalText(AUDIO_SCRIPT_MAX, AUDIO_MESSAGES.scriptTooLong),
  tags: audioTagsSchema.default([]),
  status: audioStatusSchema.default('draft'),
  filePath: storagePathSchema(AUDIO_MESSAGES.selectAudioFile),
  coverPath: text().trim().max(1000).nullish(),
  /** The licence the uploader shares it under (required). */
  licence: licenceSchema,
  /** "I made this or have the right to share it" (required, must be ticked). */
  rightsConfirmed: z.literal(true, { error: AUDIO_MESSAGES.rightsRequired }),
});
export type CreateAudioInput = z.input<typeof createAudioInputSchema>;
export type CreateAudio = z.output<typeof createAudioInputSchema>;

/**
 * Changes to the owner's audio file: any of the fields, or the status alone. `filePath` replaces
 * the audio with another pending upload (the current path keeps it); `coverPath` sets a new
 * cover from a pending upload (the current path keeps it, null removes it).
 */
export const updateAudioInputSchema = z.object({
  id: audioIdSchema,
  title: titleSchema.optional(),
  description: patchText(AUDIO_DESCRIPTION_MAX, AUDIO_MESSAGES.descriptionTooLong),
  scriptText: patchText(AUDIO_SCRIPT_MAX, AUDIO_MESSAGES.scriptTooLong),
  tags: audioTagsSchema.optional(),
  status: audioStatusSchema.optional(),
  filePath: storagePathSchema(AUDIO_MESSAGES.selectAudioFile).optional(),
  coverPath: text().trim().max(1000).nullish(),
  licence: licenceSchema.optional(),
});
export type UpdateAudioInput = z.input<typeof updateAudioInputSchema>;
export type UpdateAudio = z.output<typeof updateAudioInputSchema>;

/**
 * What the server measured of a file's audio at upload: 'ready' (waveform, loudness and peak
 * known), 'failed' (it could not decode the file: no waveform), 'none' (not analysed yet).
 */
export const audioAnalysisSchema = z.enum(['none', 'ready', 'failed']);
export type AudioAnalysisState = z.infer<typeof audioAnalysisSchema>;

/** The waveform of an audio file: 'ready' with WAVEFORM_PEAKS peaks (0..255); otherwise no peaks. */
export const waveformSchema = z.object({
  analysis: audioAnalysisSchema,
  peaks: z.array(z.number().int().min(0).max(255)),
});
export type Waveform = z.infer<typeof waveformSchema>;

/** An audio file with every SPEC §3 field, as the viewer may see it. */
export const audioFileSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  scriptText: z.string().nullable(),
  tags: z.array(z.string()),
  status: audioStatusSchema,
  /** `/files/{path}` to play the audio; null for anonymous viewers (preview needs a sign-in). */
  fileUrl: z.string().nullable(),
  /** The storage path; null for anonymous viewers, like fileUrl. */
  filePath: z.string().nullable(),
  fileName: z.string(),
  /** Bytes. */
  fileSize: z.number(),
  /** Seconds, read from the file; null when unknown. */
  duration: z.number().nullable(),
  mimeType: z.string(),
  userId: z.string(),
  /** `/files/{cover path}`, or null without a cover. */
  coverImage: z.string().nullable(),
  createdAt: z.string(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  downloadCount: z.number().int(),
  hasLiked: z.boolean(),
  userProfile: z.object({ firstName: z.string(), lastName: z.string(), username: z.string() }),
  /** Longer than a Creative Tonie holds (90 minutes): shareable, but flagged in the UI. */
  overCreativeLimit: z.boolean(),
  licence: licenceSchema,
  /** The uploader confirmed the right to share it (false for files shared before it was asked). */
  rightsConfirmed: z.boolean(),
  /**
   * Hidden by moderators, or its owner is suspended: only its owner and moderators see it
   * ('Hidden by moderators'). Always false in what others see (they do not see it at all).
   */
  hiddenByModerators: z.boolean(),
  /** The decision (statement of reasons) that hid it, for its owner and moderators; else null. */
  decisionId: z.number().int().nullable(),
  /** Whether the server could measure it (the waveform itself: audio.waveform). */
  analysis: audioAnalysisSchema,
  /** Integrated loudness in LUFS (EBU R128); null when unknown or silent. */
  loudnessLufs: z.number().nullable(),
  /** The highest sample in dBFS; null when unknown. */
  peakDbfs: z.number().nullable(),
});
export type AudioFile = z.infer<typeof audioFileSchema>;

export const audioListSchema = z.object({ audioFiles: z.array(audioFileSchema), totalCount: z.number().int() });
export type AudioList = z.infer<typeof audioListSchema>;

export const userAudioListSchema = z.object({ audioFiles: z.array(audioFileSchema) });
export type UserAudioList = z.infer<typeof userAudioListSchema>;

export const likeResultSchema = z.object({ liked: z.boolean() });
export type LikeResult = z.infer<typeof likeResultSchema>;

export const downloadResultSchema = z.object({ fileUrl: z.string() });
export type DownloadResult = z.infer<typeof downloadResultSchema>;

export const deleteResultSchema = z.object({ ok: z.literal(true), id: z.number().int() });
