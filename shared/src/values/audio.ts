// Shared audio's plain values: text limits, messages, liked sorts, file URLs.
// Without zod, so that a page can use them without loading the schemas: schemas/audio.ts
// re-exports them (import from either).
import { CATALOGUE_MAX_PAGE_SIZE, CREATIVE_TONIE_MAX_SECONDS } from '../constants';
import type { MessageCode } from '../i18n/messages';

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
