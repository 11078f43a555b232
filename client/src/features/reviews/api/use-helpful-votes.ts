// Helpful votes on a Tonie's reviews: which ones the signed-in user marked (review.myVotes) and
// the toggle (review.vote), optimistic: every cached list of the Tonie's reviews (both sorts) and
// the user's marks change at once, and go back with a toast when the server refuses.
import { skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@tonieshelf/shared/schemas/review';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { serverMessage } from '../../../lib/server-errors';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useReviewTexts } from '../review-texts';

/** The ids of the Tonie's reviews the signed-in user marked helpful (none when signed out). */
export function useMyVotes(tonieId: number | null) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  return useQuery({ ...trpc.review.myVotes.queryOptions(user && tonieId !== null ? { tonieId } : skipToken) });
}

/** A review's count with one vote more or less (never below 0). */
function withVote(rating: Review, ratingId: number, delta: number): Review {
  return rating.id === ratingId ? { ...rating, helpfulCount: Math.max(0, rating.helpfulCount + delta) } : rating;
}

/**
 * Marks a review of `tonieId` helpful or takes the mark back. The cached review.list answers (any
 * sort) and review.myVotes change before the server answers; on failure they are restored and a
 * toast says so. Afterwards the lists are read again (the helpful order may have changed).
 */
export function useHelpfulVote(tonieId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lists = trpc.review.list.queryFilter({ tonieId });
  const votesKey = trpc.review.myVotes.queryKey({ tonieId });

  return useMutation(
    trpc.review.vote.mutationOptions({
      onMutate: async (input) => {
        const ratingId = Number(input.ratingId);
        const helpful = input.helpful;
        await Promise.all([queryClient.cancelQueries(lists), queryClient.cancelQueries({ queryKey: votesKey })]);
        const previousLists = queryClient.getQueriesData<Review[]>(lists);
        const previousVotes = queryClient.getQueryData<number[]>(votesKey);
        const wasHelpful = previousVotes?.includes(ratingId) ?? false;
        const delta = helpful === wasHelpful ? 0 : helpful ? 1 : -1;
        queryClient.setQueriesData<Review[]>(lists, (list) => list?.map((r) => withVote(r, ratingId, delta)));
        queryClient.setQueryData<number[]>(votesKey, (ids = []) => (helpful ? [...new Set([...ids, ratingId])] : ids.filter((id) => id !== ratingId)));
        return { previousLists, previousVotes };
      },
      onError: (error, _input, context) => {
        if (context) {
          for (const [key, data] of context.previousLists) queryClient.setQueryData(key, data);
          queryClient.setQueryData(votesKey, context.previousVotes);
        }
        const texts = useReviewTexts.get();
        toast({ title: texts.voteFailedTitle, message: serverMessage(error) ?? texts.voteFailed, variant: 'destructive' });
      },
      onSuccess: (result) => {
        queryClient.setQueriesData<Review[]>(lists, (list) => list?.map((r) => (r.id === result.ratingId ? { ...r, helpfulCount: result.helpfulCount } : r)));
      },
      onSettled: () =>
        Promise.all([
          queryClient.invalidateQueries(lists),
          queryClient.invalidateQueries({ queryKey: votesKey }),
          queryClient.invalidateQueries(trpc.profile.reviews.pathFilter()),
        ]),
    }),
  );
}
