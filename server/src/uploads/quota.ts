// What one user may upload, in space, number and time (UPLOAD_QUOTA_MB, PENDING_UPLOAD_QUOTA_MB,
// UPLOADS_PER_HOUR; UPLOADS_IN_FLIGHT is counted by the upload routes), and the refusal texts.
// Checked twice: before the body is read, with the announced size (nothing is received for an
// upload that cannot fit), and when the file is recorded, with its real size, under the user's
// row lock (two uploads at once cannot both take the last room).
import { message, type Message } from '@tonieshelf/shared/i18n/message-key';
import type { MessageCode } from '@tonieshelf/shared/i18n/messages';
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

/** The quotas' refusals (texts: shared/src/i18n/texts/server.ts). */
export const QUOTA_MESSAGES = {
  stored: 'quota.stored',
  pending: 'quota.pending',
  perHour: 'quota.perHour',
  inFlight: 'quota.inFlight',
} as const satisfies Record<string, MessageCode>;

/** Seconds an upload refused for being one too many at once is asked to wait. */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 10;

/** The bytes a user may still upload, and the refusal text once they are used up. */
export function roomLeft(usage: UploadUsage, limits: UploadLimits): { bytes: number; message: Message } {
  const pendingRoom = limits.pendingBytes - usage.pendingBytes;
  const storedRoom = limits.storedBytes - usage.storedBytes - usage.pendingBytes;
  return pendingRoom < storedRoom
    ? { bytes: Math.max(0, pendingRoom), message: message(QUOTA_MESSAGES.pending, { limit: limits.pendingBytes, used: usage.pendingBytes }) }
    : { bytes: Math.max(0, storedRoom), message: message(QUOTA_MESSAGES.stored, { limit: limits.storedBytes, used: usage.storedBytes + usage.pendingBytes }) };
}

/**
 * Why an upload of `bytes` more is refused (429 for too many within the hour, 413 when it does
 * not fit the user's storage or pending allowance), or null when it may go ahead.
 */
export function quotaRefusal(usage: UploadUsage, limits: UploadLimits, bytes: number, now = Date.now()): AppError | null {
  if (usage.recentUploads >= limits.perHour) {
    const freeAt = (usage.oldestRecent?.getTime() ?? now) + UPLOAD_RATE_WINDOW_MS;
    const seconds = Math.max(1, Math.ceil((freeAt - now) / 1000));
    return new AppError('TOO_MANY_REQUESTS', message(QUOTA_MESSAGES.perHour, { count: usage.recentUploads, minutes: Math.ceil(seconds / 60) }), { retryAfter: seconds });
  }
  const room = roomLeft(usage, limits);
  // An upload has at least one byte: no room at all refuses even an unannounced size.
  if (Math.max(bytes, 1) > room.bytes) return new AppError('PAYLOAD_TOO_LARGE', room.message);
  return null;
}
