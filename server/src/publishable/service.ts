// Rules audio files and sets share as publishable items: publishing needs a verified email
// address; a cover is the owner's pending cover upload (an unusable one is left out, as the spec
// ignores cover failures; the replaced one is removed from storage); a like is toggled once per
// user under the item's row lock. The audio and sets services call these.
import { ACCOUNT_MESSAGES, REFUSAL_REASONS } from '@tonieshelf/shared/values/account';
import type { Transaction } from 'kysely';
import type { Db, DB } from '../db/types';
import type { MessageCode } from '@tonieshelf/shared/i18n/messages';
import { AppError } from '../errors';
import * as publishable from '../repositories/publishable';
import * as uploads from '../repositories/uploads';

/** Who shares an item: publishing needs a verified email address. */
export type Publisher = { id: string; emailVerified: boolean };

/** Publishing (audio files and sets) needs a verified email address. */
export function requireVerifiedToPublish(user: Publisher): void {
  if (!user.emailVerified) throw new AppError('FORBIDDEN', ACCOUNT_MESSAGES.emailUnverified, { reason: REFUSAL_REASONS.emailUnverified });
}

/** The cover columns of an item. */
export type CoverColumns = { cover_path: string | null; cover_mime_type: string | null };

/** A new item's cover: the user's pending cover at `coverPath`, claimed; none when absent or unusable. */
export async function claimCover(db: Db, userId: string, coverPath: string | null | undefined): Promise<CoverColumns> {
  const cover = coverPath ? await uploads.claimPendingUpload(db, userId, 'cover', coverPath) : undefined;
  return { cover_path: cover?.file_path ?? null, cover_mime_type: cover?.mime_type ?? null };
}

/**
 * An item's cover change: `wanted` null removes the current cover, another pending cover replaces
 * it (an unusable one changes nothing), undefined or the same path keeps it. The changed columns
 * (none when it stays) and the stored path to remove.
 */
export async function changeCover(
  db: Db,
  userId: string,
  current: string | null,
  wanted: string | null | undefined,
): Promise<{ columns: Partial<CoverColumns>; replaced: string | null }> {
  if (wanted === null) return current ? { columns: { cover_path: null, cover_mime_type: null }, replaced: current } : { columns: {}, replaced: null };
  if (!wanted || wanted === current) return { columns: {}, replaced: null };
  const cover = await uploads.claimPendingUpload(db, userId, 'cover', wanted);
  if (!cover) return { columns: {}, replaced: null };
  return { columns: { cover_path: cover.file_path, cover_mime_type: cover.mime_type }, replaced: current };
}

/**
 * Likes or unlikes an item the user may see; answers the new state. `lockVisible` finds the item
 * when the user may see it and locks it against other likes of it, so concurrent toggles run one
 * after another and each flips the state exactly once (the count follows by trigger).
 */
export function toggleLike(
  db: Db,
  kind: publishable.Publishable,
  userId: string,
  id: number,
  lockVisible: (trx: Transaction<DB>, id: number, userId: string) => Promise<unknown>,
  notFound: MessageCode,
): Promise<{ liked: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockVisible(trx, id, userId))) throw new AppError('NOT_FOUND', notFound);
    if (await publishable.addLike(trx, kind, id, userId)) return { liked: true };
    await publishable.removeLike(trx, kind, id, userId);
    return { liked: false };
  });
}
