// Links sent by email (password reset, address verification): only a token's SHA-256 is kept.
import type { Db } from '../db/types';

type Purpose = 'reset' | 'verify';

export async function insertLink(db: Db, link: { userId: string; purpose: Purpose; tokenHash: string; email: string; expiresAt: Date }): Promise<void> {
  await db.insertInto('email_links').values({ user_id: link.userId, purpose: link.purpose, token_hash: link.tokenHash, email: link.email, expires_at: link.expiresAt }).execute();
}

/** The link with this token hash, locked until the transaction ends (so it is used once). */
export function findLinkForUpdate(db: Db, tokenHash: string, purpose: Purpose) {
  return db.selectFrom('email_links').selectAll().where('token_hash', '=', tokenHash).where('purpose', '=', purpose).forUpdate().executeTakeFirst();
}

/** The link with this token hash, read without a lock (opening a link checks it without using it). */
export function findLink(db: Db, tokenHash: string, purpose: Purpose) {
  return db.selectFrom('email_links').selectAll().where('token_hash', '=', tokenHash).where('purpose', '=', purpose).executeTakeFirst();
}

/** Whether the user has an unused link of the purpose that has not expired by `now`. */
export async function hasUsableLink(db: Db, userId: string, purpose: Purpose, now: Date): Promise<boolean> {
  const row = await db
    .selectFrom('email_links')
    .select('id')
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function markLinkUsed(db: Db, id: string): Promise<void> {
  await db.updateTable('email_links').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/** Removes the user's unused links of a purpose (a new link or a new password makes them void: opening one says it is not valid). */
export async function voidUnusedLinks(db: Db, userId: string, purpose: Purpose): Promise<void> {
  await db.deleteFrom('email_links').where('user_id', '=', userId).where('purpose', '=', purpose).where('used_at', 'is', null).execute();
}

/** The newest unused, unexpired verification link of the user for an address other than `current`. */
export async function pendingAddress(db: Db, userId: string, current: string): Promise<string | null> {
  const row = await db
    .selectFrom('email_links')
    .select('email')
    .where('user_id', '=', userId)
    .where('purpose', '=', 'verify')
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && row.email.toLowerCase() !== current.toLowerCase() ? row.email : null;
}

/** Removes links that ended more than a day ago; how many. */
export async function deleteOldLinks(db: Db, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - 24 * 3600 * 1000);
  const result = await db.deleteFrom('email_links').where('expires_at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
