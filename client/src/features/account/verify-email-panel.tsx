import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconLogin, IconUpload, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import { linkTokenSchema } from '@tonieshelf/shared/schemas/account';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { ROUTES } from '../../lib/links';
import { authPathWithNext } from '../../lib/next-path';
import { useCurrentUser } from '../../lib/use-current-user';
import { useShellTexts } from '../../i18n/shell-texts';
import { accountErrorMessage, linkProblem, localMessage } from '../../lib/account-errors';
import { ACCOUNT_ROUTES } from '../../lib/account-routes';
import { useAccountTexts } from './account-texts';
import { useVerifyEmail } from './api/use-email-address';
import { LinkProblem } from './link-problem';
import { ResendVerificationButton } from './resend-verification-button';

/**
 * Opening the emailed verification link (a new account's address, or a changed one): the token
 * is sent once, signed in or not, then the result. A link that cannot be used offers a new one
 * (signed in), or signing in to ask for it.
 */
export function VerifyEmailPanel({ token }: { token: string }) {
  const verify = useVerifyEmail();
  const texts = useAccountTexts();
  const shellTexts = useShellTexts();
  const { mutate } = verify;
  const { user, isLoading } = useCurrentUser();
  const wellFormed = linkTokenSchema.safeParse(token).success;
  const sent = useRef(false);

  useEffect(() => {
    if (!wellFormed || sent.current) return;
    sent.current = true;
    mutate({ token });
  }, [token, wellFormed, mutate]);

  if (verify.isSuccess) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconCircleCheck size={20} aria-hidden />} title={texts.verifiedTitle} role="status" data-testid="email-verified">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              {localMessage(ACCOUNT_MESSAGES.emailVerified)}
            </Text>
            <Text size="sm">{texts.verifiedText(verify.data.email)}</Text>
          </Stack>
        </Alert>
        <Group gap="sm">
          {user ? (
            <>
              <Button component={Link} to={ROUTES.upload} leftSection={<IconUpload size={16} aria-hidden />}>
                {texts.uploadAudio}
              </Button>
              <Button component={Link} to={ACCOUNT_ROUTES.account} variant="default" leftSection={<IconUserCircle size={16} aria-hidden />}>
                {texts.goToAccount}
              </Button>
            </>
          ) : (
            <Button component={Link} to={authPathWithNext(ROUTES.upload)} leftSection={<IconLogin size={16} aria-hidden />}>
              {shellTexts.shell.signIn}
            </Button>
          )}
        </Group>
      </Stack>
    );
  }

  if (!wellFormed || verify.isError) {
    const message = wellFormed ? (linkProblem(verify.error) ?? accountErrorMessage(verify.error) ?? texts.genericError) : localMessage(ACCOUNT_MESSAGES.linkInvalid);
    return (
      <LinkProblem
        message={message}
        actions={
          isLoading ? null : user ? (
            <>
              {user.emailVerified ? null : <ResendVerificationButton variant="filled" />}
              <Button component={Link} to={ACCOUNT_ROUTES.account} variant="default" leftSection={<IconUserCircle size={16} aria-hidden />}>
                {texts.goToAccount}
              </Button>
            </>
          ) : (
            <Button component={Link} to={authPathWithNext(ACCOUNT_ROUTES.account)} leftSection={<IconLogin size={16} aria-hidden />}>
              {texts.signInForNewLink}
            </Button>
          )
        }
      />
    );
  }

  return (
    <Group gap="sm" py="md" role="status">
      <Loader size="sm" aria-hidden />
      <Text size="sm">{texts.verifying}</Text>
    </Group>
  );
}
