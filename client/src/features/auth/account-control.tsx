import { Button, Menu, Skeleton, Text } from '@mantine/core';
import { IconChevronDown, IconLogin, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { SHELL_TEXTS } from '@tonieshelf/shared/messages';
import { ROUTES } from '../../lib/links';
import type { CurrentUser } from './use-current-user';
import { useCurrentUser } from './use-current-user';

interface AccountControlProps {
  /** Full-width variant for the mobile menu. */
  fullWidth?: boolean;
  /** Called when the control navigates away (the mobile menu closes itself). */
  onNavigate?: () => void;
}

/**
 * The header's account corner: 'Sign In' (to /auth) when signed out, the Account menu when
 * signed in. The auth issue completes AccountMenu ('Sign Out', then to /).
 */
export function AccountControl({ fullWidth, onNavigate }: AccountControlProps) {
  const { user, isLoading } = useCurrentUser();

  if (isLoading) {
    return <Skeleton height={36} width={fullWidth ? '100%' : 92} radius="xl" aria-hidden />;
  }
  if (!user) {
    return (
      <Button
        component={Link}
        to={ROUTES.auth}
        onClick={onNavigate}
        fullWidth={fullWidth}
        leftSection={<IconLogin size={16} aria-hidden />}
      >
        {SHELL_TEXTS.signIn}
      </Button>
    );
  }
  return <AccountMenu user={user} fullWidth={fullWidth} />;
}

function AccountMenu({ user, fullWidth }: { user: CurrentUser; fullWidth?: boolean }) {
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="light"
          fullWidth={fullWidth}
          leftSection={<IconUserCircle size={16} aria-hidden />}
          rightSection={<IconChevronDown size={14} aria-hidden />}
        >
          Account
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Signed in as</Menu.Label>
        <Text px="sm" pb="xs" size="sm" fw={600} truncate="end">
          {user.username}
        </Text>
        {/* The auth issue adds 'Sign Out' here. */}
      </Menu.Dropdown>
    </Menu>
  );
}
