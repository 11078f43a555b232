import { useQueryClient } from '@tanstack/react-query';
import { useTRPC } from './trpc';

/**
 * Refreshes every cached audio list a change can touch: Discover and the older page's All Audio
 * (audio.list), Liked (audio.liked), the user's own files (audio.mine) and the audio tag list.
 */
export function useRefreshAudioLists() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries(trpc.audio.list.pathFilter()),
      queryClient.invalidateQueries(trpc.audio.liked.pathFilter()),
      queryClient.invalidateQueries(trpc.audio.mine.pathFilter()),
      queryClient.invalidateQueries(trpc.tag.audioTags.pathFilter()),
    ]);
}
