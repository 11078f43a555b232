import { useState } from 'react';
import { Alert, Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { focusFirstError } from '../../lib/focus-first-error';
import { IconAlertCircle, IconArrowLeft, IconMailCheck, IconSend } from '@tabler/icons-react';
import { Link } from 'react-router';
import { requestPasswordResetInputSchema, type RequestPasswordResetInput } from '@tonieshelf/shared/schemas/account';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { ROUTES } from '../../lib/links';
import { fieldErrors } from '../../lib/server-errors';
import { localizedResolver } from '../../i18n/localized-resolver';
import { accountErrorMessage, localMessage } from '../../lib/account-errors';
import { useAccountTexts } from './account-texts';
import { useRequestPasswordReset } from './api/use-password-reset';

/**
 * 'Forgot password?': the email, then the same answer whether or not the address has an account
 * ('If an account exists for this address, we sent a link.'), with 'Send it again'. A throttled
 * request says how long to wait.
 */
export function ForgotPasswordForm({ initialEmail = '' }: { initialEmail?: string }) {
  const request = useRequestPasswordReset();
  const texts = useAccountTexts();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<RequestPasswordResetInput>({
    name: 'forgot-password',
    initialValues: { email: initialEmail },
    validate: localizedResolver(requestPasswordResetInputSchema),
  });

  const send = async (email: string) => {
    if (request.isPending) return;
    setError(null);
    try {
      await request.mutateAsync({ email });
      setSentTo(email.trim());
    } catch (err) {
      const field = fieldErrors(err).email;
      if (field && !sentTo) {
        form.setFieldError('email', field);
        requestAnimationFrame(() => focusFirstError(form, { email: field }));
      } else setError(accountErrorMessage(err) ?? texts.genericError);
    }
  };

  const problem = error ? (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert" data-testid="forgot-password-error">
      {error}
    </Alert>
  ) : null;

  const back = (
    <Anchor component={Link} to={ROUTES.auth} size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        <IconArrowLeft size={14} aria-hidden />
        {texts.backToSignIn}
      </Group>
    </Anchor>
  );

  if (sentTo) {
    return (
      <Stack gap="md">
        <Alert color="teal" variant="light" icon={<IconMailCheck size={20} aria-hidden />} title={texts.checkInbox} role="status" data-testid="reset-link-sent">
          <Stack gap={6}>
            <Text size="sm" fw={600}>
              {localMessage(ACCOUNT_MESSAGES.resetLinkSent)}
            </Text>
            <Text size="sm">{texts.resetSentDetail(sentTo)}</Text>
          </Stack>
        </Alert>
        {problem}
        <Group gap="sm">
          <Button variant="default" onClick={() => void send(sentTo)} loading={request.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            {texts.sendAgain}
          </Button>
          <Button
            variant="subtle"
            onClick={() => {
              setError(null);
              setSentTo(null);
            }}
            disabled={request.isPending}
          >
            {texts.useAnotherAddress}
          </Button>
        </Group>
        {back}
      </Stack>
    );
  }

  return (
    <form
      onSubmit={form.onSubmit(
        ({ email }) => void send(email),
        (errors) => focusFirstError(form, errors),
      )}
      noValidate
      aria-label={texts.forgotTitle}
    >
      <Stack gap="md">
        <TextInput
          label={texts.email}
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder={texts.emailPlaceholder}
          required
          data-autofocus
          autoFocus
          {...form.getInputProps('email')}
        />
        {problem}
        <Button type="submit" fullWidth loading={request.isPending} leftSection={<IconSend size={16} aria-hidden />}>
          {texts.sendResetLink}
        </Button>
        {back}
      </Stack>
    </form>
  );
}
