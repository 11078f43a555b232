// Taking one's data ("Download my data": one JSON document, shelves, share links, profile settings
// and helpful votes included) and leaving (deleting the account).
// Deletion asks for the password and, with a verified second factor, a code; then, in one
// transaction, the account goes with its sessions, factors, likes, audio, shelves, share links and
// helpful votes (the counts follow by trigger), its reviews deleted or kept as 'Anonymous'; the
// stored files are queued in that transaction and removed after it, retried by the clean-up job
// when the storage fails.
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import type { AccountExport, DeleteAccountInput } from '@tonieshelf/shared/schemas/account';
import { SHELVES, sharedShelfPath } from '@tonieshelf/shared/values/shelf';
import { storedFileUrl } from '@tonieshelf/shared/values/audio';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { verifyPassword } from '../auth/password';
import { currentPasswordKeys, reserveAttempt } from '../auth/throttle';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { accountDeletedMail, siteLink } from '../mail/messages';
import * as data from '../repositories/account-data';
import * as audioRepo from '../repositories/audio';
import * as reviewsRepo from '../repositories/reviews';
import * as setsRepo from '../repositories/sets';
import * as factorsRepo from '../repositories/factors';
import * as usersRepo from '../repositories/users';
import { queueDeletions, removeNow } from '../storage/deletions';
import { confirmWithSecondFactor } from './factors';
import { sendMail } from './mail';
import type { SessionUser } from './mappers';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export async function exportData(deps: Pick<AppDeps, 'db' | 'config'>, userId: string): Promise<AccountExport> {
  const user = await usersRepo.findUserById(deps.db, userId);
  if (!user) throw new AppError('UNAUTHORIZED', AUTH_MESSAGES.signInRequired);
  const [factors, ratings, audio, likes, sets, shelves, shares, votes] = await Promise.all([
    factorsRepo.listFactors(deps.db, userId),
    reviewsRepo.listUserReviews(deps.db, userId),
    audioRepo.listUserAudio(deps.db, userId, true, userId),
    data.likesOfUser(deps.db, userId),
    setsRepo.listSetsForExport(deps.db, userId),
    data.shelvesOfUser(deps.db, userId),
    data.sharesOfUser(deps.db, userId),
    data.helpfulVotesOfUser(deps.db, userId),
  ]);
  const absolute = (key: string) => siteLink(deps.config, storedFileUrl(key), {});
  return {
    exportedAt: new Date().toISOString(),
    site: siteLink(deps.config, '/', {}),
    account: {
      id: user.id,
      username: user.username,
      firstName: user.first_name,
      lastName: user.last_name,
      email: user.email,
      emailVerified: user.email_verified_at !== null,
      createdAt: user.created_at.toISOString(),
      secondFactors: factors.filter((f) => f.status === 'verified').map((f) => ({ type: f.factor_type, name: f.friendly_name, createdAt: f.created_at.toISOString() })),
    },
    ratings: ratings.map((r) => ({
      tonieId: r.tonie_id,
      tonieName: r.tonie_name,
      rating: r.rating,
      review: r.review,
      tags: r.tags,
      createdAt: r.created_at.toISOString(),
      editedAt: iso(r.edited_at),
    })),
    audio: audio.map((a) => ({
      id: a.id,
      title: a.title,
      description: a.description,
      scriptText: a.script_text,
      status: a.status,
      tags: a.tag_names,
      fileName: a.file_name,
      fileSize: Number(a.file_size),
      mimeType: a.mime_type,
      duration: a.duration,
      likeCount: a.like_count,
      downloadCount: a.download_count,
      createdAt: a.created_at.toISOString(),
      publishedAt: iso(a.published_at),
      fileUrl: absolute(a.file_path),
      coverUrl: a.cover_path ? absolute(a.cover_path) : null,
    })),
    likes: likes.map((l) => ({ audioId: l.id, title: l.title, likedAt: l.created_at.toISOString() })),
    sets: sets.map((set) => ({
      id: set.id,
      title: set.title,
      description: set.description,
      status: set.status,
      audioFileIds: set.audio_file_ids,
      createdAt: set.created_at.toISOString(),
      publishedAt: iso(set.published_at),
      coverUrl: set.cover_path ? absolute(set.cover_path) : null,
    })),
    shelves: shelves.map((s) => ({ shelf: s.shelf, tonieId: s.tonieId, tonieName: s.tonieName, article: s.article, addedAt: s.addedAt.toISOString() })),
    shareLinks: shares.map((s) => ({ shelf: s.shelf, token: s.token, url: siteLink(deps.config, sharedShelfPath(s.token), {}), sharedSince: s.created_at.toISOString() })),
    profileSettings: { publicShelves: SHELVES.filter((s) => user.profile_shelves.includes(s)), showReviews: !user.profile_reviews_hidden },
    helpfulVotes: votes.map((v) => ({ ratingId: v.rating_id, tonieId: v.tonie_id, tonieName: v.tonie_name, votedAt: v.created_at.toISOString() })),
  };
}

type DeleteDeps = Pick<AppDeps, 'db' | 'config' | 'mailer' | 'log' | 'storage' | 'sms'> & { ip: string };

/** Deletes the account for good; how many stored files were removed at once (the rest are retried). */
export async function deleteAccount(deps: DeleteDeps, user: SessionUser, input: DeleteAccountInput): Promise<{ removedFiles: number }> {
  const attempt = await reserveAttempt(deps.db, currentPasswordKeys(user.id));
  const row = await usersRepo.findUserById(deps.db, user.id);
  if (!row || !(await verifyPassword(row.password_hash, input.password))) throw new AppError('BAD_REQUEST', ACCOUNT_MESSAGES.wrongPassword, { field: 'password' });
  await attempt.succeeded();
  if ((await factorsRepo.countVerifiedFactors(deps.db, user.id)) > 0) await confirmWithSecondFactor(deps, user, input, ACCOUNT_MESSAGES.codeRequired);

  const keys = await deps.db.transaction().execute(async (trx) => {
    const stored = await data.storedKeysOfUser(trx, user.id);
    await queueDeletions(trx, stored);
    if (input.keepReviews) await data.anonymiseRatings(trx, user.id);
    await usersRepo.deleteUser(trx, user.id);
    return stored;
  });
  const removedFiles = await removeNow(deps, keys);
  await sendMail(deps, accountDeletedMail({ to: row.email, username: row.username, firstName: row.first_name, language: row.locale }));
  deps.log.info({ userId: user.id, files: keys.length, removedFiles, keptReviews: input.keepReviews }, 'an account was deleted');
  return { removedFiles };
}
