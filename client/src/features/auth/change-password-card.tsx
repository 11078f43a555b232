import { Button, Card, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { changePasswordInputSchema } from '@tonieshelf/shared/schemas/auth';
import type { ChangePasswordInput } from '@tonieshelf/shared/schemas/auth';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { fieldErrors, serverMessage } from './auth-errors';
import { GENERIC_ERROR } from './auth-texts';

const validatePasswords = schemaResolver(changePasswordInputSchema, { sync: true });

/** 'Change password': current, new and confirm. Every other session is signed out. */
export function ChangePasswordCard() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const form = useForm<ChangePasswordInput>({
    initialValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
    validate: (values) => {
      const errors = validatePasswords(values);
      // The shared schema's message for an empty field reads as if a wrong password was sent.
      if (!values.currentPassword) errors.currentPassword = 'Please enter your current password';
      return errors;
    },
  });

  const onSubmit = form.onSubmit(async (values) => {
    try {
      const { signedOutSessions } = await change.mutateAsync(values);
      form.reset();
      toast({
        title: 'Password changed',
        message:
          signedOutSessions === 0
            ? 'Your new password is set. No other sessions were signed in.'
            : `Your new password is set. Your other sessions were signed out (${signedOutSessions}).`,
        variant: 'success',
      });
    } catch (err) {
      const message = serverMessage(err);
      const fields = fieldErrors(err);
      if (Object.keys(fields).length > 0) form.setErrors(fields);
      else toast({ title: 'Could not change the password', message: message ?? GENERIC_ERROR, variant: 'destructive' });
    }
    void queryClient.invalidateQueries(trpc.auth.sessions.queryFilter());
  });

  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="change-password-title">
      <form onSubmit={onSubmit} noValidate aria-label="Change password">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} fz="h3" id="change-password-title">
              Change password
            </Title>
            <Text size="sm" c="dimmed">
              Changing your password signs out all your other sessions.
            </Text>
          </Stack>
          <PasswordInput label="Current password" autoComplete="current-password" required {...form.getInputProps('currentPassword')} />
          <PasswordInput
            label="New password"
            description="At least 6 characters. Very common passwords are not accepted."
            autoComplete="new-password"
            required
            {...form.getInputProps('newPassword')}
          />
          <PasswordInput label="Confirm new password" autoComplete="new-password" required {...form.getInputProps('confirmPassword')} />
          <div>
            <Button type="submit" loading={change.isPending} leftSection={<IconLock size={16} aria-hidden />}>
              Change password
            </Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}
