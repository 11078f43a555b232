import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useReviewToasts } from '../review-texts';
import { hasErrorCode, useRefreshReviews } from './review-cache';

/**
 * The author saves changes to their review: 'Review updated', and everything the review shows in
 * (summary, averages, sort orders, tags) is read again. A review gone meanwhile (404) is read
 * again too, so the form offers a new review.
 */
export function useUpdateRating(tonieId: number, { onUpdated }: { onUpdated?: () => void } = {}) {
  const trpc = useTRPC();
  const refresh = useRefreshReviews(tonieId);
  return useMutation(
    trpc.review.update.mutationOptions({
      onSuccess: async (rating) => {
        onUpdated?.();
        toast({ title: useReviewToasts.get().updatedTitle, message: useReviewToasts.get().updated, variant: 'success' });
        await refresh(rating);
      },
      onError: (error) => {
        toast({ title: useReviewToasts.get().error, message: `${useReviewToasts.get().updateFailed}${error.message}`, variant: 'destructive' });
        if (hasErrorCode(error, 'NOT_FOUND', 404)) void refresh(null);
      },
    }),
  );
}
