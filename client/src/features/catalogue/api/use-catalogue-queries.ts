import { keepPreviousData, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { LIST_FRESH_MS } from '@tonieshelf/shared/values/common';
import { TAG_LIST_CACHE_MS } from '@tonieshelf/shared/values/tag';
import type { TonieListInput } from '@tonieshelf/shared/schemas/tonie';
import { ratingsQuery, summaryQuery } from '../../../lib/review-queries';
import { useTRPC } from '../../../lib/trpc';

/** A page of the catalogue (fresh for 60 s; the last page stays while the next loads); skipToken waits. */
export function useTonieList(input: TonieListInput | typeof skipToken) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tonie.list.queryOptions(input), staleTime: LIST_FRESH_MS, placeholderData: keepPreviousData });
}

/** Marks every cached catalogue page stale (a new review changes ratings and sort orders). */
export function useRefreshTonieList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries(trpc.tonie.list.pathFilter());
}

/**
 * The categories with their number of Tonies in the chosen languages and age (all when none is
 * chosen); the last counts stay while the next load, so the buttons do not blink.
 */
export function useTonieCategories(languages: readonly string[], age: number | null) {
  const trpc = useTRPC();
  const input = languages.length > 0 || age !== null ? { ...(languages.length > 0 ? { languages: [...languages] } : {}), ...(age !== null ? { age } : {}) } : undefined;
  return useQuery({ ...trpc.tonie.categories.queryOptions(input), staleTime: LIST_FRESH_MS, placeholderData: keepPreviousData });
}

/** The catalogue tags in groups with their counts (cached 5 minutes). */
export function useTagGroups() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tag.groups.queryOptions(), staleTime: TAG_LIST_CACHE_MS });
}

/** The catalogue's languages with their counts. */
export function useTonieLanguages() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tonie.languages.queryOptions(), staleTime: LIST_FRESH_MS });
}

/** A series' summary (episode count, rating over all episodes), asked only for a series' page. */
export function useSeriesSummary(series: string | null) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tonie.series.queryOptions({ name: series ?? '' }), enabled: Boolean(series), staleTime: LIST_FRESH_MS, retry: false });
}

/** One Tonie with all its facts. */
export function useTonie(id: number) {
  const trpc = useTRPC();
  return useQuery(trpc.tonie.byId.queryOptions({ id }));
}

/**
 * Whether a Tonie's details, its rating summary and its newest reviews have arrived (or failed):
 * asks for all three at once (one batched request) with the same keys and freshness as the dialog's
 * own queries, so the dialog finds them in the cache. null asks for nothing (false).
 */
export function useTonieDetailsSettled(tonieId: number | null): boolean {
  const trpc = useTRPC();
  const ask = tonieId !== null;
  const tonie = useQuery(trpc.tonie.byId.queryOptions(ask ? { id: tonieId } : skipToken));
  const summary = useQuery(summaryQuery(trpc, ask ? { tonieId } : skipToken));
  const ratings = useQuery(ratingsQuery(trpc, ask ? { tonieId, sort: 'newest' } : skipToken));
  return ask && !tonie.isPending && !summary.isPending && !ratings.isPending;
}

/** The header's quick search: Tonies matching `q`, asked only when `enabled`. */
export function useQuickSearch(q: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tonie.quickSearch.queryOptions({ q }), enabled, staleTime: LIST_FRESH_MS });
}
