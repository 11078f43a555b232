import { Button } from '@mantine/core';
import type { ButtonProps } from '@mantine/core';
import { IconMailForward } from '@tabler/icons-react';
import { useResendVerification } from './api/use-email-address';
import { useAccountTexts } from './account-texts';

/** 'Send the link again': a new verification link to the account's address (toasts say how it went). */
export function ResendVerificationButton(props: Omit<ButtonProps, 'children' | 'loading' | 'leftSection'>) {
  const resend = useResendVerification();
  const texts = useAccountTexts();
  return (
    <Button variant="light" {...props} loading={resend.isPending} onClick={() => resend.mutate()} leftSection={<IconMailForward size={16} aria-hidden />}>
      {texts.sendLinkAgain}
    </Button>
  );
}
