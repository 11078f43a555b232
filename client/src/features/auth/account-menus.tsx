import { Avatar, Button, Divider, Group, Menu, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconBooks, IconChevronDown, IconGavel, IconId, IconLogout, IconShieldLock, IconUserCircle } from '@tabler/icons-react';
import type { Icon } from '@tabler/icons-react';
import { profilePath } from '@tonieshelf/shared/values/profile';
import { Link } from 'react-router';
import { ROUTES } from '../../lib/links';
import { ACCOUNT_ROUTES } from '../../lib/account-routes';
import { isStaff } from '../../lib/staff';
import { useAuthShellTexts } from './auth-shell-texts';
import { useLogout } from './use-auth-actions';
import type { CurrentUser } from '../../lib/use-current-user';

// The signed-in parts of the header's account corner (account-control.tsx), loaded only for a
// signed-in visitor: the Account menu and the mobile menu's account links.

/** The signed-in visitor's links, in the order both menus show them (moderation for staff only). */
function accountLinks(user: CurrentUser, texts: ReturnType<typeof useAuthShellTexts>): { to: string; label: string; Icon: Icon }[] {
  return [
    { to: ROUTES.shelves, label: texts.myShelves, Icon: IconBooks },
    { to: profilePath(user.username), label: texts.myProfile, Icon: IconId },
    { to: ACCOUNT_ROUTES.account, label: texts.account, Icon: IconUserCircle },
    { to: ROUTES.accountSecurity, label: texts.accountSecurity, Icon: IconShieldLock },
    ...(isStaff(user.role) ? [{ to: ROUTES.moderation, label: texts.moderation, Icon: IconGavel }] : []),
  ];
}

/** Initials for the avatar: first and last name, else the username's first letters. */
function initialsOf(user: Pick<CurrentUser, 'firstName' | 'lastName' | 'username'>): string {
  const fromName = `${user.firstName.trim().charAt(0)}${user.lastName.trim().charAt(0)}`;
  return (fromName || user.username.slice(0, 2)).toUpperCase();
}

function UserAvatar({ user, size = 26 }: { user: CurrentUser; size?: number }) {
  return (
    <Avatar size={size} radius="xl" color="tonie" variant="filled" aria-hidden>
      {initialsOf(user)}
    </Avatar>
  );
}

export function AccountMenu({ user }: { user: CurrentUser }) {
  const texts = useAuthShellTexts();
  const logout = useLogout({ redirectTo: ROUTES.home });
  return (
    <Menu position="bottom-end" shadow="md" width={240}>
      <Menu.Target>
        <Button variant="light" pl={5} maw={220} leftSection={<UserAvatar user={user} />} rightSection={<IconChevronDown size={14} aria-hidden />} loading={logout.isPending}>
          {/* Named by what it shows (the username) and, for screen readers, what it opens. */}
          <Text component="span" inherit truncate="end" maw={130}>
            {user.username}
          </Text>
          <VisuallyHidden>{texts.accountMenuSuffix}</VisuallyHidden>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{texts.signedInAs}</Menu.Label>
        <Text px="sm" pb="xs" size="sm" fw={600} truncate="end" data-testid="signed-in-username">
          {user.username}
        </Text>
        <Menu.Divider />
        {accountLinks(user, texts).map(({ to, label, Icon }) => (
          <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={16} aria-hidden />}>
            {label}
          </Menu.Item>
        ))}
        {/* Not color="red" (Mantine's red-6: 3.3:1): the theme's red for menus, 4.5:1 also on the focus grey. */}
        <Menu.Item c="var(--tonieshelf-danger-on-menu)" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => logout.mutate()}>
          {texts.signOut}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The mobile menu's account block: who is signed in, 'Account', 'Account security' and 'Sign Out'. */
export function AccountLinks({ user, onNavigate }: { user: CurrentUser; onNavigate?: () => void }) {
  const texts = useAuthShellTexts();
  const logout = useLogout({ redirectTo: ROUTES.home });
  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="nowrap" px="sm">
        <UserAvatar user={user} size={36} />
        <Stack gap={0} miw={0}>
          <Text size="xs" c="dimmed">
            {texts.signedInAs}
          </Text>
          <Text size="sm" fw={600} truncate="end">
            {user.username}
          </Text>
        </Stack>
      </Group>
      <Divider />
      {accountLinks(user, texts).map(({ to, label, Icon }) => (
        <NavLink
          key={to}
          component={Link}
          to={to}
          label={label}
          leftSection={<Icon size={18} aria-hidden />}
          onClick={onNavigate}
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      ))}
      <Button
        variant="light"
        color="red"
        fullWidth
        leftSection={<IconLogout size={16} aria-hidden />}
        loading={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSettled: onNavigate })}
      >
        {texts.signOut}
      </Button>
    </Stack>
  );
}
