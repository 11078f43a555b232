import { Badge, Button, Card, Divider, Group, Stack, Text } from '@mantine/core';
import { IconBan, IconCheck, IconEye, IconEyeOff, IconTrash, IconUserCheck } from '@tabler/icons-react';
import type { QueueEntry as QueueEntryData, Report } from '@tonieshelf/shared/schemas/moderation';
import { ItemPreview } from './item-preview';
import { isSuspendedNow, useModerationFormat } from './moderation-format';
import { useModerationTexts } from './moderation-texts';
import type { StatementRequest } from './statement-modal';

interface QueueEntryProps {
  entry: QueueEntryData;
  /** A moderator chose an action: the page asks for its statement of reasons. */
  onAction: (request: StatementRequest) => void;
}

/** The reason most reports give (the first in the list on a tie), to preselect in the statement. */
function mainReason(entry: QueueEntryData) {
  const counts = new Map<string, number>();
  for (const report of entry.reports) if (report.reason) counts.set(report.reason, (counts.get(report.reason) ?? 0) + 1);
  let best = entry.reasons[0] ?? null;
  let bestCount = best ? (counts.get(best) ?? 0) : 0;
  for (const reason of entry.reasons) {
    const count = counts.get(reason) ?? 0;
    if (count > bestCount) {
      best = reason;
      bestCount = count;
    }
  }
  return best;
}

/** A report or message without an item as the statement names it: 'Bug report TS-…', 'Report TS-… (address)'. */
function messageLabel(report: Report, texts: ReturnType<typeof useModerationTexts>): string {
  const base = `${texts.messageLabels[report.kind]} ${report.reference}`;
  return report.kind === 'report' && report.contentUrl ? `${base} (${report.contentUrl})` : base;
}

function ReportLine({ report }: { report: Report }) {
  const texts = useModerationTexts();
  const format = useModerationFormat();
  const reporter = report.reporterName ?? texts.anonymousReporter;
  return (
    <Stack gap={4} data-testid="queue-report" py={4}>
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={700} ff="monospace" data-testid="report-reference">
          {report.reference}
        </Text>
        {report.reason ? (
          <Badge size="sm" variant="outline" radius="sm">
            {texts.reasons[report.reason]}
          </Badge>
        ) : null}
        {report.status !== 'open' ? (
          <Badge size="sm" variant="light" color="gray" radius="sm">
            {texts.reportStatus[report.status]}
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed">
          {format.dateTime(report.createdAt)}
        </Text>
      </Group>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {report.explanation}
      </Text>
      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {texts.reporter}: {reporter}
        {report.reporterEmail ? ` <${report.reporterEmail}>` : ''}
        {report.signedIn ? ` (${texts.signedInReporter})` : ''}
        {report.contentUrl ? ` · ${texts.contentAddress}: ${report.contentUrl}` : ''}
      </Text>
    </Stack>
  );
}

/**
 * One entry of the queue: the reported item with a preview, how many reports and their reasons,
 * the reports themselves, and what a moderator can do — Dismiss, Hide or Restore, Delete, and
 * Suspend the owner (or lift their suspension); a message or notice without an item: Mark as
 * handled (bugs, feedback) or Dismiss. Every action asks for a statement of reasons.
 */
export function QueueEntry({ entry, onAction }: QueueEntryProps) {
  const { item } = entry;
  const texts = useModerationTexts();
  const reason = mainReason(entry);
  const hasOpenReports = entry.reports.some((r) => r.status === 'open');
  const owner = item?.owner ?? null;
  const ownerSuspended = owner ? isSuspendedNow(owner.suspendedUntil) : false;
  const content = item && item.targetType !== 'user' ? item : null;
  const label = item?.label ?? entry.reports[0]?.reference ?? entry.key;

  const itemAction = (action: 'dismiss' | 'hide' | 'restore' | 'delete') => () => {
    if (!item) return;
    onAction({ action, targetType: item.targetType, targetId: item.targetId, label: item.label, reason });
  };

  // A report or message without an item (its own entry, 'report:<id>') can only be closed: a bug
  // report or feedback is 'marked as handled' (reason Other, the moderation rule preselected), a
  // notice naming only an address is dismissed like reports of an item.
  const message = item ? null : (entry.reports[0] ?? null);
  const handling = message?.kind === 'bug' || message?.kind === 'feedback';
  const messageActions =
    message && message.status === 'open' ? (
      <Group gap="xs" wrap="wrap" data-testid="queue-actions">
        <Button
          size="xs"
          variant="default"
          leftSection={<IconCheck size={14} aria-hidden />}
          onClick={() =>
            onAction({
              action: 'dismiss',
              targetType: 'report',
              targetId: String(message.id),
              label: messageLabel(message, texts),
              messageKind: message.kind,
              reason: handling ? 'other' : reason,
              rule: handling ? 'moderation' : null,
            })
          }
        >
          {handling ? texts.markHandled : texts.actionLabels.dismiss}
        </Button>
      </Group>
    ) : null;

  const actions = item ? (
    <Group gap="xs" wrap="wrap" data-testid="queue-actions">
      {hasOpenReports ? (
        <Button size="xs" variant="default" leftSection={<IconCheck size={14} aria-hidden />} onClick={itemAction('dismiss')}>
          {texts.actionLabels.dismiss}
        </Button>
      ) : null}
      {content?.exists && !content.hidden ? (
        <Button size="xs" color="orange" leftSection={<IconEyeOff size={14} aria-hidden />} onClick={itemAction('hide')}>
          {texts.actionLabels.hide}
        </Button>
      ) : null}
      {content?.exists && content.hidden ? (
        <Button size="xs" color="teal" leftSection={<IconEye size={14} aria-hidden />} onClick={itemAction('restore')}>
          {texts.actionLabels.restore}
        </Button>
      ) : null}
      {content?.exists ? (
        <Button size="xs" color="red" variant="light" leftSection={<IconTrash size={14} aria-hidden />} onClick={itemAction('delete')}>
          {texts.actionLabels.delete}
        </Button>
      ) : null}
      {owner && !ownerSuspended ? (
        <Button
          size="xs"
          color="red"
          variant="outline"
          leftSection={<IconBan size={14} aria-hidden />}
          onClick={() => onAction({ action: 'suspend', userId: owner.id, label: owner.username, reason })}
        >
          {texts.actionLabels.suspend}
        </Button>
      ) : null}
      {owner && ownerSuspended ? (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconUserCheck size={14} aria-hidden />}
          onClick={() => onAction({ action: 'unsuspend', userId: owner.id, label: owner.username, reason })}
        >
          {texts.actionLabels.unsuspend}
        </Button>
      ) : null}
    </Group>
  ) : null;

  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={label} data-testid="queue-entry" data-key={entry.key} data-entry-key={entry.key}>
      <Stack gap="sm">
        {item ? (
          <ItemPreview item={item} />
        ) : (
          <Text component="h3" fw={700} fz="lg" m={0}>
            {entry.reports[0] ? texts.contactKinds[entry.reports[0].kind] : texts.messageWithoutItem}
          </Text>
        )}
        {item ? (
          <>
            <Group gap="xs" wrap="wrap" data-testid="queue-reasons">
              <Badge variant="filled" color="dark" radius="sm" data-testid="report-count">
                {texts.reportCount(entry.reportCount)}
              </Badge>
              {entry.reasons.map((r) => (
                <Badge key={r} variant="light" color="red" radius="sm">
                  {texts.reasons[r]}
                </Badge>
              ))}
            </Group>
            <Divider label={texts.reportsOfItem} labelPosition="left" />
          </>
        ) : null}
        <Stack gap={4}>
          {entry.reports.map((report) => (
            <ReportLine key={report.id} report={report} />
          ))}
        </Stack>
        {actions ?? messageActions}
      </Stack>
    </Card>
  );
}
