// The queries of a Tonie's reviews and rating summary: one key and one freshness for the reviews'
// own hooks and for the details dialog, which waits for them before it opens from an address.
import type { skipToken } from '@tanstack/react-query';
import { LIST_FRESH_MS } from '@tonieshelf/shared/values/common';
import type { ReviewSort } from '@tonieshelf/shared/values/review';
import type { useTRPC } from './trpc';

type Trpc = ReturnType<typeof useTRPC>;

/** The query of a Tonie's reviews in one order. */
export const ratingsQuery = (trpc: Trpc, input: { tonieId: number; sort: ReviewSort } | typeof skipToken) => ({
  ...trpc.review.list.queryOptions(input),
  staleTime: LIST_FRESH_MS,
});

/** The query of a Tonie's rating summary. */
export const summaryQuery = (trpc: Trpc, input: { tonieId: number } | typeof skipToken) => ({
  ...trpc.review.summary.queryOptions(input),
  staleTime: LIST_FRESH_MS,
});
