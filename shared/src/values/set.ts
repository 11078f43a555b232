// Sets' plain values: sorts, shareable licences, messages, the Creative Tonie budget, addresses.
// Without zod, so that a page can use them without loading the schemas: schemas/set.ts
// re-exports them (import from either).
import { CREATIVE_TONIE_MAX_CHAPTERS, CREATIVE_TONIE_MAX_SECONDS, TITLE_MIN_LENGTH } from '../constants';
import { formatClock } from '../format';
import { AUDIO_DESCRIPTION_MAX, AUDIO_TITLE_MAX } from './audio';
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
