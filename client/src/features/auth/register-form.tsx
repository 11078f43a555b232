import { Button, PasswordInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { AUTH_MESSAGES, registerInputSchema } from '@tonieshelf/shared/schemas/auth';
import { errorCode, fieldErrors, serverMessage } from './auth-errors';
import { useRegister } from './use-auth-actions';

interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

/** The field a CONFLICT answer is about (email or username taken), to show it there too. */
function conflictField(error: unknown): Partial<Record<keyof RegisterValues, string>> {
  if (errorCode(error) !== 'CONFLICT') return {};
  const message = serverMessage(error);
  if (message === AUTH_MESSAGES.emailTaken) return { email: message };
  if (message === AUTH_MESSAGES.usernameTaken) return { username: message };
  return {};
}

/**
 * The Register tab (SPEC §5): First name, Last name, Email, an optional Username, Password and
 * Confirm password. The spec's messages show under the fields; the server's (a common password,
 * a taken email) too.
 */
export function RegisterForm() {
  const register = useRegister();
  const form = useForm<RegisterValues>({
    initialValues: { firstName: '', lastName: '', email: '', username: '', password: '', confirmPassword: '' },
    validate: schemaResolver(registerInputSchema, { sync: true }),
  });

  const onSubmit = form.onSubmit((values) => {
    register.mutate(values, {
      onError: (error) => form.setErrors({ ...fieldErrors(error), ...conflictField(error) }),
    });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Register">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label="First name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          required
          {...form.getInputProps('email')}
        />
        <TextInput
          label="Username (optional)"
          description="Shown to others. Leave it empty to use the part of your email before the @."
          autoComplete="nickname"
          autoCapitalize="none"
          spellCheck={false}
          {...form.getInputProps('username')}
        />
        <PasswordInput
          label="Password"
          description="At least 6 characters. Very common passwords are not accepted."
          autoComplete="new-password"
          required
          {...form.getInputProps('password')}
        />
        <PasswordInput label="Confirm password" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth mt="xs" loading={register.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
          Create Account
        </Button>
      </Stack>
    </form>
  );
}
