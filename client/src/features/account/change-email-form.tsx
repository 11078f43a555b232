import { Button, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { focusFirstError } from '../../lib/focus-first-error';
import { IconMailForward } from '@tabler/icons-react';
import type { ChangeEmailInput } from '@tonieshelf/shared/schemas/account';
import { ACCOUNT_MESSAGES } from '@tonieshelf/shared/values/account';
import { toast } from '../../lib/toast';
import { errorCode, fieldErrors } from '../../lib/server-errors';
import { lazyRules, submitWithRules } from '../../lib/lazy-rules';
import { accountErrorMessage, hasMessageCode, localMessage } from '../../lib/account-errors';
import { useAccountTexts } from './account-texts';
import { useChangeEmail } from './api/use-email-address';
import { PasswordField } from '../../components/password-field';

const rules = lazyRules(() => import('./account-rules'));

/** Which field a refusal belongs to: a wrong password, a taken or unchanged address. */
function refusalFields(error: unknown): Partial<Record<keyof ChangeEmailInput, string>> {
  const fields = fieldErrors(error);
  const message = accountErrorMessage(error);
  const out: Partial<Record<keyof ChangeEmailInput, string>> = {};
  if (fields.newEmail) out.newEmail = fields.newEmail;
  if (fields.password) out.password = fields.password;
  if (!out.password && message && hasMessageCode(error, ACCOUNT_MESSAGES.wrongPassword)) out.password = message;
  if (!out.newEmail && message && (errorCode(error) === 'CONFLICT' || hasMessageCode(error, ACCOUNT_MESSAGES.sameEmail))) out.newEmail = message;
  return out;
}

/**
 * 'Change email address': the new address and the current password. The address changes only
 * when the link sent to the new one is opened; the form says so.
 */
export function ChangeEmailForm({ currentEmail }: { currentEmail: string }) {
  const change = useChangeEmail();
  const texts = useAccountTexts();
  const form = useForm<ChangeEmailInput>({
    name: 'change-email',
    initialValues: { newEmail: '', password: '' },
    validate: (values) => {
      const errors = rules.current()?.validateChangeEmail(values) ?? {};
      if (!values.password) errors.password = texts.enterPassword;
      if (!errors.newEmail && values.newEmail.trim().toLowerCase() === currentEmail.toLowerCase()) errors.newEmail = localMessage(ACCOUNT_MESSAGES.sameEmail);
      return errors;
    },
  });

  const onSubmit = submitWithRules(
    form,
    rules,
    async (values) => {
      if (change.isPending) return;
      try {
        await change.mutateAsync(values);
        form.reset();
        toast({ title: texts.toasts.emailChangeTitle, message: localMessage(ACCOUNT_MESSAGES.emailChangeSent), variant: 'success' });
      } catch (err) {
        const fields = refusalFields(err);
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          requestAnimationFrame(() => focusFirstError(form, fields));
        } else toast({ title: texts.toasts.emailChangeFailedTitle, message: accountErrorMessage(err) ?? texts.genericError, variant: 'destructive' });
      }
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label={texts.changeEmailTitle}>
      <Stack gap="md">
        <Stack gap={4}>
          <Title order={3} fz="md">
            {texts.changeEmailTitle}
          </Title>
          <Text size="sm" c="dimmed">
            {texts.changeEmailIntro}
          </Text>
        </Stack>
        <TextInput label={texts.newEmail} type="email" autoComplete="email" inputMode="email" placeholder={texts.emailPlaceholder} required {...form.getInputProps('newEmail')} />
        <PasswordField label={texts.currentPassword} autoComplete="current-password" required {...form.getInputProps('password')} />
        <div>
          <Button type="submit" loading={change.isPending} leftSection={<IconMailForward size={16} aria-hidden />}>
            {texts.changeEmail}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
