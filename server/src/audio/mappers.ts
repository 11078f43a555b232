// Audio rows -> the API's audio file (SPEC §3), as one viewer may see it. The one place audio
// rows are mapped.
import { isOverCreativeLimit, storedFileUrl } from '@tonieshelf/shared/values/audio';
import type { AudioFile } from '@tonieshelf/shared/schemas/audio';
import type { AudioDetailRow, AudioViewerState } from '../repositories/audio';

/**
 * An audio file as `viewerId` sees it. Anonymous viewers get no file URL or path: preview and
 * download need a signed-in user (SPEC §6). `live` replaces the counts and the viewer's like of
 * a cached row.
 */
export function toAudioFile(row: AudioDetailRow, viewerId: string | null, live?: AudioViewerState): AudioFile {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    scriptText: row.script_text,
    tags: row.tag_names,
    status: row.status,
    fileUrl: viewerId ? storedFileUrl(row.file_path) : null,
    filePath: viewerId ? row.file_path : null,
    fileName: row.file_name,
    fileSize: Number(row.file_size),
    duration: row.duration,
    mimeType: row.mime_type,
    userId: row.user_id,
    coverImage: row.cover_path ? storedFileUrl(row.cover_path) : null,
    createdAt: row.created_at.toISOString(),
    likeCount: live?.like_count ?? row.like_count,
    commentCount: live?.comment_count ?? row.comment_count,
    downloadCount: live?.download_count ?? row.download_count,
    hasLiked: viewerId ? (live?.has_liked ?? row.has_liked) : false,
    userProfile: { firstName: row.first_name, lastName: row.last_name, username: row.username },
    overCreativeLimit: isOverCreativeLimit(row.duration),
    licence: row.licence,
    rightsConfirmed: row.rights_confirmed_at !== null,
    // Only its owner and staff ever get a hidden file (lists and byId leave it out for others).
    hiddenByModerators: row.hidden_at !== null || row.owner_suspended,
    decisionId: row.decision_id ?? null,
    analysis: row.analysis,
    loudnessLufs: row.loudness_lufs,
    peakDbfs: row.peak_dbfs,
  };
}
