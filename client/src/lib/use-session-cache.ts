// What every change of the signed-in user must do to the cached data (sign-in, sign-out, a reset
// password, a deleted account).
import { useCallback } from 'react';
import { hashKey, useQueryClient } from '@tanstack/react-query';
import type { Me } from '@tonieshelf/shared/schemas/auth';
import { useTRPC } from './trpc';

/**
 * Functions to call when the session changed:
 * - `switchUser(me)`: a sign-in, a finished second step, a registration or a sign-out. The new
 *   answer of `auth.me` goes into the cache at once, everything else that was fetched (it may
 *   belong to the previous user: likes, drafts, sessions) is reset, and `auth.me` is refetched.
 * - `refreshUser()`: after a failed attempt, only `auth.me` is refetched.
 */
export function useSessionCache() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();

  const refreshUser = useCallback(() => {
    void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
  }, [queryClient, trpc]);

  const switchUser = useCallback(
    (me: Me | null) => {
      const meKey = trpc.auth.me.queryKey();
      const meHash = hashKey(meKey);
      queryClient.setQueryData(meKey, me);
      void queryClient.resetQueries({ predicate: (query) => query.queryHash !== meHash });
      void queryClient.invalidateQueries({ queryKey: meKey, exact: true });
    },
    [queryClient, trpc],
  );

  return { switchUser, refreshUser };
}
