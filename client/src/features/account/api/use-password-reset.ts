// "Forgot password?": asking for a reset link, and setting the new password with it.
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { useSessionCache } from '../../../lib/use-session-cache';

/** account.requestPasswordReset: the same answer whether or not the address has an account. */
export function useRequestPasswordReset() {
  const trpc = useTRPC();
  return useMutation(trpc.account.requestPasswordReset.mutationOptions());
}

/**
 * account.checkResetLink, once when the page opens: a used, expired or unknown link is refused
 * before the new password is typed. Not fetched again (the submit's own answer takes over).
 */
export function useResetLinkCheck(token: string, enabled: boolean) {
  const trpc = useTRPC();
  return useQuery({
    ...trpc.account.checkResetLink.queryOptions({ token }),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}

/**
 * account.resetPassword: the new password is set, every other session ends and this browser is
 * signed in (or waits for the second step when the account has a second factor). The cached
 * data of whoever was signed in before is dropped.
 */
export function useResetPassword() {
  const trpc = useTRPC();
  const { switchUser } = useSessionCache();
  return useMutation(trpc.account.resetPassword.mutationOptions({ onSuccess: (me) => switchUser(me) }));
}
