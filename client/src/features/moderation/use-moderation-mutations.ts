// The moderators' writes. Each one refreshes the moderation screens and the lists an action can
// change (Discover, Liked, the catalogue's reviews and tags).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

function useRefreshAfterAction() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries(trpc.moderation.pathFilter());
    void queryClient.invalidateQueries(trpc.audio.pathFilter());
    void queryClient.invalidateQueries(trpc.tonie.pathFilter());
    void queryClient.invalidateQueries(trpc.review.pathFilter());
    void queryClient.invalidateQueries(trpc.tag.pathFilter());
  };
}

/** moderation.act, .suspend, .unsuspend and .uphold: the decisions with a statement of reasons. */
export function useDecisionMutations() {
  const trpc = useTRPC();
  const refresh = useRefreshAfterAction();
  const options = { onSuccess: refresh };
  return {
    act: useMutation(trpc.moderation.act.mutationOptions(options)),
    suspend: useMutation(trpc.moderation.suspend.mutationOptions(options)),
    unsuspend: useMutation(trpc.moderation.unsuspend.mutationOptions(options)),
    uphold: useMutation(trpc.moderation.uphold.mutationOptions(options)),
  };
}

/** moderation.approveTag. */
export function useApproveTag() {
  const trpc = useTRPC();
  const refresh = useRefreshAfterAction();
  return useMutation(trpc.moderation.approveTag.mutationOptions({ onSuccess: refresh }));
}

/** moderation.setRole (admins). */
export function useSetRole() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.moderation.setRole.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries(trpc.moderation.staff.queryFilter());
        void queryClient.invalidateQueries(trpc.moderation.findUsers.pathFilter());
        void queryClient.invalidateQueries(trpc.moderation.log.pathFilter());
      },
    }),
  );
}
