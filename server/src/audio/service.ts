// Audio rules: who may see and change a file (published files for everyone unless moderators hid
// them or suspended their owner, drafts and hidden files only for their owner, hidden files also
// for moderators and admins who open them by id; changes only by the owner: isVisibleAudio and
// canView, the one statement of the rule), Discover and the other lists, the upload -> create
// sequence (a record takes the user's own pending uploads, once), the update diff, deletion with
// the stored files, likes and downloads. Procedures and upload routes call these; all SQL is in
// repositories.
import { AUDIO_MESSAGES, storedFileUrl } from '@tonieshelf/shared/values/audio';
import type { AudioFile, AudioList, AudioListQuery, CreateAudio, LikedAudioQuery, MyAudioQuery, UpdateAudio, Waveform } from '@tonieshelf/shared/schemas/audio';
import type { UploadLimits } from '../config';
import type { AudioAnalysisResult } from '../media/analyse';
import { isStaff, type SessionUser } from '../accounts/mappers';
import type { Db } from '../db/types';
import type { AppDeps } from '../deps';
import type { Message } from '@tonieshelf/shared/i18n/message-key';
import { AppError } from '../errors';
import { changeCover, claimCover, requireVerifiedToPublish, toggleLike as togglePublishableLike, type CoverColumns, type Publisher } from '../publishable/service';
import * as audio from '../repositories/audio';
import * as publishable from '../repositories/publishable';
import * as uploads from '../repositories/uploads';
import { queueDeletions, removeNow } from '../storage/deletions';
import { quotaRefusal, roomLeft, UPLOAD_RATE_WINDOW_MS } from '../uploads/quota';
import { toAudioFile } from './mappers';

type StorageDeps = Pick<AppDeps, 'db' | 'storage' | 'log'>;

/** Who looks: their id and role (moderators and admins may open hidden files by id), or null. */
export type Viewer = Pick<SessionUser, 'id' | 'role'> | null;

/** What the visibility rule reads of a file. */
type Visibility = Pick<audio.AudioRow, 'status' | 'hidden_at' | 'owner_suspended'>;

/**
 * Whether others may see a file: published, not hidden by moderators, its owner not suspended.
 * Its SQL form is repositories/audio.ts's visibleAudio (and audio_visible, migration 0016).
 */
export function isVisibleAudio(row: Visibility): boolean {
  return row.status === 'published' && row.hidden_at === null && !row.owner_suspended;
}

/**
 * Whether `viewer` may see a file: one visible to everyone; their own (draft or hidden); a
 * published but hidden one also for moderators and admins (to review it).
 */
export function canView(row: Visibility & Pick<audio.AudioRow, 'user_id'>, viewer: Viewer): boolean {
  if (isVisibleAudio(row)) return true;
  if (!viewer) return false;
  return row.user_id === viewer.id || (isStaff(viewer) && row.status === 'published');
}

/** The owner as a viewer: a change is checked without staff's wider view (that is for reviewing). */
const asOwner = (userId: string): Viewer => ({ id: userId, role: 'user' });

/** The file for its owner's change: others get NOT_FOUND for a draft (it is invisible to them) and FORBIDDEN otherwise. */
function requireOwner(row: audio.AudioRow | undefined, userId: string): audio.AudioRow {
  if (!row || !canView(row, asOwner(userId))) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound);
  if (row.user_id !== userId) throw new AppError('FORBIDDEN', AUDIO_MESSAGES.notOwner);
  return row;
}

/** Loads through the read cache (ctx.cached of a cached procedure): the loaded value, or the one the cache holds. */
type CachedLoad = <T>(load: () => Promise<T>) => Promise<T>;

/**
 * Discover: one page of published files, filtered (search words, ALL tags, licence) and sorted
 * across everything published, with the total from the trigger-kept counts when unfiltered (one
 * statement; see audio.discoverPage). The page as an anonymous visitor sees it goes through the
 * read cache (`cached`), the same for everyone. A signed-in viewer also gets the live counts,
 * their own like and the file URLs, never a row that stopped being visible since the page was
 * cached, and at most one statement beyond the session's lookup: when this request loads the
 * page, it loads it with the viewer's state (and caches it without); when the cache answers,
 * one primary-key lookup adds the viewer's state to the cached rows.
 */
export async function discover(db: Db, query: AudioListQuery, viewerId: string | null, cached: CachedLoad): Promise<AudioList> {
  if (!viewerId) {
    const page = await cached(() => audio.discoverPage(db, query, null));
    return { audioFiles: page.rows.map((r) => toAudioFile(r, null)), totalCount: page.total };
  }
  let own: audio.DiscoverPage | undefined;
  const shared = await cached(async () => {
    own = await audio.discoverPage(db, query, viewerId);
    return { total: own.total, rows: own.rows.map((r) => ({ ...r, has_liked: false })) };
  });
  if (own) return { audioFiles: own.rows.map((r) => toAudioFile(r, viewerId)), totalCount: own.total };
  return forViewer(db, { rows: shared.rows, totalCount: shared.total }, viewerId);
}

/**
 * A cached page of files for this viewer: a signed-in viewer gets the live counts, their own
 * like and the file URLs (one primary-key lookup), and never a row that stopped being visible
 * since the page was read.
 */
export async function forViewer(db: Db, page: { rows: audio.AudioDetailRow[]; totalCount: number }, viewerId: string | null): Promise<AudioList> {
  if (!viewerId || page.rows.length === 0) return { audioFiles: page.rows.map((r) => toAudioFile(r, viewerId)), totalCount: page.totalCount };
  const states = new Map(
    (
      await audio.audioViewerStates(
        db,
        page.rows.map((r) => r.id),
        viewerId,
      )
    ).map((s) => [s.id, s]),
  );
  const audioFiles = page.rows.flatMap((r) => {
    const live = states.get(r.id);
    return live && isVisibleAudio(live) ? [toAudioFile(r, viewerId, live)] : [];
  });
  return { audioFiles, totalCount: page.totalCount };
}

/** A user's files, newest first: all of them for the owner (drafts, hidden ones), only the visible ones for anyone else. */
export async function listByUser(db: Db, ownerId: string, viewerId: string | null): Promise<AudioFile[]> {
  const rows = await audio.listUserAudio(db, ownerId, viewerId === ownerId, viewerId);
  return rows.map((r) => toAudioFile(r, viewerId));
}

/** The user's own files (drafts too), newest first, searched and filtered by tags, one page. */
export async function listMine(db: Db, userId: string, query: MyAudioQuery): Promise<AudioList> {
  const { rows, total } = await audio.listOwnAudio(db, userId, query);
  return { audioFiles: rows.map((r) => toAudioFile(r, userId)), totalCount: total };
}

/** The user's liked files (still visible to them), newest like first or most liked first. */
export async function listLiked(db: Db, userId: string, query: LikedAudioQuery): Promise<AudioList> {
  const { rows, total } = await audio.listLikedAudio(db, userId, query);
  return { audioFiles: rows.map((r) => toAudioFile(r, userId)), totalCount: total };
}

/**
 * One file: a visible one for anyone; a draft or hidden one for its owner (marked
 * hiddenByModerators); a published but hidden one also for moderators and admins (to review
 * it); NOT_FOUND otherwise.
 */
export async function byId(db: Db, id: number, viewer: Viewer): Promise<AudioFile> {
  const viewerId = viewer?.id ?? null;
  const row = await audio.findAudioDetails(db, id, viewerId);
  if (!row || !canView(row, viewer)) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound);
  return toAudioFile(row, viewerId);
}

/** The waveform of a file the viewer may see (as byId decides); no peaks unless analysed. */
export async function waveform(db: Db, id: number, viewer: Viewer): Promise<Waveform> {
  const row = await audio.findWaveform(db, id);
  if (!row || !canView(row, viewer)) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound);
  return { analysis: row.analysis, peaks: row.analysis === 'ready' && row.waveform ? Array.from(row.waveform) : [] };
}

/** Audio tags that at least one visible file carries (drafts and hidden files never leak), A to Z. */
export async function listTags(db: Db): Promise<{ tags: string[] }> {
  return { tags: await audio.listPublishedAudioTagNames(db) };
}

/** An upload stored for the user, waiting to be attached to a record (audio.create / update). */
interface StoredUpload {
  userId: string;
  kind: 'audio' | 'cover';
  filePath: string;
  fileName: string;
  fileSize: number;
  mimeType: string;
  duration: number | null;
  /** For audio: what the analysis at upload measured. */
  analysis?: AudioAnalysisResult | null;
}

/** The analysis columns of a pending upload or audio file ('none' when not analysed). */
function analysisColumns(a: AudioAnalysisResult | null | undefined) {
  return a
    ? { analysis: a.analysis, waveform: a.waveform, loudness_lufs: a.loudnessLufs, peak_dbfs: a.peakDbfs }
    : { analysis: 'none' as const, waveform: null, loudness_lufs: null, peak_dbfs: null };
}

/** A claimed pending upload's analysis, copied onto the audio file it becomes. */
function analysisOf(file: { analysis: 'none' | 'ready' | 'failed'; waveform: Uint8Array | null; loudness_lufs: number | null; peak_dbfs: number | null }) {
  return { analysis: file.analysis, waveform: file.waveform, loudness_lufs: file.loudness_lufs, peak_dbfs: file.peak_dbfs };
}

/** What the user's quotas leave for an upload announced as `bytes` (0: unknown); throws the refusal when nothing. */
export async function uploadRoom(db: Db, userId: string, limits: UploadLimits, bytes: number): Promise<{ bytes: number; message: Message }> {
  const usage = await uploads.uploadUsage(db, userId, new Date(Date.now() - UPLOAD_RATE_WINDOW_MS));
  const refusal = quotaRefusal(usage, limits, bytes);
  if (refusal) throw refusal;
  return roomLeft(usage, limits);
}

/**
 * Records a stored upload as the user's pending upload, once it is known to fit the user's
 * quotas (checked under the user's row lock, so uploads at the same time cannot both take the
 * last room); what the upload route answers. A refused upload throws, and the route removes it.
 */
export async function recordUpload(db: Db, u: StoredUpload, limits: UploadLimits) {
  await db.transaction().execute(async (trx) => {
    await uploads.lockUploader(trx, u.userId);
    const usage = await uploads.uploadUsage(trx, u.userId, new Date(Date.now() - UPLOAD_RATE_WINDOW_MS));
    const refusal = quotaRefusal(usage, limits, u.fileSize);
    if (refusal) throw refusal;
    await uploads.insertPendingUploadAndEvent(trx, {
      user_id: u.userId,
      kind: u.kind,
      file_path: u.filePath,
      file_name: u.fileName,
      file_size: u.fileSize,
      mime_type: u.mimeType,
      duration: u.duration,
      ...analysisColumns(u.kind === 'audio' ? u.analysis : null),
    });
  });
  const fileUrl = storedFileUrl(u.filePath);
  const a = u.analysis;
  return u.kind === 'audio'
    ? {
        filePath: u.filePath,
        fileName: u.fileName,
        fileSize: u.fileSize,
        duration: u.duration,
        mimeType: u.mimeType,
        fileUrl,
        analysis: a?.analysis ?? 'none',
        waveform: a?.waveform ? Array.from(a.waveform) : null,
        loudnessLufs: a?.loudnessLufs ?? null,
        peakDbfs: a?.peakDbfs ?? null,
      }
    : { filePath: u.filePath, fileName: u.fileName, fileSize: u.fileSize, mimeType: u.mimeType, fileUrl };
}

/** A pending audio upload of the user, claimed in the caller's transaction (uploads.claimPendingUpload). */
export type ClaimedUpload = NonNullable<Awaited<ReturnType<typeof uploads.claimPendingUpload>>>;

/** What the user says of a new audio file; the file, its duration and analysis come from its upload. */
type NewAudioFields = Pick<CreateAudio, 'title' | 'description' | 'scriptText' | 'status' | 'licence'> & { cover: CoverColumns };

/**
 * The user's pending audio upload at `filePath`, claimed (once) in the caller's transaction; undefined
 * when the user has none there (never another user's).
 */
export function claimAudioUpload(trx: Db, userId: string, filePath: string): Promise<ClaimedUpload | undefined> {
  return uploads.claimPendingUpload(trx, userId, 'audio', filePath);
}

/** Inserts the user's audio file made of a claimed upload, in the caller's transaction (rights confirmed now); its id. */
export function insertFromUpload(trx: Db, userId: string, file: ClaimedUpload, fields: NewAudioFields): Promise<number> {
  return audio.insertAudio(trx, {
    user_id: userId,
    title: fields.title,
    description: fields.description,
    script_text: fields.scriptText,
    status: fields.status,
    file_path: file.file_path,
    file_name: file.file_name,
    file_size: Number(file.file_size),
    mime_type: file.mime_type,
    duration: file.duration,
    ...analysisOf(file),
    ...fields.cover,
    licence: fields.licence,
    rights_confirmed_at: new Date(),
  });
}

/**
 * A new audio file of the user, draft (default) or published. The audio is the user's pending
 * upload at `filePath`, attached once; the cover the user's pending cover at `coverPath` (an
 * unusable cover is left out, as the spec ignores cover failures).
 */
export async function create(db: Db, user: Publisher, input: CreateAudio): Promise<AudioFile> {
  const userId = user.id;
  if (input.status === 'published') requireVerifiedToPublish(user);
  const id = await db.transaction().execute(async (trx) => {
    const file = await claimAudioUpload(trx, userId, input.filePath);
    if (!file) throw new AppError('BAD_REQUEST', AUDIO_MESSAGES.selectAudioFile);
    const audioId = await insertFromUpload(trx, userId, file, { ...input, cover: await claimCover(trx, userId, input.coverPath) });
    await publishable.replaceTags(trx, 'audio_files', audioId, input.tags);
    return audioId;
  });
  return byId(db, id, asOwner(userId));
}

/**
 * The owner changes fields, the status (either way), the audio (another pending upload) or the
 * cover (a pending cover; null removes it). Replaced files are removed from storage.
 */
export async function update(deps: StorageDeps, user: Publisher, input: UpdateAudio): Promise<AudioFile> {
  const userId = user.id;
  const replaced = await deps.db.transaction().execute(async (trx) => {
    const row = requireOwner(await audio.findAudioForUpdate(trx, input.id), userId);
    if (input.status === 'published' && row.status !== 'published') requireVerifiedToPublish(user);
    const changes: audio.AudioChanges = {
      title: input.title,
      description: input.description,
      script_text: input.scriptText,
      status: input.status,
      publish: input.status === 'published',
      licence: input.licence,
    };
    const old: string[] = [];
    if (input.filePath !== undefined && input.filePath !== row.file_path) {
      const file = await claimAudioUpload(trx, userId, input.filePath);
      if (!file) throw new AppError('BAD_REQUEST', AUDIO_MESSAGES.selectAudioFile);
      Object.assign(changes, {
        file_path: file.file_path,
        file_name: file.file_name,
        file_size: Number(file.file_size),
        mime_type: file.mime_type,
        duration: file.duration,
        ...analysisOf(file),
      });
      old.push(row.file_path);
    }
    const cover = await changeCover(trx, userId, row.cover_path, input.coverPath);
    if (cover.replaced) old.push(cover.replaced);
    await audio.updateAudio(trx, row.id, { ...changes, ...cover.columns });
    if (input.tags !== undefined) await publishable.replaceTags(trx, 'audio_files', row.id, input.tags);
    await queueDeletions(trx, old);
    return old;
  });
  await removeNow(deps, replaced);
  return byId(deps.db, input.id, asOwner(userId));
}

/** The owner deletes a file for good: its record, tags and likes, then its stored audio and cover. */
export async function remove(deps: StorageDeps, userId: string, id: number): Promise<{ ok: true; id: number }> {
  const paths = await deps.db.transaction().execute(async (trx) => {
    requireOwner(await audio.findAudioForUpdate(trx, id), userId);
    const deleted = await audio.deleteAudio(trx, id);
    const keys = [deleted?.file_path, deleted?.cover_path].filter((k): k is string => Boolean(k));
    await queueDeletions(trx, keys);
    return keys;
  });
  await removeNow(deps, paths);
  return { ok: true, id };
}

/**
 * Likes or unlikes a file the user may see (not a hidden one of someone else); answers the new
 * state. One like per user and file, every toggle flips it exactly once (publishable/service.ts).
 */
export function toggleLike(db: Db, userId: string, id: number): Promise<{ liked: boolean }> {
  return togglePublishableLike(db, 'audio_files', userId, id, audio.lockVisibleAudio, AUDIO_MESSAGES.notFound);
}

/** Counts a download of a file the user may see (not a hidden one of someone else); answers the URL that downloads it. */
export async function download(db: Db, userId: string, id: number): Promise<{ fileUrl: string }> {
  const path = await audio.countDownload(db, id, userId);
  if (!path) throw new AppError('NOT_FOUND', AUDIO_MESSAGES.notFound);
  return { fileUrl: storedFileUrl(path, true) };
}

/** The files never analysed (the background analysis takes them one at a time), at most `limit`, oldest first. */
export function unanalysedFiles(db: Db, limit: number) {
  return audio.listUnanalysedAudio(db, limit);
}

/** Records what the background analysis measured; false when the file was replaced or deleted meanwhile. */
export function saveAnalysis(db: Db, id: number, filePath: string, a: Omit<AudioAnalysisResult, 'analysis'> & { analysis: 'ready' | 'failed' }): Promise<boolean> {
  return audio.setAudioAnalysis(db, id, filePath, { analysis: a.analysis, waveform: a.waveform, loudness_lufs: a.loudnessLufs, peak_dbfs: a.peakDbfs });
}

/** Discover's search words that no visible file has any more (the hourly job); how many went. */
export function removeUnusedSearchWords(db: Db): Promise<number> {
  return audio.removeUnusedSearchWords(db);
}

/**
 * Pending uploads not attached to a record since `pendingBefore` go: their rows, and their stored files
 * (queued for removal with the rows, then removed); the record of uploads past the per-hour
 * window goes too. How many pending uploads went.
 */
export async function removeStaleUploads(deps: StorageDeps, pendingBefore: Date, now = Date.now()): Promise<number> {
  const paths = await deps.db.transaction().execute(async (trx) => {
    const stale = await uploads.deleteStalePendingUploads(trx, pendingBefore);
    await queueDeletions(trx, stale);
    return stale;
  });
  await removeNow(deps, paths);
  await uploads.deleteOldUploadEvents(deps.db, new Date(now - UPLOAD_RATE_WINDOW_MS));
  return paths.length;
}
