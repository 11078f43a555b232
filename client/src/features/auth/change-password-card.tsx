import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput } from '@tonieshelf/shared/schemas/auth';
import { lazyRules, submitWithRules } from '../../lib/lazy-rules';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { fieldErrors, serverMessage } from '../../lib/server-errors';
import { focusFirstError } from '../../lib/focus-first-error';
import { useAuthTexts } from './auth-texts';
import { PasswordField } from '../../components/password-field';

const rules = lazyRules(() => import('./security-rules'));

/** 'Change password': current, new and confirm. Every other session is signed out. */
export function ChangePasswordCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const auth = useAuthTexts();
  const texts = auth.changePassword;
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const form = useForm<ChangePasswordInput>({
    name: 'change-password',
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const errors = rules.current()?.validatePasswords(values) ?? {};
      // The shared schema's message for an empty field reads as if a wrong password was sent.
      if (!values.currentPassword) errors.currentPassword = useAuthTexts.get().changePassword.currentRequired;
      return errors;
    },
  });

  const onSubmit = submitWithRules(
    form,
    rules,
    async (values) => {
      try {
        const { signedOutSessions } = await change.mutateAsync(values);
        form.reset();
        toast({
          title: texts.changedTitle,
          message: signedOutSessions === 0 ? texts.changedNone : texts.changedSome(signedOutSessions),
          variant: 'success',
        });
      } catch (err) {
        const message = serverMessage(err);
        const fields = fieldErrors(err);
        if (Object.keys(fields).length > 0) {
          form.setErrors(fields);
          requestAnimationFrame(() => focusFirstError(form, fields));
        } else toast({ title: texts.failed, message: message ?? auth.genericError, variant: 'destructive' });
      }
      void queryClient.invalidateQueries(trpc.auth.sessions.queryFilter());
    },
    (errors) => focusFirstError(form, errors),
  );

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="change-password-title">
      <form onSubmit={onSubmit} noValidate aria-label={texts.title}>
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h3" id="change-password-title">
              {texts.title}
            </Title>
            <Text size="sm" c="dimmed">
              {texts.intro}
            </Text>
          </Stack>
          <PasswordField label={texts.current} autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
          <PasswordField label={texts.new} description={texts.newHint} autoComplete="new-password" required {...form.getInputProps('newPassword')} />
          <PasswordField label={texts.confirm} autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
          <div>
            <Button type="submit" loading={change.isPending} leftSection={<IconLock size={16} aria-hidden />}>
              {texts.submit}
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
