import { Alert, Badge, Button, Card, Divider, Group, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconDeviceDesktop, IconDeviceMobile, IconLogout } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { useFormat } from '../../i18n/use-format';
import { useAuthTexts } from './auth-texts';
import { deviceName } from './device-name';
import { formatRelativeTime } from './relative-time';
import { useSessions } from './use-security-queries';

type SessionRow = NonNullable<ReturnType<typeof useSessions>['data']>[number];

const MOBILE = /\b(iPhone|iPad|Android|Mobile)\b/;

/** 'Active sessions': where the account is signed in, with 'Sign out' for the others. */
export function SessionsCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const sessions = useSessions();
  const signOutOthers = useMutation(trpc.auth.signOutOtherSessions.mutationOptions());
  const revoke = useMutation(trpc.auth.revokeSession.mutationOptions());
  const auth = useAuthTexts();
  const texts = auth.sessions;
  const format = useFormat();
  const { language } = format;
  const device = (row: SessionRow) => deviceName(row.userAgent, language);
  const ago = (row: SessionRow) => formatRelativeTime(row.lastSeenAt, new Date(), language);

  const refresh = () => void queryClient.invalidateQueries(trpc.auth.sessions.queryFilter());
  const rows = [...(sessions.data ?? [])].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));
  const others = rows.filter((row) => !row.current).length;

  const onSignOutOthers = async () => {
    try {
      const { count } = await signOutOthers.mutateAsync();
      toast({ title: texts.signedOutOthersTitle, message: texts.signedOutOthers(count), variant: 'success' });
    } catch (err) {
      toast({ title: texts.signOutOthersFailed, message: serverMessage(err) ?? auth.genericError, variant: 'destructive' });
    }
    refresh();
  };

  const onRevoke = async (row: SessionRow) => {
    try {
      await revoke.mutateAsync({ sessionId: row.id });
      toast({ title: texts.sessionSignedOutTitle, message: texts.sessionSignedOut(device(row)), variant: 'success' });
    } catch (err) {
      toast({ title: texts.signOutFailed, message: serverMessage(err) ?? auth.genericError, variant: 'destructive' });
    }
    refresh();
  };

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="sessions-title">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 260px' }}>
            <Title order={2} fz="h3" id="sessions-title">
              {texts.title}
            </Title>
            <Text size="sm" c="dimmed">
              {texts.intro}
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
            {texts.signOutOthers}
          </Button>
        </Group>

        {sessions.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" role="status" aria-label={texts.loading} />
          </Group>
        ) : sessions.isError ? (
          <Alert color="red" variant="light" title={texts.loadFailed} role="alert">
            {serverMessage(sessions.error) ?? auth.genericError}
          </Alert>
        ) : (
          <Stack gap={0} component="ul" aria-label={texts.listLabel} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
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
                            {device(row)}
                          </Text>
                          {row.current ? (
                            <Badge size="sm" variant="light" color="teal">
                              {texts.thisDevice}
                            </Badge>
                          ) : null}
                        </Group>
                        <Text size="xs" c="dimmed">
                          {row.ip ? `${row.ip} · ` : ''}
                          {texts.lastActive(ago(row))} · {texts.signedIn(format.date(row.createdAt))}
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
                        aria-label={texts.signOutLabel(device(row), ago(row))}
                        style={{ flexShrink: 0 }}
                      >
                        {texts.signOut}
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
