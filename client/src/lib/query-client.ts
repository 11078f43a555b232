import { QueryClient } from '@tanstack/react-query';

/**
 * SPEC §7: no retries, no refetch on window focus, no polling, and fetched data never goes
 * stale by default. Lists that should be fresh for 60 s (LIST_FRESH_MS) or the tag list
 * (TAG_LIST_CACHE_MS) set their own staleTime where they are queried.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: false,
        refetchOnWindowFocus: false,
        staleTime: Number.POSITIVE_INFINITY,
      },
      mutations: {
        retry: false,
      },
    },
  });
}
