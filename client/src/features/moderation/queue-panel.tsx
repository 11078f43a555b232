import { useRef, useState } from 'react';
import { Alert, Button, Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconInbox } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { QUEUE_PAGE_SIZE, CONTACT_KINDS, REPORT_REASONS, REPORT_STATUSES, type ContactKind, type ReportReason } from '@tonieshelf/shared/values/moderation';
import { LazySelect } from '../../components/lazy-widgets';
import { Pagination } from '../../components/pagination';
import { ResultsSummary } from '../../components/results-summary';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from '../../lib/server-errors';
import { queueInputOf, readQueueFilters, withChanges } from './moderation-params';
import type { QueueFilters } from './moderation-params';
import { useModerationTexts } from './moderation-texts';
import { QueueEntry } from './queue-entry';
import { StatementDialog } from './statement-dialog';
import type { StatementRequest } from './statement-modal';
import { useFocusAfterDecision } from './focus-after-decision';

/** A failed load: the server's message and 'Try again'. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const texts = useModerationTexts();
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert" title={texts.loadFailed}>
      <Stack gap="xs" align="flex-start">
        {serverMessage(error) ? <Text size="sm">{serverMessage(error)}</Text> : null}
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {texts.retry}
        </Button>
      </Stack>
    </Alert>
  );
}

export function PanelLoader() {
  const texts = useModerationTexts();
  return (
    <Center py="xl">
      <Loader aria-label={texts.loading} />
    </Center>
  );
}

/**
 * The queue: open reports (or dismissed, actioned, all) grouped by item, filtered by reason and
 * kind; the filters live in the address. An action asks for its statement of reasons.
 */
export function QueuePanel() {
  const trpc = useTRPC();
  const texts = useModerationTexts();
  const [params, setParams] = useSearchParams();
  const filters = readQueueFilters(params);
  const statusOptions = [...REPORT_STATUSES, 'all' as const].map((value) => ({ value, label: texts.statusLabels[value] }));
  const reasonOptions = [{ value: '', label: texts.anyReason }, ...REPORT_REASONS.map((value) => ({ value, label: texts.reasons[value] }))];
  const kindOptions = [{ value: '', label: texts.anyKind }, ...CONTACT_KINDS.map((value) => ({ value, label: texts.kindFilterLabels[value] }))];
  const [request, setRequest] = useState<StatementRequest | null>(null);
  const queue = useQuery({
    ...trpc.moderation.queue.queryOptions(queueInputOf(filters)),
    placeholderData: keepPreviousData,
  });

  const panel = useRef<HTMLDivElement>(null);
  const focus = useFocusAfterDecision(panel, queue.dataUpdatedAt, queue.isFetching);
  const change = (changes: Partial<QueueFilters>) => setParams(withChanges(params, changes));
  const totalPages = queue.data ? Math.max(1, Math.ceil(queue.data.totalCount / QUEUE_PAGE_SIZE)) : 1;

  return (
    <Stack gap="md" ref={panel}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <LazySelect
          label={texts.filterState}
          data={statusOptions}
          value={filters.status}
          allowDeselect={false}
          onChange={(value) => change({ status: (value as QueueFilters['status'] | null) ?? 'open' })}
        />
        <LazySelect
          label={texts.filterReason}
          data={reasonOptions}
          value={filters.reason ?? ''}
          allowDeselect={false}
          onChange={(value) => change({ reason: (value || null) as ReportReason | null })}
        />
        <LazySelect
          label={texts.filterKind}
          data={kindOptions}
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
        <Stack align="center" gap={4} py="xl" data-testid="queue-empty" data-empty-state>
          <IconInbox size={40} stroke={1.5} aria-hidden color="var(--mantine-color-dimmed)" />
          <Title order={2} fz="h4">
            {texts.queueEmpty}
          </Title>
          <Text c="dimmed" size="sm">
            {texts.queueEmptyText}
          </Text>
        </Stack>
      ) : (
        <>
          {/* The entries' h3 headings sit under the tab's name, not straight under the page's h1. */}
          <ResultsSummary heading={texts.tabQueue} status={texts.queueCount(queue.data.totalCount)} visible data-testid="queue-count" />
          <Stack gap="md" data-testid="queue-list">
            {queue.data.entries.map((entry, index) => (
              <QueueEntry
                key={entry.key}
                entry={entry}
                onAction={(request) => {
                  focus.actedOn(entry.key, index);
                  setRequest(request);
                }}
              />
            ))}
          </Stack>
          <Pagination page={filters.page} totalPages={totalPages} layout="window" hideSingle label={texts.queuePagination} onChange={(page) => change({ page })} />
        </>
      )}

      <StatementDialog request={request} onClose={() => setRequest(null)} onDone={focus.onDone} />
    </Stack>
  );
}
