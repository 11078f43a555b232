import { useState } from 'react';
import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch, IconShieldCheck, IconShieldOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { StaffMember } from '@tonieshelf/shared/schemas/moderation';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { useModerationTexts } from './moderation-texts';
import { LoadError, PanelLoader } from './queue-panel';
import { useSetRole } from './use-moderation-mutations';

function RoleButton({ member, selfId }: { member: StaffMember; selfId: string }) {
  const setRole = useSetRole();
  const texts = useModerationTexts();
  if (member.role === 'admin' || member.id === selfId) return null;
  const grant = member.role === 'user';
  return (
    <Button
      size="xs"
      variant={grant ? 'light' : 'default'}
      color={grant ? undefined : 'red'}
      loading={setRole.isPending}
      leftSection={grant ? <IconShieldCheck size={14} aria-hidden /> : <IconShieldOff size={14} aria-hidden />}
      aria-label={`${grant ? texts.makeModerator : texts.revoke}: ${member.username}`}
      onClick={() =>
        setRole.mutate(
          { userId: member.id, role: grant ? 'moderator' : 'user' },
          {
            onSuccess: () => toast({ title: grant ? texts.roleGranted(member.username) : texts.roleRevoked(member.username), message: member.email, variant: 'success' }),
            onError: (err) => toast({ title: texts.actionFailed, message: serverMessage(err) ?? texts.genericError, variant: 'destructive' }),
          },
        )
      }
    >
      {grant ? texts.makeModerator : texts.revoke}
    </Button>
  );
}

function MemberRow({ member, selfId }: { member: StaffMember; selfId: string }) {
  const texts = useModerationTexts();
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" py={6} data-testid="member-row">
      <Stack gap={0} miw={0} style={{ flex: '1 1 12rem' }}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} truncate="end">
            {member.username}
          </Text>
          <Badge
            size="sm"
            radius="sm"
            variant={member.role === 'user' ? 'outline' : 'light'}
            color={member.role === 'admin' ? 'grape' : member.role === 'moderator' ? 'blue' : 'gray'}
          >
            {texts.roles[member.role]}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed" truncate="end">
          {member.email}
        </Text>
      </Stack>
      <RoleButton member={member} selfId={selfId} />
    </Group>
  );
}

/** Admins: the moderators and admins, and finding a user to make moderator (or revoke). */
export function RolesPanel({ selfId }: { selfId: string }) {
  const trpc = useTRPC();
  const staff = useQuery(trpc.moderation.staff.queryOptions());
  const texts = useModerationTexts();
  const [query, setQuery] = useState('');
  const [debounced] = useDebouncedValue(query.trim(), 300);
  const found = useQuery({ ...trpc.moderation.findUsers.queryOptions({ query: debounced }), enabled: debounced.length >= 2 });

  return (
    <Stack gap="lg">
      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="staff-title">
        <Title order={2} fz="h4" id="staff-title" mb="xs">
          {texts.staffTitle}
        </Title>
        {staff.isPending ? (
          <PanelLoader />
        ) : staff.isError ? (
          <LoadError error={staff.error} onRetry={() => void staff.refetch()} />
        ) : staff.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {texts.staffEmpty}
          </Text>
        ) : (
          <Stack gap={0} data-testid="staff-list">
            {staff.data.map((member) => (
              <MemberRow key={member.id} member={member} selfId={selfId} />
            ))}
          </Stack>
        )}
        <Text size="xs" c="dimmed" mt="sm">
          {texts.adminNote}
        </Text>
      </Card>

      <Card withBorder radius="md" padding="md" component="section" aria-labelledby="find-users-title">
        <Title order={2} fz="h4" id="find-users-title" mb="xs">
          {texts.findUsers}
        </Title>
        <TextInput
          aria-labelledby="find-users-title"
          placeholder={texts.findUsersPlaceholder}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={query}
          maxLength={254}
          onChange={(event) => setQuery(event.currentTarget.value)}
        />
        {debounced.length >= 2 ? (
          found.isPending ? (
            <PanelLoader />
          ) : found.isError ? (
            <LoadError error={found.error} onRetry={() => void found.refetch()} />
          ) : found.data.length === 0 ? (
            <Text size="sm" c="dimmed" mt="sm">
              {texts.noUsersFound}
            </Text>
          ) : (
            <Stack gap={0} mt="sm" data-testid="found-users">
              {found.data.map((member) => (
                <MemberRow key={member.id} member={member} selfId={selfId} />
              ))}
            </Stack>
          )
        ) : null}
      </Card>
    </Stack>
  );
}
