// Sets' plain values: page size, sorts, shareable licences, messages, the Creative Tonie budget,
// loudness hints, addresses. Without zod, so that a page can load them without the schemas.
import type { MessageCode } from '../i18n/messages';
import type { MessageRef } from '../i18n/message-key';
import { CREATIVE_TONIE_MAX_CHAPTERS, CREATIVE_TONIE_MAX_SECONDS } from './common';
import { LICENCES, type Licence } from './moderation';

/** /sets and /sets/mine: sets per page. */
export const SETS_PAGE_SIZE = 12;
/** A chapter is flagged as much quieter or louder than its set beyond this many LU from the set's median. */
export const LOUDNESS_HINT_LU = 3;

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
  titleTooShort: 'set.titleTooShort',
  titleTooLong: 'set.titleTooLong',
  descriptionTooLong: 'set.descriptionTooLong',
  sortBy: 'set.sortBy',
  invalidId: 'set.invalidId',
  notFound: 'set.notFound',
  notOwner: 'set.notOwner',
  chapterIds: 'set.chapterIds',
  noChapters: 'set.noChapters',
  duplicateChapter: 'set.duplicateChapter',
  chapterNotAvailable: 'set.chapterNotAvailable',
  chapterNotFound: 'set.chapterNotFound',
  orderMismatch: 'set.orderMismatch',
  tooManyChapters: 'set.tooManyChapters',
  overBudgetToPublish: 'set.overBudgetToPublish',
  emptyToPublish: 'set.emptyToPublish',
  unknownDuration: 'set.unknownDuration',
  loginToDownload: 'set.loginToDownload',
  loginToLike: 'set.loginToLike',
  created: 'set.created',
  updated: 'set.updated',
  published: 'set.published',
  deleted: 'set.deleted',
  createFailed: 'set.createFailed',
  updateFailed: 'set.updateFailed',
  deleteFailed: 'set.deleteFailed',
  overBudget: 'set.overBudget',
} as const satisfies Record<string, MessageCode>;

/**
 * 'This chapter would take the set past 90 minutes (92:14)': adding `addedSeconds` to a set of
 * `currentSeconds`. The server's refusal and the editor's warning (the same words).
 */
export function overBudgetMessage(currentSeconds: number, addedSeconds: number): MessageRef<typeof SET_MESSAGES.overBudget> {
  return { code: SET_MESSAGES.overBudget, params: { currentSeconds, addedSeconds } };
}

/** Whether a set of this many chapters and seconds fits a Creative Tonie. */
export function fitsCreativeTonie(chapters: number, seconds: number): boolean {
  return chapters <= CREATIVE_TONIE_MAX_CHAPTERS && seconds <= CREATIVE_TONIE_MAX_SECONDS;
}

// One locale, so that the browser's rows and the server's chapters come in the same order.
const fileNameCollator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** File names in natural order ('2.wav' before '10.wav'): the order uploaded files become chapters in. */
export function compareFileNames(a: string, b: string): number {
  return fileNameCollator.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0);
}
/** Where the set pages live. */
export const setPath = (id: number) => `/sets/${id}`;
export const setEditPath = (id: number) => `/sets/${id}/edit`;
/** GET: the set's ZIP (signed in; counts one download when it has been sent whole). */
export const setDownloadPath = (id: number) => `/api/sets/${id}/download`;
