import { useQueryClient } from '@tanstack/react-query';
import { TRPCClientError } from '@trpc/client';
import type { Review } from '@tonieshelf/shared/schemas/review';
import { useTRPC } from '../../../lib/trpc';

/** The server refused with this tRPC code (or its HTTP status), e.g. CONFLICT / 409. */
export function hasErrorCode(error: unknown, code: string, httpStatus: number): boolean {
  if (!(error instanceof TRPCClientError)) return false;
  const data = error.data as { code?: string; httpStatus?: number } | null | undefined;
  return data?.code === code || data?.httpStatus === httpStatus;
}

/**
 * What a new, changed or deleted review of a Tonie changes, read again: the Tonie, its ratings
 * (every cached order: newest and most helpful), summary, the user's own rating and helpful marks,
 * every catalogue page (averages and sort orders), the tags and the profiles' review lists.
 * `mine` is what the server answered for the user's own rating, shown at once.
 */
export function useRefreshReviews(tonieId: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return async (mine?: Review | null) => {
    if (mine !== undefined) queryClient.setQueryData(trpc.review.mine.queryKey({ tonieId }), mine);
    await Promise.all([
      queryClient.invalidateQueries(trpc.tonie.byId.queryFilter({ id: tonieId })),
      queryClient.invalidateQueries(trpc.review.list.queryFilter({ tonieId })),
      queryClient.invalidateQueries(trpc.review.summary.queryFilter({ tonieId })),
      queryClient.invalidateQueries(trpc.review.mine.queryFilter({ tonieId })),
      queryClient.invalidateQueries(trpc.review.myVotes.queryFilter({ tonieId })),
      queryClient.invalidateQueries(trpc.profile.pathFilter()),
      queryClient.invalidateQueries(trpc.tonie.list.pathFilter()),
      queryClient.invalidateQueries(trpc.tag.list.pathFilter()),
    ]);
  };
}
