import { useEffect, useRef, useState } from 'react';
import type { FormEvent } from 'react';
import { Alert, Anchor, Button, Group, Loader, Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { IconDeviceMobileMessage, IconKey, IconShieldLock } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { AUTH_MESSAGES, recoveryCodeSchema } from '@tonieshelf/shared/schemas/auth';
import type { Me, MeFactor } from '@tonieshelf/shared/schemas/auth';
import { useTRPC } from '../../lib/trpc';
import { serverMessage } from './auth-errors';
import { GENERIC_ERROR } from './auth-texts';
import { CODE_LENGTH, CodeInput } from './code-input';
import { RecoveryCodeInput } from './recovery-code-input';
import { useCodeField } from './use-code-field';
import { useFactorCode } from './use-factor-code';
import { factorKindLabel, factorTitle } from './factor-labels';
import { loginSuccessToast, useLogout, useSessionCache } from './use-auth-actions';

/**
 * The second step of a sign-in (an account with a verified second factor): a code of the
 * authenticator app or the phone, or a recovery code. 'Cancel' signs the half-made session out.
 */
export function SecondStepForm({ me }: { me: Me }) {
  const trpc = useTRPC();
  const factorsQuery = useQuery(trpc.auth.factors.queryOptions());
  const factors = (factorsQuery.data ?? []).filter((factor) => factor.status === 'verified');
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [useRecovery, setUseRecovery] = useState(false);
  const cancel = useLogout({ silent: true });

  const factor = factors.find((f) => f.id === chosenId) ?? factors[0] ?? null;
  const showRecovery = useRecovery || (!factorsQuery.isPending && factors.length === 0);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} bg="var(--tonieshelf-surface)">
      <Stack gap="lg">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconShieldLock size={28} stroke={1.6} aria-hidden style={{ flexShrink: 0, color: 'var(--tonieshelf-accent-text)' }} />
          <Stack gap={4}>
            <Title order={2} fz="h3">
              Two-step verification
            </Title>
            <Text size="sm" c="dimmed">
              Signing in as <b>{me.email}</b>.{' '}
              {showRecovery
                ? 'Enter one of the recovery codes you saved when you turned on two-factor authentication.'
                : factor?.factor_type === 'phone'
                  ? `We send a ${CODE_LENGTH}-digit code to your phone to finish signing in.`
                  : AUTH_MESSAGES.secondFactorRequired}
            </Text>
          </Stack>
        </Group>

        {factorsQuery.isPending ? (
          <Group justify="center" py="md">
            <Loader size="sm" aria-label="Loading your sign-in methods" />
          </Group>
        ) : showRecovery ? (
          <RecoveryCodeForm />
        ) : factor ? (
          <>
            {factors.length > 1 ? (
              <Radio.Group
                label="Verify with"
                value={factor.id}
                onChange={(id) => setChosenId(id)}
              >
                <Stack gap="xs" mt={6}>
                  {factors.map((f) => (
                    <Radio key={f.id} value={f.id} label={factorTitle(f)} description={f.friendly_name ? factorKindLabel(f) : undefined} />
                  ))}
                </Stack>
              </Radio.Group>
            ) : null}
            <FactorCodeForm key={factor.id} factor={factor} />
          </>
        ) : null}

        {factorsQuery.isError ? (
          <Alert color="red" variant="light" title="Could not load your sign-in methods">
            {serverMessage(factorsQuery.error) ?? GENERIC_ERROR}
          </Alert>
        ) : null}

        <Group justify="space-between" gap="sm">
          {factors.length > 0 ? (
            <Anchor component="button" type="button" size="sm" onClick={() => setUseRecovery((v) => !v)}>
              {useRecovery ? 'Use your authenticator app or phone instead' : 'Use a recovery code instead'}
            </Anchor>
          ) : (
            <span />
          )}
          <Button variant="default" onClick={() => cancel.mutate()} loading={cancel.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

/** A code of one factor: TOTP at once (a challenge is made on submit); phone after 'Send code'. */
function FactorCodeForm({ factor }: { factor: MeFactor }) {
  const { switchUser } = useSessionCache();
  const [sentAt, setSentAt] = useState<Date | null>(null);
  const isPhone = factor.factor_type === 'phone';
  const { code, setCode, field, sendCode: send, submit: check, error, busy, sending, challengeId } = useFactorCode(factor.id, factor.factor_type);
  const firstBox = useRef<HTMLInputElement>(null);

  // After a wrong code the boxes are emptied: start again at the first one.
  useEffect(() => {
    if (error && !busy) firstBox.current?.focus();
  }, [error, busy]);

  const sendCode = async () => {
    if (await send()) {
      setSentAt(new Date());
      setCode('');
    }
  };

  const submit = async (value: string) => {
    await check(value, (result) => {
      switchUser(result.me);
      loginSuccessToast(result.me);
    });
    setCode('');
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submit(code);
  };

  if (isPhone && !challengeId) {
    return (
      <Stack gap="sm">
        <Text size="sm">
          We will text a code to <b>{factor.phone ?? 'your phone'}</b>.
        </Text>
        {error ? (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        ) : null}
        <Button onClick={() => void sendCode()} loading={sending} leftSection={<IconDeviceMobileMessage size={16} aria-hidden />}>
          Send code
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="md">
        <CodeInput
          label={isPhone ? 'Code from the text message' : 'Code from your authenticator app'}
          description={
            isPhone && sentAt
              ? `Sent to ${factor.phone ?? 'your phone'} at ${sentAt.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}. ${AUTH_MESSAGES.codeExpiresIn}`
              : `The ${CODE_LENGTH}-digit code your app shows for TonieShelf right now.`
          }
          {...field}
          onComplete={(value) => void submit(value)}
          disabled={busy && !sending}
          autoFocus
          ref={firstBox}
        />
        <Group gap="sm">
          <Button type="submit" loading={busy} leftSection={<IconKey size={16} aria-hidden />}>
            Verify
          </Button>
          {isPhone ? (
            <Button variant="subtle" onClick={() => void sendCode()} disabled={busy}>
              Send a new code
            </Button>
          ) : null}
        </Group>
      </Stack>
    </form>
  );
}

/** A one-time recovery code in place of a factor's code. */
function RecoveryCodeForm() {
  const trpc = useTRPC();
  const { switchUser } = useSessionCache();
  const { code, setError, field } = useCodeField();
  const verifyRecovery = useMutation(trpc.auth.verifyRecoveryCode.mutationOptions());

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (verifyRecovery.isPending) return;
    const parsed = recoveryCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? GENERIC_ERROR);
      return;
    }
    setError(null);
    try {
      const result = await verifyRecovery.mutateAsync({ code: parsed.data });
      switchUser(result.me);
      loginSuccessToast(result.me);
    } catch (err) {
      setError(serverMessage(err) ?? GENERIC_ERROR);
    }
  };

  return (
    <form onSubmit={(event) => void onSubmit(event)} noValidate>
      <Stack gap="md">
        <RecoveryCodeInput label="Recovery code" description="Each recovery code works once." placeholder="abcde-fghij" {...field} autoFocus />
        <Group>
          <Button type="submit" loading={verifyRecovery.isPending} leftSection={<IconKey size={16} aria-hidden />}>
            Verify
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
