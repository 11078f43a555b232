import { useState } from 'react';
import { Container, Stack } from '@mantine/core';
import { PageHeader } from '../components/page-header';
import { useAuthTexts } from '../features/auth/auth-texts';
import { ChangePasswordCard } from '../features/auth/change-password-card';
import { RecoveryCodesCard } from '../features/auth/recovery-codes-card';
import { RecoveryCodesModal } from '../features/auth/recovery-codes-modal';
import { SessionsCard } from '../features/auth/sessions-card';
import { TwoFactorCard } from '../features/auth/two-factor-card';
import { useCurrentUser } from '../lib/use-current-user';
import { usePageTitle } from '../lib/page-title';

/**
 * /account/security (a protected route): second factors, recovery codes, active sessions and
 * the password. New recovery codes show once, in a dialog that needs 'I have saved these codes'.
 */
export function AccountSecurityPage() {
  const texts = useAuthTexts();
  usePageTitle(texts.accountSecurity);
  const { user } = useCurrentUser();
  const [codes, setCodes] = useState<string[] | null>(null);

  return (
    <Container size="md" py={{ base: 'lg', sm: 'xl' }} w="100%">
      <PageHeader title={texts.accountSecurity} subtitle={user ? texts.securitySubtitle(user.username, user.email) : undefined} />
      <Stack gap="lg">
        <TwoFactorCard onRecoveryCodes={setCodes} />
        <RecoveryCodesCard onRecoveryCodes={setCodes} />
        <SessionsCard />
        <ChangePasswordCard />
      </Stack>
      <RecoveryCodesModal codes={codes} onDone={() => setCodes(null)} />
    </Container>
  );
}
