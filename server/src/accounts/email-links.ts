// Links sent by email: a random token in the link, only its SHA-256 stored, used once, with an
// expiry. Opening a link checks it under a row lock, so two clicks at once use it once.
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { digest, generateToken } from '../auth/tokens';
import type { Db } from '../db/types';
import { AppError } from '../errors';
import * as linksRepo from '../repositories/email-links';

type Purpose = 'reset' | 'verify';

/** A new link's token for `email` (the address it was sent to); earlier unused links of the purpose end. */
export async function issueLink(db: Db, userId: string, purpose: Purpose, email: string, ttlMs: number): Promise<string> {
  const token = generateToken();
  await linksRepo.voidUnusedLinks(db, userId, purpose);
  await linksRepo.insertLink(db, { userId, purpose, tokenHash: digest(token), email, expiresAt: new Date(Date.now() + ttlMs) });
  return token;
}

type Link = Awaited<ReturnType<typeof linksRepo.findLink>>;

/** The link's user and address, or the refusal saying what is wrong with it. */
function usable(link: Link): NonNullable<Link> {
  if (!link) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.linkInvalid, { field: 'token' });
  if (link.used_at) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.linkUsed, { field: 'token' });
  if (link.expires_at.getTime() <= Date.now()) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.linkExpired, { field: 'token' });
  return link;
}

/** Uses the link within the transaction `trx`: its user and address, or a refusal saying what is wrong with it. */
export async function useLink(trx: Db, token: string, purpose: Purpose): Promise<{ userId: string; email: string }> {
  const link = usable(await linksRepo.findLinkForUpdate(trx, digest(token), purpose));
  await linksRepo.markLinkUsed(trx, link.id);
  return { userId: link.user_id, email: link.email };
}

/** The refusal `useLink` would give now, without using the link: its user and address when it is usable. */
export async function checkLink(db: Db, token: string, purpose: Purpose): Promise<{ userId: string; email: string }> {
  const link = usable(await linksRepo.findLink(db, digest(token), purpose));
  return { userId: link.user_id, email: link.email };
}
