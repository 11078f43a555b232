// Shared audio's plain values: text limits, messages, liked sorts, file URLs.
// Without zod, so that a page can use them without loading the schemas: schemas/audio.ts
// re-exports them (import from either).
import { AUDIO_MAX_TAGS, CATALOGUE_MAX_PAGE_SIZE, CREATIVE_TONIE_MAX_SECONDS, TITLE_MIN_LENGTH } from '../constants';

export const AUDIO_TITLE_MAX = 200;
export const AUDIO_DESCRIPTION_MAX = 5000;
export const AUDIO_SCRIPT_MAX = 50_000;
export const AUDIO_MAX_PAGE_SIZE = CATALOGUE_MAX_PAGE_SIZE;

/** Texts of SPEC §5 and §8 (word for word) and the server's own readable refusals. */
export const AUDIO_MESSAGES = {
  titleTooShort: `Title must be at least ${TITLE_MIN_LENGTH} characters`,
  titleTooLong: `Title must be at most ${AUDIO_TITLE_MAX} characters`,
  descriptionTooLong: `The description has at most ${AUDIO_DESCRIPTION_MAX.toLocaleString('en-US')} characters`,
  scriptTooLong: `The script or lyrics have at most ${AUDIO_SCRIPT_MAX.toLocaleString('en-US')} characters`,
  status: 'Status must be draft or published',
  selectAudioFile: 'Please select an audio file to upload',
  maxTagsReached: `Max tags (${AUDIO_MAX_TAGS}) reached`,
  tooManyTags: `Maximum ${AUDIO_MAX_TAGS} tags allowed`,
  tagNotText: 'Tags must be a list of names',
  sortBy: 'sortBy must be recent, popular, downloads, az or za',
  likedSortBy: 'sortBy must be newest or popular',
  invalidId: 'The audio file id must be a whole number',
  invalidUserId: 'The user id is not valid',
  notFound: 'This audio file does not exist (any more).',
  notOwner: 'Only the owner can change this audio file.',
  notYourLikes: 'You can only see your own liked audio files.',
  loginToLike: 'Please log in to like audio files',
  loginToDownload: 'Please log in to download audio files',
  licenceRequired: 'Please choose a licence',
  rightsRequired: 'Please confirm that you made this or have the right to share it',
  // Toasts of SPEC §8.
  uploadFailed: 'Failed to upload audio file. Please try again.',
  updateFailed: 'Failed to update audio file. Please try again.',
  deleteFailed: 'Failed to delete audio file. Please try again.',
  publishFailed: 'Failed to publish audio file. Please try again.',
  likeStatusFailed: 'Failed to update like status',
  likeFailed: 'Failed to like audio file. Please try again.',
  downloadFailed: 'Failed to download audio file. Please try again.',
  fileUrlMissing: 'File URL is missing. Please try again later.',
  uploaded: 'Audio file uploaded successfully',
  deleted: 'Audio file deleted',
  published: 'Audio file published',
  updated: 'Audio file updated',
  created: 'Audio file created',
  liked: 'Liked',
  unliked: 'Unliked',
  downloadStarted: 'Download Started',
  downloading: 'Your audio file is downloading now.',
  fetchFilesFailed: 'Failed to fetch audio files',
  fetchTagsFailed: 'Failed to fetch tags',
  fetchLikedFailed: 'Failed to fetch liked audio files',
} as const;
export const LIKED_SORTS = ['newest', 'popular'] as const;
export type LikedSort = (typeof LIKED_SORTS)[number];
export const LIKED_SORT_LABELS: Record<LikedSort, string> = { newest: 'Newest First', popular: 'Most Popular' };
/** Over a Creative Tonie's 90 minutes (PRODUCT.md): flagged, not refused. */
export function isOverCreativeLimit(durationSeconds: number | null | undefined): boolean {
  return durationSeconds != null && durationSeconds > CREATIVE_TONIE_MAX_SECONDS;
}

/** The URL of a stored file: `/files/` plus the path with each segment URL-encoded. */
export function storedFileUrl(filePath: string, download = false): string {
  const url = `/files/${filePath.split('/').map(encodeURIComponent).join('/')}`;
  return download ? `${url}?download=1` : url;
}
