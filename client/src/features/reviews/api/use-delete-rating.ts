import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useReviewToasts } from '../review-texts';
import { hasErrorCode, useRefreshReviews } from './review-cache';

/**
 * The author deletes their review: 'Review deleted', the form offers a new review at once, and
 * the summary, averages, sort orders and tags are read again.
 */
export function useDeleteRating(tonieId: number, { onDeleted }: { onDeleted?: () => void } = {}) {
  const trpc = useTRPC();
  const refresh = useRefreshReviews(tonieId);
  return useMutation(
    trpc.review.delete.mutationOptions({
      onSuccess: async () => {
        onDeleted?.();
        toast({ title: useReviewToasts.get().deletedTitle, message: useReviewToasts.get().deleted, variant: 'success' });
        await refresh(null);
      },
      onError: (error) => {
        toast({ title: useReviewToasts.get().error, message: `${useReviewToasts.get().deleteFailed}${error.message}`, variant: 'destructive' });
        // Already gone (another tab): show it gone.
        if (hasErrorCode(error, 'NOT_FOUND', 404)) void refresh(null);
      },
    }),
  );
}
