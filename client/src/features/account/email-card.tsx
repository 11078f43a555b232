import { Alert, Badge, Card, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconClockHour4 } from '@tabler/icons-react';
import { accountErrorMessage } from '../../lib/account-errors';
import { useAccountTexts } from './account-texts';
import { useEmailStatus } from './api/use-email-address';
import { ChangeEmailForm } from './change-email-form';
import { ResendVerificationButton } from './resend-verification-button';

/**
 * 'Email address' on the account page: the address, verified or not (with 'Send the link again'),
 * a new address waiting for its link (again: 'Send the link again', which then goes there), and
 * the form to change it.
 */
export function EmailCard() {
  const status = useEmailStatus();
  const texts = useAccountTexts();
  const data = status.data;

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="email-title">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz="h3" id="email-title">
            {texts.emailTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {texts.emailIntro}
          </Text>
        </Stack>

        {status.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" role="status" aria-label={texts.emailLoading} />
          </Group>
        ) : status.isError || !data ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} title={texts.emailLoadFailed} role="alert">
            {accountErrorMessage(status.error) ?? texts.genericError}
          </Alert>
        ) : (
          <>
            <Stack gap="sm">
              <Group gap="sm" wrap="wrap">
                <Text fw={600} style={{ overflowWrap: 'anywhere' }} data-testid="current-email">
                  {data.email}
                </Text>
                <Badge variant="light" color={data.verified ? 'teal' : 'yellow'} data-testid="email-verified-badge">
                  {data.verified ? texts.verified : texts.notVerified}
                </Badge>
              </Group>
              {data.verified ? null : (
                <Stack gap="sm" align="flex-start">
                  <Text size="sm">{texts.unverifiedText}</Text>
                  {/* With a new address waiting, the link goes there (below). */}
                  {data.pendingEmail ? null : <ResendVerificationButton />}
                </Stack>
              )}
              {data.pendingEmail ? (
                <Alert color="blue" variant="light" icon={<IconClockHour4 size={20} aria-hidden />} title={texts.pendingTitle} data-testid="pending-email">
                  <Stack gap="sm" align="flex-start">
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                      {texts.pendingText(data.pendingEmail, data.email)}
                    </Text>
                    {/* A new link goes to the address waiting to become the account's. */}
                    <ResendVerificationButton size="xs" variant="default" />
                  </Stack>
                </Alert>
              ) : null}
            </Stack>
            <Divider />
            <ChangeEmailForm currentEmail={data.email} />
          </>
        )}
      </Stack>
    </Card>
  );
}
