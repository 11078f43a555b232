import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Review } from '@tonieshelf/shared/schemas/review';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useReviewToasts } from '../review-texts';
import { hasErrorCode, useRefreshReviews } from './review-cache';

interface SubmitRatingOptions {
  /** After a success (the form resets). */
  onSubmitted?: (rating: Review) => void;
  /** After a success, once the reviews are read again (the new review is listed: focus moves to it). */
  onRefreshed?: (rating: Review) => void;
  /** The server says this user has reviewed the Tonie already (409). */
  onConflict?: () => void;
}

/**
 * Rating and reviewing a Tonie (SPEC §4): on success the two toasts of SPEC §8, and the Tonie, its
 * ratings, summary, the user's own rating, the Tonie list and the tag list are refreshed; a 409
 * marks the user as having reviewed it.
 */
export function useSubmitRating(tonieId: number, { onSubmitted, onRefreshed, onConflict }: SubmitRatingOptions = {}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = useRefreshReviews(tonieId);
  return useMutation(
    trpc.review.create.mutationOptions({
      onSuccess: async (rating) => {
        onSubmitted?.(rating);
        toast({ title: useReviewToasts.get().submittedTitle, message: useReviewToasts.get().submitted, variant: 'success' });
        // The spec's second toast; one toast shows at a time, so it takes the first one's place.
        toast({ title: useReviewToasts.get().submittedAgainTitle, message: useReviewToasts.get().submittedAgain, variant: 'success' });
        await refresh();
        onRefreshed?.(rating);
      },
      onError: (error) => {
        if (hasErrorCode(error, 'CONFLICT', 409)) {
          onConflict?.();
          toast({ title: useReviewToasts.get().alreadyReviewedTitle, message: useReviewToasts.get().alreadyReviewed, variant: 'warning' });
          void queryClient.invalidateQueries(trpc.review.list.queryFilter({ tonieId }));
          void queryClient.invalidateQueries(trpc.review.mine.queryFilter({ tonieId }));
          return;
        }
        toast({ title: useReviewToasts.get().error, message: `${useReviewToasts.get().submitFailed}${error.message}`, variant: 'destructive' });
      },
    }),
  );
}
