import { Alert, Stack, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { useAccountTexts } from './account-texts';
import { localMessage } from '../../lib/account-errors';
import { ResendVerificationButton } from './resend-verification-button';

interface EmailUnverifiedAlertProps {
  /** The server's refusal; the shared text when absent. */
  message?: string | null;
  /** Shows a close button. */
  onClose?: () => void;
  'data-testid'?: string;
}

/**
 * Where publishing audio was refused because the address is not verified: the refusal and a
 * way out ('Send the link again').
 */
export function EmailUnverifiedAlert({ message, onClose, 'data-testid': testId = 'email-unverified' }: EmailUnverifiedAlertProps) {
  const texts = useAccountTexts();
  return (
    <Alert
      color="yellow"
      variant="light"
      icon={<IconMailExclamation size={20} aria-hidden />}
      title={texts.unverifiedNoticeTitle}
      withCloseButton={Boolean(onClose)}
      closeButtonLabel={texts.dismiss}
      onClose={onClose}
      data-testid={testId}
      role="alert"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{message || localMessage(ACCOUNT_MESSAGES.emailUnverified)}</Text>
        <ResendVerificationButton size="xs" variant="default" />
      </Stack>
    </Alert>
  );
}
