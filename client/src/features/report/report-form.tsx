import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, SegmentedControl, Select, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertCircle, IconFlag, IconSend } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { CreateReportInput } from '@tonieshelf/shared/schemas/moderation';
import { CONTACT_KINDS, MODERATION_MESSAGES, REPORT_REASONS, type ContactKind, type ReportReason } from '@tonieshelf/shared/values/moderation';
import { isOneOf } from '../../lib/one-of';
import { useTRPC } from '../../lib/trpc';
import { fieldErrors } from '../../lib/server-errors';
import { useCurrentUser } from '../../lib/use-current-user';
import { currentLanguage } from '../../i18n/i18n';
import { localMessage } from '../../lib/account-errors';
import { reportErrorMessage } from './report-errors';
import { ReportReceipt } from './report-receipt';
import { absoluteAddress } from '../../lib/links';
import type { ReportTarget } from './report-target';
import { useReportTexts } from './report-texts';
import { focusFirstError } from '../../lib/focus-first-error';
import { lazyRules, submitWithRules } from '../../lib/lazy-rules';

const rules = lazyRules(() => import('./report-rules'));

export function isReportReason(value: unknown): value is ReportReason {
  return isOneOf(REPORT_REASONS, value);
}
export function isContactKind(value: unknown): value is ContactKind {
  return isOneOf(CONTACT_KINDS, value);
}

interface ReportFormValues {
  kind: ContactKind;
  reason: ReportReason | null;
  contentUrl: string;
  explanation: string;
  name: string;
  email: string;
  goodFaith: boolean;
}

type Field = keyof ReportFormValues;
const FIELDS: readonly Field[] = ['kind', 'reason', 'contentUrl', 'explanation', 'name', 'email', 'goodFaith'];

/** What is sent: a report of a target carries it (its address filled in); name and email only when signed out. */
function reportInput(values: ReportFormValues, target: ReportTarget | null, signedIn: boolean): CreateReportInput {
  const report = values.kind === 'report';
  const url = values.kind === 'feedback' ? '' : report && target ? target.url : values.contentUrl.trim();
  return {
    kind: values.kind,
    reason: report ? values.reason : null,
    targetType: report && target ? target.type : null,
    targetId: report && target ? target.id : null,
    contentUrl: url || null,
    explanation: values.explanation,
    name: signedIn ? null : values.name,
    email: signedIn ? null : values.email.trim(),
    goodFaith: report ? values.goodFaith : false,
  };
}

/**
 * The form's own check: the shared schema's rules, plus name and email when signed out and the
 * address of a report; the messages in the interface language.
 */
function validateReport(values: ReportFormValues, target: ReportTarget | null, signedIn: boolean): Partial<Record<Field, string>> {
  const texts = useReportTexts.get();
  const errors: Partial<Record<Field, string>> = {};
  const schemaErrors = rules.current()?.reportSchemaErrors(reportInput(values, target, signedIn), currentLanguage()) ?? {};
  for (const field of FIELDS) if (schemaErrors[field]) errors[field] = schemaErrors[field];
  if (!signedIn) {
    if (!values.name.trim()) errors.name = localMessage(MODERATION_MESSAGES.nameRequired);
    if (!values.email.trim()) errors.email = localMessage(MODERATION_MESSAGES.emailRequired);
  }
  if (values.kind === 'report' && !target && !values.contentUrl.trim() && !errors.contentUrl) errors.contentUrl = texts.contentUrlRequired;
  return errors;
}

interface ReportFormProps {
  /** The reported item (its address is filled in and read-only); absent: the general form. */
  target?: ReportTarget | null;
  initialKind?: ContactKind;
  /** Show the kind choice (report / bug / feedback): the /report page. */
  chooseKind?: boolean;
  initialReason?: ReportReason | null;
  initialUrl?: string;
  /** A 'Cancel' button (the dialog). */
  onCancel?: () => void;
  /** 'Close' on the confirmation (the dialog). */
  onClose?: () => void;
}

/**
 * A report about content (DSA Art. 16 notice) or a message of the contact form: the reason, the
 * content's address, an explanation, name and email when signed out, and the good-faith
 * statement. Sent, it shows the reference number; the server emails a confirmation. Refusals
 * show under their fields or as a readable message (already reported, gone, too many).
 */
export function ReportForm({ target = null, initialKind = 'report', chooseKind = false, initialReason = null, initialUrl = '', onCancel, onClose }: ReportFormProps) {
  const trpc = useTRPC();
  const { user } = useCurrentUser();
  const texts = useReportTexts();
  const reasonOptions = REPORT_REASONS.map((value) => ({ value, label: texts.reasons[value] }));
  const kindOptions = CONTACT_KINDS.map((value) => ({ value, label: texts.contactKinds[value] }));
  const signedIn = user !== null;
  const smallScreen = useMediaQuery('(max-width: 36em)') ?? false;
  const create = useMutation(trpc.report.create.mutationOptions());
  const [problem, setProblem] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<{ reference: string; kind: ContactKind; email: string | null } | null>(null);
  const form = useForm<ReportFormValues>({
    initialValues: {
      kind: target ? 'report' : initialKind,
      reason: initialReason,
      contentUrl: initialUrl,
      explanation: '',
      name: '',
      email: '',
      goodFaith: false,
    },
    validate: (values) => validateReport(values, target, signedIn),
  });
  const { kind } = form.values;
  const report = kind === 'report';

  const onSubmit = submitWithRules(
    form,
    rules,
    async (values) => {
      if (create.isPending) return;
      setProblem(null);
      try {
        const answer = await create.mutateAsync(reportInput(values, target, signedIn));
        setReceipt({ reference: answer.reference, kind: values.kind, email: signedIn ? (user?.email ?? null) : values.email.trim() });
      } catch (error) {
        const fields = fieldErrors(error);
        const known = Object.entries(fields).filter(([field]) => (FIELDS as readonly string[]).includes(field));
        if (known.length > 0) {
          form.setErrors(Object.fromEntries(known));
          requestAnimationFrame(() => focusFirstError(form, Object.fromEntries(known)));
        } else setProblem(reportErrorMessage(error));
      }
    },
    // Refused: focus on the first field to fix (its message is read with it).
    (errors) => focusFirstError(form, errors),
  );

  if (receipt) {
    return (
      <ReportReceipt
        kind={receipt.kind}
        reference={receipt.reference}
        email={receipt.email}
        onClose={onClose}
        onAnother={
          onClose
            ? undefined
            : () => {
                setReceipt(null);
                form.reset();
              }
        }
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={target ? texts.dialogTitle[target.type] : texts.pageTitle} data-testid="report-form">
      <Stack gap="md">
        {chooseKind && !target ? (
          <Stack gap={4}>
            <Text fz="sm" fw={500} id="report-kind-label">
              {texts.kindLabel}
            </Text>
            <SegmentedControl
              aria-labelledby="report-kind-label"
              data={kindOptions}
              value={kind}
              onChange={(value) => {
                if (isContactKind(value)) form.setFieldValue('kind', value);
                form.clearErrors();
                setProblem(null);
              }}
              orientation={smallScreen ? 'vertical' : 'horizontal'}
              fullWidth
              data-testid="report-kind"
            />
          </Stack>
        ) : null}

        {target ? (
          <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-default-hover)" data-testid="report-target">
            <Text fz="xs" c="dimmed" fw={600} tt="uppercase">
              {texts.reporting}
            </Text>
            <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {target.label}
            </Text>
          </Paper>
        ) : null}

        {report ? (
          <Select
            label={texts.reason}
            placeholder={texts.reasonPlaceholder}
            data={reasonOptions}
            required
            allowDeselect={false}
            comboboxProps={{ shadow: 'md', withinPortal: true }}
            {...form.getInputProps('reason')}
            onChange={(value) => {
              form.setFieldValue('reason', isReportReason(value) ? value : null);
              form.clearFieldError('reason');
            }}
            data-testid="report-reason"
          />
        ) : null}

        {report && target ? (
          <TextInput label={texts.contentUrl} description={texts.contentUrlFilled} value={absoluteAddress(target.url)} readOnly data-testid="report-url" />
        ) : kind !== 'feedback' ? (
          <TextInput
            label={report ? texts.contentUrl : texts.bugUrl}
            description={report ? texts.contentUrlHint : undefined}
            required={report}
            inputMode="url"
            autoComplete="off"
            maxLength={2000}
            {...form.getInputProps('contentUrl')}
            data-testid="report-url"
          />
        ) : null}

        <Textarea
          label={texts.explanation[kind]}
          description={texts.explanationHint[kind]}
          required
          autosize
          minRows={4}
          maxRows={12}
          maxLength={5000}
          {...form.getInputProps('explanation')}
        />

        {signedIn ? (
          <Text fz="sm" c="dimmed" data-testid="report-signed-in">
            {texts.signedInAs(user.username, user.email)}
          </Text>
        ) : (
          <>
            <TextInput label={texts.name} required autoComplete="name" maxLength={100} {...form.getInputProps('name')} />
            <TextInput
              label={texts.email}
              description={texts.emailHint}
              type="email"
              inputMode="email"
              autoComplete="email"
              placeholder={texts.emailPlaceholder}
              required
              {...form.getInputProps('email')}
            />
          </>
        )}

        {report ? (
          <>
            <Checkbox label={texts.goodFaith} {...form.getInputProps('goodFaith', { type: 'checkbox' })} data-testid="report-good-faith" />
            <Text fz="xs" c="dimmed">
              {texts.privacyNote}
            </Text>
          </>
        ) : null}

        {problem ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert" data-testid="report-error">
            {problem}
          </Alert>
        ) : null}

        <Group justify="flex-end" gap="sm">
          {onCancel ? (
            <Button variant="default" onClick={onCancel} disabled={create.isPending}>
              {texts.cancel}
            </Button>
          ) : null}
          <Button type="submit" loading={create.isPending} leftSection={report ? <IconFlag size={16} aria-hidden /> : <IconSend size={16} aria-hidden />}>
            {texts.submit[kind]}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
