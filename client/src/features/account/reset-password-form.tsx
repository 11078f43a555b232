import { useState } from 'react';
import { Alert, Button, PasswordInput, Stack } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconLock, IconMailForward } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_MESSAGES, linkTokenSchema, resetPasswordInputSchema } from '@tonieshelf/shared/schemas/account';
import { ROUTES } from '../../lib/links';
import { toast } from '../../lib/toast';
import { fieldErrors } from '../auth/auth-errors';
import { GENERIC_ERROR } from '../auth/auth-texts';
import { isSecondStepPending } from '../auth/use-current-user';
import { accountErrorMessage, linkProblem } from './account-errors';
import { ACCOUNT_ROUTES } from './account-routes';
import { ACCOUNT_TEXTS } from './account-texts';
import { useResetPassword } from './api/use-password-reset';
import { LinkProblem } from './link-problem';

interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

const validateReset = schemaResolver(resetPasswordInputSchema, { sync: true });

/**
 * 'Set a new password' with the token of the emailed link: the rules of registration, then the
 * user is signed in (every other session ended) and goes on to '/', or to the second step when
 * the account has a second factor. An expired, used or unknown link says so and offers a new one.
 */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const navigate = useNavigate();
  const [linkError, setLinkError] = useState<string | null>(() => (linkTokenSchema.safeParse(token).success ? null : ACCOUNT_MESSAGES.linkInvalid));
  const [error, setError] = useState<string | null>(null);
  const form = useForm<NewPasswordValues>({
    initialValues: { newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const { token: _token, ...errors } = validateReset({ token, ...values });
      return errors;
    },
  });

  const onSubmit = form.onSubmit(async (values) => {
    if (reset.isPending) return;
    setError(null);
    try {
      const me = await reset.mutateAsync({ token, ...values });
      if (isSecondStepPending(me)) {
        toast({ title: ACCOUNT_TEXTS.passwordChangedTitle, message: ACCOUNT_TEXTS.secondStepAfterReset, variant: 'success' });
        navigate(ROUTES.auth, { replace: true });
      } else {
        toast({ title: ACCOUNT_TEXTS.passwordChangedTitle, message: ACCOUNT_MESSAGES.passwordReset, variant: 'success' });
        navigate(ROUTES.home, { replace: true });
      }
    } catch (err) {
      const link = linkProblem(err);
      if (link) {
        setLinkError(link);
        return;
      }
      const { newPassword, confirmPassword } = fieldErrors(err);
      if (newPassword || confirmPassword) form.setErrors({ ...(newPassword ? { newPassword } : {}), ...(confirmPassword ? { confirmPassword } : {}) });
      else setError(accountErrorMessage(err) ?? GENERIC_ERROR);
    }
  });

  if (linkError) {
    return (
      <LinkProblem
        message={linkError}
        actions={
          <>
            <Button component={Link} to={ACCOUNT_ROUTES.forgotPassword} leftSection={<IconMailForward size={16} aria-hidden />}>
              {ACCOUNT_TEXTS.requestNewLink}
            </Button>
            <Button component={Link} to={ROUTES.auth} variant="default">
              {ACCOUNT_TEXTS.backToSignIn}
            </Button>
          </>
        }
      />
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={ACCOUNT_TEXTS.resetTitle}>
      <Stack gap="md">
        <PasswordInput
          label={ACCOUNT_TEXTS.newPassword}
          description={ACCOUNT_TEXTS.newPasswordHint}
          autoComplete="new-password"
          required
          autoFocus
          {...form.getInputProps('newPassword')}
        />
        <PasswordInput label={ACCOUNT_TEXTS.confirmNewPassword} autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
        {error ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} aria-hidden />} role="alert">
            {error}
          </Alert>
        ) : null}
        <Button type="submit" fullWidth loading={reset.isPending} leftSection={<IconLock size={16} aria-hidden />}>
          {ACCOUNT_TEXTS.setNewPassword}
        </Button>
      </Stack>
    </form>
  );
}
