// Set rules: who may see and change a set (published and visible sets for everyone; drafts and
// hidden sets only for their owner, hidden ones also for staff by id; changes only by the owner:
// isVisibleSet and canView, the one statement of the rule),
// the Creative-Tonie budget (99 chapters, 90 minutes) on every add and at publishing, which audio
// may be a chapter (the owner's own files, drafts included while the set is a draft; other
// people's published, visible files under a licence that allows sharing), uploaded files made
// chapters in one call (addUploads), reordering, likes, and what a deleted audio file leaves
// behind (a notice to each set owner). Procedures and the ZIP and feed routes call these; all SQL
// is in repositories (sets.ts, publishable.ts).
import { CREATIVE_TONIE_MAX_CHAPTERS, CREATIVE_TONIE_MAX_SECONDS } from '@tonieshelf/shared/values/common';
import { AUDIO_MESSAGES } from '@tonieshelf/shared/values/audio';
import { compareFileNames, fitsCreativeTonie, isShareableLicence, overBudgetMessage, SET_MESSAGES } from '@tonieshelf/shared/values/set';
import type { AddUploads, CreateSet, MySetsQuery, SetDetail, SetList, SetListQuery, UpdateSet } from '@tonieshelf/shared/schemas/set';
import { isStaff, type SessionUser } from '../accounts/mappers';
import { claimAudioUpload, insertFromUpload, isVisibleAudio, type ClaimedUpload } from '../audio/service';
import type { Db, DB } from '../db/types';
import type { AppDeps } from '../deps';
import { AppError } from '../errors';
import { changeCover, claimCover, requireVerifiedToPublish, toggleLike as togglePublishableLike, type Publisher } from '../publishable/service';
import * as publishable from '../repositories/publishable';
import * as setDownload from '../repositories/set-download';
import * as sets from '../repositories/sets';
import { queueDeletions, removeNow } from '../storage/deletions';
import { toSetDetail, toSetSummary } from './mappers';
import type { Transaction } from 'kysely';

type StorageDeps = Pick<AppDeps, 'db' | 'storage' | 'log'>;
/** Who looks: their id and role, or null. */
type Viewer = Pick<SessionUser, 'id' | 'role'> | null;

/** What the visibility rule reads of a set. */
type Visibility = Pick<sets.SetRow, 'status' | 'hidden_at' | 'owner_suspended'>;

/**
 * Whether others may see a set: published, not hidden by moderators, its owner not suspended.
 * Its SQL form is repositories/sets.ts's visibleSet.
 */
export function isVisibleSet(row: Visibility): boolean {
  return row.status === 'published' && row.hidden_at === null && !row.owner_suspended;
}

/**
 * Whether `viewer` may see a set: one visible to everyone; their own (draft or hidden); a
 * published but hidden one also for moderators and admins (to review it).
 */
export function canView(row: Visibility & Pick<sets.SetRow, 'user_id'>, viewer: Viewer): boolean {
  if (isVisibleSet(row)) return true;
  if (!viewer) return false;
  return row.user_id === viewer.id || (isStaff(viewer) && row.status === 'published');
}

/** The set for its owner's change: others get NOT_FOUND when it is invisible to them and FORBIDDEN otherwise. */
function requireOwner(row: sets.SetRow | undefined, userId: string): sets.SetRow {
  // Checked without staff's wider view (that is for reviewing, not for changing).
  if (!row || !canView(row, ownerViewer(userId))) throw new AppError('NOT_FOUND', SET_MESSAGES.notFound);
  if (row.user_id !== userId) throw new AppError('FORBIDDEN', SET_MESSAGES.notOwner);
  return row;
}

/** The set locked for its owner's change in this transaction. */
async function lockOwnSet(trx: Transaction<DB>, id: number, userId: string): Promise<sets.SetRow> {
  return requireOwner(await sets.findSetForUpdate(trx, id), userId);
}

/** /sets: one page of published, visible sets (the same for everyone, so cacheable). */
export async function discover(db: Db, query: SetListQuery): Promise<SetList> {
  const { rows, total } = await sets.listPublishedSets(db, query);
  return { sets: rows.map((r) => toSetSummary(r, null)), totalCount: total };
}

/**
 * Adds the viewer's likes and live counts to a cached /sets page, and drops a set that stopped
 * being visible since the page was read.
 */
export async function forViewer(db: Db, page: SetList, viewerId: string | null): Promise<SetList> {
  if (!viewerId || page.sets.length === 0) return page;
  const states = new Map(
    (
      await sets.setViewerStates(
        db,
        page.sets.map((s) => s.id),
        viewerId,
      )
    ).map((s) => [s.id, s]),
  );
  const live = page.sets.flatMap((s) => {
    const state = states.get(s.id);
    if (!state || !isVisibleSet(state)) return [];
    return [{ ...s, likeCount: state.like_count, downloadCount: state.download_count, hasLiked: state.has_liked }];
  });
  return { sets: live, totalCount: page.totalCount };
}

/** /sets/mine: the user's own sets, drafts and hidden ones too, most recently changed first. */
export async function listMine(db: Db, userId: string, query: MySetsQuery): Promise<SetList> {
  const { rows, total } = await sets.listOwnSets(db, userId, query);
  return { sets: rows.map((r) => toSetSummary(r, userId)), totalCount: total };
}

/**
 * One set with its chapters as the viewer may see it: a visible one for anyone; a draft or
 * hidden one for its owner; a published but hidden one also for moderators and admins (to review
 * it); NOT_FOUND otherwise.
 */
export async function byId(db: Db, id: number, viewer: Viewer): Promise<SetDetail> {
  const viewerId = viewer?.id ?? null;
  const row = await sets.findSetDetails(db, id, viewerId);
  if (!row || !canView(row, viewer)) throw new AppError('NOT_FOUND', SET_MESSAGES.notFound);
  const [chapters, notices] = await Promise.all([sets.listChapters(db, id), viewerId === row.user_id ? sets.listNotices(db, id) : Promise.resolve([])]);
  return toSetDetail(row, chapters, notices, viewerId, isVisibleSet(row));
}

const ownerViewer = (userId: string): Viewer => ({ id: userId, role: 'user' });

/** The locked set's chapters while chapters are added: which files, how many, how long. */
interface ChapterBudget {
  present: Set<number>;
  count: number;
  seconds: number;
}

async function budgetOf(trx: Transaction<DB>, set: sets.SetRow): Promise<ChapterBudget> {
  const present = new Set(await sets.chapterIds(trx, set.id));
  return { present, count: present.size, seconds: set.total_duration };
}

/**
 * Why `file` may not become the next chapter of `set`, or null: it may be a chapter (the owner's
 * own, drafts only while the set is a draft and not hidden by moderators; someone else's
 * published, visible file under a licence that allows sharing), is not in the set yet, has a
 * known duration, and keeps the set within 99 chapters and 90 minutes.
 */
function chapterRefusal(set: sets.SetRow, file: sets.ChapterCandidate | undefined, budget: ChapterBudget): AppError | null {
  const own = file?.user_id === set.user_id;
  const allowed = file
    ? own
      ? file.hidden_at === null && (file.status === 'published' || set.status === 'draft')
      : isVisibleAudio(file) && isShareableLicence(file.licence)
    : false;
  const field = { field: 'audioFileIds' };
  if (!file || !allowed) return new AppError('BAD_REQUEST', SET_MESSAGES.chapterNotAvailable, field);
  if (budget.present.has(file.id)) return new AppError('CONFLICT', SET_MESSAGES.duplicateChapter, field);
  if (file.duration === null) return new AppError('BAD_REQUEST', SET_MESSAGES.unknownDuration, field);
  if (budget.count + 1 > CREATIVE_TONIE_MAX_CHAPTERS) return new AppError('BAD_REQUEST', SET_MESSAGES.tooManyChapters, field);
  if (budget.seconds + file.duration > CREATIVE_TONIE_MAX_SECONDS) return new AppError('BAD_REQUEST', overBudgetMessage(budget.seconds, file.duration), field);
  return null;
}

/** Counts `file` (allowed by chapterRefusal) into the budget; its chapter position. */
function take(budget: ChapterBudget, file: { id: number; duration: number | null }): number {
  budget.present.add(file.id);
  budget.count += 1;
  budget.seconds += file.duration ?? 0;
  return budget.count;
}

/**
 * Appends `audioFileIds` to the locked set `set`, all or none, checked chapter by chapter in
 * order (chapterRefusal). The caller holds the set's row lock, so concurrent adds cannot both
 * pass, and share-locked the files (sets.lockChapterCandidates) before it.
 */
async function appendChapters(trx: Transaction<DB>, set: sets.SetRow, audioFileIds: readonly number[], files: readonly sets.ChapterCandidate[]): Promise<void> {
  const candidates = new Map(files.map((c) => [c.id, c]));
  const budget = await budgetOf(trx, set);
  const added: { audioFileId: number; position: number }[] = [];
  for (const id of audioFileIds) {
    const file = candidates.get(id);
    const refusal = chapterRefusal(set, file, budget);
    if (refusal) throw refusal;
    added.push({ audioFileId: id, position: take(budget, file!) });
  }
  await sets.insertChapters(trx, set.id, added);
}

/** A new draft set of the user (its cover the user's pending cover upload; an unusable one is left out), with its first chapters if given. */
export async function create(db: Db, user: Publisher, input: CreateSet): Promise<SetDetail> {
  const id = await db.transaction().execute(async (trx) => {
    const cover = await claimCover(trx, user.id, input.coverPath);
    const setId = await sets.insertSet(trx, { user_id: user.id, title: input.title, description: input.description, ...cover });
    await publishable.replaceTags(trx, 'sets', setId, input.tags);
    if (input.audioFileIds?.length) {
      const files = await sets.lockChapterCandidates(trx, input.audioFileIds);
      const set = await sets.findSetForUpdate(trx, setId);
      await appendChapters(trx, set!, input.audioFileIds, files);
    }
    return setId;
  });
  return byId(db, id, ownerViewer(user.id));
}

/**
 * The owner changes fields, tags, the cover (a pending cover; null removes it) or the status.
 * Publishing needs a verified email address and a set of at least one chapter within the
 * budget, and publishes the owner's own draft chapters with it (one transaction).
 */
export async function update(deps: StorageDeps, user: Publisher, input: UpdateSet): Promise<SetDetail> {
  const replaced = await deps.db.transaction().execute(async (trx) => {
    const row = await lockOwnSet(trx, input.id, user.id);
    const publishing = input.status === 'published' && row.status !== 'published';
    if (publishing) {
      requireVerifiedToPublish(user);
      if (row.chapter_count === 0) throw new AppError('BAD_REQUEST', SET_MESSAGES.emptyToPublish, { field: 'status' });
      if (!fitsCreativeTonie(row.chapter_count, row.total_duration)) throw new AppError('BAD_REQUEST', SET_MESSAGES.overBudgetToPublish, { field: 'status' });
    }
    const cover = await changeCover(trx, user.id, row.cover_path, input.coverPath);
    const old = cover.replaced ? [cover.replaced] : [];
    await sets.updateSet(trx, row.id, { title: input.title, description: input.description, status: input.status, publish: input.status === 'published', ...cover.columns });
    if (input.tags !== undefined) await publishable.replaceTags(trx, 'sets', row.id, input.tags);
    if (publishing) await sets.publishOwnDraftChapters(trx, row.id, user.id);
    await queueDeletions(trx, old);
    return old;
  });
  await removeNow(deps, replaced);
  return byId(deps.db, input.id, ownerViewer(user.id));
}

/** The owner deletes the set and its cover (the chapters' audio files stay). */
export async function remove(deps: StorageDeps, userId: string, id: number): Promise<{ ok: true; id: number }> {
  const paths = await deps.db.transaction().execute(async (trx) => {
    await lockOwnSet(trx, id, userId);
    const deleted = await sets.deleteSet(trx, id);
    const keys = deleted?.cover_path ? [deleted.cover_path] : [];
    await queueDeletions(trx, keys);
    return keys;
  });
  await removeNow(deps, paths);
  return { ok: true, id };
}

/** Appends chapters in this order; refused whole when one is not allowed or would break the budget. */
export async function addChapters(db: Db, userId: string, id: number, audioFileIds: number[]): Promise<SetDetail> {
  await db.transaction().execute(async (trx) => {
    // The files first, then the set (the order a file's deletion takes its locks in).
    const files = await sets.lockChapterCandidates(trx, audioFileIds);
    const set = await lockOwnSet(trx, id, userId);
    await appendChapters(trx, set, audioFileIds, files);
    await sets.touchSet(trx, id);
  });
  return byId(db, id, ownerViewer(userId));
}

/** What became of one upload of addUploads: its chapter, or why not (with its audio file when it was saved). */
export type UploadResult =
  | { filePath: string; outcome: 'added'; audioFileId: number; position: number }
  | { filePath: string; outcome: 'refused'; audioFileId: number | null; refusal: AppError };

/**
 * The user's uploads become their draft audio files under `licence` and chapters at the end of
 * their set, in natural order of the stored file names, in one transaction under the set's row
 * lock. Each upload is answered on its own: one that is not the user's pending audio upload is
 * refused; one that may not be the next chapter (chapterRefusal: the budget, a published set) is
 * refused and kept as a draft audio file; the others are added whatever became of the rest.
 */
export async function addUploads(db: Db, userId: string, input: AddUploads): Promise<{ set: SetDetail; uploads: UploadResult[] }> {
  const results = await db.transaction().execute(async (trx) => {
    const set = await lockOwnSet(trx, input.id, userId);
    const claimed: { filePath: string; title: string; file: ClaimedUpload }[] = [];
    const unclaimed: UploadResult[] = [];
    for (const upload of input.uploads) {
      const file = await claimAudioUpload(trx, userId, upload.filePath);
      if (file) claimed.push({ ...upload, file });
      else unclaimed.push({ filePath: upload.filePath, outcome: 'refused', audioFileId: null, refusal: new AppError('BAD_REQUEST', AUDIO_MESSAGES.selectAudioFile) });
    }
    claimed.sort((a, b) => compareFileNames(a.file.file_name, b.file.file_name));
    const budget = await budgetOf(trx, set);
    const added: { audioFileId: number; position: number }[] = [];
    const fields = { description: null, scriptText: null, status: 'draft', licence: input.licence, cover: { cover_path: null, cover_mime_type: null } } as const;
    const inOrder: UploadResult[] = [];
    for (const { filePath, title, file } of claimed) {
      const audioFileId = await insertFromUpload(trx, userId, file, { ...fields, title });
      const chapter = {
        id: audioFileId,
        user_id: userId,
        title,
        status: 'draft',
        hidden_at: null,
        owner_suspended: false,
        licence: input.licence,
        duration: file.duration,
      } as const;
      const refusal = chapterRefusal(set, chapter, budget);
      if (refusal) {
        inOrder.push({ filePath, outcome: 'refused', audioFileId, refusal });
        continue;
      }
      const position = take(budget, chapter);
      added.push({ audioFileId, position });
      inOrder.push({ filePath, outcome: 'added', audioFileId, position });
    }
    await sets.insertChapters(trx, set.id, added);
    if (added.length > 0) await sets.touchSet(trx, set.id);
    return [...inOrder, ...unclaimed];
  });
  return { set: await byId(db, input.id, ownerViewer(userId)), uploads: results };
}

/** Takes a chapter out (the later ones move up; the audio file stays). */
export async function removeChapter(db: Db, userId: string, id: number, audioFileId: number): Promise<SetDetail> {
  await db.transaction().execute(async (trx) => {
    await lockOwnSet(trx, id, userId);
    if (!(await sets.deleteChapter(trx, id, audioFileId))) throw new AppError('NOT_FOUND', SET_MESSAGES.chapterNotFound, { field: 'audioFileId' });
    await sets.touchSet(trx, id);
  });
  return byId(db, id, ownerViewer(userId));
}

/** The whole new order: every chapter exactly once; positions become 1..n in one transaction. */
export async function reorder(db: Db, userId: string, id: number, audioFileIds: number[]): Promise<SetDetail> {
  await db.transaction().execute(async (trx) => {
    await lockOwnSet(trx, id, userId);
    const current = await sets.chapterIds(trx, id);
    const wanted = new Set(audioFileIds);
    if (wanted.size !== audioFileIds.length || current.length !== audioFileIds.length || current.some((c) => !wanted.has(c))) {
      throw new AppError('BAD_REQUEST', SET_MESSAGES.orderMismatch, { field: 'audioFileIds' });
    }
    await sets.rewritePositions(trx, id, audioFileIds);
    await sets.touchSet(trx, id);
  });
  return byId(db, id, ownerViewer(userId));
}

/** The owner has read the notices of chapters removed with their audio. */
export async function dismissNotices(db: Db, userId: string, id: number): Promise<SetDetail> {
  await db.transaction().execute(async (trx) => {
    await lockOwnSet(trx, id, userId);
    await sets.deleteNotices(trx, id);
  });
  return byId(db, id, ownerViewer(userId));
}

/** Likes or unlikes a set the user may see; answers the new state (publishable/service.ts). */
export function toggleLike(db: Db, userId: string, id: number): Promise<{ liked: boolean }> {
  return togglePublishableLike(db, 'sets', userId, id, sets.lockVisibleSet, SET_MESSAGES.notFound);
}

export type { DownloadChapter, DownloadSet } from '../repositories/set-download';

/**
 * What the set's ZIP holds for a signed-in viewer: the set when they may have it (their own, else
 * published and visible) and, in set order, the chapters they may have (those available to
 * everyone, and their own files unless moderators hid them); NOT_FOUND otherwise.
 */
export async function downloadContents(db: Db, id: number, viewerId: string): Promise<{ set: setDownload.DownloadSet; chapters: setDownload.DownloadChapter[] }> {
  const set = await setDownload.findDownloadableSet(db, id);
  // Staff's wider view is for reviewing, not for taking copies: a plain viewer's rule.
  if (!set || !canView(set, { id: viewerId, role: 'user' })) throw new AppError('NOT_FOUND', SET_MESSAGES.notFound);
  return { set, chapters: await setDownload.listDownloadChapters(db, set.id, viewerId) };
}

/** Counts a download of the set that was handed over whole. */
export function countDownload(db: Db, setId: number, userId: string): Promise<void> {
  return setDownload.recordSetDownload(db, setId, userId);
}
