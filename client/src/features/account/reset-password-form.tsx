import { useState } from 'react';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { focusFirstError } from '../../lib/focus-first-error';
import { IconAlertCircle, IconLock, IconMailForward } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { linkTokenSchema, resetPasswordInputSchema } from '@tonieshelf/shared/schemas/account';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { ROUTES } from '../../lib/links';
import { toast } from '../../lib/toast';
import { fieldErrors } from '../../lib/server-errors';
import { isSecondStepPending } from '../../lib/use-current-user';
import { localizedResolver } from '../../i18n/localized-resolver';
import { accountErrorMessage, linkProblem, localMessage } from '../../lib/account-errors';
import { ACCOUNT_ROUTES } from '../../lib/account-routes';
import { useAccountTexts } from './account-texts';
import { useResetLinkCheck, useResetPassword } from './api/use-password-reset';
import { LinkProblem } from './link-problem';
import { PasswordField } from '../../components/password-field';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

const validateReset = localizedResolver(resetPasswordInputSchema);

/**
 * 'Set a new password' with the token of the emailed link: the rules of registration, then the
 * user is signed in (every other session ended) and goes on to '/', or to the second step when
 * the account has a second factor. An expired, used or unknown link says so and offers a new one,
 * as soon as the page opens (the link is checked, not used) or when the server refuses it.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const texts = useAccountTexts();
  const navigate = useNavigate();
  const wellFormed = linkTokenSchema.safeParse(token).success;
  // Checked once on opening; after a submit its own answer counts.
  const check = useResetLinkCheck(token, wellFormed && reset.isIdle);
  const [linkError, setLinkError] = useState<string | null>(() => (wellFormed ? null : localMessage(ACCOUNT_MESSAGES.linkInvalid)));
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewPasswordValues>({
    name: 'reset-password',
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const { token: _token, ...errors } = validateReset({ token, ...values });
      return errors;
    },
  });

  const onSubmit = form.onSubmit(
    async (values) => {
      if (reset.isPending) return;
      setError(null);
      try {
        const me = await reset.mutateAsync({ token, ...values });
        if (isSecondStepPending(me)) {
          toast({ title: texts.passwordChangedTitle, message: texts.secondStepAfterReset, variant: 'success' });
          navigate(ROUTES.auth, { replace: true });
        } else {
          toast({ title: texts.passwordChangedTitle, message: localMessage(ACCOUNT_MESSAGES.passwordReset), variant: 'success' });
          navigate(ROUTES.home, { replace: true });
        }
      } catch (err) {
        const link = linkProblem(err);
        if (link) {
          setLinkError(link);
          return;
        }
        const { newPassword, confirmPassword } = fieldErrors(err);
        if (newPassword || confirmPassword) {
          const errors = { ...(newPassword ? { newPassword } : {}), ...(confirmPassword ? { confirmPassword } : {}) };
          form.setErrors(errors);
          requestAnimationFrame(() => focusFirstError(form, errors));
        } else setError(accountErrorMessage(err) ?? texts.genericError);
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  const openedProblem = reset.isIdle && check.error ? linkProblem(check.error) : null;
  const problem = linkError ?? openedProblem;
  if (problem) {
    return (
      <LinkProblem
        message={problem}
        actions={
          <>
            <Button component={Link} to={ACCOUNT_ROUTES.forgotPassword} leftSection={<IconMailForward size={16} aria-hidden />}>
              {texts.requestNewLink}
            </Button>
            <Button component={Link} to={ROUTES.auth} variant="default">
              {texts.backToSignIn}
            </Button>
          </>
        }
      />
    );
  }

  if (reset.isIdle && check.isPending) {
    return (
      <Group gap="sm" py="md" role="status">
        <Loader size="sm" aria-hidden />
        <Text size="sm">{texts.checkingLink}</Text>
      </Group>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={texts.resetTitle}>
      <Stack gap="md">
        <PasswordField label={texts.newPassword} description={texts.newPasswordHint} autoComplete="new-password" required autoFocus {...form.getInputProps('newPassword')} />
        <PasswordField label={texts.confirmNewPassword} autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Button type="submit" fullWidth loading={reset.isPending} leftSection={<IconLock size={16} aria-hidden />}>
          {texts.setNewPassword}
        </Button>
      </Stack>
    </form>
  );
}
