// The set queries and writes of the browsing screens: the list of published sets, one set, its
// like (optimistic) and the owner's dismissal of notices.
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_FRESH_MS } from '@tonieshelf/shared/values/common';
import type { SetDetail, SetListInput } from '@tonieshelf/shared/schemas/set';
import { useCurrentUser } from '../../../lib/use-current-user';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { nextLikeCount } from '../../../components/publishable/item-format';
import { useSetsTexts } from '../sets-texts';

const toasts = () => useSetsTexts.get().toasts;

/** Published sets (/sets, Discover): fresh for 60 s, the last page kept while the next loads. */
export function useSetList(input: SetListInput | typeof skipToken) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.set.list.queryOptions(input), staleTime: LIST_FRESH_MS, placeholderData: keepPreviousData });
}

/** One set with its chapters (a missing one answers NOT_FOUND: no retries). */
export function useSetDetail(id: number | null) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.set.byId.queryOptions(id === null ? skipToken : { id }),
    retry: (count, error) => (error as { data?: { code?: string } }).data?.code !== 'NOT_FOUND' && count < 2,
  });
}

/**
 * Like and unlike a set: signed-in only ('Login Required' otherwise). The page shows the new
 * state at once and takes the server's answer (or goes back on an error).
 */
export function useToggleSetLike() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user } = useCurrentUser();
  const mutation = useMutation(trpc.set.toggleLike.mutationOptions());

  const toggle = async (set: SetDetail) => {
    if (!user) {
      toast({ title: toasts().loginRequired, message: toasts().loginToLike, variant: 'warning' });
      return;
    }
    const key = trpc.set.byId.queryKey({ id: set.id });
    const before = queryClient.getQueryData<SetDetail>(key) ?? set;
    const apply = (liked: boolean) =>
      queryClient.setQueryData<SetDetail>(key, (old) =>
        old ? { ...old, hasLiked: liked, likeCount: liked === before.hasLiked ? before.likeCount : nextLikeCount(before.likeCount, liked) } : old,
      );
    apply(!before.hasLiked);
    try {
      const { liked } = await mutation.mutateAsync({ id: set.id });
      apply(liked);
      toast({ title: liked ? toasts().liked : toasts().unliked, message: set.title, variant: 'success' });
      void queryClient.invalidateQueries(trpc.set.list.pathFilter());
    } catch {
      queryClient.setQueryData<SetDetail>(key, (old) => (old ? { ...old, hasLiked: before.hasLiked, likeCount: before.likeCount } : old));
      toast({ title: toasts().error, message: toasts().likeFailed, variant: 'destructive' });
    }
  };
  return { toggle, isPending: mutation.isPending };
}

/** The owner has read the notices of removed chapters: the page takes the server's new set. */
export function useDismissSetNotices() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.set.dismissNotices.mutationOptions({
      onSuccess: (detail) => queryClient.setQueryData(trpc.set.byId.queryKey({ id: detail.id }), detail),
      onError: () => toast({ title: toasts().error, message: toasts().dismissFailed, variant: 'destructive' }),
    }),
  );
}
