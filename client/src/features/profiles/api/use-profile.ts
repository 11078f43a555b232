// The reads of a public profile: the user, and one page of each of its sections.
import { keepPreviousData, skipToken, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ShelfName } from '@tonieshelf/shared/values/shelf';
import { LIST_FRESH_MS } from '@tonieshelf/shared/values/common';
import { useTRPC } from '../../../lib/trpc';

/** A 4xx answer (not found, hidden, bad input) is final: asking again would not change it. */
function retryServerErrors(failures: number, error: unknown): boolean {
  const status = (error as { data?: { httpStatus?: number } | null }).data?.httpStatus ?? 0;
  return status >= 500 && failures < 2;
}

/** /u/{username}: names, member since, counts and the public shelves. */
export function useProfile(username: string) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profile.byUsername.queryOptions({ username }), staleTime: LIST_FRESH_MS, retry: retryServerErrors });
}

/** One page of the user's reviews (asked only when `enabled`, i.e. the list is not hidden). */
export function useProfileReviews(username: string, page: number, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.profile.reviews.queryOptions(enabled ? { username, page } : skipToken),
    placeholderData: keepPreviousData,
    retry: retryServerErrors,
  });
}

export function useProfileAudio(username: string, page: number) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profile.audio.queryOptions({ username, page }), placeholderData: keepPreviousData, retry: retryServerErrors });
}

export function useProfileSets(username: string, page: number) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profile.sets.queryOptions({ username, page }), placeholderData: keepPreviousData, retry: retryServerErrors });
}

export function useProfileShelf(username: string, shelf: ShelfName, page: number) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profile.shelf.queryOptions({ username, shelf, page }), placeholderData: keepPreviousData, retry: retryServerErrors });
}

/** The signed-in user's profile settings. */
export function useProfileSettings() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.profile.settings.queryOptions(), retry: retryServerErrors });
}

/** Saves the profile settings; the answer is the settings now in force, and every cached profile is read again. */
export function useUpdateProfileSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.profile.updateSettings.mutationOptions({
      onSuccess: (settings) => {
        queryClient.setQueryData(trpc.profile.settings.queryKey(), settings);
        void queryClient.invalidateQueries(trpc.profile.byUsername.pathFilter());
        void queryClient.invalidateQueries(trpc.profile.reviews.pathFilter());
        void queryClient.invalidateQueries(trpc.profile.shelf.pathFilter());
      },
    }),
  );
}
