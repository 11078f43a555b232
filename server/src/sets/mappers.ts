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
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    tags: row.tag_names,
    status: row.status,
    coverImage: row.cover_path ? storedFileUrl(row.cover_path) : null,
    // The whole set as stored (every chapter, also those a viewer does not get): what the
    // Creative-Tonie budget is about, and the same number for everyone.
    chapterCount: row.chapter_count,
    totalDuration: row.total_duration,
    likeCount: live?.like_count ?? row.like_count,
    downloadCount: live?.download_count ?? row.download_count,
    hasLiked: viewerId ? (live?.has_liked ?? row.has_liked) : false,
    userId: row.user_id,
    userProfile: { firstName: row.first_name, lastName: row.last_name, username: row.username },
    createdAt: row.created_at.toISOString(),
    publishedAt: row.published_at ? row.published_at.toISOString() : null,
    licences: row.licences,
    overBudget: !fitsCreativeTonie(row.chapter_count, row.total_duration),
    hiddenByModerators: row.hidden_at !== null || row.owner_suspended,
    decisionId: row.decision_id ?? null,
  };
}

/**
 * Whether a chapter is available in its set for this viewer: others get a file that is visible
 * (published, not hidden, owner not suspended) and is the set owner's own or shared under a
 * licence that allows it; the set's owner also gets their own files in any state.
 */
function isAvailableChapter(chapter: Pick<ChapterRow, 'user_id' | 'status' | 'hidden_at' | 'owner_suspended' | 'licence'>, setOwnerId: string, ownerView: boolean): boolean {
  const own = chapter.user_id === setOwnerId;
  if (own && ownerView) return true;
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
 * sees every chapter, the unavailable ones marked), file URLs only for signed-in viewers, the
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
    };
  });
  return {
    ...toSetSummary({ ...row, licences: licenceSummary(available) }, viewerId),
    chapters,
    notices: ownerView ? notices.map((n) => ({ id: n.id, audioTitle: n.audio_title, createdAt: n.created_at.toISOString() })) : [],
    feedUrl: visible ? `/feeds/sets/${row.id}.rss` : null,
    downloadUrl: available.length > 0 ? setDownloadPath(row.id) : null,
    chaptersNotInFeed: available.filter((c) => !isShareableLicence(c.licence)).length,
  };
}
