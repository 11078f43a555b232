import { useState } from 'react';
import type { ReactNode } from 'react';
import { Alert, Anchor, Badge, Button, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconGavel, IconMessageReport } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatKey, formatMessage } from '@tonieshelf/shared/i18n/messages';
import { contestInputSchema, type Decision } from '@tonieshelf/shared/schemas/moderation';
import { MODERATION_MESSAGES, TERMS_SECTIONS } from '@tonieshelf/shared/values/moderation';
import { ROUTES } from '../../lib/links';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { accountErrorMessage } from '../../lib/account-errors';
import { errorCode, fieldErrors } from '../../lib/server-errors';
import { currentLanguage } from '../../i18n/i18n';
import { useFormat } from '../../i18n/use-format';
import { useLanguage } from '../../i18n/use-language';
import { useLegalTexts } from './legal-texts';
import { focusFirstError } from '../../lib/focus-first-error';

type LegalTexts = ReturnType<typeof useLegalTexts>;

/** Year 9999: suspended for good. */
function forGood(until: string): boolean {
  return new Date(until).getUTCFullYear() >= 9999;
}

/** 'Hid the audio file “Moon Song”', 'Suspended the account “robin”'. */
function decisionSummary(decision: Pick<Decision, 'action' | 'targetType' | 'targetLabel'>, texts: LegalTexts): string {
  const label = decision.targetLabel ? ` ${texts.quoted(decision.targetLabel)}` : '';
  return `${texts.logActions[decision.action]} ${texts.targetTypes[decision.targetType]}${label}`;
}

function ruleTitle(rule: string, texts: LegalTexts): string | null {
  const index = TERMS_SECTIONS.findIndex((s) => s.id === rule);
  return index >= 0 ? `${index + 1}. ${texts.termsSections[TERMS_SECTIONS[index]!.id]}` : null;
}

function Fact({ label, children, testId }: { label: string; children: ReactNode; testId: string }) {
  return (
    <div>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="sm" fw={500} data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </div>
  );
}

/**
 * A decision's statement of reasons as the person it concerns sees it: what was done to what and
 * when, the reason, the rule of the terms (linked), the moderators' statement, a suspension's
 * end; then the contest (its state once sent) or, when allowed, the form to contest it once.
 */
export function DecisionView({ decision }: { decision: Decision }) {
  const texts = useLegalTexts();
  const format = useFormat();
  const title = decision.rule ? ruleTitle(decision.rule, texts) : null;
  return (
    <Stack gap="lg" data-testid="decision">
      <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" bg="var(--tonieshelf-surface)">
        <Stack gap="md">
          <Title order={2} fz="h3" data-testid="decision-summary" style={{ overflowWrap: 'anywhere' }}>
            {decisionSummary(decision, texts)}
          </Title>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            <Fact label={texts.when} testId="decision-date">
              {format.date(decision.createdAt)}
            </Fact>
            {decision.reason ? (
              <Fact label={texts.reasonLabel} testId="decision-reason">
                {texts.reportReasons[decision.reason]}
              </Fact>
            ) : null}
            {decision.rule ? (
              <Fact label={texts.ruleLabel} testId="decision-rule">
                <Anchor component={Link} to={`${ROUTES.terms}#${decision.rule}`} inherit>
                  {title ?? decision.rule}
                </Anchor>
              </Fact>
            ) : null}
            {decision.suspendedUntil ? (
              <Fact label={texts.suspendedUntilLabel} testId="decision-suspended-until">
                {forGood(decision.suspendedUntil) ? texts.suspendedForGood : format.date(decision.suspendedUntil)}
              </Fact>
            ) : null}
          </SimpleGrid>
          {decision.statement ? (
            <div>
              <Text fz="xs" c="dimmed" tt="uppercase" fw={600} mb={4}>
                {texts.statementLabel}
              </Text>
              <Text fz="sm" lh={1.65} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="decision-statement">
                {decision.statement}
              </Text>
            </div>
          ) : null}
        </Stack>
      </Paper>

      {decision.contest ? <ContestState contest={decision.contest} /> : decision.canContest ? <ContestForm decisionId={decision.id} /> : null}
    </Stack>
  );
}

function ContestState({ contest }: { contest: NonNullable<Decision['contest']> }) {
  const texts = useLegalTexts();
  const format = useFormat();
  const text = contest.status === 'open' ? texts.contestOpen : contest.status === 'upheld' ? texts.contestUpheld : texts.contestReversed;
  const color = contest.status === 'open' ? 'blue' : contest.status === 'upheld' ? 'gray' : 'teal';
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" bg="var(--tonieshelf-surface)" data-testid="contest-state" data-status={contest.status}>
      <Stack gap="sm">
        <Title order={2} fz="h4">
          {texts.yourContest}{' '}
          <Badge color={color} variant="light" tt="none" ml={4}>
            {contest.status === 'open' ? texts.contestStatusOpen : contest.status === 'upheld' ? texts.contestStatusUpheld : texts.contestStatusReversed}
          </Badge>
        </Title>
        <Text fz="sm">{text}</Text>
        <Text fz="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {contest.explanation}
        </Text>
        <Text fz="xs" c="dimmed">
          {format.date(contest.createdAt)}
        </Text>
      </Stack>
    </Paper>
  );
}

const validateContest = (values: { explanation: string }) => {
  const parsed = contestInputSchema.shape.explanation.safeParse(values.explanation);
  return parsed.success ? {} : { explanation: formatKey(parsed.error.issues[0]?.message ?? MODERATION_MESSAGES.contestTooShort, currentLanguage()) };
};

/** 'Contest this decision': why it is wrong (at least 10 characters), once. */
function ContestForm({ decisionId }: { decisionId: number }) {
  const texts = useLegalTexts();
  const { language } = useLanguage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const contest = useMutation(
    trpc.moderation.contest.mutationOptions({
      onSuccess: (decision) => {
        queryClient.setQueryData(trpc.moderation.decision.queryKey({ id: decisionId }), decision);
        void queryClient.invalidateQueries(trpc.moderation.myDecisions.queryFilter());
        toast({ message: formatMessage(MODERATION_MESSAGES.contestReceived, currentLanguage()), variant: 'success' });
      },
    }),
  );
  const form = useForm({ initialValues: { explanation: '' }, validate: validateContest });

  const onSubmit = form.onSubmit(
    async ({ explanation }) => {
      if (contest.isPending) return;
      setProblem(null);
      try {
        await contest.mutateAsync({ decisionId, explanation });
      } catch (error) {
        const field = fieldErrors(error).explanation;
        if (field) {
          form.setFieldError('explanation', field);
          focusFirstError(form, { explanation: field });
        } else if (errorCode(error) === 'CONFLICT') {
          setProblem(accountErrorMessage(error) ?? formatMessage(MODERATION_MESSAGES.alreadyContested, language));
          void queryClient.invalidateQueries(trpc.moderation.decision.queryFilter({ id: decisionId }));
        } else setProblem((errorCode(error) !== 'INTERNAL_SERVER_ERROR' && accountErrorMessage(error)) || texts.contestFailed);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} radius="lg" bg="var(--tonieshelf-surface)">
      <form onSubmit={onSubmit} noValidate aria-label={texts.contestTitle} data-testid="contest-form">
        <Stack gap="md">
          <Title order={2} fz="h4">
            <IconGavel size={20} aria-hidden style={{ verticalAlign: 'text-bottom', marginRight: 6 }} />
            {texts.contestTitle}
          </Title>
          <Text fz="sm">{texts.contestIntro}</Text>
          <Textarea label={texts.contestLabel} required autosize minRows={4} maxRows={12} maxLength={5000} {...form.getInputProps('explanation')} />
          {problem ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert" data-testid="contest-error">
              {problem}
            </Alert>
          ) : null}
          <Button type="submit" loading={contest.isPending} w="fit-content" leftSection={<IconMessageReport size={16} aria-hidden />}>
            {texts.contestSubmit}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
