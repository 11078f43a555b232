import { Anchor, Button, Group, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { loginInputSchema, type LoginInput } from '@tonieshelf/shared/schemas/auth';
import { localizedResolver } from '../../i18n/localized-resolver';
import { ACCOUNT_ROUTES } from '../../lib/account-routes';
import { fieldErrors } from '../../lib/server-errors';
import { focusFirstError } from '../../lib/focus-first-error';
import { useAuthTexts } from './auth-texts';
import { useLogin } from './use-auth-actions';
import { PasswordField } from '../../components/password-field';

/**
 * The Login tab: Email and Password with the messages of SPEC §5 under the fields, and 'Forgot
 * password?' (which takes the typed email along in the navigation's state).
 */
export function LoginForm() {
  const login = useLogin();
  const texts = useAuthTexts().login;
  const form = useForm<LoginInput>({
    name: 'login',
    initialValues: { email: '', password: '' },
    validate: localizedResolver(loginInputSchema),
  });

  const onSubmit = form.onSubmit(
    (values) => {
      login.mutate(values, {
        onError: (error) => {
          const errors = fieldErrors(error);
          form.setErrors(errors);
          // A wrong email or password is a toast: focus goes back to the password.
          requestAnimationFrame(() => focusFirstError(form, errors, 'password'));
        },
      });
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={texts.formLabel}>
      <Stack gap="md">
        <TextInput label={texts.email} type="email" autoComplete="username" inputMode="email" placeholder={texts.emailPlaceholder} required {...form.getInputProps('email')} />
        <PasswordField label={texts.password} autoComplete="current-password" placeholder={texts.passwordPlaceholder} required {...form.getInputProps('password')} />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={ACCOUNT_ROUTES.forgotPassword} state={{ email: form.values.email.trim() }} size="sm">
            {texts.forgotPassword}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth mt="xs" loading={login.isPending} leftSection={<IconLogin size={16} aria-hidden />}>
          {texts.submit}
        </Button>
      </Stack>
    </form>
  );
}
