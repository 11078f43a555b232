import { Suspense, lazy } from 'react';
import { Button, Skeleton } from '@mantine/core';
import { IconLogin, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LoadBoundary } from '../../components/load-boundary';
import { ROUTES } from '../../lib/links';
import { wasSignedIn } from '../../lib/signed-in-hint';
import { ACCOUNT_ROUTES } from '../../lib/account-routes';
import { useAuthShellTexts } from './auth-shell-texts';
import { useCurrentUser } from '../../lib/use-current-user';

// The signed-in menus come with their own chunk (most visitors are signed out); a browser that was
// signed in last time starts fetching it at once, while auth.me is still out (a failure shows
// when the menus are rendered: their boundary answers).
const loadMenus = () => import('./account-menus');
if (typeof window !== 'undefined' && wasSignedIn()) void loadMenus().catch(() => undefined);
const AccountMenu = lazy(async () => ({ default: (await loadMenus()).AccountMenu }));
const AccountLinks = lazy(async () => ({ default: (await loadMenus()).AccountLinks }));

interface AccountControlProps {
  /** The mobile menu's variant: the account's links listed in place instead of a dropdown. */
  inline?: boolean;
  /** Called when the control navigates away (the mobile menu closes itself). */
  onNavigate?: () => void;
}

/**
 * The header's account corner (SPEC §2): 'Sign In' (to /auth) when signed out; when signed in,
 * the Account menu with 'Signed in as' and the username, 'My shelves', 'My profile', 'Account', 'Account security',
 * 'Moderation' (moderators and admins) and 'Sign Out' (then to '/').
 */
export function AccountControl({ inline, onNavigate }: AccountControlProps) {
  const { user, isLoading } = useCurrentUser();
  const texts = useAuthShellTexts();

  if (isLoading) return <AccountSkeleton inline={inline} />;
  if (!user) {
    return (
      <Button component={Link} to={ROUTES.auth} onClick={onNavigate} fullWidth={inline} leftSection={<IconLogin size={16} aria-hidden />}>
        {texts.signIn}
      </Button>
    );
  }
  // If the menus' code cannot be loaded: a plain link to the account page instead.
  return (
    <LoadBoundary fallback={<AccountLink inline={inline} onNavigate={onNavigate} />}>
      <Suspense fallback={<AccountSkeleton inline={inline} />}>{inline ? <AccountLinks user={user} onNavigate={onNavigate} /> : <AccountMenu user={user} />}</Suspense>
    </LoadBoundary>
  );
}

function AccountLink({ inline, onNavigate }: AccountControlProps) {
  const texts = useAuthShellTexts();
  return (
    <Button component={Link} to={ACCOUNT_ROUTES.account} onClick={onNavigate} variant="light" fullWidth={inline} leftSection={<IconUserCircle size={16} aria-hidden />}>
      {texts.account}
    </Button>
  );
}

/**
 * While the user (or the menu's code) loads: as wide as 'Sign In' in the current language (the
 * usual outcome), so the header does not shift when the answer comes: the button's shape under the
 * skeleton, neither seen nor reached.
 */
function AccountSkeleton({ inline }: { inline?: boolean }) {
  const texts = useAuthShellTexts();
  return (
    <Skeleton width={inline ? '100%' : 'auto'} radius="xl" aria-hidden>
      <Button component="span" tabIndex={-1} fullWidth={inline} leftSection={<IconLogin size={16} aria-hidden />}>
        {texts.signIn}
      </Button>
    </Skeleton>
  );
}
