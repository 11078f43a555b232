import { Alert, Badge, Container, Tabs } from '@mantine/core';
import { IconHistory, IconInbox, IconLock, IconMessageReport, IconTags, IconUsers } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { MODERATION_MESSAGES } from '@tonieshelf/shared/values/moderation';
import { PageHeader } from '../components/page-header';
import { useCurrentUser } from '../lib/use-current-user';
import { AuditLogPanel } from '../features/moderation/audit-log-panel';
import { ContestsPanel } from '../features/moderation/contests-panel';
import { OPEN_QUEUE_INPUT, readTab, withChanges } from '../features/moderation/moderation-params';
import type { ModerationTab } from '../features/moderation/moderation-params';
import { useModerationTexts } from '../features/moderation/moderation-texts';
import { QueuePanel } from '../features/moderation/queue-panel';
import { ReviewTagsPanel } from '../features/moderation/review-tags-panel';
import { RolesPanel } from '../features/moderation/roles-panel';
import { isStaff } from '../lib/staff';
import { usePageTitle } from '../lib/page-title';
import { localMessage } from '../lib/account-errors';
import { useTRPC } from '../lib/trpc';

/** How many contests wait, on the Contests tab. */
function ContestCount() {
  const trpc = useTRPC();
  const texts = useModerationTexts();
  const queue = useQuery(trpc.moderation.queue.queryOptions(OPEN_QUEUE_INPUT));
  const count = queue.data?.contests.length ?? 0;
  if (count === 0) return null;
  return (
    <Badge size="sm" circle color="grape" aria-label={texts.openCount(count)}>
      {count}
    </Badge>
  );
}

/**
 * /moderation (signed in): for moderators and admins, the queue of reports, the contests of
 * decisions and the review tags waiting for approval; for admins also roles and the audit log.
 * Anyone else is told that only moderators can do this. The tab is part of the address.
 */
export function ModerationPage() {
  const texts = useModerationTexts();
  usePageTitle(texts.moderation);
  const { user } = useCurrentUser();
  const [params, setParams] = useSearchParams();

  if (!user || !isStaff(user.role)) {
    return (
      <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
        <PageHeader title={texts.moderation} />
        <Alert color="yellow" variant="light" icon={<IconLock size={20} aria-hidden />} data-testid="moderators-only">
          {localMessage(MODERATION_MESSAGES.moderatorsOnly)}
        </Alert>
      </Container>
    );
  }

  const admin = user.role === 'admin';
  const requested = readTab(params);
  const tab: ModerationTab = !admin && (requested === 'roles' || requested === 'log') ? 'queue' : requested;

  return (
    <Container size="lg" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={texts.moderation} subtitle={texts.pageSubtitle} />
      <Tabs value={tab} onChange={(value) => setParams(withChanges(new URLSearchParams(), { tab: (value as ModerationTab | null) ?? 'queue' }))} keepMounted={false}>
        <Tabs.List mb="lg">
          <Tabs.Tab value="queue" leftSection={<IconInbox size={16} aria-hidden />}>
            {texts.tabQueue}
          </Tabs.Tab>
          <Tabs.Tab value="contests" leftSection={<IconMessageReport size={16} aria-hidden />} rightSection={<ContestCount />}>
            {texts.tabContests}
          </Tabs.Tab>
          <Tabs.Tab value="tags" leftSection={<IconTags size={16} aria-hidden />}>
            {texts.tabTags}
          </Tabs.Tab>
          {admin ? (
            <>
              <Tabs.Tab value="roles" leftSection={<IconUsers size={16} aria-hidden />}>
                {texts.tabRoles}
              </Tabs.Tab>
              <Tabs.Tab value="log" leftSection={<IconHistory size={16} aria-hidden />}>
                {texts.tabLog}
              </Tabs.Tab>
            </>
          ) : null}
        </Tabs.List>
        <Tabs.Panel value="queue">
          <QueuePanel />
        </Tabs.Panel>
        <Tabs.Panel value="contests">
          <ContestsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="tags">
          <ReviewTagsPanel />
        </Tabs.Panel>
        {admin ? (
          <>
            <Tabs.Panel value="roles">
              <RolesPanel selfId={user.id} />
            </Tabs.Panel>
            <Tabs.Panel value="log">
              <AuditLogPanel />
            </Tabs.Panel>
          </>
        ) : null}
      </Tabs>
    </Container>
  );
}
