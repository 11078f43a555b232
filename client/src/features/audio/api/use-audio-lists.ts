import { keepPreviousData, type skipToken, useQuery } from '@tanstack/react-query';
import { LIST_FRESH_MS } from '@tonieshelf/shared/values/common';
import type { AudioListInput, LikedAudioInput, MyAudioInput } from '@tonieshelf/shared/schemas/audio';
import { useTRPC } from '../../../lib/trpc';

/** Published audio (Discover, the older page's All Audio): fresh for 60 s, the last page kept while the next loads. */
export function useAudioList(input: AudioListInput | typeof skipToken) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.audio.list.queryOptions(input), staleTime: LIST_FRESH_MS, placeholderData: keepPreviousData });
}

/** The signed-in user's liked audio. */
export function useLikedAudio(input: LikedAudioInput) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.audio.liked.queryOptions(input), staleTime: LIST_FRESH_MS, placeholderData: keepPreviousData });
}

/**
 * The signed-in user's own files, drafts too, searched, filtered and paged by the server. The
 * one query with retries (2) and a refetch on mount (SPEC §7).
 */
export function useMyAudio(input: MyAudioInput | typeof skipToken) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.audio.mine.queryOptions(input), retry: 2, refetchOnMount: 'always', placeholderData: keepPreviousData });
}
