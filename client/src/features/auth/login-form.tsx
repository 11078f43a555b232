import { Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLogin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { loginInputSchema } from '@tonieshelf/shared/schemas/auth';
import type { LoginInput } from '@tonieshelf/shared/schemas/auth';
import { ACCOUNT_ROUTES } from '../account/account-routes';
import { ACCOUNT_TEXTS } from '../account/account-texts';
import { fieldErrors } from './auth-errors';
import { useLogin } from './use-auth-actions';

/**
 * The Login tab: Email and Password with the messages of SPEC §5 under the fields, and 'Forgot
 * password?' (which takes the typed email along in the navigation's state).
 */
export function LoginForm() {
  const login = useLogin();
  const form = useForm<LoginInput>({
    initialValues: { email: '', password: '' },
    validate: schemaResolver(loginInputSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) => {
    login.mutate(values, { onError: (error) => form.setErrors(fieldErrors(error)) });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Login">
      <Stack gap="md">
        <TextInput
          label="Email"
          type="email"
          autoComplete="username"
          inputMode="email"
          placeholder="you@example.com"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          placeholder="Your password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end" mt={-6}>
          <Anchor component={Link} to={ACCOUNT_ROUTES.forgotPassword} state={{ email: form.values.email.trim() }} size="sm">
            {ACCOUNT_TEXTS.forgotPasswordLink}
          </Anchor>
        </Group>
        <Button type="submit" fullWidth mt="xs" loading={login.isPending} leftSection={<IconLogin size={16} aria-hidden />}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
