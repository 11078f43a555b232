import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Me } from '@tonieshelf/shared/schemas/auth';
import { rememberSignedIn } from './signed-in-hint';
import { useTRPC } from './trpc';

/** A sign-in that still waits for its second step (a code of a second factor). */
export function isSecondStepPending(me: Me | null | undefined): boolean {
  return me?.aal === 'aal1' && me.nextLevel === 'aal2';
}

/**
 * The signed-in user (or null), from the server's `auth.me`. The one place the client learns
 * who is signed in: the header, protected routes and forms read it from here. Refetched when
 * the tab becomes visible again (PRODUCT.md), since the session may have ended meanwhile.
 * If the server cannot be reached the visitor counts as signed out.
 *
 * `user` is set only once the sign-in is complete: while a second step is pending it is null
 * and `pendingUser` holds the account that still has to enter a code.
 */
export function useCurrentUser() {
  const trpc = useTRPC();
  const query = useQuery({
    ...trpc.auth.me.queryOptions(),
    refetchOnWindowFocus: 'always',
  });
  const me = query.data ?? null;
  const pending = isSecondStepPending(me);
  const user = me && !pending ? me : null;
  const known = !query.isPending;
  const signedIn = user !== null;
  useEffect(() => {
    if (known) rememberSignedIn(signedIn);
  }, [known, signedIn]);
  return {
    user,
    pendingUser: pending ? me : null,
    isLoading: query.isPending,
    isAuthenticated: user !== null,
    error: query.error,
    refetch: query.refetch,
  };
}

export type CurrentUser = NonNullable<ReturnType<typeof useCurrentUser>['user']>;
