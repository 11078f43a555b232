import { Badge, Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LOG_ACTION_LABELS, REPORT_REASON_LABELS, ROLE_LABELS } from '@tonieshelf/shared/schemas/moderation';
import type { LogEntry } from '@tonieshelf/shared/schemas/moderation';
import { Pagination } from '../../components/pagination';
import { useTRPC } from '../../lib/trpc';
import { formatDateTime, isForGood, ruleLabel } from './moderation-format';
import { readLogPage, withChanges } from './moderation-params';
import { MODERATION_TEXTS } from './moderation-texts';
import classes from './moderation.module.css';
import { LoadError, PanelLoader } from './queue-panel';

const LOG_PAGE_SIZE = 25;

const ACTION_COLORS: Partial<Record<LogEntry['action'], string>> = {
  hide: 'orange',
  delete: 'red',
  suspend: 'red',
  restore: 'teal',
  unsuspend: 'teal',
  contest: 'grape',
  uphold: 'indigo',
  dismiss: 'gray',
};

/** What the action was done to: 'Moon Song (audio 12)', with a suspension's end or a role. */
function whatOf(entry: LogEntry): string {
  const type = MODERATION_TEXTS.itemTypes[entry.targetType] ?? entry.targetType;
  let what: string;
  if (!entry.targetLabel) what = `${type} ${entry.targetId}`;
  // A report without an item: its label names its kind and reference ('Bug report TS-…').
  else if (entry.targetType === 'report') what = entry.targetLabel;
  else if (entry.targetType === 'user') what = `${entry.targetLabel} (${type.toLowerCase()})`;
  else what = `${entry.targetLabel} (${type.toLowerCase()} ${entry.targetId})`;
  if (entry.suspendedUntil) what += `, ${isForGood(entry.suspendedUntil) ? MODERATION_TEXTS.logForGood : MODERATION_TEXTS.logUntil(formatDateTime(entry.suspendedUntil))}`;
  if (entry.role) what += `, ${MODERATION_TEXTS.logRole(ROLE_LABELS[entry.role])}`;
  return what;
}

function ActionBadge({ entry }: { entry: LogEntry }) {
  return (
    <Badge
      variant="light"
      radius="sm"
      tt="none"
      color={ACTION_COLORS[entry.action] ?? 'blue'}
      h="auto"
      py={2}
      styles={{ root: { maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible', textOverflow: 'clip' } }}
    >
      {LOG_ACTION_LABELS[entry.action]}
    </Badge>
  );
}

function References({ entry }: { entry: LogEntry }) {
  if (entry.reportReferences.length === 0) return null;
  return (
    <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
      {entry.reportReferences.join(', ')}
    </Text>
  );
}

function LogCard({ entry }: { entry: LogEntry }) {
  return (
    <Card withBorder radius="md" padding="sm" data-testid="log-entry" data-action={entry.action}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <ActionBadge entry={entry} />
          <Text size="xs" c="dimmed">
            {formatDateTime(entry.createdAt)}
          </Text>
        </Group>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {whatOf(entry)}
        </Text>
        <Text size="xs" c="dimmed">
          {MODERATION_TEXTS.logWho}: {entry.actorName}
          {entry.reason ? ` · ${REPORT_REASON_LABELS[entry.reason]}` : ''}
          {entry.rule ? ` · ${ruleLabel(entry.rule)}` : ''}
        </Text>
        {entry.statement ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {entry.statement}
          </Text>
        ) : null}
        <References entry={entry} />
      </Stack>
    </Card>
  );
}

/** Admins: the audit log, newest first, paged; a table on wide screens, cards on phones. */
export function AuditLogPanel() {
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const page = readLogPage(params);
  const log = useQuery({ ...trpc.moderation.log.queryOptions({ page, pageSize: LOG_PAGE_SIZE }), placeholderData: keepPreviousData });

  if (log.isPending) return <PanelLoader />;
  if (log.isError && !log.data) return <LoadError error={log.error} onRetry={() => void log.refetch()} />;
  const { entries, totalCount } = log.data;
  const totalPages = Math.max(1, Math.ceil(totalCount / LOG_PAGE_SIZE));

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {MODERATION_TEXTS.logIntro}
      </Text>
      {entries.length === 0 ? (
        <Text ta="center" py="xl" fw={600} data-testid="log-empty">
          {MODERATION_TEXTS.logEmpty}
        </Text>
      ) : (
        <>
          <Box visibleFrom="md">
            <Card withBorder radius="md" padding={0}>
              <Table.ScrollContainer minWidth={1000}>
                <Table verticalSpacing="sm" horizontalSpacing="sm" striped data-testid="audit-log" className={classes.logTable}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={100}>{MODERATION_TEXTS.logWhen}</Table.Th>
                      <Table.Th w={100}>{MODERATION_TEXTS.logWho}</Table.Th>
                      <Table.Th w={130}>{MODERATION_TEXTS.logAction}</Table.Th>
                      <Table.Th miw={180}>{MODERATION_TEXTS.logWhat}</Table.Th>
                      <Table.Th w={110}>{MODERATION_TEXTS.logReason}</Table.Th>
                      <Table.Th w={130}>{MODERATION_TEXTS.logRule}</Table.Th>
                      <Table.Th miw={240}>{MODERATION_TEXTS.logStatement}</Table.Th>
                      <Table.Th w={120}>{MODERATION_TEXTS.logReports}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {entries.map((entry) => (
                      <Table.Tr key={entry.id} data-testid="log-row" data-action={entry.action}>
                        <Table.Td fz="xs">{formatDateTime(entry.createdAt)}</Table.Td>
                        <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                          {entry.actorName}
                        </Table.Td>
                        <Table.Td>
                          <ActionBadge entry={entry} />
                        </Table.Td>
                        <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                          {whatOf(entry)}
                        </Table.Td>
                        <Table.Td fz="sm">{entry.reason ? REPORT_REASON_LABELS[entry.reason] : ''}</Table.Td>
                        <Table.Td fz="sm">{ruleLabel(entry.rule)}</Table.Td>
                        <Table.Td fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                          {entry.statement ?? ''}
                        </Table.Td>
                        <Table.Td>
                          <References entry={entry} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
          </Box>
          <Stack gap="sm" hiddenFrom="md" data-testid="audit-log-cards">
            {entries.map((entry) => (
              <LogCard key={entry.id} entry={entry} />
            ))}
          </Stack>
          <Pagination page={page} totalPages={totalPages} layout="window" hideSingle label={MODERATION_TEXTS.logPagination} onChange={(p) => setParams(withChanges(params, { logPage: p }))} />
        </>
      )}
    </Stack>
  );
}
