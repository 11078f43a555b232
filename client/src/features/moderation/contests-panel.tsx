import { useRef, useState } from 'react';
import { Anchor, Badge, Blockquote, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconEye, IconGavel, IconMessageReport, IconUserCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { TERMS_SECTION_IDS, type TermsSectionId } from '@tonieshelf/shared/values/moderation';
import type { ContestEntry } from '@tonieshelf/shared/schemas/moderation';
import { decisionPath } from '../../lib/links';
import { useTRPC } from '../../lib/trpc';
import { ItemPreview } from './item-preview';
import { OPEN_QUEUE_INPUT } from './moderation-params';
import { useModerationFormat } from './moderation-format';
import { useModerationTexts } from './moderation-texts';
import { LoadError, PanelLoader } from './queue-panel';
import { StatementDialog } from './statement-dialog';
import type { StatementRequest } from './statement-modal';
import { useFocusAfterDecision } from './focus-after-decision';

/** The statement that reverses a contested decision: restore what was hidden, lift a suspension. */
function reversalOf(contest: ContestEntry): StatementRequest | null {
  const { decision } = contest;
  const label = decision.targetLabel ?? contest.item?.label ?? decision.targetId;
  const common = { label, reason: decision.reason, rule: 'contest' as TermsSectionId, contestId: contest.id };
  if (decision.action === 'hide' && (decision.targetType === 'audio' || decision.targetType === 'review')) {
    return { action: 'restore', targetType: decision.targetType, targetId: decision.targetId, ...common };
  }
  if (decision.action === 'suspend' && decision.targetType === 'user') {
    return { action: 'unsuspend', userId: decision.targetId, ...common };
  }
  return null;
}

function ContestCard({ contest, onAction }: { contest: ContestEntry; onAction: (request: StatementRequest) => void }) {
  const { decision } = contest;
  const texts = useModerationTexts();
  const format = useModerationFormat();
  const reversal = reversalOf(contest);
  const label = decision.targetLabel ?? contest.item?.label ?? decision.targetId;
  const knownRule = TERMS_SECTION_IDS.find((id) => id === decision.rule) ?? null;
  return (
    <Card withBorder radius="md" padding="md" component="article" aria-label={label} data-testid="contest-entry" data-entry-key={contest.id}>
      <Stack gap="sm">
        <Group gap="xs" wrap="wrap">
          <Badge color="grape" radius="sm" leftSection={<IconMessageReport size={12} aria-hidden />}>
            {texts.contestedDecision}
          </Badge>
          <Text size="xs" c="dimmed">
            {texts.contestBy(contest.username, format.dateTime(contest.createdAt))}
          </Text>
        </Group>
        <Stack gap={2}>
          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
            {texts.decisionLine(texts.logActions[decision.action], label)}
          </Text>
          <Text size="sm" c="dimmed">
            {format.dateTime(decision.createdAt)}
            {decision.reason ? ` · ${texts.reasons[decision.reason]}` : ''}
            {decision.rule ? ` · ${format.rule(decision.rule)}` : ''}
            {decision.suspendedUntil ? ` · ${format.suspension(decision.suspendedUntil)}` : ''}
          </Text>
          {decision.statement ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
              {decision.statement}
            </Text>
          ) : null}
          <Anchor component={Link} to={decisionPath(decision.id)} size="sm">
            {texts.viewDecision}
          </Anchor>
        </Stack>
        <Blockquote color="grape" p="sm" radius="md" data-testid="contest-explanation">
          <Text size="xs" fw={700} c="dimmed" mb={4}>
            {texts.contestExplanation}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {contest.explanation}
          </Text>
        </Blockquote>
        {contest.item ? (
          <Card withBorder radius="md" padding="sm" bg="var(--mantine-color-default-hover)">
            <ItemPreview item={contest.item} headingLevel={4} />
          </Card>
        ) : null}
        <Group gap="xs" wrap="wrap">
          {reversal ? (
            <Button
              size="xs"
              color="teal"
              leftSection={reversal.action === 'unsuspend' ? <IconUserCheck size={14} aria-hidden /> : <IconEye size={14} aria-hidden />}
              onClick={() => onAction(reversal)}
            >
              {reversal.action === 'unsuspend' ? texts.actionLabels.unsuspend : texts.reverseRestore}
            </Button>
          ) : null}
          <Button
            size="xs"
            variant="default"
            leftSection={<IconGavel size={14} aria-hidden />}
            onClick={() => onAction({ action: 'uphold', contestId: contest.id, label, reason: decision.reason, rule: knownRule })}
          >
            {texts.actionLabels.uphold}
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Open contests, oldest first: restore / lift the suspension (with a statement), or uphold. */
export function ContestsPanel() {
  const trpc = useTRPC();
  const texts = useModerationTexts();
  const queue = useQuery(trpc.moderation.queue.queryOptions(OPEN_QUEUE_INPUT));
  const [request, setRequest] = useState<StatementRequest | null>(null);
  const panel = useRef<HTMLDivElement>(null);
  const focus = useFocusAfterDecision(panel, queue.dataUpdatedAt, queue.isFetching);

  if (queue.isPending) return <PanelLoader />;
  if (queue.isError) return <LoadError error={queue.error} onRetry={() => void queue.refetch()} />;
  const { contests } = queue.data;
  return (
    <Stack gap="md" ref={panel}>
      {contests.length === 0 ? (
        <Stack align="center" gap={4} py="xl" data-testid="contests-empty" data-empty-state>
          <Title order={2} fz="h4">
            {texts.contestsEmpty}
          </Title>
          <Text c="dimmed" size="sm">
            {texts.contestsEmptyText}
          </Text>
        </Stack>
      ) : (
        contests.map((contest, index) => (
          <ContestCard
            key={contest.id}
            contest={contest}
            onAction={(request) => {
              focus.actedOn(String(contest.id), index);
              setRequest(request);
            }}
          />
        ))
      )}
      <StatementDialog request={request} onClose={() => setRequest(null)} onDone={focus.onDone} />
    </Stack>
  );
}
