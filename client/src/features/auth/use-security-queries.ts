import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTRPC } from '../../lib/trpc';

/** The account's second factors, fresh on every visit of the security page. */
export function useFactors() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.factors.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
}

/** The account's sessions, fresh on every visit and when the tab becomes visible again. */
export function useSessions() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.sessions.queryOptions(), staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: 'always' });
}

/** How many unused recovery codes are left (only asked while the account has a factor). */
export function useRecoveryCodeCount(enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.recoveryCodeCount.queryOptions(), enabled, staleTime: 0, refetchOnMount: 'always' });
}

/**
 * After a factor or the recovery codes changed: the factor list, the recovery code count and
 * `auth.me` (its assurance level) are refetched.
 */
export function useRefreshFactors() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries(trpc.auth.factors.queryFilter());
    void queryClient.invalidateQueries(trpc.auth.recoveryCodeCount.queryFilter());
    void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
  }, [queryClient, trpc]);
}
