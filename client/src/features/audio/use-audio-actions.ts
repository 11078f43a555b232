import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../auth/use-current-user';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { nextLikeCount } from './audio-format';
import { AUDIO_TOASTS } from './audio-texts';

/** Refreshes every cached audio list (Discover, Liked, the user's own list). */
export function useRefreshAudioLists() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.audio.list.pathFilter()),
      queryClient.invalidateQueries(trpc.audio.liked.pathFilter()),
      queryClient.invalidateQueries(trpc.audio.byUser.pathFilter()),
      queryClient.invalidateQueries(trpc.tag.audioTags.pathFilter()),
    ]);
}

export interface LikeState {
  hasLiked: boolean;
  likeCount: number;
}

/**
 * Like and unlike (SPEC §4): signed-in only ('Login Required' otherwise); the server's answer
 * decides liked or unliked; the count moves by 1, never below 0; the lists are refreshed.
 */
export function useToggleLike() {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const refresh = useRefreshAudioLists();
  const mutation = useMutation(trpc.audio.toggleLike.mutationOptions());

  const toggle = async (file: { id: number; title: string } & LikeState): Promise<LikeState | null> => {
    if (!user) {
      toast({ title: AUDIO_TOASTS.loginRequired, message: AUDIO_TOASTS.loginToLike, variant: 'warning' });
      return null;
    }
    try {
      const { liked } = await mutation.mutateAsync({ id: file.id });
      toast({ title: liked ? AUDIO_TOASTS.liked : AUDIO_TOASTS.unliked, message: file.title, variant: 'success' });
      void refresh();
      return { hasLiked: liked, likeCount: liked === file.hasLiked ? file.likeCount : nextLikeCount(file.likeCount, liked) };
    } catch {
      toast({ title: AUDIO_TOASTS.error, message: AUDIO_TOASTS.likeStatusFailed, variant: 'destructive' });
      return null;
    }
  };

  return { toggle, isPending: mutation.isPending, pendingId: mutation.isPending ? (mutation.variables?.id ?? null) : null };
}

/**
 * Download (SPEC §7): signed-in only; the server counts it and answers the fileUrl, which opens
 * in a new tab (the item's own fileUrl as a fallback).
 */
export function useDownloadAudio() {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const refresh = useRefreshAudioLists();
  const mutation = useMutation(trpc.audio.download.mutationOptions());

  const download = async (file: { id: number; fileUrl: string | null }): Promise<boolean> => {
    if (!user) {
      toast({ title: AUDIO_TOASTS.loginRequired, message: AUDIO_TOASTS.loginToDownload, variant: 'warning' });
      return false;
    }
    let url: string | null;
    try {
      const result = await mutation.mutateAsync({ id: file.id });
      url = result.fileUrl || file.fileUrl;
    } catch {
      toast({ title: AUDIO_TOASTS.downloadErrorTitle, message: AUDIO_TOASTS.downloadFailed, variant: 'destructive' });
      return false;
    }
    if (!url) {
      toast({ title: AUDIO_TOASTS.downloadErrorTitle, message: AUDIO_TOASTS.fileUrlMissing, variant: 'destructive' });
      return false;
    }
    window.open(url, '_blank', 'noopener');
    toast({ title: AUDIO_TOASTS.downloadStarted, message: AUDIO_TOASTS.downloadStartedText, variant: 'success' });
    void refresh();
    return true;
  };

  return { download, isPending: mutation.isPending, pendingId: mutation.isPending ? (mutation.variables?.id ?? null) : null };
}
