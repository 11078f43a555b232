// Set rows -> the API's set summary and set page, as one viewer may see them. The one place set
// rows are mapped.
import { LOUDNESS_HINT_LU, fitsCreativeTonie, isShareableLicence, setDownloadPath } from '@tonieshelf/shared/values/set';
import { storedFileUrl } from '@tonieshelf/shared/values/audio';
import type { Licence } from '@tonieshelf/shared/values/moderation';
import type { SetChapter, SetDetail, SetSummary } from '@tonieshelf/shared/schemas/set';
import { isVisibleAudio } from '../audio/service';
import type { ChapterRow, SetDetailRow, SetViewerState } from '../repositories/sets';

/** A set as cards and lists show it; `live` replaces the counts and the viewer's like of a cached row. */
export function toSetSummary(row: SetDetailRow, viewerId: string | null, live?: SetViewerState): SetSummary {
  const ownerView = viewerId !== null && viewerId === row.user_id;
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tag_names,
    status: row.status,
    coverImage: row.cover_path ? storedFileUrl(row.cover_path) : null,
    // What the viewer gets (repositories/sets.ts chapterTotalsOf); the owner's view adds what they see marked.
    chapterCount: row.shown_chapter_count,
    totalDuration: row.shown_duration,
    hiddenChapterCount: ownerView ? row.hidden_chapter_count : 0,
    unavailableChapterCount: ownerView ? row.unavailable_chapter_count : 0,
    likeCount: live?.like_count ?? row.like_count,
    downloadCount: live?.download_count ?? row.download_count,
    hasLiked: viewerId ? (live?.has_liked ?? row.has_liked) : false,
    userId: row.user_id,
    userProfile: { firstName: row.first_name, lastName: row.last_name, username: row.username },
    createdAt: row.created_at.toISOString(),
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    licences: row.licences,
    // The owner's budget is every chapter the set holds (what adds and publishing are checked against).
    overBudget: ownerView ? !fitsCreativeTonie(row.chapter_count, row.total_duration) : !fitsCreativeTonie(row.shown_chapter_count, row.shown_duration),
    hiddenByModerators: row.hidden_at !== null || row.owner_suspended,
    decisionId: row.decision_id ?? null,
  };
}

type ChapterState = Pick<ChapterRow, 'user_id' | 'status' | 'hidden_at' | 'owner_suspended' | 'licence'>;

/** Moderators hid the chapter's file (itself, or with its owner's suspension). */
const isHiddenFile = (chapter: ChapterState) => chapter.hidden_at !== null || chapter.owner_suspended;

/**
 * Whether a chapter is available in its set for this viewer: others get a file that is visible
 * (published, not hidden, owner not suspended) and is the set owner's own or shared under a
 * licence that allows it; the set's owner also gets their own drafts, but no file moderators hid.
 * Its SQL form is repositories/sets.ts's availableChapter.
 */
function isAvailableChapter(chapter: ChapterState, setOwnerId: string, ownerView: boolean): boolean {
  const own = chapter.user_id === setOwnerId;
  if (own && ownerView) return !isHiddenFile(chapter);
  return isVisibleAudio(chapter) && (own || isShareableLicence(chapter.licence));
}

/** The median of these numbers (at least one). */
function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

const knownLoudness = (c: ChapterRow): number | null => (c.analysis === 'ready' && c.loudness_lufs !== null ? c.loudness_lufs : null);

/** Distinct licences, most used first (then by name). */
function licenceSummary(chapters: readonly ChapterRow[]): Licence[] {
  const counts = new Map<Licence, number>();
  for (const c of chapters) counts.set(c.licence, (counts.get(c.licence) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([l]) => l);
}

/**
 * The set page for `viewerId`: chapters in order (for others only the available ones; the owner
 * sees every chapter, the unavailable ones marked, their own hidden files with the decision),
 * counts and durations of the available chapters, file URLs only for signed-in viewers, the
 * loudness hints against the median of the available chapters' known loudness (two or more),
 * notices only for the owner; the feed's address only when others may see the set (`visible`).
 */
export function toSetDetail(
  row: SetDetailRow,
  chapterRows: readonly ChapterRow[],
  notices: readonly { id: number; audio_title: string; created_at: Date }[],
  viewerId: string | null,
  visible: boolean,
): SetDetail {
  const ownerView = viewerId === row.user_id;
  const marked = chapterRows.map((c) => ({ row: c, available: isAvailableChapter(c, row.user_id, ownerView) }));
  const shown = ownerView ? marked : marked.filter((c) => c.available);
  const available = shown.filter((c) => c.available).map((c) => c.row);
  const hiddenOwn = (c: ChapterRow) => ownerView && c.user_id === row.user_id && isHiddenFile(c);
  const totals = {
    shown_chapter_count: available.length,
    shown_duration: available.reduce((sum, c) => sum + (c.duration ?? 0), 0),
    hidden_chapter_count: shown.filter((c) => hiddenOwn(c.row)).length,
    unavailable_chapter_count: shown.filter((c) => !c.available && !hiddenOwn(c.row)).length,
  };
  const loudness = available.map(knownLoudness).filter((v): v is number => v !== null);
  const mid = loudness.length >= 2 ? median(loudness) : null;
  // Others see the available chapters numbered 1..n (the owner sees every chapter, already 1..n).
  const chapters: SetChapter[] = shown.map(({ row: c, available: ok }, index) => {
    const lufs = knownLoudness(c);
    const diff = ok && mid !== null && lufs !== null ? lufs - mid : 0;
    return {
      audioFileId: c.audio_file_id,
      position: index + 1,
      title: c.title,
      duration: c.duration,
      fileUrl: viewerId && ok ? storedFileUrl(c.file_path) : null,
      mimeType: c.mime_type,
      licence: c.licence,
      userId: c.user_id,
      userProfile: { firstName: c.first_name, lastName: c.last_name, username: c.username },
      analysis: c.analysis,
      loudnessLufs: c.loudness_lufs,
      peakDbfs: c.peak_dbfs,
      loudnessHint: diff > LOUDNESS_HINT_LU ? 'louder' : diff < -LOUDNESS_HINT_LU ? 'quieter' : null,
      available: ok,
      hiddenByModerators: hiddenOwn(c),
      decisionId: hiddenOwn(c) ? c.decision_id : null,
    };
  });
  return {
    ...toSetSummary({ ...row, ...totals, licences: licenceSummary(available) }, viewerId),
    chapters,
    notices: ownerView ? notices.map((n) => ({ id: n.id, audioTitle: n.audio_title, createdAt: n.created_at.toISOString() })) : [],
    feedUrl: visible ? `/feeds/sets/${row.id}.rss` : null,
    downloadUrl: available.length > 0 ? setDownloadPath(row.id) : null,
    chaptersNotInFeed: available.filter((c) => !isShareableLicence(c.licence)).length,
  };
}
