import { useState } from 'react';
import { Alert, Group, Text } from '@mantine/core';
import { IconMailExclamation } from '@tabler/icons-react';
import { useCurrentUser } from '../../lib/use-current-user';
import { useAccountTexts } from './account-texts';
import { ResendVerificationButton } from './resend-verification-button';

const DISMISSED_KEY = 'tonieshelf:unverified-notice-dismissed';

function wasDismissed(): boolean {
  try {
    return window.sessionStorage.getItem(DISMISSED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * A small note for a signed-in account whose address is not verified yet: publishing waits for
 * it. Dismissed, it stays away for the rest of the browser session.
 */
export function UnverifiedNotice() {
  const { user } = useCurrentUser();
  const texts = useAccountTexts();
  const [dismissed, setDismissed] = useState(wasDismissed);
  if (!user || user.emailVerified || dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      window.sessionStorage.setItem(DISMISSED_KEY, '1');
    } catch {
      // Private mode: dismissed for this page only.
    }
  };

  return (
    <Alert
      color="yellow"
      variant="light"
      py="xs"
      icon={<IconMailExclamation size={18} aria-hidden />}
      withCloseButton
      closeButtonLabel={texts.dismiss}
      onClose={dismiss}
      data-testid="unverified-notice"
    >
      <Group gap="xs" justify="space-between" align="center">
        <Text size="sm" style={{ flex: '1 1 220px' }}>
          <Text span inherit fw={600}>
            {texts.unverifiedNoticeLead}
          </Text>{' '}
          {texts.unverifiedNotice}
        </Text>
        <ResendVerificationButton size="compact-sm" variant="default" />
      </Group>
    </Alert>
  );
}
