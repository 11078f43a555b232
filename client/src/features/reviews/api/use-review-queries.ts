import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { TAG_LIST_CACHE_MS } from '@tonieshelf/shared/values/tag';
import type { ReviewSort } from '@tonieshelf/shared/values/review';
import { ratingsQuery, summaryQuery } from '../../../lib/review-queries';
import { useTRPC } from '../../../lib/trpc';

/** A Tonie's ratings and reviews, newest or most helpful first (the previous order stays shown while another loads). */
export function useRatings(tonieId: number, sort: ReviewSort = 'newest') {
  const trpc = useTRPC();
  return useQuery({ ...ratingsQuery(trpc, { tonieId, sort }), placeholderData: keepPreviousData });
}

/** A Tonie's rating summary. */
export function useRatingSummary(tonieId: number) {
  const trpc = useTRPC();
  return useQuery(summaryQuery(trpc, { tonieId }));
}

/** Every catalogue tag name, the review form's suggestions (cached 5 minutes). */
export function useTagList() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tag.list.queryOptions(), staleTime: TAG_LIST_CACHE_MS });
}
