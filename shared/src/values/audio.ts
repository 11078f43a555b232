// Shared audio's plain values: page sizes, text, tag and upload limits, sorts, messages, file
// URLs. Without zod, so that a page can load them without the schemas.
import type { MessageCode } from '../i18n/messages';
import { CREATIVE_TONIE_MAX_SECONDS, MB } from './common';
import { CATALOGUE_MAX_PAGE_SIZE } from './tonie';

export const DISCOVER_PAGE_SIZE = 12;
export const LIKED_PAGE_SIZE = 12;
export const OLDER_AUDIO_PAGE_SIZE = 9;
export const DISCOVER_TAG_LIST_HEIGHT = 300;

export const AUDIO_MAX_TAGS = 8;
export const AUDIO_TAG_SUGGESTIONS = 5;
export const OLDER_AUDIO_TAG_CHIPS = 5;

export const UPLOAD_AUDIO_MAX_BYTES = 50 * MB;
export const QUICK_UPLOAD_MAX_BYTES = 20 * MB;
export const COVER_MAX_BYTES = 5 * MB;
/** How many peaks a stored waveform has (one byte each, 0..255). */
export const WAVEFORM_PEAKS = 400;

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

/** A title's shortest length, for audio files and sets alike (both take AUDIO_TITLE_MAX too). */
export const TITLE_MIN_LENGTH = 3;
export const AUDIO_TITLE_MAX = 200;
export const AUDIO_DESCRIPTION_MAX = 5000;
export const AUDIO_SCRIPT_MAX = 50_000;
export const AUDIO_MAX_PAGE_SIZE = CATALOGUE_MAX_PAGE_SIZE;

/** Texts of SPEC §5 and §8 (word for word) and the server's own readable refusals. */
export const AUDIO_MESSAGES = {
  titleTooShort: 'audio.titleTooShort',
  titleTooLong: 'audio.titleTooLong',
  descriptionTooLong: 'audio.descriptionTooLong',
  scriptTooLong: 'audio.scriptTooLong',
  status: 'audio.status',
  selectAudioFile: 'audio.selectAudioFile',
  maxTagsReached: 'audio.maxTagsReached',
  tooManyTags: 'audio.tooManyTags',
  tagNotText: 'audio.tagNotText',
  sortBy: 'audio.sortBy',
  likedSortBy: 'audio.likedSortBy',
  invalidId: 'audio.invalidId',
  invalidUserId: 'audio.invalidUserId',
  notFound: 'audio.notFound',
  notOwner: 'audio.notOwner',
  notYourLikes: 'audio.notYourLikes',
  loginToLike: 'audio.loginToLike',
  loginToDownload: 'audio.loginToDownload',
  licenceRequired: 'audio.licenceRequired',
  rightsRequired: 'audio.rightsRequired',
  uploadFailed: 'audio.uploadFailed',
  updateFailed: 'audio.updateFailed',
  deleteFailed: 'audio.deleteFailed',
  publishFailed: 'audio.publishFailed',
  likeStatusFailed: 'audio.likeStatusFailed',
  likeFailed: 'audio.likeFailed',
  downloadFailed: 'audio.downloadFailed',
  fileUrlMissing: 'audio.fileUrlMissing',
  uploaded: 'audio.uploaded',
  deleted: 'audio.deleted',
  published: 'audio.published',
  updated: 'audio.updated',
  created: 'audio.created',
  liked: 'audio.liked',
  unliked: 'audio.unliked',
  downloadStarted: 'audio.downloadStarted',
  downloading: 'audio.downloading',
  fetchFilesFailed: 'audio.fetchFilesFailed',
  fetchTagsFailed: 'audio.fetchTagsFailed',
  fetchLikedFailed: 'audio.fetchLikedFailed',
} as const satisfies Record<string, MessageCode>;
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
