import { useMutation } from '@tanstack/react-query';
import { useCurrentUser } from '../../../lib/use-current-user';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { nextLikeCount } from '../../../components/publishable/item-format';
import { useAudioTexts } from '../audio-texts';

/** The toasts in the interface language at the time they show. */
const toasts = () => useAudioTexts.get().toasts;
import { useRefreshAudioLists } from '../../../lib/audio-cache';

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
  const mutation = useMutation(trpc.audio.toggleLike.mutationOptions({ onSuccess: () => void refresh() }));

  const toggle = async (file: { id: number; title: string } & LikeState): Promise<LikeState | null> => {
    if (!user) {
      toast({ title: toasts().loginRequired, message: toasts().loginToLike, variant: 'warning' });
      return null;
    }
    try {
      const { liked } = await mutation.mutateAsync({ id: file.id });
      toast({ title: liked ? toasts().liked : toasts().unliked, message: file.title, variant: 'success' });
      return { hasLiked: liked, likeCount: liked === file.hasLiked ? file.likeCount : nextLikeCount(file.likeCount, liked) };
    } catch {
      toast({ title: toasts().error, message: toasts().likeStatusFailed, variant: 'destructive' });
      return null;
    }
  };

  return { toggle, isPending: mutation.isPending, pendingId: mutation.isPending ? (mutation.variables?.id ?? null) : null };
}
