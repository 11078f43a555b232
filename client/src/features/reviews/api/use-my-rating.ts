import { skipToken, useQuery } from '@tanstack/react-query';
import { LIST_FRESH_MS } from '@tonieshelf/shared/values/common';
import { useCurrentUser } from '../../../lib/use-current-user';
import { useTRPC } from '../../../lib/trpc';

/** The signed-in user's own rating of a Tonie (null when none; not asked when signed out). */
export function useMyRating(tonieId: number) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  return useQuery({ ...trpc.review.mine.queryOptions(user ? { tonieId } : skipToken), staleTime: LIST_FRESH_MS });
}
