// Sign-in, registration and sign-out with the spec's toasts (SPEC §8).
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { Me } from '@tonieshelf/shared/schemas/auth';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { useAuthShellTexts } from './auth-shell-texts';
import { isSecondStepPending } from '../../lib/use-current-user';
import { useSessionCache } from '../../lib/use-session-cache';

/** 'Welcome back, ' plus the first name, or the username when there is none. */
function welcomeBackMessage(me: Pick<Me, 'firstName' | 'username'>): string {
  return `${useAuthShellTexts.get().toasts.welcomeBack}${me.firstName.trim() || me.username}`;
}

/** The spec's toasts in the interface language at the time they show. */
function toasts() {
  return useAuthShellTexts.get().toasts;
}

export function loginSuccessToast(me: Pick<Me, 'firstName' | 'username'>): void {
  toast({ title: toasts().loginSuccess, message: welcomeBackMessage(me), variant: 'success' });
}

/**
 * auth.login. A complete sign-in toasts 'Login successful'; an account with a second factor
 * answers with a pending second step instead, and /auth shows the code form (the toast comes
 * when the code is accepted).
 */
export function useLogin() {
  const trpc = useTRPC();
  const { switchUser, refreshUser } = useSessionCache();
  return useMutation(
    trpc.auth.login.mutationOptions({
      onSuccess: (me) => {
        switchUser(me);
        if (!isSecondStepPending(me)) loginSuccessToast(me);
      },
      onError: (error) => {
        toast({
          title: toasts().loginFailed,
          message: serverMessage(error) ?? toasts().loginFailedFallback,
          variant: 'destructive',
        });
        refreshUser();
      },
    }),
  );
}

/** auth.register: toasts 'Registration successful' / 'Registration failed'. */
export function useRegister() {
  const trpc = useTRPC();
  const { switchUser, refreshUser } = useSessionCache();
  return useMutation(
    trpc.auth.register.mutationOptions({
      onSuccess: (me) => {
        switchUser(me);
        toast({
          title: toasts().registrationSuccess,
          message: `${toasts().welcomeToCommunity}${me.firstName.trim() || me.username}`,
          variant: 'success',
        });
      },
      onError: (error) => {
        toast({
          title: toasts().registrationFailed,
          message: serverMessage(error) ?? toasts().registrationFailedFallback,
          variant: 'destructive',
        });
        refreshUser();
      },
    }),
  );
}

interface LogoutOptions {
  /** Where to go once signed out (the Account menu goes to '/'); omitted: stay. */
  redirectTo?: string;
  /** No 'Logged out' toast (cancelling a second step is not a sign-out from the user's view). */
  silent?: boolean;
}

/** auth.logout: toasts 'Logged out' / 'Logout failed'. */
export function useLogout({ redirectTo, silent = false }: LogoutOptions = {}) {
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { switchUser, refreshUser } = useSessionCache();
  return useMutation(
    trpc.auth.logout.mutationOptions({
      onSuccess: () => {
        // Leave first: a protected page must not see the signed-out user and send them to /auth.
        if (redirectTo) navigate(redirectTo);
        switchUser(null);
        if (!silent) toast({ title: toasts().loggedOut, message: toasts().loggedOutMessage, variant: 'success' });
      },
      onError: (error) => {
        toast({
          title: toasts().logoutFailed,
          message: serverMessage(error) ?? toasts().logoutFailedFallback,
          variant: 'destructive',
        });
        refreshUser();
      },
    }),
  );
}
