import { useQuery } from '@tanstack/react-query';
import { TAG_LIST_CACHE_MS } from '@tonieshelf/shared/values/tag';
import { useTRPC } from './trpc';

/** Every tag of audio files and sets (their form's suggestions, the filter panel's list; cached 5 minutes). */
export function useAudioTags() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.tag.audioTags.queryOptions(), staleTime: TAG_LIST_CACHE_MS });
}
