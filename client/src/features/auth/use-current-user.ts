import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';

/**
 * The signed-in user (or null), from the server's `auth.me`. The one place the client learns
 * who is signed in: the header, protected routes and forms read it from here. Refetched when
 * the tab becomes visible again (PRODUCT.md), since the session may have ended meanwhile.
 * If the server cannot be reached the visitor counts as signed out.
 */
export function useCurrentUser() {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.auth.me.queryOptions(),
    refetchOnWindowFocus: 'always',
  });
  const user = query.data ?? null;
  return {
    user,
    isLoading: query.isPending,
    isAuthenticated: user !== null,
    error: query.error,
    refetch: query.refetch,
  };
}

export type CurrentUser = NonNullable<ReturnType<typeof useCurrentUser>['user']>;
