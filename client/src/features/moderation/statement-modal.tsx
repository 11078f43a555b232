import { useEffect, useState } from 'react';
import { Alert, Button, Group, Modal, Select, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMounted } from '@mantine/hooks';
import { IconAlertCircle } from '@tabler/icons-react';
import { upholdInputSchema, type Decision } from '@tonieshelf/shared/schemas/moderation';
import {
  REPORT_REASONS,
  RULE_FOR_REASON,
  TERMS_SECTIONS,
  type ActionTargetType,
  type ContactKind,
  type ReportReason,
  type TermsSectionId,
} from '@tonieshelf/shared/values/moderation';
import { confirmAction } from '../../components/confirm';
import { toast } from '../../lib/toast';
import { fieldErrors, serverMessage } from '../../lib/server-errors';
import { localizedResolver } from '../../i18n/localized-resolver';
import { useModerationTexts } from './moderation-texts';
import type { ModerationActionKind } from './moderation-texts';
import { useDecisionMutations } from './use-moderation-mutations';
import { focusFirstError } from '../../lib/focus-first-error';

/** What a statement of reasons is asked for: the action and what it is done to. */
export type StatementRequest =
  | {
      action: 'dismiss' | 'hide' | 'restore' | 'delete';
      /** 'report': a report or message without an item (targetId its id), which can only be dismissed. */
      targetType: ActionTargetType;
      targetId: string;
      label: string;
      /** For a report without an item: its kind (a bug or feedback is 'marked as handled'). */
      messageKind?: ContactKind;
      reason?: ReportReason | null;
      rule?: TermsSectionId | null;
      contestId?: number;
    }
  | { action: 'suspend' | 'unsuspend'; userId: string; label: string; reason?: ReportReason | null; rule?: TermsSectionId | null; contestId?: number }
  | { action: 'uphold'; contestId: number; label: string; reason?: ReportReason | null; rule?: TermsSectionId | null };

interface StatementValues {
  reason: ReportReason | null;
  rule: TermsSectionId | null;
  statement: string;
  duration: string;
}

const statementSchema = upholdInputSchema.pick({ reason: true, rule: true, statement: true });
const validateStatement = localizedResolver(statementSchema);

/** The rule an action suggests when no reason says otherwise. */
function defaultRule(action: ModerationActionKind, reason: ReportReason | null): TermsSectionId {
  if (reason) return RULE_FOR_REASON[reason];
  if (action === 'suspend' || action === 'unsuspend') return 'accounts';
  if (action === 'dismiss' || action === 'restore' || action === 'uphold') return 'moderation';
  return 'sharing';
}

/** Whether the request marks a bug report or feedback as handled (rather than dismissing reports). */
function isHandling(request: StatementRequest | null): boolean {
  return request?.action === 'dismiss' && (request.messageKind === 'bug' || request.messageKind === 'feedback');
}

function initialValues(request: StatementRequest | null): StatementValues {
  const reason = request?.reason ?? null;
  const rule = request ? (request.rule ?? defaultRule(request.action, reason)) : null;
  return { reason, rule, statement: '', duration: '7' };
}

export interface StatementModalProps {
  /** The action asked for, or null when the modal is closed. */
  request: StatementRequest | null;
  onClose: () => void;
  /** Called with the decision once the server took it. */
  onDone?: (decision: Decision) => void;
}

/**
 * 'Statement of reasons': every moderator action carries one (DSA Art. 17) — the reason, the
 * section of the terms it rests on, the facts in words (at least 20 characters) and, for a
 * suspension, how long. Deleting asks once more. The server's refusals show in the modal.
 */
export function StatementModal({ request: asked, onClose, onDone }: StatementModalProps) {
  // Mounted closed, opened on the next render: Mantine notes where to give focus back only when
  // `opened` changes (statement-dialog.tsx mounts it when first asked for).
  const request = useMounted() ? asked : null;
  const mutations = useDecisionMutations();
  const texts = useModerationTexts();
  const reasonOptions = REPORT_REASONS.map((value) => ({ value, label: texts.reasons[value] }));
  const ruleOptions = TERMS_SECTIONS.map((section, index) => ({ value: section.id, label: texts.ruleOption(index + 1, texts.termsSections[section.id]) }));
  const [error, setError] = useState<string | null>(null);
  // Whether the moderator picked the rule themselves (then a new reason leaves it alone).
  const [ruleChosen, setRuleChosen] = useState(false);
  const [shown, setShown] = useState<StatementRequest | null>(request);
  // After a decision the button that asked for it may be gone: the panel places focus (onDone), not the modal.
  const [decided, setDecided] = useState(false);
  const form = useForm<StatementValues>({
    initialValues: initialValues(request),
    validate: (values) => validateStatement(values),
  });

  // A new request starts a fresh form with its reason and rule preselected.
  const requestKey = request ? JSON.stringify(request) : '';
  useEffect(() => {
    if (!request) return; // closing: the last request stays on screen while the modal fades out
    setShown(request);
    form.setValues(initialValues(request));
    form.clearErrors();
    setError(null);
    setRuleChosen(Boolean(request?.rule));
    setDecided(false);
  }, [requestKey]);

  const pending = mutations.act.isPending || mutations.suspend.isPending || mutations.unsuspend.isPending || mutations.uphold.isPending;

  const send = async (values: StatementValues) => {
    const request = shown;
    if (!request || !values.reason || !values.rule) return;
    const fields = { reason: values.reason, rule: values.rule, statement: values.statement };
    setError(null);
    try {
      let decision: Decision;
      switch (request.action) {
        case 'suspend':
          decision = await mutations.suspend.mutateAsync({
            userId: request.userId,
            days: values.duration === 'forever' ? null : Number(values.duration),
            contestId: request.contestId,
            ...fields,
          });
          break;
        case 'unsuspend':
          decision = await mutations.unsuspend.mutateAsync({ userId: request.userId, contestId: request.contestId, ...fields });
          break;
        case 'uphold':
          decision = await mutations.uphold.mutateAsync({ contestId: request.contestId, ...fields });
          break;
        default:
          decision = await mutations.act.mutateAsync({
            action: request.action,
            targetType: request.targetType,
            targetId: request.targetId,
            contestId: request.contestId,
            ...fields,
          });
      }
      if (isHandling(request)) toast({ title: texts.handledDone, message: texts.handledDoneText, variant: 'success' });
      else toast({ title: texts.actionDone[request.action], message: texts.actionDoneText, variant: 'success' });
      if (onDone) setDecided(true);
      onDone?.(decision);
      onClose();
    } catch (err) {
      const byField = fieldErrors(err);
      const known = Object.fromEntries(Object.entries(byField).filter(([key]) => key === 'reason' || key === 'rule' || key === 'statement'));
      if (Object.keys(known).length > 0) {
        form.setErrors(known);
        requestAnimationFrame(() => focusFirstError(form, known));
      }
      const extra = byField.days ?? byField.userId ?? byField.targetId ?? null;
      setError(Object.keys(known).length > 0 && !extra ? null : (extra ?? serverMessage(err) ?? texts.genericError));
    }
  };

  const onSubmit = form.onSubmit(
    (values) => {
      if (shown?.action === 'delete') {
        confirmAction({
          title: texts.deleteConfirmTitle,
          text: texts.deleteConfirmText,
          confirmLabel: texts.deleteConfirm,
          color: 'red',
          onConfirm: () => void send(values),
        });
        return;
      }
      void send(values);
    },
    (errors) => focusFirstError(form, errors),
  );

  const action = shown?.action ?? 'dismiss';
  const handling = isHandling(shown);
  const destructive = action === 'delete' || action === 'suspend' || action === 'hide';

  return (
    <Modal opened={request !== null} onClose={pending ? () => undefined : onClose} title={texts.statementTitle} size="lg" radius="lg" centered returnFocus={!decided}>
      <form onSubmit={onSubmit} noValidate aria-label={texts.statementTitle} data-testid="statement-form">
        <Stack gap="md">
          <Stack gap={4}>
            <Text fw={600}>{handling ? texts.handledTitle : texts.actionTitles[action]}</Text>
            {shown ? (
              <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {texts.statementAbout(shown.label)}
              </Text>
            ) : null}
            <Text size="sm">{handling ? texts.handledIntro : texts.statementIntro}</Text>
          </Stack>
          <Select
            label={texts.reasonLabel}
            data={reasonOptions}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('reason')}
            onChange={(value) => {
              const reason = (value as ReportReason | null) ?? null;
              form.setFieldValue('reason', reason);
              // The rule follows the reason until the moderator picks one themselves.
              if (reason && !ruleChosen) form.setFieldValue('rule', RULE_FOR_REASON[reason]);
              form.clearFieldError('reason');
            }}
          />
          <Select
            label={texts.ruleLabel}
            data={ruleOptions}
            required
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('rule')}
            onChange={(value) => {
              form.setFieldValue('rule', (value as TermsSectionId | null) ?? null);
              form.clearFieldError('rule');
              setRuleChosen(true);
            }}
          />
          {action === 'suspend' ? (
            <Select
              label={texts.durationLabel}
              data={texts.durations.map((d) => ({ ...d }))}
              required
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              {...form.getInputProps('duration')}
            />
          ) : null}
          <Textarea
            label={texts.statementLabel}
            description={texts.statementHint}
            placeholder={texts.statementPlaceholder}
            required
            autosize
            minRows={4}
            maxRows={12}
            maxLength={5000}
            data-autofocus
            {...form.getInputProps('statement')}
          />
          {error ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert" title={texts.actionFailed}>
              {error}
            </Alert>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={pending}>
              {texts.cancel}
            </Button>
            <Button type="submit" color={destructive ? 'red' : undefined} loading={pending}>
              {handling ? texts.markHandled : texts.actionLabels[action]}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
