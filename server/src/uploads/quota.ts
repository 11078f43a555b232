// What one user may upload, in space, number and time (UPLOAD_QUOTA_MB, PENDING_UPLOAD_QUOTA_MB,
// UPLOADS_PER_HOUR; UPLOADS_IN_FLIGHT is counted by the upload routes), and the refusal texts.
// Checked twice: before the body is read, with the announced size (nothing is received for an
// upload that cannot fit), and when the file is recorded, with its real size, under the user's
// row lock (two uploads at once cannot both take the last room).
import { MB } from '@tonieshelf/shared/constants';
import { formatFileSize } from '@tonieshelf/shared/format';
import type { UploadLimits } from '../config';
import { AppError } from '../errors';

/** The window of UPLOADS_PER_HOUR. */
export const UPLOAD_RATE_WINDOW_MS = 3600 * 1000;

/** What a user keeps and has uploaded lately (repositories/uploads.ts uploadUsage). */
export interface UploadUsage {
  /** Bytes of the user's audio files. */
  storedBytes: number;
  /** Bytes of the user's uploads not yet attached to a record. */
  pendingBytes: number;
  /** Uploads accepted within the last hour, and the time of the oldest of them. */
  recentUploads: number;
  oldestRecent: Date | null;
}

const wholeMb = (bytes: number) => `${Math.floor(bytes / MB)} MB`;

export const QUOTA_MESSAGES = {
  stored: (limit: number, used: number) =>
    `Your storage is full: you keep ${formatFileSize(used)} of ${wholeMb(limit)}, and this upload does not fit. Delete audio files you no longer need to make room.`,
  pending: (limit: number, used: number) =>
    `You have ${formatFileSize(used)} of uploads not yet saved to an audio file (at most ${wholeMb(limit)}), and this upload does not fit. Save them to an audio file first; unsaved uploads are removed after an hour.`,
  perHour: (count: number, minutes: number) =>
    `You have uploaded ${count} files within the last hour, the most allowed. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  inFlight: (count: number) => `You already have ${count} upload${count === 1 ? '' : 's'} in progress. Please wait until one has finished.`,
} as const;

/** Seconds an upload refused for being one too many at once is asked to wait. */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 10;

/** The bytes a user may still upload, and the refusal text once they are used up. */
export function roomLeft(usage: UploadUsage, limits: UploadLimits): { bytes: number; message: string } {
  const pendingRoom = limits.pendingBytes - usage.pendingBytes;
  const storedRoom = limits.storedBytes - usage.storedBytes - usage.pendingBytes;
  return pendingRoom < storedRoom
    ? { bytes: Math.max(0, pendingRoom), message: QUOTA_MESSAGES.pending(limits.pendingBytes, usage.pendingBytes) }
    : { bytes: Math.max(0, storedRoom), message: QUOTA_MESSAGES.stored(limits.storedBytes, usage.storedBytes + usage.pendingBytes) };
}

/**
 * Why an upload of `bytes` more is refused (429 for too many within the hour, 413 when it does
 * not fit the user's storage or pending allowance), or null when it may go ahead.
 */
export function quotaRefusal(usage: UploadUsage, limits: UploadLimits, bytes: number, now = Date.now()): AppError | null {
  if (usage.recentUploads >= limits.perHour) {
    const freeAt = (usage.oldestRecent?.getTime() ?? now) + UPLOAD_RATE_WINDOW_MS;
    const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
    return new AppError('TOO_MANY_REQUESTS', QUOTA_MESSAGES.perHour(usage.recentUploads, Math.ceil(seconds / 60)), { retryAfter: seconds });
  }
  const room = roomLeft(usage, limits);
  // An upload has at least one byte: no room at all refuses even an unannounced size.
  if (Math.max(bytes, 1) > room.bytes) return new AppError('PAYLOAD_TOO_LARGE', room.message);
  return null;
}
