import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { ROUTES } from '../../../lib/links';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useSessionCache } from '../../../lib/use-session-cache';
import { localMessage } from '../../../lib/account-errors';
import { useAccountTexts } from '../account-texts';

/**
 * account.deleteAccount. On success the browser leaves for '/' first (the protected account page
 * must not send a signed-out visitor to /auth), then every cached answer of the account is
 * dropped and the goodbye is said. Refusals (wrong password, a code needed) are the caller's.
 */
export function useDeleteAccount() {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { switchUser } = useSessionCache();
  return useMutation(
    trpc.account.deleteAccount.mutationOptions({
      onSuccess: () => {
        navigate(ROUTES.home);
        switchUser(null);
        toast({ title: useAccountTexts.get().accountDeletedTitle, message: localMessage(ACCOUNT_MESSAGES.accountDeleted), variant: 'success' });
      },
    }),
  );
}

/** The account's second factors (the form asks for a code when there is one), fresh on every visit. */
export function useSecondFactors() {
  const trpc = useTRPC();
  return useQuery({ ...trpc.auth.factors.queryOptions(), staleTime: 0, refetchOnMount: 'always' });
}
