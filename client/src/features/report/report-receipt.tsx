import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconMailCheck } from '@tabler/icons-react';
import type { ContactKind } from '@tonieshelf/shared/values/moderation';
import { useLanguage } from '../../i18n/use-language';
import { receivedMessage, useReportTexts } from './report-texts';
import { focusIfLost } from '../../lib/focus-lost';

interface ReportReceiptProps {
  kind: ContactKind;
  reference: string;
  /** Where the confirmation went. */
  email: string | null;
  onClose?: () => void;
  onAnother?: () => void;
}

/** 'Thank you. We received your report. Your reference number is TS-….' and 'We also emailed you a confirmation.' */
export function ReportReceipt({ kind, reference, email, onClose, onAnother }: ReportReceiptProps) {
  const texts = useReportTexts();
  const { language } = useLanguage();
  // It takes the place of the form whose busy button had focus: focus on it, so the reference is read first.
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    focusIfLost(root.current);
  }, []);
  return (
    <Stack gap="md" data-testid="report-receipt" ref={root} tabIndex={-1}>
      <Alert color="teal" variant="light" icon={<IconMailCheck size={20} aria-hidden />} title={texts.receivedTitle[kind]} role="status">
        <Stack gap={6}>
          <Text fz="sm" fw={600} data-testid="report-received">
            {receivedMessage(kind, reference, language)}
          </Text>
          <Text fz="sm">{email ? texts.emailedConfirmationTo(email) : texts.emailedConfirmation}</Text>
          {kind === 'report' ? <Text fz="sm">{texts.whatNext}</Text> : null}
        </Stack>
      </Alert>
      <Text fz="xs" c="dimmed">
        {texts.reference}:{' '}
        <Text span ff="monospace" fz="sm" fw={700} c="var(--mantine-color-text)" data-testid="report-reference">
          {reference}
        </Text>
      </Text>
      <Group justify="flex-end" gap="sm">
        {onAnother ? (
          <Button variant="default" onClick={onAnother}>
            {texts.sendAnother}
          </Button>
        ) : null}
        {onClose ? (
          <Button onClick={onClose} data-autofocus>
            {texts.close}
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
