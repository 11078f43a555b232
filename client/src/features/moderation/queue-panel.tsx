import { useState } from 'react';
import { Alert, Button, Center, Group, Loader, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { CONTACT_KINDS, QUEUE_PAGE_SIZE, REPORT_REASONS, REPORT_REASON_LABELS, REPORT_STATUSES } from '@tonieshelf/shared/schemas/moderation';
import type { ContactKind, ReportReason } from '@tonieshelf/shared/schemas/moderation';
import { Pagination } from '../../components/pagination';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../auth/auth-errors';
import { queueInputOf, readQueueFilters, withChanges } from './moderation-params';
import type { QueueFilters } from './moderation-params';
import { MODERATION_TEXTS } from './moderation-texts';
import { QueueEntry } from './queue-entry';
import { StatementModal } from './statement-modal';
import type { StatementRequest } from './statement-modal';

const STATUS_OPTIONS = [...REPORT_STATUSES, 'all' as const].map((value) => ({ value, label: MODERATION_TEXTS.statusLabels[value] }));
const REASON_OPTIONS = [{ value: '', label: MODERATION_TEXTS.anyReason }, ...REPORT_REASONS.map((value) => ({ value, label: REPORT_REASON_LABELS[value] }))];
const KIND_OPTIONS = [{ value: '', label: MODERATION_TEXTS.anyKind }, ...CONTACT_KINDS.map((value) => ({ value, label: MODERATION_TEXTS.kindFilterLabels[value] }))];

/** A failed load: the server's message and 'Try again'. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert" title={MODERATION_TEXTS.loadFailed}>
      <Stack gap="xs" align="flex-start">
        {serverMessage(error) ? <Text size="sm">{serverMessage(error)}</Text> : null}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {MODERATION_TEXTS.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

export function PanelLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}

/**
 * The queue: open reports (or dismissed, actioned, all) grouped by item, filtered by reason and
 * kind; the filters live in the address. An action asks for its statement of reasons.
 */
export function QueuePanel() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const filters = readQueueFilters(params);
  const [request, setRequest] = useState<StatementRequest | null>(null);
  const queue = useQuery({
    ...trpc.moderation.queue.queryOptions(queueInputOf(filters)),
    placeholderData: keepPreviousData,
  });

  const change = (changes: Partial<QueueFilters>) => setParams(withChanges(params, changes));
  const totalPages = queue.data ? Math.max(1, Math.ceil(queue.data.totalCount / QUEUE_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <Select
          label={MODERATION_TEXTS.filterState}
          data={STATUS_OPTIONS}
          value={filters.status}
          allowDeselect={false}
          onChange={(value) => change({ status: (value as QueueFilters['status'] | null) ?? 'open' })}
        />
        <Select
          label={MODERATION_TEXTS.filterReason}
          data={REASON_OPTIONS}
          value={filters.reason ?? ''}
          allowDeselect={false}
          onChange={(value) => change({ reason: (value || null) as ReportReason | null })}
        />
        <Select
          label={MODERATION_TEXTS.filterKind}
          data={KIND_OPTIONS}
          value={filters.kind ?? ''}
          allowDeselect={false}
          onChange={(value) => change({ kind: (value || null) as ContactKind | null })}
        />
      </SimpleGrid>

      {queue.isPending ? (
        <PanelLoader />
      ) : queue.isError && !queue.data ? (
        <LoadError error={queue.error} onRetry={() => void queue.refetch()} />
      ) : queue.data.entries.length === 0 ? (
        <Stack align="center" gap={4} py="xl" data-testid="queue-empty">
          <IconInbox size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
          <Title order={2} fz="h4">
            {MODERATION_TEXTS.queueEmpty}
          </Title>
          <Text c="dimmed" size="sm">
            {MODERATION_TEXTS.queueEmptyText}
          </Text>
        </Stack>
      ) : (
        <>
          <Group justify="space-between">
            <Text size="sm" c="dimmed" data-testid="queue-count">
              {MODERATION_TEXTS.queueCount(queue.data.totalCount)}
            </Text>
          </Group>
          <Stack gap="md" data-testid="queue-list">
            {queue.data.entries.map((entry) => (
              <QueueEntry key={entry.key} entry={entry} onAction={setRequest} />
            ))}
          </Stack>
          <Pagination page={filters.page} totalPages={totalPages} layout="window" hideSingle label={MODERATION_TEXTS.queuePagination} onChange={(page) => change({ page })} />
        </>
      )}

      <StatementModal request={request} onClose={() => setRequest(null)} />
    </Stack>
  );
}
