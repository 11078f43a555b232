import { Badge, Box, Card, Group, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import type { LogEntry } from '@tonieshelf/shared/schemas/moderation';
import { Pagination } from '../../components/pagination';
import { useTRPC } from '../../lib/trpc';
import { isForGood, useModerationFormat } from './moderation-format';
import { readLogPage, withChanges } from './moderation-params';
import { useModerationTexts } from './moderation-texts';
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
function whatOf(entry: LogEntry, texts: Texts, format: Format): string {
  const type = texts.itemTypes[entry.targetType] ?? entry.targetType;
  const inline = texts.itemTypesInline[entry.targetType] ?? type;
  let what: string;
  if (!entry.targetLabel) what = `${type} ${entry.targetId}`;
  // A report without an item: its label names its kind and reference ('Bug report TS-…').
  else if (entry.targetType === 'report') what = entry.targetLabel;
  else if (entry.targetType === 'user') what = `${entry.targetLabel} (${inline})`;
  else what = `${entry.targetLabel} (${inline} ${entry.targetId})`;
  if (entry.suspendedUntil) what += `, ${isForGood(entry.suspendedUntil) ? texts.logForGood : texts.logUntil(format.dateTime(entry.suspendedUntil))}`;
  if (entry.role) what += `, ${texts.logRole(texts.roles[entry.role])}`;
  return what;
}

type Texts = ReturnType<typeof useModerationTexts>;
type Format = ReturnType<typeof useModerationFormat>;

function ActionBadge({ entry }: { entry: LogEntry }) {
  const texts = useModerationTexts();
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
      {texts.logActions[entry.action]}
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
  const texts = useModerationTexts();
  const format = useModerationFormat();
  return (
    <Card withBorder radius="md" padding="sm" data-testid="log-entry" data-action={entry.action}>
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <ActionBadge entry={entry} />
          <Text size="xs" c="dimmed">
            {format.dateTime(entry.createdAt)}
          </Text>
        </Group>
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {whatOf(entry, texts, format)}
        </Text>
        <Text size="xs" c="dimmed">
          {texts.logWho}: {entry.actorName}
          {entry.reason ? ` · ${texts.reasons[entry.reason]}` : ''}
          {entry.rule ? ` · ${format.rule(entry.rule)}` : ''}
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
  const texts = useModerationTexts();
  const format = useModerationFormat();
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
        {texts.logIntro}
      </Text>
      {entries.length === 0 ? (
        <Text ta="center" py="xl" fw={600} data-testid="log-empty">
          {texts.logEmpty}
        </Text>
      ) : (
        <>
          <Box visibleFrom="md">
            <Card withBorder radius="md" padding={0}>
              <Table.ScrollContainer minWidth={1000}>
                <Table verticalSpacing="sm" horizontalSpacing="sm" striped data-testid="audit-log" className={classes.logTable}>
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th w={100}>{texts.logWhen}</Table.Th>
                      <Table.Th w={100}>{texts.logWho}</Table.Th>
                      <Table.Th w={130}>{texts.logAction}</Table.Th>
                      <Table.Th miw={180}>{texts.logWhat}</Table.Th>
                      <Table.Th w={110}>{texts.logReason}</Table.Th>
                      <Table.Th w={130}>{texts.logRule}</Table.Th>
                      <Table.Th miw={240}>{texts.logStatement}</Table.Th>
                      <Table.Th w={120}>{texts.logReports}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {entries.map((entry) => (
                      <Table.Tr key={entry.id} data-testid="log-row" data-action={entry.action}>
                        <Table.Td fz="xs">{format.dateTime(entry.createdAt)}</Table.Td>
                        <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                          {entry.actorName}
                        </Table.Td>
                        <Table.Td>
                          <ActionBadge entry={entry} />
                        </Table.Td>
                        <Table.Td fz="sm" style={{ overflowWrap: 'anywhere' }}>
                          {whatOf(entry, texts, format)}
                        </Table.Td>
                        <Table.Td fz="sm">{entry.reason ? texts.reasons[entry.reason] : ''}</Table.Td>
                        <Table.Td fz="sm">{format.rule(entry.rule)}</Table.Td>
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
          <Pagination page={page} totalPages={totalPages} layout="window" hideSingle label={texts.logPagination} onChange={(p) => setParams(withChanges(params, { logPage: p }))} />
        </>
      )}
    </Stack>
  );
}
