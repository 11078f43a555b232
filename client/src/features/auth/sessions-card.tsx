import { Alert, Badge, Button, Card, Divider, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { formatShortDate } from '@tonieshelf/shared/format';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from './auth-errors';
import { GENERIC_ERROR } from './auth-texts';
import { deviceName } from './device-name';
import { formatRelativeTime } from './relative-time';
import { useSessions } from './use-security-queries';

type SessionRow = NonNullable<ReturnType<typeof useSessions>['data']>[number];

const MOBILE = /\b(iPhone|iPad|Android|Mobile)\b/;

function sessionsText(count: number): string {
  return count === 1 ? '1 other session' : `${count} other sessions`;
}

/** 'Active sessions': where the account is signed in, with 'Sign out' for the others. */
export function SessionsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const signOutOthers = useMutation(trpc.auth.signOutOtherSessions.mutationOptions());
  const revoke = useMutation(trpc.auth.revokeSession.mutationOptions());

  const refresh = () => void queryClient.invalidateQueries(trpc.auth.sessions.queryFilter());
  const rows = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  const others = rows.filter((row) => !row.current).length;

  const onSignOutOthers = async () => {
    try {
      const { count } = await signOutOthers.mutateAsync();
      toast({ title: 'Signed out other sessions', message: `${sessionsText(count)} signed out.`.replace(/^./, (c) => c.toUpperCase()), variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not sign out other sessions', message: serverMessage(err) ?? GENERIC_ERROR, variant: 'destructive' });
    }
    refresh();
  };

  const onRevoke = async (row: SessionRow) => {
    try {
      await revoke.mutateAsync({ sessionId: row.id });
      toast({ title: 'Session signed out', message: `${deviceName(row.userAgent)} is signed out.`, variant: 'success' });
    } catch (err) {
      toast({ title: 'Could not sign out the session', message: serverMessage(err) ?? GENERIC_ERROR, variant: 'destructive' });
    }
    refresh();
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sessions-title">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 260px' }}>
            <Title order={2} fz="h3" id="sessions-title">
              Active sessions
            </Title>
            <Text size="sm" c="dimmed">
              Browsers and devices signed in to your account. Sign out any you do not recognise.
            </Text>
          </Stack>
          <Button
            variant="light"
            color="red"
            onClick={() => void onSignOutOthers()}
            loading={signOutOthers.isPending}
            disabled={others === 0}
            leftSection={<IconLogout size={16} aria-hidden />}
          >
            Sign out other sessions
          </Button>
        </Group>

        {sessions.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" role="status" aria-label="Loading your sessions" />
          </Group>
        ) : sessions.isError ? (
          <Alert color="red" variant="light" title="Could not load your sessions">
            {serverMessage(sessions.error) ?? GENERIC_ERROR}
          </Alert>
        ) : (
          <Stack gap={0} component="ul" aria-label="Your sessions" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
            {rows.map((row, index) => {
              const Icon = MOBILE.test(row.userAgent ?? '') ? IconDeviceMobile : IconDeviceDesktop;
              return (
                <li key={row.id} data-testid="session-row">
                  {index === 0 ? null : <Divider my="sm" />}
                  <Group justify="space-between" wrap="nowrap" gap="sm" py={4}>
                    <Group gap="sm" wrap="nowrap" miw={0}>
                      <ThemeIcon variant="light" color={row.current ? undefined : 'gray'} size={38} radius="md" aria-hidden>
                        <Icon size={20} stroke={1.7} />
                      </ThemeIcon>
                      <Stack gap={2} miw={0}>
                        <Group gap={8} wrap="wrap">
                          <Text fw={600} size="sm">
                            {deviceName(row.userAgent)}
                          </Text>
                          {row.current ? (
                            <Badge size="sm" variant="light" color="teal">
                              This device
                            </Badge>
                          ) : null}
                        </Group>
                        <Text size="xs" c="dimmed">
                          {row.ip ? `${row.ip} · ` : ''}Last active {formatRelativeTime(row.lastSeenAt)} · Signed in{' '}
                          {formatShortDate(row.createdAt)}
                        </Text>
                      </Stack>
                    </Group>
                    {row.current ? null : (
                      <Button
                        variant="subtle"
                        color="red"
                        size="compact-sm"
                        onClick={() => void onRevoke(row)}
                        loading={revoke.isPending && revoke.variables?.sessionId === row.id}
                        aria-label={`Sign out ${deviceName(row.userAgent)}, last active ${formatRelativeTime(row.lastSeenAt)}`}
                        style={{ flexShrink: 0 }}
                      >
                        Sign out
                      </Button>
                    )}
                  </Group>
                </li>
              );
            })}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
