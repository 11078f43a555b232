import { Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { registerInputSchema } from '@tonieshelf/shared/schemas/auth';
import { AUTH_MESSAGES } from '@tonieshelf/shared/values/auth';
import { localizedResolver } from '../../i18n/localized-resolver';
import { errorCode, fieldErrors, messageCode, serverMessage } from '../../lib/server-errors';
import { focusFirstError } from '../../lib/focus-first-error';
import { ROUTES } from '../../lib/links';
import { richText } from '../../lib/rich-text';
import { useAuthTexts } from './auth-texts';
import { useRegister } from './use-auth-actions';
import { PasswordField } from '../../components/password-field';

interface RegisterValues {
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  password: string;
  confirmPassword: string;
}

/** The consent line's links: the terms and the privacy policy. */
const CONSENT_LINKS = {
  terms: (children: string) => (
    <Anchor component={Link} to={ROUTES.terms} inherit>
      {children}
    </Anchor>
  ),
  privacy: (children: string) => (
    <Anchor component={Link} to={ROUTES.privacy} inherit>
      {children}
    </Anchor>
  ),
};

/** The field a CONFLICT answer is about (email or username taken), to show it there too. */
function conflictField(error: unknown): Partial<Record<keyof RegisterValues, string>> {
  if (errorCode(error) !== 'CONFLICT') return {};
  const message = serverMessage(error);
  const code = messageCode(error);
  if (message && code === AUTH_MESSAGES.emailTaken) return { email: message };
  if (message && code === AUTH_MESSAGES.usernameTaken) return { username: message };
  return {};
}

/**
 * The Register tab (SPEC §5): First name, Last name, Email, an optional Username, Password and
 * Confirm password. The spec's messages show under the fields; the server's (a common password,
 * a taken email) too.
 */
export function RegisterForm() {
  const register = useRegister();
  const texts = useAuthTexts().register;
  const form = useForm<RegisterValues>({
    name: 'register',
    initialValues: { firstName: '', lastName: '', email: '', username: '', password: '', confirmPassword: '' },
    validate: localizedResolver(registerInputSchema),
  });

  const onSubmit = form.onSubmit(
    (values) => {
      register.mutate(values, {
        onError: (error) => {
          const errors = { ...fieldErrors(error), ...conflictField(error) };
          form.setErrors(errors);
          // After the render that shows the messages. A refusal without field errors (a toast, say a
          // network error) leaves focus where it is.
          requestAnimationFrame(() => focusFirstError(form, errors));
        },
      });
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={texts.formLabel}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput label={texts.firstName} autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label={texts.lastName} autoComplete="family-name" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <TextInput label={texts.email} type="email" autoComplete="email" inputMode="email" placeholder={texts.emailPlaceholder} required {...form.getInputProps('email')} />
        <TextInput label={texts.username} description={texts.usernameHint} autoComplete="nickname" autoCapitalize="none" spellCheck={false} {...form.getInputProps('username')} />
        <PasswordField label={texts.password} description={texts.passwordHint} autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordField label={texts.confirmPassword} autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
        <Button type="submit" fullWidth mt="xs" loading={register.isPending} leftSection={<IconUserPlus size={16} aria-hidden />}>
          {texts.submit}
        </Button>
        <Text fz="xs" c="dimmed" ta="center" data-testid="register-consent">
          {richText(texts.consent, CONSENT_LINKS)}
        </Text>
      </Stack>
    </form>
  );
}
