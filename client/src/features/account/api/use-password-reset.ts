// "Forgot password?": asking for a reset link, and setting the new password with it.
import { useMutation } from '@tanstack/react-query';
import { useTRPC } from '../../../lib/trpc';
import { useSessionCache } from '../../../lib/use-session-cache';

/** account.requestPasswordReset: the same answer whether or not the address has an account. */
export function useRequestPasswordReset() {
  const trpc = useTRPC();
  return useMutation(trpc.account.requestPasswordReset.mutationOptions());
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
