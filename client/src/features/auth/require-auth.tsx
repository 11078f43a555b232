import { useEffect } from 'react';
import type { ReactNode } from 'react';
import { Center, Loader } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { useAuthShellTexts } from './auth-shell-texts';
import { authPathWithNext } from '../../lib/next-path';
import { useCurrentUser } from '../../lib/use-current-user';

interface RequireAuthProps {
  children: ReactNode;
  /** Shown to a signed-out visitor for the moment before the redirect (e.g. 'Login Required'). */
  signedOut?: ReactNode;
  /** How long `signedOut` stays before the redirect, so it can be read. Default 0 (at once). */
  redirectDelayMs?: number;
}

/**
 * A protected route (PRODUCT.md): a spinner while the user loads; a signed-out visitor, or one
 * whose sign-in still waits for its second step, goes to /auth?next=<this path> (replacing this
 * entry in the history) and comes back here after signing in.
 */
export function RequireAuth({ children, signedOut, redirectDelayMs = 0 }: RequireAuthProps) {
  const { user, isLoading } = useCurrentUser();
  const texts = useAuthShellTexts();
  const location = useLocation();
  const navigate = useNavigate();
  const here = `${location.pathname}${location.search}${location.hash}`;

  useEffect(() => {
    if (isLoading || user) return;
    // A sign-out that already navigated elsewhere (the Account menu goes to '/') must not be
    // turned into a trip to /auth by this page, which has not unmounted yet.
    const redirect = () => {
      if (window.location.pathname !== location.pathname) return;
      navigate(authPathWithNext(here), { replace: true });
    };
    if (redirectDelayMs <= 0) {
      redirect();
      return;
    }
    const timer = window.setTimeout(redirect, redirectDelayMs);
    return () => window.clearTimeout(timer);
  }, [isLoading, user, here, location.pathname, navigate, redirectDelayMs]);

  if (isLoading || (!user && !signedOut)) {
    return (
      <Center py={96} style={{ flex: 1 }}>
        <Loader role="status" aria-label={texts.loading} />
      </Center>
    );
  }
  if (!user) return signedOut;
  return children;
}
