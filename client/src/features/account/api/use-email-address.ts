// The account's email address: where it stands, verifying it, sending the link again, changing it.
import { useCallback } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { accountErrorMessage, hasMessageCode, localMessage } from '../../../lib/account-errors';
import { useAccountTexts } from '../account-texts';

/** account.emailStatus: the address, whether it is verified, a new address waiting for its link. */
export function useEmailStatus() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.account.emailStatus.queryOptions(), staleTime: 0, refetchOnMount: 'always', refetchOnWindowFocus: 'always' });
}

/** After the address changed or was verified: `auth.me` and the email status are fetched again. */
function useRefreshEmail() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(() => {
    void queryClient.invalidateQueries(trpc.auth.me.queryFilter());
    void queryClient.invalidateQueries(trpc.account.emailStatus.queryFilter());
  }, [queryClient, trpc]);
}

/** account.verifyEmail with the token of the emailed link (signed in or not). */
export function useVerifyEmail() {
  const trpc = useTRPC();
  const refresh = useRefreshEmail();
  return useMutation(trpc.account.verifyEmail.mutationOptions({ onSettled: () => refresh() }));
}

/**
 * account.resendVerification, with its toasts: 'Verification link sent', the throttle's wait, or
 * 'Already verified' (the address was verified meanwhile, e.g. in another tab: the user is
 * fetched again so the notices go away).
 */
export function useResendVerification() {
  const trpc = useTRPC();
  const refresh = useRefreshEmail();
  return useMutation(
    trpc.account.resendVerification.mutationOptions({
      onSuccess: () => toast({ title: useAccountTexts.get().toasts.linkSentTitle, message: localMessage(ACCOUNT_MESSAGES.verificationSent), variant: 'success' }),
      onError: (error) => {
        const texts = useAccountTexts.get();
        const message = accountErrorMessage(error);
        if (message && hasMessageCode(error, ACCOUNT_MESSAGES.alreadyVerified)) {
          toast({ title: texts.toasts.alreadyVerifiedTitle, message, variant: 'success' });
          refresh();
          return;
        }
        toast({ title: texts.toasts.linkNotSentTitle, message: message ?? texts.genericError, variant: 'destructive' });
      },
    }),
  );
}

/** account.changeEmail: the answer (the pending new address) goes straight into the status. */
export function useChangeEmail() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useMutation(
    trpc.account.changeEmail.mutationOptions({
      onSuccess: (status) => queryClient.setQueryData(trpc.account.emailStatus.queryKey(), status),
    }),
  );
}
